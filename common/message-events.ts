// The messages the app writes into a conversation for a step (a tour requested, confirmed, declined…,
// a listing withdrawn), kept as what they say rather than as text (issue 59 item 4): lines, each one of
// the texts below with its values (a time window is kept as its instants), or a text as its author wrote
// it (a note, a reason). Each reader sees it in their own language; `Message.content` keeps it as it was
// first written, for whatever reads the text alone (e-mail excerpts).
import { z } from 'zod';
import { defineMessages, formatMessage } from './i18n/messages.js';
import { formatTourWindow } from './tours.js';

export const MESSAGE_EVENT_TEXTS = defineMessages({
  // A tour request's steps (server/modules/tours/tour-requests.service.ts).
  tourRequested: { id: 'mail.tourStep.requestedMessage', defaultMessage: 'Tour request. Times that suit me (New York time):' },
  tourConfirmed: { id: 'mail.tourStep.confirmedMessage', defaultMessage: 'Tour confirmed: {when} (New York time).' },
  tourProposed: {
    id: 'mail.tourStep.proposedMessage',
    defaultMessage: 'Those times do not work for me. Could you come {when} (New York time) instead?',
  },
  tourDeclined: { id: 'mail.tourStep.declinedMessage', defaultMessage: 'Tour request declined.' },
  tourCancelled: { id: 'mail.tourStep.cancelledTourMessage', defaultMessage: 'Tour cancelled: {when} is off.' },
  requestCancelled: { id: 'mail.tourStep.cancelledRequestMessage', defaultMessage: 'Tour request cancelled.' },
  requestExpired: {
    id: 'mail.tourStep.expiredMessage',
    defaultMessage: 'This tour request expired: it was not answered within {hours} hours.',
  },
  note: { id: 'mail.common.note', defaultMessage: 'Note: {note}' },
  // A listing withdrawn with people attached (server/modules/tours/listing-withdrawal.service.ts).
  listingRemoved: {
    id: 'mail.withdrawn.removedMessage',
    defaultMessage: '“{title}” was removed: the listing is no longer on NYC Rentals.',
  },
  listingUnavailable: {
    id: 'mail.withdrawn.unavailableMessage',
    defaultMessage: '“{title}” is no longer available: the listing was taken off the market.',
  },
  withdrawnTourCancelled: {
    id: 'mail.withdrawn.tourCancelled',
    defaultMessage: 'Your tour on {when} (New York time) is cancelled.',
  },
  withdrawnRequestCancelled: { id: 'mail.withdrawn.requestCancelled', defaultMessage: 'Your tour request is cancelled.' },
  withdrawnOpenHouseCancelled: {
    id: 'mail.withdrawn.openHouseCancelled',
    defaultMessage: 'Your RSVP to the open house on {when} (New York time) is cancelled.',
  },
});

type MessageEventText = keyof typeof MESSAGE_EVENT_TEXTS;

const instant = z.union([z.string(), z.date()]).transform((v) => (typeof v === 'string' ? v : v.toISOString()));
const windowSchema = z.object({ startsAt: instant, endsAt: instant });
const value = z.union([z.string().max(2000), z.number(), z.object({ window: windowSchema })]);

const lineSchema = z.union([
  z.object({
    text: z.enum(Object.keys(MESSAGE_EVENT_TEXTS) as [MessageEventText, ...MessageEventText[]]),
    values: z.record(z.string(), value).optional(),
  }),
  /** Words as their author wrote them (a reason), never translated. */
  z.object({ written: z.string().max(2000) }),
  /** A time window, as the reader's language writes it. */
  z.object({ window: windowSchema }),
]);

const messageEventSchema = z.object({
  lines: z.array(lineSchema).min(1).max(20),
  separator: z.enum([' ', '\n']).optional(),
});

export type MessageEvent = z.input<typeof messageEventSchema>;
type Line = MessageEvent['lines'][number];

/** A line of one of the texts, with its values (a window as `{ window: { startsAt, endsAt } }`). */
export const textLine = (text: MessageEventText, values?: Record<string, z.input<typeof value>>): Line =>
  values ? { text, values } : { text };

/** The message in the language around the call; null for something that is not one (then show `content`). */
export function renderMessageEvent(stored: unknown): string | null {
  const parsed = messageEventSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { lines, separator = '\n' } = parsed.data;
  return lines
    .map((line) => {
      if ('written' in line) return line.written;
      if ('window' in line) return formatTourWindow(line.window);
      const values = Object.fromEntries(
        Object.entries(line.values ?? {}).map(([k, v]) => [k, typeof v === 'object' ? formatTourWindow(v.window) : v]),
      );
      return formatMessage(MESSAGE_EVENT_TEXTS[line.text], values);
    })
    .filter(Boolean)
    .join(separator);
}
