import { formatMessage, type MessageDescriptor } from './messages.js';

/**
 * A label map whose labels are in the page's language (issue 29; common/i18n/messages.ts), read when
 * they are used: each label is a message (`option.<map>.<value>` for the option lists), or a label
 * made from one ('10 min'). A label without letters ('5+') is the same in every language.
 */
export function labels<K extends string>(
  entries: Record<K, MessageDescriptor | string | (() => string)>,
): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(entries) as K[]) {
    const entry = entries[key];
    Object.defineProperty(out, key, {
      enumerable: true,
      get: typeof entry === 'string' ? () => entry : typeof entry === 'function' ? entry : () => formatMessage(entry),
    });
  }
  return Object.freeze(out);
}
