import type { EnumRef, FieldMap, InputFieldMap, SchemaTypes } from '@pothos/core';
import { LISTING_FIELDS, type ListingFields, type OptionSet } from '../../../common/listing-fields.js';
import { builder } from '../../graphql/builder.js';

/**
 * The GraphQL side of common/listing-fields.ts (issue 52 item 1): each declared field's enum, its
 * `Property` field and its `ListingInput` field, made from its declaration. Fields marked 'own' are
 * written by hand in listings.schema.ts and listing-write.schema.ts.
 */

/** What the derivations call on a builder: any Pothos builder (the app's, or a test's). */
interface EnumMaker {
  enumType(name: string, options: { values: readonly string[] }): unknown;
}

/** What the derivations call on a type's field builder. */
interface OutputFields {
  exposeString(name: string, options: object): FieldMap[string];
  exposeInt(name: string, options: object): FieldMap[string];
  exposeStringList(name: string, options: object): FieldMap[string];
  expose(name: string, options: object): FieldMap[string];
  float(options: object): FieldMap[string];
}

interface InputFields {
  string(options: object): InputFieldMap[string];
  int(options: object): InputFieldMap[string];
  float(options: object): InputFieldMap[string];
  stringList(options: object): InputFieldMap[string];
  field(options: object): InputFieldMap[string];
}

/** One enum per option list and builder, made on first use: the same ref wherever a field or filter uses it. */
export function enumMaker(b: EnumMaker) {
  const made = new Map<string, unknown>();
  return <K extends string>(set: OptionSet<K>): EnumRef<SchemaTypes, K, K> => {
    if (!made.has(set.name)) made.set(set.name, b.enumType(set.name, { values: set.values }));
    return made.get(set.name) as EnumRef<SchemaTypes, K, K>;
  };
}

/** The app's enums of the listing's option lists (named and valued as Prisma's; tests compare them). */
export const listingEnum = enumMaker(builder as unknown as EnumMaker);

const described = (description: string | undefined) => (description ? { description } : {});

/** The `Property` fields of the declared fields that are not written by hand. */
export function listingOutputFields(
  t: unknown,
  fields: ListingFields = LISTING_FIELDS,
  enumOf: (set: OptionSet) => unknown = listingEnum,
): FieldMap {
  const f$ = t as OutputFields;
  const out: FieldMap = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.graphql?.output !== undefined || f.kind === 'own') continue;
    const options = { nullable: Boolean(f.optional), ...described(f.graphql?.description) };
    switch (f.kind) {
      case 'line':
      case 'text':
      case 'url':
        out[name] = f$.exposeString(name, options);
        break;
      case 'int':
      case 'money':
        out[name] = f$.exposeInt(name, options);
        break;
      case 'half':
      case 'float':
        // Stored as decimals: numbers in GraphQL.
        out[name] = f$.float({
          ...options,
          select: { [name]: true },
          resolve: (p: Record<string, unknown>) => (p[name] === null || p[name] === undefined ? null : Number(p[name])),
        });
        break;
      case 'date':
        out[name] = f$.expose(name, { ...options, type: 'Date' });
        break;
      case 'option':
        out[name] = f$.expose(name, { ...options, type: enumOf(f.options!) });
        break;
      case 'options':
        out[name] = f$.expose(name, { ...options, type: [enumOf(f.options!)] });
        break;
      case 'lines':
        out[name] = f$.exposeStringList(name, options);
        break;
    }
  }
  return out;
}

/** The `ListingInput` fields of the declared fields that are not written by hand. */
export function listingInputFields(
  t: unknown,
  fields: ListingFields = LISTING_FIELDS,
  enumOf: (set: OptionSet) => unknown = listingEnum,
): InputFieldMap {
  const f$ = t as InputFields;
  const out: InputFieldMap = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.graphql?.input === 'own' || f.kind === 'own') continue;
    // Lists may be left out (none), as may a field with a default or an optional one.
    const required = !f.optional && f.inputDefault === undefined && f.kind !== 'options' && f.kind !== 'lines';
    const options = { ...(required ? { required: true } : {}), ...described(f.graphql?.inputDescription) };
    switch (f.kind) {
      case 'line':
      case 'text':
      case 'url':
      case 'date':
        out[name] = f$.string(options);
        break;
      case 'int':
      case 'money':
        out[name] = f$.int(options);
        break;
      case 'half':
      case 'float':
        out[name] = f$.float(options);
        break;
      case 'option':
        out[name] = f$.field({ ...options, type: enumOf(f.options!) });
        break;
      case 'options':
        out[name] = f$.field({ ...options, type: [enumOf(f.options!)] });
        break;
      case 'lines':
        out[name] = f$.stringList(options);
        break;
    }
  }
  return out;
}
