// Dialogs whose code (Radix Dialog, its focus trap and scroll lock) is fetched when one is about to
// open rather than with every page (docs/decisions/0053-deferred-controls.md). The parts inside the
// dialog render only once it is open, so only once the code is in.
import { deferredModule } from '@/lib/deferred-module';
import { deferredOverlay } from './deferred-overlay';

export type { DialogContentProps } from './dialog-radix';

const radix = deferredModule(() => import('./dialog-radix'));

const overlay = deferredOverlay(radix, 'dialog');
export const { Root: Dialog, Trigger: DialogTrigger } = overlay;
export const DialogContent = overlay.part('Content');
export const DialogTitle = overlay.part('Title');
export const DialogDescription = overlay.part('Description');
