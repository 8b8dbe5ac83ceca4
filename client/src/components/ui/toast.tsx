// Toast primitives on Radix Toast, styled like shadcn/ui (SPEC part 9: one visible at a time, closes
// after 5000 ms, swipe right past 50 px to dismiss, F8 focuses the toast area, label 'Notification').
import { X } from '@/components/icons';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { TOAST_DURATION, type ToastVariant, useToast } from './use-toast';

const messages = defineMessages({
  notification: {
    id: 'toast.notification',
    defaultMessage: 'Notification',
    description: "Each toast's name for screen readers.",
  },
  notifications: {
    id: 'toast.notifications',
    defaultMessage: 'Notifications ({hotkey})',
    description: "The toasts' region, for screen readers; hotkey: the key that focuses it (F8).",
  },
  close: { id: 'toast.close', defaultMessage: 'Close', description: "A toast's close button." },
});

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  const intl = useIntl();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label={intl.formatMessage(messages.notification)}
      {...props}
    />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={['F8']}
      // Radix fills in the hotkey's name.
      label={useIntl().formatMessage(messages.notifications, { hotkey: '{hotkey}' })}
      className={cn(
        // Above any bar pinned to the bottom (the form's actions, the detail page's phone bar).
        'fixed right-0 bottom-[var(--bottom-inset,0px)] z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-gray-200 bg-white text-gray-900',
  destructive: 'border-red-700 bg-red-600 text-white',
};

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

export function Toast({ className, variant = 'default', ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'toast-root group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
        variantClasses[variant],
        className,
      )}
      data-variant={variant}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

/** A button inside a toast; `altText` tells screen-reader users how to reach the action otherwise. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-gray-300 bg-transparent px-3 text-sm font-medium hover:bg-gray-100',
        'group-data-[variant=destructive]:border-red-300 group-data-[variant=destructive]:hover:bg-red-700',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900',
        'group-data-[variant=destructive]:text-red-100 group-data-[variant=destructive]:hover:bg-red-700 group-data-[variant=destructive]:hover:text-white',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">{useIntl().formatMessage(messages.close)}</span>
    </ToastPrimitive.Close>
  );
}

/** Renders the toasts of the application's toast store. Mount once, near the root. */
export function Toaster() {
  const { toasts, dismiss } = useToast();

  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
