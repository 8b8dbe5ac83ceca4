/**
 * Waits before reconnect attempt `retries` (0-based) of the subscription socket: 1, 2, 4, 8, 16 s and
 * then every 30 s, each with up to a second of jitter so that clients dropped together do not come
 * back together.
 */
export function reconnectDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.min(30_000, 1_000 * 2 ** retries) + Math.floor(random() * 1_000);
}
