import { MessagesSquare } from '@/components/icons';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { sharedMessages } from '../texts';
import { ConversationList } from './conversation-list';
import { ThreadPane } from './thread-pane';

const messages = defineMessages({
  select: { id: 'messages.selectConversation', defaultMessage: 'Select a conversation' },
  selectHint: { id: 'messages.selectConversationHint', defaultMessage: 'Choose a conversation from the list to read and reply.' },
});

/** From this width the list and the conversation sit side by side; below it, one at a time. */
export const SIDE_BY_SIDE = '(min-width: 768px)';

export interface MessengerProps {
  selectedId: string | null;
  onSelect(threadId: string): void;
  /** Back from the conversation to the list (phone width). */
  onBack(): void;
  /** Shown instead of a conversation (a new message being written); it brings its own back button. */
  pane?: ReactNode;
  /** 'dialog': the conversations take the left third. */
  variant?: 'page' | 'dialog';
  /** A 'New Message' heading over the conversation's composer (the dialog). */
  composerTitled?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}

export function SelectConversation() {
  const intl = useIntl();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 bg-gray-50 p-6 text-center">
      <MessagesSquare aria-hidden="true" className="size-10 text-gray-400" />
      <p className="font-semibold text-gray-900">{intl.formatMessage(messages.select)}</p>
      <p className="text-sm text-gray-600">{intl.formatMessage(messages.selectHint)}</p>
    </div>
  );
}

/**
 * The inbox: the conversation list beside the open conversation (or what `pane` shows); at phone
 * width the list, then the conversation on its own with 'Back to conversations'. The messages page
 * and the listings page's dialog both use it.
 */
export function Messenger({
  selectedId,
  onSelect,
  onBack,
  pane,
  variant = 'page',
  composerTitled = false,
  headingLevel = 2,
  className,
}: MessengerProps) {
  const intl = useIntl();
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  // Back on a phone returns focus to the conversation that was open.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const back = () => {
    setReturnTo(selectedId);
    onBack();
  };

  const list = (
    <ConversationList
      selectedId={selectedId}
      onSelect={onSelect}
      headingLevel={headingLevel}
      focusId={sideBySide ? null : returnTo}
      className="h-full"
    />
  );
  const right =
    pane ??
    (selectedId ? (
      <ThreadPane
        key={selectedId}
        threadId={selectedId}
        composerTitle={composerTitled ? intl.formatMessage(sharedMessages.newMessage) : undefined}
        headingLevel={headingLevel}
        onBack={sideBySide ? undefined : back}
        focusOnOpen={!sideBySide}
      />
    ) : (
      <SelectConversation />
    ));

  const showsRight = Boolean(pane || selectedId);
  // A phone shows the open conversation on its own.
  if (!sideBySide && showsRight) return <div className={cn('flex h-full min-h-0 flex-col', className)}>{right}</div>;
  // Otherwise the list, beside the conversation from SIDE_BY_SIDE's width up; on a phone the list
  // alone. Told apart by the stylesheet, not by script, so a page rendered on the server (which does
  // not know the width) is right at every width before the app runs.
  return (
    <div
      className={cn(
        'grid h-full min-h-0 grid-cols-1',
        variant === 'dialog' ? 'md:grid-cols-3' : 'md:grid-cols-[minmax(18rem,1fr)_2fr]',
        className,
      )}
    >
      <div className="min-h-0 md:border-r md:border-gray-200">{list}</div>
      <div className={cn('min-h-0 max-md:hidden', variant === 'dialog' && 'md:col-span-2')}>{right}</div>
    </div>
  );
}
