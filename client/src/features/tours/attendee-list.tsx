import { useMutation } from '@apollo/client/react';
import { MESSAGE_MAX_LENGTH } from '@common/messaging';
import { MessageSquare } from '@/components/icons';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { graphql } from '@/gql';
import { isServiceUnavailable, serverMessage } from '@/lib/auth-errors';
import { formatCount } from '@common/format';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  writeFirst: { id: 'attendees.writeFirst', defaultMessage: 'Write a message first.' },
  sent: { id: 'attendees.sent', defaultMessage: 'Message sent to {name}' },
  title: { id: 'attendees.title', defaultMessage: 'Message {name}' },
  about: {
    id: 'attendees.about',
    defaultMessage: 'About the open house of {title}. It goes to your conversation with them about this listing.',
  },
  message: { id: 'attendees.message', defaultMessage: 'Message' },
  tooLong: { id: 'attendees.tooLong', defaultMessage: 'Keep it under {max} characters.' },
  cancel: { id: 'attendees.cancel', defaultMessage: 'Cancel' },
  send: { id: 'attendees.send', defaultMessage: 'Send' },
  nobody: { id: 'attendees.nobody', defaultMessage: 'Nobody has answered yet.' },
  going: { id: 'attendees.going', defaultMessage: 'Going' },
  waitlisted: { id: 'attendees.waitlisted', defaultMessage: 'On the waitlist' },
  writeTo: { id: 'attendees.writeTo', defaultMessage: 'Message' },
});

const MessageAttendeeMutation = graphql(`
  mutation MessageAttendee($attendeeId: ID!, $message: String!) {
    messageAttendee(attendeeId: $attendeeId, message: $message)
  }
`);

export interface Attendee {
  id: string;
  name: string;
  status: 'GOING' | 'WAITLISTED';
}

function MessageAttendeeDialog(props: { attendee: Attendee; listingTitle: string; onClose: () => void }) {
  const [send] = useMutation(MessageAttendeeMutation);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;

  async function submit() {
    if (!text.trim()) {
      setFailure(formatMessage(messages.writeFirst));
      return;
    }
    if (tooLong) return;
    setSending(true);
    setFailure(null);
    try {
      const { data } = await send({ variables: { attendeeId: props.attendee.id, message: text } });
      toast({ title: formatMessage(messages.sent, { name: props.attendee.name }) });
      props.onClose();
      if (data?.messageAttendee) void navigate(`/messages?open=${encodeURIComponent(data.messageAttendee)}`);
    } catch (err) {
      if (isServiceUnavailable(err)) return;
      setFailure(serverMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !sending && props.onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8 text-lg font-semibold text-gray-900">
          {formatMessage(messages.title, { name: props.attendee.name })}
        </DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          {formatMessage(messages.about, { title: props.listingTitle })}
        </DialogDescription>
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <label htmlFor={id} className="block text-sm font-medium text-gray-900">
            {formatMessage(messages.message)}
          </label>
          <textarea
            id={id}
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            readOnly={sending}
            aria-invalid={failure || tooLong ? true : undefined}
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {tooLong ? (
            <p role="alert" className="text-sm text-red-700">
              {formatMessage(messages.tooLong, { max: formatCount(MESSAGE_MAX_LENGTH) })}
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={props.onClose} disabled={sending}>
              {formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? <Spinner className="size-4" /> : null}
              {formatMessage(messages.send)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Who is going to an open house and who waits, in the order they answered (issue 27 item 5), each
 * with 'Message' to write to them through the chat. Its listing's managers see it.
 */
export function AttendeeList({ attendees, listingTitle }: { attendees: readonly Attendee[]; listingTitle: string }) {
  const [writing, setWriting] = useState<Attendee | null>(null);
  if (attendees.length === 0) return <p className="mt-2 text-sm text-gray-600">{formatMessage(messages.nobody)}</p>;
  return (
    <>
      <ul className="mt-2 divide-y divide-gray-100" data-testid="attendee-list">
        {attendees.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
            <span className="text-gray-900">
              {a.name}{' '}
              <span className="text-gray-600">
                · {formatMessage(a.status === 'GOING' ? messages.going : messages.waitlisted)}
              </span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => setWriting(a)}>
              <MessageSquare aria-hidden="true" className="size-4" />
              {formatMessage(messages.writeTo)}
              <span className="sr-only"> {a.name}</span>
            </Button>
          </li>
        ))}
      </ul>
      {writing ? <MessageAttendeeDialog attendee={writing} listingTitle={listingTitle} onClose={() => setWriting(null)} /> : null}
    </>
  );
}
