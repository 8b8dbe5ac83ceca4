import { formatCount } from '@common/format';
import { SendHorizontal } from '@/components/icons';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../constants';
import { sharedMessages } from '../texts';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  form: { id: 'messages.composerForm', defaultMessage: 'Send a message' },
  subject: { id: 'messages.subjectOptional', defaultMessage: 'Subject (optional)' },
  message: { id: 'messages.messageField', defaultMessage: 'Message' },
  placeholder: { id: 'messages.placeholder', defaultMessage: 'Write a message…' },
  sending: { id: 'messages.sending', defaultMessage: 'Sending…' },
  send: { id: 'messages.send', defaultMessage: 'Send' },
  hint: { id: 'messages.enterHint', defaultMessage: 'Enter to send, Shift+Enter for a new line' },
});

/** Shown near the limit only. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

export interface ComposerProps {
  /** Sends; resolves when the server took the message, or rejects with the text to show. */
  onSend(content: string, subject: string | null): Promise<void>;
  /** SPEC part 4: the subject is offered only when the conversation has no messages yet. */
  allowSubject?: boolean;
  /** A heading over the composer ('New Message'). */
  title?: string;
  headingLevel?: 2 | 3;
  initialContent?: string;
  /** Each change of the text (for the typing signal). */
  onInput?(value: string): void;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The message composer: Enter sends and Shift+Enter adds a newline (SPEC part 5); the send button is
 * disabled while sending and when the text is blank; after a send the text and subject clear; a
 * failure is shown under the field with the server's words and the typed text stays.
 */
export function Composer({
  onSend,
  allowSubject = false,
  title,
  headingLevel = 2,
  initialContent = '',
  onInput,
  autoFocus = false,
  className,
}: ComposerProps) {
  const intl = useIntl();
  const id = useId();
  const [content, setContent] = useState(initialContent);
  const [subject, setSubject] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = content.trim() === '';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function send() {
    if (blank || pending) return;
    setPending(true);
    setError(null);
    try {
      await onSend(content, allowSubject && subject.trim() ? subject.trim() : null);
      setContent('');
      setSubject('');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : intl.formatMessage(sharedMessages.sendFailed));
    } finally {
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while an input method composes a character) does not.
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const describedBy = [hintId, error ? errorId : null, content.length >= COUNTER_FROM ? counterId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={title ? undefined : intl.formatMessage(messages.form)}
      className={cn('space-y-2 border-t border-gray-200 bg-white p-3 sm:p-4', className)}
    >
      {title ? (
        <Heading id={`${id}-title`} className="text-sm font-semibold text-gray-900">
          {title}
        </Heading>
      ) : null}
      {allowSubject ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-subject`} className="block text-xs font-medium text-gray-700">
            {intl.formatMessage(messages.subject)}
          </label>
          <input
            id={`${id}-subject`}
            value={subject}
            maxLength={SUBJECT_MAX_LENGTH}
            onChange={(event) => setSubject(event.target.value)}
            className={cn(inputClasses, 'h-9')}
          />
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-message`} className="sr-only">
            {intl.formatMessage(messages.message)}
          </label>
          <textarea
            id={`${id}-message`}
            value={content}
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            // Only where the person came to write (a new conversation).
            autoFocus={autoFocus}
            placeholder={intl.formatMessage(messages.placeholder)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setContent(event.target.value);
              onInput?.(event.target.value);
            }}
            onKeyDown={onKeyDown}
            className={cn(inputClasses, 'h-auto max-h-40 min-h-16 resize-y py-2 leading-5')}
          />
        </div>
        <Button type="submit" disabled={blank || pending} aria-busy={pending} className="h-10">
          <SendHorizontal aria-hidden="true" className="size-4" />
          {intl.formatMessage(pending ? messages.sending : messages.send)}
        </Button>
      </div>
      <div className="flex items-start justify-between gap-3 text-xs text-gray-600">
        <p id={hintId}>{intl.formatMessage(messages.hint)}</p>
        {content.length >= COUNTER_FROM ? (
          <p id={counterId} className={cn(content.length >= MESSAGE_MAX_LENGTH && 'font-medium text-red-700')}>
            {formatCount(content.length)} / {formatCount(MESSAGE_MAX_LENGTH)}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
