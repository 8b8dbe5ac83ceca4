import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { inLocale } from '@/test/in-locale';
import { PriceHistoryChart } from './price-history-chart';
import { priceHistorySummary, stepChart } from './price-chart';

const history = [
  { newPrice: 3200, oldPrice: null, changedAt: '2026-10-01T12:00:00Z' },
  { newPrice: 3000, oldPrice: 3200, changedAt: '2026-10-21T12:00:00Z' },
  { newPrice: 3100, oldPrice: 3000, changedAt: '2026-10-31T12:00:00Z' },
];

describe('price history chart', () => {
  it('draws a step line from the first price to now, the highest at the top', () => {
    const chart = stepChart(history, new Date('2026-11-10T12:00:00Z'), 400, 100, 10)!;
    expect(chart.points).toEqual([
      { x: 0, y: 10 },
      { x: 200, y: 90 },
      { x: 300, y: 50 },
    ]);
    expect(chart.path).toBe('M0 10 H200 V90 H300 V50 H400');
    expect([chart.min, chart.max]).toEqual([3000, 3200]);
  });

  it('draws one price flat at mid-height, and nothing for no history', () => {
    const chart = stepChart([history[0]!], new Date('2026-10-11T12:00:00Z'), 400, 100)!;
    expect(chart.path).toBe('M0 50 H400');
    expect(stepChart([], new Date(), 400, 100)).toBeNull();
  });

  it('summarises the history in words', () => {
    expect(priceHistorySummary(history)).toBe(
      'Asking rent from $3,200 on Oct 1, 2026 to $3,100 on Oct 31, 2026: 1 drop and 1 increase.',
    );
    expect(priceHistorySummary([history[0]!])).toBe('Asking rent $3,200 since Oct 1, 2026, unchanged.');
  });

  // Issue 59 item 4: the chart's words and days in the page's language.
  it("says the summary and the axis' days in Spanish and Chinese", async () => {
    await inLocale('es', () => {
      // Spanish writes an amount with a no-break space before 'US$'.
      expect(priceHistorySummary(history).replace(/\u00a0/g, ' ')).toBe(
        'Alquiler pedido de 3.200 US$ el 1 oct 2026 a 3.100 US$ el 31 oct 2026: 1 bajada y 1 subida.',
      );
      const { unmount } = render(<PriceHistoryChart history={history} now={new Date('2026-11-10T12:00:00Z')} />);
      expect(screen.getByText('Hoy')).toBeInTheDocument();
      expect(screen.getByText('1 oct')).toBeInTheDocument();
      unmount();
    });
    await inLocale('zh', () => {
      expect(priceHistorySummary([history[0]!])).toBe('自2026年10月1日起要价租金$3,200，未变。');
      const { unmount } = render(<PriceHistoryChart history={history} now={new Date('2026-11-10T12:00:00Z')} />);
      expect(screen.getByText('今天')).toBeInTheDocument();
      expect(screen.getByText('10月1日')).toBeInTheDocument();
      unmount();
    });
  });
});
