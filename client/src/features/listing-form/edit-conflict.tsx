// A save refused because the listing changed since this form read it (issue 58 item 5): the server
// answers CONFLICT and nothing is written. The form shows which fields the other change modified,
// theirs against yours, and lets the agent load theirs or keep editing and save over them knowingly.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { formatPrice } from '@common/format';
import { LISTING_FIELDS, optionLabelsOf } from '@common/listing-fields';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_ORDER, fieldLabel, type ListingFormValues, type SavedPhoto } from './form-model';

/** The option fields' labels by field name. */
const LISTING_OPTION_LABELS = optionLabelsOf(LISTING_FIELDS);

const messages = defineMessages({
  title: { id: 'listingForm.conflict.title', defaultMessage: 'Someone else changed this listing' },
  intro: {
    id: 'listingForm.conflict.intro',
    defaultMessage:
      'It was saved elsewhere (another tab or person) after you opened it. Nothing of yours was saved, and nothing was overwritten.',
  },
  fieldsIntro: { id: 'listingForm.conflict.fieldsIntro', defaultMessage: 'What the other change modified:' },
  noFields: {
    id: 'listingForm.conflict.noFields',
    defaultMessage: 'The other change did not modify the fields of this form that you can compare (its status, for example).',
  },
  field: { id: 'listingForm.conflict.field', defaultMessage: 'Field' },
  theirs: { id: 'listingForm.conflict.theirs', defaultMessage: 'Theirs (saved)' },
  yours: { id: 'listingForm.conflict.yours', defaultMessage: 'Yours (not saved)' },
  empty: { id: 'listingForm.conflict.empty', defaultMessage: '(empty)' },
  loadTheirs: { id: 'listingForm.conflict.loadTheirs', defaultMessage: 'Load their version' },
  keepMine: { id: 'listingForm.conflict.keepMine', defaultMessage: 'Keep my changes' },
  keepMineHint: {
    id: 'listingForm.conflict.keepMineHint',
    defaultMessage: 'Keep my changes: your next save replaces theirs with what this form shows.',
  },
});

/** The listing as it is now on the server, as the form reads it. */
export interface CurrentListing {
  version: number;
  values: ListingFormValues;
  photos: SavedPhoto[];
}

/** Whether a failed save was refused for a stale version; the version the listing is at now when it was. */
export function staleVersionOf(error: unknown): { currentVersion: number | null } | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const ext = error.errors[0]?.extensions;
  if (ext?.code !== 'CONFLICT' || ext.reason !== 'STALE_VERSION') return null;
  return { currentVersion: typeof ext.currentVersion === 'number' ? ext.currentVersion : null };
}

export interface ChangedField {
  path: string;
  theirs: unknown;
  yours: unknown;
}

const comparable = (path: string, value: unknown) =>
  JSON.stringify(path === 'photos' && Array.isArray(value) ? value.map((p: { url?: string }) => p.url) : (value ?? null));

/**
 * The fields the other change modified: those where the listing now differs from the values this
 * form read (`read`), with theirs and yours. Without what was read, those where theirs and yours differ.
 */
export function changedFields(
  read: ListingFormValues | null,
  theirs: ListingFormValues,
  yours: ListingFormValues,
): ChangedField[] {
  const t = theirs as unknown as Record<string, unknown>;
  const y = yours as unknown as Record<string, unknown>;
  const r = read as unknown as Record<string, unknown> | null;
  return FIELD_ORDER.filter((path) => comparable(path, t[path]) !== comparable(path, r ? r[path] : y[path])).map((path) => ({
    path,
    theirs: t[path],
    yours: y[path],
  }));
}

/** Fields in whole US dollars, shown as money ('$3,350'). */
const MONEY = new Set(['price', 'securityDeposit', 'applicationFee', 'brokerFee', 'petFee', 'petDeposit', 'parkingFee']);

/** A field's value as the conflict panel shows it: money as money, options by their labels, lists joined. */
export function shownValue(path: string, value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (MONEY.has(path) && typeof value === 'number') return formatPrice(value);
  const labels = LISTING_OPTION_LABELS[path];
  const label = (v: unknown) => (labels && typeof v === 'string' ? (labels[v] ?? v) : String(v));
  if (Array.isArray(value)) {
    if (value.length === 0) return empty;
    return value
      .map((v) =>
        typeof v === 'object' && v !== null
          ? 'url' in v
            ? String((v as { url: string }).url.split('/').pop())
            : Object.values(v as Record<string, unknown>)
                .filter((x) => x !== null && x !== '')
                .join(' ')
          : label(v),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return label(value);
}

export function EditConflict({
  fields,
  onLoadTheirs,
  onKeepMine,
}: {
  /** The fields the other change modified, or null when the listing could not be read again. */
  fields: ChangedField[] | null;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // Announced and in view: the agent's save did not happen.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const empty = intl.formatMessage(messages.empty);
  return (
    <section
      role="alert"
      aria-labelledby="edit-conflict-title"
      data-testid="edit-conflict"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-sm text-amber-950"
    >
      <h2 id="edit-conflict-title" ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {intl.formatMessage(messages.title)}
      </h2>
      <p className="mt-1">{intl.formatMessage(messages.intro)}</p>
      {fields && fields.length > 0 ? (
        <>
          <p className="mt-3 font-medium">{intl.formatMessage(messages.fieldsIntro)}</p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-0 table-fixed border-collapse text-left">
              <thead>
                <tr className="border-b border-amber-300">
                  <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                    {intl.formatMessage(messages.field)}
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {intl.formatMessage(messages.theirs)}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {intl.formatMessage(messages.yours)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f.path} className="border-b border-amber-200 align-top last:border-0">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {fieldLabel(f.path)}
                    </th>
                    <td className="py-1 pr-2 break-words">{shownValue(f.path, f.theirs, empty)}</td>
                    <td className="py-1 break-words">{shownValue(f.path, f.yours, empty)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : fields ? (
        <p className="mt-3">{intl.formatMessage(messages.noFields)}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={onLoadTheirs} disabled={!fields}>
          {intl.formatMessage(messages.loadTheirs)}
        </Button>
        <Button variant="outline" onClick={onKeepMine} aria-label={intl.formatMessage(messages.keepMineHint)}>
          {intl.formatMessage(messages.keepMine)}
        </Button>
      </div>
    </section>
  );
}
