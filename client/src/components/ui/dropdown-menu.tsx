// Menus whose code (Radix DropdownMenu and its positioning) is fetched when one is about to open
// rather than with every page (docs/decisions/0053-deferred-controls.md). The parts inside the menu
// render only once it is open, so only once the code is in.
import { deferredModule } from '@/lib/deferred-module';
import { deferredOverlay } from './deferred-overlay';

const radix = deferredModule(() => import('./dropdown-menu-radix'));

const overlay = deferredOverlay(radix, 'menu');
export const { Root: DropdownMenu, Trigger: DropdownMenuTrigger } = overlay;
export const DropdownMenuContent = overlay.part('Content');
export const DropdownMenuItem = overlay.part('Item');
export const DropdownMenuLabel = overlay.part('Label');
export const DropdownMenuSeparator = overlay.part('Separator');
