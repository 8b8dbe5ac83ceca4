// Free of messages: the pages import it without the server's texts (common/response-time.ts has those).

/**
 * Which of the four words the median minutes to a first reply fall in (null: no figure). The one rule:
 * the server's `responseTime` and the pages (which say it in their own language from `responseMinutes`,
 * client/src/features/listings/response-time.ts) both use it.
 */
export function responseTimeBucket(minutes: number | null | undefined): 'hour' | 'hours' | 'day' | 'days' | null {
  if (minutes == null) return null;
  if (minutes <= 60) return 'hour';
  if (minutes <= 180) return 'hours';
  if (minutes <= 24 * 60) return 'day';
  return 'days';
}
