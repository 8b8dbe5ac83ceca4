import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { linkify } from '../linkify';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  newTab: { id: 'messages.opensInNewTab', defaultMessage: '(opens in a new tab)' },
});

/**
 * A message's text as text (React escapes it; nothing is read as HTML), line breaks kept, with its
 * http(s) addresses as links that open in a new tab without handing the page to the target.
 */
export function MessageText({ content, mine }: { content: string; mine: boolean }) {
  const intl = useIntl();
  const parts = useMemo(() => linkify(content), [content]);
  return (
    <p className="text-sm leading-5 wrap-anywhere whitespace-pre-wrap">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={cn(
              'underline underline-offset-2 wrap-anywhere',
              mine ? 'text-white' : 'text-brand-700 hover:text-brand-800',
            )}
          >
            {part.text}
            <span className="sr-only"> {intl.formatMessage(messages.newTab)}</span>
          </a>
        ),
      )}
    </p>
  );
}
