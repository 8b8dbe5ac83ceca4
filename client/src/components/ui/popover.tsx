// Popovers whose code (Radix Popover and its positioning, about 15 KB gzip) is fetched when one is
// about to open rather than with every page (docs/decisions/0053-deferred-controls.md).
import { deferredModule } from '@/lib/deferred-module';
import { deferredOverlay } from './deferred-overlay';

const radix = deferredModule(() => import('./popover-radix'));

const overlay = deferredOverlay(radix, 'dialog');
export const { Root: Popover, Trigger: PopoverTrigger } = overlay;
export const PopoverContent = overlay.part('Content');
