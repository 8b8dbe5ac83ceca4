// The confirmation before a listing is deleted (SPEC part 2), with Radix AlertDialog: loaded by the
// manage screen's card when it is first asked for, not with the screen (docs/decisions/0053).
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from '@/components/ui/button';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'deleteListing.title', defaultMessage: 'Delete this listing?' },
  description: {
    id: 'deleteListing.description',
    defaultMessage: '“{title}” will be deleted permanently, with its photos. This cannot be undone.',
  },
  cancel: { id: 'deleteListing.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'deleteListing.delete', defaultMessage: 'Delete' },
});

export interface DeleteListingDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: () => void;
  /** Where the focus goes back when the listing stays (its menu button); null after a delete. */
  returnFocusTo: () => HTMLElement | null;
}

export default function DeleteListingDialog({ title, open, onOpenChange, onDelete, returnFocusTo }: DeleteListingDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl outline-none"
          onCloseAutoFocus={(event) => {
            // Back to the menu button when the listing stays; after a delete the card is gone.
            const back = returnFocusTo();
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{formatMessage(messages.title)}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            {formatMessage(messages.description, { title })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'outline' })}>
              {formatMessage(messages.cancel)}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses({ variant: 'destructive' })} onClick={onDelete}>
              {formatMessage(messages.delete)}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
