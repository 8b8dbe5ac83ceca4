/**
 * How fast an agent answers, in words (issue 26 item 3): from the median minutes to a first reply
 * that the server keeps (`Agent.responseMinutes`; null when there were too few conversations).
 */
export function responseTimeLabel(minutes: number | null | undefined): string | null {
  if (minutes == null) return null;
  if (minutes <= 60) return 'Usually responds within an hour';
  if (minutes <= 180) return 'Usually responds within a few hours';
  if (minutes <= 24 * 60) return 'Usually responds within a day';
  return 'Usually responds within a few days';
}
