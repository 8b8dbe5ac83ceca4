import { defineMessages, formatMessage } from '@common/i18n/messages';
import { responseTimeBucket } from '@common/response-time-bucket';

// How fast an agent answers, in the page's own language (cards, the listing's agent panel, the agent's
// profile), from the median minutes the server keeps (`Agent.responseMinutes`), by the one rule of
// common/response-time.ts. The server's own `responseTime` text is for API clients.
const messages = defineMessages({
  hour: { id: 'responseTime.hour', defaultMessage: 'Usually responds within an hour' },
  hours: { id: 'responseTime.hours', defaultMessage: 'Usually responds within a few hours' },
  day: { id: 'responseTime.day', defaultMessage: 'Usually responds within a day' },
  days: { id: 'responseTime.days', defaultMessage: 'Usually responds within a few days' },
});

/** 'Usually responds within an hour' (or a few hours, a day, a few days); null without a figure. */
export function responseTimeText(minutes: number | null | undefined): string | null {
  const bucket = responseTimeBucket(minutes);
  return bucket ? formatMessage(messages[bucket]) : null;
}
