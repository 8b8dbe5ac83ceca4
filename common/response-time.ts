import { defineMessages, formatMessage } from './i18n/messages.js';
import { responseTimeBucket } from './response-time-bucket.js';

// Said by the server, in the request's language (server/core/locale.ts).
const messages = defineMessages({
  hour: { id: 'server.responseTime.hour', defaultMessage: 'Usually responds within an hour' },
  hours: { id: 'server.responseTime.hours', defaultMessage: 'Usually responds within a few hours' },
  day: { id: 'server.responseTime.day', defaultMessage: 'Usually responds within a day' },
  days: { id: 'server.responseTime.days', defaultMessage: 'Usually responds within a few days' },
});

/**
 * How fast an agent answers, in words (issue 26 item 3): from the median minutes to a first reply
 * that the server keeps (`Agent.responseMinutes`; null when there were too few conversations).
 */
export function responseTimeLabel(minutes: number | null | undefined): string | null {
  const bucket = responseTimeBucket(minutes);
  return bucket ? formatMessage(messages[bucket]) : null;
}
