import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect';

describe('reconnectDelayMs', () => {
  it('backs off 1, 2, 4, 8, 16 s, then every 30 s, plus up to a second of jitter', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => reconnectDelayMs(n, none))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, () => 0.999)).toBe(1_999);
  });
});
