import { formatMessage, type MessageDescriptor } from './messages.js';

/**
 * A label map whose labels are in the page's language (issue 29; common/i18n/messages.ts): each label
 * is a message (its id `option.<map>.<value>`), read when it is used. A label without letters ('5+')
 * is the same in every language.
 */
export function labels<K extends string>(entries: Record<K, MessageDescriptor | string>): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(entries) as K[]) {
    const entry = entries[key];
    Object.defineProperty(out, key, {
      enumerable: true,
      get: typeof entry === 'string' ? () => entry : () => formatMessage(entry),
    });
  }
  return Object.freeze(out);
}
