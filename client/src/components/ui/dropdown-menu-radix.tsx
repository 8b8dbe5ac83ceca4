// Radix DropdownMenu, styled: loaded by dropdown-menu.tsx when a menu is about to be used.
import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Root = DropdownMenu.Root;
export const Trigger = DropdownMenu.Trigger;
export const Item = DropdownMenu.Item;
export const Label = DropdownMenu.Label;
export const Separator = DropdownMenu.Separator;

/** The menu's panel, portalled above the page, at the end of its trigger. */
export function Content({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className={cn('menu-content menu-panel', className)}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}
