import SchemaBuilder from '@pothos/core';
import { graphql, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { labels } from '../../common/i18n/labels.js';
import {
  DECLARED_FIELDS,
  defineListingFields,
  fieldLabelsOf,
  fieldOptionsOf,
  initialValuesOf,
  LISTING_FIELDS,
  LISTING_OPTIONS,
  listingFormFragmentSource,
  optionLabelsOf,
  type OptionSet,
} from '../../common/listing-fields.js';
import { listingInputSchema, ruleOfField } from '../../common/listing.js';
import * as PrismaEnums from '../../server/db/generated/prisma/enums.js';
import { printSchemaSdl } from '../../server/graphql/schema.js';
import { enumMaker, listingInputFields, listingOutputFields } from '../../server/modules/listings/listing-fields.schema.js';
import { restItemSelection, restShape } from '../../server/modules/listings/listings.rest.js';
import { declaredFromRest } from '../../server/modules/listings/listing-write.rest.js';

// Issue 52 item 1: a listing field is declared once (common/listing-fields.ts) and GraphQL, REST and the
// form take it from there. The recipe's proof: a field added in a fixture (a declaration and nothing else)
// appears in the GraphQL type and input, the REST item, the REST body's matching and the form's options.

const VIEW: OptionSet<'CITY' | 'PARK' | 'WATER'> = {
  name: 'View',
  values: ['CITY', 'PARK', 'WATER'],
  labels: labels({ CITY: 'City', PARK: 'Park', WATER: 'Water' }),
};

const WITH_VIEW = defineListingFields({
  ...LISTING_FIELDS,
  view: {
    kind: 'option',
    options: VIEW,
    label: { id: 'listingFields.view', defaultMessage: 'View' },
    section: 'amenities',
    optional: true,
    control: 'auto',
    graphql: { description: 'What the windows look out on.' },
    rest: { group: 'policies', aliases: ['window_view'] },
  },
});

/** A schema of a `Property` type and `ListingInput` made of the given declarations alone, on a builder of its own. */
function schemaOf(fields: typeof WITH_VIEW) {
  const b = new SchemaBuilder<{ Scalars: { Date: { Input: string; Output: string } } }>({} as never);
  b.scalarType('Date', { serialize: (v) => v, parseValue: (v) => v as string });
  const enumOf = enumMaker(b as never);
  const Property = b.objectRef<Record<string, unknown>>('Property').implement({
    fields: (t) => listingOutputFields(t, fields, enumOf) as never,
  });
  const Input = b.inputType('ListingInput', { fields: (t) => listingInputFields(t, fields, enumOf) as never });
  b.queryType({
    fields: (t) => ({
      listing: t.field({ type: Property, resolve: () => ({ title: 'Sunny', bedrooms: '2.5', view: 'PARK' }) }),
      echo: t.string({ args: { input: t.arg({ type: Input, required: true }) }, resolve: (_r, a) => JSON.stringify(a.input) }),
    }),
  });
  return b.toSchema();
}

describe('a listing field declared once', () => {
  it('appears in GraphQL: the Property field, its enum and the ListingInput field', async () => {
    const schema = schemaOf(WITH_VIEW);
    const sdl = printSchema(schema);
    expect(sdl).toContain('"""What the windows look out on."""\n  view: View\n');
    expect(sdl).toMatch(/enum View \{\s+CITY\s+PARK\s+WATER\s+\}/);
    expect(sdl).toMatch(/input ListingInput \{[^}]*\n {2}view: View\n/);
    const read = await graphql({ schema, source: '{ listing { title bedrooms view } }' });
    expect(read).toEqual({ data: { listing: { title: 'Sunny', bedrooms: 2.5, view: 'PARK' } } });
    const refused = await graphql({ schema, source: '{ echo(input: { view: BEACH }) }' });
    expect(refused.errors?.map((e) => e.message).join('\n')).toMatch(/BEACH.*View/);
  });

  it('appears in REST: the item (under its alias and group, by its label) and a body read by value or label', () => {
    expect(
      restItemSelection(WITH_VIEW)
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual(expect.arrayContaining(['view', 'window_view: view']));
    const item = restShape({ view: 'PARK', window_view: 'PARK', photos: [], agent: null, status: 'ACTIVE' }, false, WITH_VIEW);
    expect(item).toMatchObject({ view: 'Park', policies: { view: 'Park' } });
    expect(declaredFromRest({ view: 'water' }, WITH_VIEW).view).toBe('WATER');
    expect(declaredFromRest({ window_view: 'City' }, WITH_VIEW).view).toBe('CITY');
    expect(declaredFromRest({ policies: { view: 'Park' } }, WITH_VIEW).view).toBe('PARK');
    expect(declaredFromRest({}, WITH_VIEW).view).toBeUndefined();
  });

  it("appears in the form: its options and label, its initial value, and its kind's rule", () => {
    expect(fieldOptionsOf(WITH_VIEW.view).map((o) => [o.value, o.label])).toEqual([
      ['CITY', 'City'],
      ['PARK', 'Park'],
      ['WATER', 'Water'],
    ]);
    expect(fieldLabelsOf(WITH_VIEW).view).toBe('View');
    expect(initialValuesOf(WITH_VIEW).view).toBeNull();
    expect(optionLabelsOf(WITH_VIEW).view).toBe(VIEW.labels);
    const rule = ruleOfField('view', WITH_VIEW.view);
    expect(rule.parse('PARK')).toBe('PARK');
    expect(rule.parse(undefined)).toBeNull();
    expect(rule.safeParse('BEACH').success).toBe(false);
    expect(listingFormFragmentSource(WITH_VIEW)).toMatch(/\n {4}view\n/);
  });

  it('refuses declarations that contradict themselves, when they are made', () => {
    expect(() => defineListingFields({ view: { kind: 'option', label: WITH_VIEW.view.label, section: 'unit' } })).toThrow(
      /options go with the kinds/,
    );
    expect(() =>
      defineListingFields({ a: { ...WITH_VIEW.view, rest: { aliases: ['b'] } }, b: { ...WITH_VIEW.view, rest: {} } }),
    ).toThrow(/both answer REST's b/);
    expect(() =>
      defineListingFields({ a: { ...WITH_VIEW.view, options: { ...VIEW, values: ['CITY', 'CITY'] as never } } }),
    ).toThrow(/repeats a value/);
    expect(() => ruleOfField('x', { kind: 'lines', label: WITH_VIEW.view.label, section: 'unit' })).toThrow(
      /needs its rule in common\/listing.ts/,
    );
  });
});

describe("the app's declarations", () => {
  const sdl = printSchemaSdl();
  const block = (kind: string, name: string) => sdl.match(new RegExp(`\\n${kind} ${name} [^{]*\\{([^}]*)\\}`))![1]!;

  it('give every declared field to Property (but those written by hand or not outputs) and to ListingInput', () => {
    const property = block('type', 'Property');
    const input = block('input', 'ListingInput');
    for (const [name, f] of Object.entries(DECLARED_FIELDS)) {
      if (f.graphql?.output !== false) expect(property, name).toMatch(new RegExp(`\\n  ${name}(\\(|: )`));
      expect(input, name).toMatch(new RegExp(`\\n  ${name}: `));
    }
  });

  it('name and value each option list as Prisma does (the database and GraphQL agree)', () => {
    for (const set of Object.values(LISTING_OPTIONS)) {
      const prisma = (PrismaEnums as Record<string, Record<string, string> | undefined>)[set.name];
      expect(prisma, set.name).toBeDefined();
      expect([...set.values], set.name).toEqual(Object.values(prisma!));
    }
  });

  it("have a rule for every field, in the form's order", () => {
    expect(Object.keys(listingInputSchema.def.in.shape)).toEqual(Object.keys(LISTING_FIELDS));
  });
});
