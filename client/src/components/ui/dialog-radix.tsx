// Radix Dialog, styled: loaded by dialog.tsx when a dialog is about to be used.
import { X } from '@/components/icons';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  close: { id: 'dialog.close', defaultMessage: 'Close', description: "A dialog's close button, in its top right corner." },
});

export const Root = DialogPrimitive.Root;
export const Trigger = DialogPrimitive.Trigger;
export const Title = DialogPrimitive.Title;
export const Description = DialogPrimitive.Description;

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Classes of the dimmed backdrop. */
  overlayClassName?: string;
  /** Classes of the close button in the top right corner. */
  closeClassName?: string;
}

/** A modal panel over a dimmed page, with a labelled close button; focus is trapped inside while open. */
export function Content({ className, overlayClassName, closeClassName, children, ...props }: DialogContentProps) {
  const intl = useIntl();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('dialog-overlay', overlayClassName)} />
      <DialogPrimitive.Content className={cn('dialog-panel', className)} {...props}>
        {children}
        <DialogPrimitive.Close className={cn('dialog-close', closeClassName)}>
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{intl.formatMessage(messages.close)}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
