import { MessageSquare } from '@/components/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonSize } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { navigateWhenLoaded } from '@/lib/screen-loading';
import { useViewer } from '@/features/auth/use-viewer';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  youAreTheAgent: { id: 'contactAgent.youAreTheAgent', defaultMessage: 'You are the agent' },
  opening: { id: 'contactAgent.opening', defaultMessage: 'Opening…' },
  contactAgent: { id: 'contactAgent.contactAgent', defaultMessage: 'Contact Agent' },
});

export interface ContactAgentButtonProps {
  propertyId: string;
  /**
   * `Property.viewerCanManage`: the viewer is the listing's owner or its listing agent, who cannot
   * contact themselves (SPEC part 6). The server decides, with the rule that decides who may manage.
   */
  viewerCanManage: boolean;
  size?: ButtonSize;
  className?: string;
}

/**
 * 'Contact Agent' (SPEC part 2): idle, 'Opening…' while the messages screen opens, disabled while
 * sign-in is being checked, or disabled
 * 'You are the agent' for the listing's owner or listing agent. Starts a message about the listing on /messages.
 */
export function ContactAgentButton({ propertyId, viewerCanManage, size = 'md', className }: ContactAgentButtonProps) {
  // Disabled until it is known who is looking (like the save heart): on a page rendered on the
  // server, until the app has taken the page over, so that a click is never lost.
  const { user, loading } = useViewer();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const intl = useIntl();

  if (user && viewerCanManage) {
    return (
      <Button variant="outline" size={size} disabled className={cn('relative z-10', className)}>
        {intl.formatMessage(messages.youAreTheAgent)}
      </Button>
    );
  }

  async function open() {
    const to = `/messages?compose=${encodeURIComponent(propertyId)}`;
    setBusy(true);
    try {
      // 'Opening…' until the messages screen's code is in; the navigation then shows it at once.
      await navigateWhenLoaded(navigate, to);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size={size}
      disabled={busy || (loading && !user)}
      aria-busy={busy}
      onClick={() => void open()}
      className={cn('relative z-10', className)}
    >
      <MessageSquare aria-hidden="true" className="size-4" />
      {busy ? intl.formatMessage(messages.opening) : intl.formatMessage(messages.contactAgent)}
    </Button>
  );
}
