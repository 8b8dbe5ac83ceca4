import { MessageSquare } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { signInPath } from '@/features/auth/redirect';
import { useAuth } from '@/features/auth/use-auth';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  messages: { id: 'messagesDialog.messages', defaultMessage: 'Messages' },
  description: { id: 'messagesDialog.description', defaultMessage: 'Your conversations with agents and renters.' },
  loading: { id: 'messagesDialog.loading', defaultMessage: 'Loading your conversations…' },
});

// Loaded when the dialog opens, with its texts: the listings page does not need it to show
// (docs/decisions/0023).
const Messenger = lazy(withParts(() => import('./messenger').then((m) => ({ default: m.Messenger })), ['messages', 'tours']));

const fabClasses =
  'fixed right-4 bottom-[calc(var(--bottom-inset,0px)+1rem)] z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ' +
  'hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6 sm:bottom-[calc(var(--bottom-inset,0px)+1.5rem)]';

/**
 * The listings page's floating message button and its dialog (SPEC part 2): about 4xl wide and
 * 600 px high, the conversations in the left third and 'Select a conversation' until one is chosen,
 * then the conversation with a 'New Message' composer, for the signed-in user (issue 9 point 3). A
 * signed-out visitor is sent to sign in and comes back here.
 */
export function MessagesDialogButton() {
  const intl = useIntl();
  const { user } = useAuth();
  const location = useLocation();
  const [selected, setSelected] = useState<string | null>(null);

  if (!user) {
    return (
      // data-floating-action: the page ends with room for it (index.css).
      <Link to={signInPath(`${location.pathname}${location.search}`)} className={fabClasses} data-floating-action="">
        <MessageSquare aria-hidden="true" className="size-6" />
        <span className="sr-only">{intl.formatMessage(messages.messages)}</span>
      </Link>
    );
  }

  return (
    <Dialog>
      <DialogTrigger className={cn(fabClasses, 'cursor-pointer')} data-floating-action="">
        <MessageSquare aria-hidden="true" className="size-6" />
        <span className="sr-only">{intl.formatMessage(messages.messages)}</span>
      </DialogTrigger>
      <DialogContent
        className="flex h-[600px] max-h-[calc(100dvh-2rem)] max-w-4xl flex-col overflow-hidden p-0"
        closeClassName="top-2 right-2"
      >
        <div className="border-b border-gray-200 py-3 pr-14 pl-4">
          <DialogTitle className="text-lg font-semibold text-gray-900">{intl.formatMessage(messages.messages)}</DialogTitle>
          <DialogDescription className="sr-only">{intl.formatMessage(messages.description)}</DialogDescription>
        </div>
        <Suspense
          fallback={
            <div className="flex min-h-0 flex-1 items-center justify-center" role="status">
              <Spinner />
              <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
            </div>
          }
        >
          <Messenger
            variant="dialog"
            selectedId={selected}
            onSelect={setSelected}
            onBack={() => setSelected(null)}
            composerTitled
            headingLevel={3}
            className="min-h-0 flex-1"
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
