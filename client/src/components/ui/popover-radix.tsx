// Radix Popover, styled: loaded by popover.tsx when a popover is about to be used.
import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Root = PopoverPrimitive.Root;
export const Trigger = PopoverPrimitive.Trigger;

/** The floating panel of a popover, portalled above the page and kept inside the viewport. */
export function Content({
  className,
  align = 'start',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn('menu-content popover-panel', className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
