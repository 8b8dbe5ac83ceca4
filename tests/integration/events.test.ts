import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventBus, eventsOf, type DomainEvent } from '../../server/core/events.js';
import { relayEvents } from '../../server/infra/event-relay.js';
import { until } from '../setup/until.js';

// The domain's event bus (server/core/events.ts) and its Redis relay (server/infra/event-relay.ts).
const REDIS_URL = process.env.REDIS_TEST_URL || undefined;
const log = pino({ level: 'silent' });
const event: DomainEvent = { type: 'listing.changed', listingId: 'l-1', wasPublic: true, isPublic: false };

describe('the event bus', () => {
  it('delivers each event to every listener with one id, even when a listener throws', () => {
    const bus = createEventBus();
    const heard: Array<[string, string, boolean]> = [];
    bus.subscribe(() => {
      throw new Error('a broken listener');
    });
    const stop = bus.subscribe((e, d) => heard.push([e.type, d.eventId, d.local]));
    bus.publish(event);
    bus.publish({ type: 'agent.changed', agentId: 'a-1' });
    expect(heard.map(([type, , local]) => [type, local])).toEqual([
      ['listing.changed', true],
      ['agent.changed', true],
    ]);
    expect(heard[0]![1]).not.toBe(heard[1]![1]);
    stop();
    bus.publish(event);
    expect(heard).toHaveLength(2);
  });

  it('is one bus per database client', () => {
    const client = {};
    expect(eventsOf(client)).toBe(eventsOf(client));
    expect(eventsOf({})).not.toBe(eventsOf(client));
  });
});

describe.runIf(REDIS_URL)('the event relay through Redis', () => {
  it("hands one instance's events to the others, once, with the same id", async () => {
    const [a, b] = [createEventBus(), createEventBus()];
    const onA: Array<{ id: string; local: boolean }> = [];
    const onB: Array<{ id: string; local: boolean }> = [];
    a.subscribe((_e, d) => onA.push({ id: d.eventId, local: d.local }));
    b.subscribe((_e, d) => onB.push({ id: d.eventId, local: d.local }));
    const ra = relayEvents(a, { redisUrl: REDIS_URL!, log, onGap: () => undefined });
    const rb = relayEvents(b, { redisUrl: REDIS_URL!, log, onGap: () => undefined });
    try {
      // The subscriptions take a moment to be in place: publish until B hears.
      await until(async () => {
        a.publish(event);
        await new Promise((r) => setTimeout(r, 50));
        return onB.length > 0;
      });
      const id = onB[0]!.id;
      expect(onB[0]!.local).toBe(false);
      expect(onA.find((d) => d.id === id)).toEqual({ id, local: true });
      // A does not hear its own event back from Redis.
      await new Promise((r) => setTimeout(r, 200));
      expect(onA.filter((d) => d.id === id)).toHaveLength(1);
      expect(onB.filter((d) => d.id === id)).toHaveLength(1);
    } finally {
      await ra.close();
      await rb.close();
    }
  });
});
