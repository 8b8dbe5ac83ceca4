import { type GraphQLScalarType, Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../server/graphql/schema.js';

// The date scalars are graphql-scalars' with our year range on top (docs/decisions/0046).

const scalar = (name: string) => getSchema().getType(name) as GraphQLScalarType;

describe('the DateTime scalar', () => {
  const dt = scalar('DateTime');

  it('reads RFC 3339 date-times, with or without fractions and offsets, as the instant they name', () => {
    expect((dt.parseValue('2026-11-22T00:00:00Z') as Date).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect((dt.parseValue('2026-11-22T09:30:15.250+05:30') as Date).toISOString()).toBe('2026-11-22T04:00:15.250Z');
    expect((dt.parseLiteral({ kind: Kind.STRING, value: '0001-01-01T00:00:00Z' }) as Date).toISOString()).toBe(
      '0001-01-01T00:00:00.000Z',
    );
  });

  it('refuses what is not an RFC 3339 date-time, and years the database cannot store', () => {
    for (const bad of [
      '2026-11-22',
      '2026-11-22T00:00',
      'yesterday',
      '2026-02-30T00:00:00Z',
      '+099999-01-01T00:00:00Z',
      '0000-06-01T00:00:00Z',
    ])
      expect(() => dt.parseValue(bad), bad).toThrow();
    expect(() => dt.parseValue(1_700_000_000)).toThrow();
    expect(() => dt.parseLiteral({ kind: Kind.INT, value: '1' })).toThrow();
  });

  it('writes an ISO-8601 string in UTC', () => {
    expect(dt.serialize(new Date('2026-11-22T04:00:15.250Z'))).toBe('2026-11-22T04:00:15.250Z');
  });
});

describe('the Date scalar', () => {
  const d = scalar('Date');

  it('writes and reads YYYY-MM-DD (UTC midnight)', () => {
    expect(d.serialize(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    expect((d.parseValue('2026-12-01') as Date).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('refuses dates that are not on the calendar and other forms', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '12/01/2026', '2026-12-01T00:00:00Z'])
      expect(() => d.parseValue(bad), bad).toThrow();
  });
});
