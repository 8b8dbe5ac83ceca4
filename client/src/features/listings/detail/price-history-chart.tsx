import { formatPrice } from '@common/format';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { priceHistorySummary, stepChart, type PricePoint } from './price-chart';

const W = 600;
const H = 120;

const messages = defineMessages({
  today: { id: 'details.priceAxisToday', defaultMessage: 'Today' },
});

/** The axis' first day in the page's language ('Dec 3', '3 dic', '12月3日'). */
const shortDay = (at: string) =>
  dateFormat('ny-short-day', { timeZone: 'America/New_York', month: 'short', day: 'numeric' }).format(new Date(at));

/**
 * The asking rent over time as a small step chart (issue 14 item 3; hand-written SVG:
 * docs/decisions/0031-price-drops-and-freshness.md). A fixed-height box, so nothing moves when it paints;
 * one image with a summary for screen readers, the exact figures being the table below it.
 */
export function PriceHistoryChart({ history, now = new Date() }: { history: readonly PricePoint[]; now?: Date }) {
  const chart = stepChart(history, now, W, H, 12);
  if (!chart || history.length < 2) return null;
  const summary = priceHistorySummary(history);
  return (
    <div className="mb-4" data-testid="price-history-chart">
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex h-28 w-14 shrink-0 flex-col justify-between text-right text-xs text-gray-600">
          <span>{formatPrice(chart.max)}</span>
          <span>{formatPrice(chart.min)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-28 min-w-0 flex-1 overflow-visible rounded-md border border-gray-100 bg-gray-50"
        >
          <path
            d={chart.path}
            fill="none"
            className="stroke-brand-600"
            strokeWidth={2.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
          {chart.points.map((p, i) => (
            <path
              key={i}
              d={`M${p.x} ${p.y} h0`}
              className="stroke-brand-700"
              strokeWidth={8}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-16 text-xs text-gray-600">
        <span>{shortDay(history[0]!.changedAt)}</span>
        <span>{formatMessage(messages.today)}</span>
      </div>
    </div>
  );
}
