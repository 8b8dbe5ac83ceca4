import { describe, expect, it } from 'vitest';
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
});
