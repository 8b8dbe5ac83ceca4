import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { AgentCompose, ListingCompose } from '@/features/messaging/components/compose-pane';
import { Messenger, SIDE_BY_SIDE } from '@/features/messaging/components/messenger';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMediaQuery } from '@/lib/use-media-query';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'messages.title', defaultMessage: 'Messages' },
  description: { id: 'messages.description', defaultMessage: 'Connect with property owners and potential tenants' },
});

/**
 * /messages (SPEC part 2, issue 9): the inbox and the open conversation. `?open={threadId}` opens a
 * conversation (and choosing one sets it); `?compose={listingId}` writes to a listing's agent and
 * `?agent={agentId}` to an agent. Sign-in is required (the router's protected layout).
 */
export default function MessagesScreen() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(messages.title));
  const [params, setParams] = useSearchParams();
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const open = params.get('open');
  const compose = params.get('compose');
  const agent = params.get('agent');

  // Choosing a conversation is a step back can undo; a compose screen is replaced by its conversation.
  const select = useCallback((threadId: string) => setParams({ open: threadId }), [setParams]);
  const showThread = useCallback((threadId: string) => setParams({ open: threadId }, { replace: true }), [setParams]);
  const back = useCallback(() => setParams({}), [setParams]);

  let pane = null;
  if (!open && compose) {
    pane = <ListingCompose key={compose} listingId={compose} onThread={showThread} onBack={sideBySide ? undefined : back} />;
  } else if (!open && agent) {
    pane = <AgentCompose key={agent} agentId={agent} onThread={showThread} onBack={sideBySide ? undefined : back} />;
  }
  const focused = !sideBySide && Boolean(open || pane);

  return (
    <PageContainer className={cn(focused && 'px-0 py-0 sm:px-0')}>
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description)}
        className={cn(focused && 'sr-only')}
      />
      <div
        className={cn(
          'overflow-hidden bg-white',
          focused
            ? 'h-[calc(100dvh-4rem)]'
            : 'mt-6 h-[calc(100dvh-14rem)] min-h-[30rem] rounded-xl border border-gray-200 shadow-sm',
        )}
      >
        <Messenger selectedId={open} onSelect={select} onBack={back} pane={pane} />
      </div>
    </PageContainer>
  );
}
