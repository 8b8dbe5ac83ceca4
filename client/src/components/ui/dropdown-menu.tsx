// Menus whose code (Radix DropdownMenu and its positioning) is fetched when one is about to open
// rather than with every page (docs/decisions/0053-deferred-controls.md). The parts inside the menu
// render only once it is open, so only once the code is in.
import { deferredModule } from '@/lib/deferred-module';
import { deferredOverlay, deferredPart } from './deferred-overlay';

const radix = deferredModule(() => import('./dropdown-menu-radix'));

export const { Root: DropdownMenu, Trigger: DropdownMenuTrigger } = deferredOverlay(radix, 'menu');
export const DropdownMenuContent = deferredPart(radix, 'Content');
export const DropdownMenuItem = deferredPart(radix, 'Item');
export const DropdownMenuLabel = deferredPart(radix, 'Label');
export const DropdownMenuSeparator = deferredPart(radix, 'Separator');
