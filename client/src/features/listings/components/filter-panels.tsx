// What the filter bar's popovers show (docs/decisions/0053-deferred-controls.md): loaded with the
// popover's own code, when one is about to open, rather than with the listings page.
import {
  AccessibilityFeatureValues,
  accessibilityFeatureLabels,
  PetsFilterValues,
  petsFilterLabels,
  PropertyTypeFilterValues,
  propertyTypeFilterLabels,
  optionsOf,
} from '@common/options';
import { useQuery } from '@/lib/apollo/use-query';
import { lazy, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import { lineName } from '@/features/transit/subway-bullets';
import {
  CommuteMaxFilterValues,
  normalizePrice,
  RentBasisValues,
  WalkFilterValues,
  type RentBasis,
  type SearchState,
  walkLabels,
  commuteMaxLabels,
} from '../search-state';
import { labels } from '@common/i18n/labels';
import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';
import {
  DECLARED_FILTER_NAMES,
  declaredFilterText,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type SearchFilterDeclaration,
} from '@common/search-filters';
import { SEARCH_FILTER_TEXTS } from '@common/search-filter-texts';

const messages = defineMessages({
  any: { id: 'filters.any', defaultMessage: 'Any' },
  clearField: { id: 'filters.clearField', defaultMessage: 'Clear {label}' },
  grossRent: { id: 'filters.grossRent', defaultMessage: 'Gross rent' },
  netEffective: { id: 'filters.netEffective', defaultMessage: 'Net effective' },
  filterAndSortBy: { id: 'filters.filterAndSortBy', defaultMessage: 'Filter and sort by' },
  netEffectiveExplained: {
    id: 'filters.netEffectiveExplained',
    defaultMessage:
      "The net effective rent spreads a concession's free months over the lease. The rent you pay each month is the gross rent.",
  },
  minimumPrice: { id: 'filters.minimumPrice', defaultMessage: 'Minimum price' },
  maximumPrice: { id: 'filters.maximumPrice', defaultMessage: 'Maximum price' },
  noMin: { id: 'filters.noMin', defaultMessage: 'No min' },
  noMax: { id: 'filters.noMax', defaultMessage: 'No max' },
  minOverMax: { id: 'filters.minOverMax', defaultMessage: 'Minimum price must not exceed maximum price.' },
  reset: { id: 'filters.reset', defaultMessage: 'Reset' },
  apply: { id: 'filters.apply', defaultMessage: 'Apply' },
  accessibility: { id: 'filters.accessibility', defaultMessage: 'Accessibility' },
  propertyType: { id: 'filters.propertyType', defaultMessage: 'Property type' },
  petPolicy: { id: 'filters.petPolicy', defaultMessage: 'Pet policy' },
  walkToSubway: { id: 'filters.walkToSubway', defaultMessage: 'Walk to subway' },
  subwayLines: { id: 'filters.subwayLines', defaultMessage: 'Subway lines' },
  loadingLines: { id: 'filters.loadingLines', defaultMessage: 'Loading lines…' },
  linesFailed: { id: 'filters.linesFailed', defaultMessage: 'Could not load the lines.' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  commutingTo: { id: 'filters.commutingTo', defaultMessage: 'Commuting to' },
  change: { id: 'filters.change', defaultMessage: 'Change' },
  atMost: { id: 'filters.atMost', defaultMessage: 'At most, door to door' },
  sortByCommute: { id: 'filters.sortByCommute', defaultMessage: 'Sort by shortest commute' },
});

interface PanelProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}

const rentBasisOptions = optionsOf<RentBasis>(RentBasisValues, labels({ gross: messages.grossRent, net: messages.netEffective }));

/** The price range and the rent it is on; applied together, or reset. Opens with the page's filter. */
export function PricePanel({ state, onChange, onDone }: PanelProps & { onDone: () => void }) {
  const [min, setMin] = useState(state.minPrice);
  const [max, setMax] = useState(state.maxPrice);
  const [rent, setRent] = useState<RentBasis>(state.rent);
  const errorId = useId();
  const invalid = min !== '' && max !== '' && Number(min) > Number(max);
  const intl = useIntl();

  function apply(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    onChange({ minPrice: min, maxPrice: max, rent });
    onDone();
  }

  return (
    <form onSubmit={apply} className="space-y-3" noValidate>
      {/* A sale has an asking price, no gross or net effective rent (issue 58 item 3). */}
      {state.type === 'sale' ? null : (
        <RadioPills
          legend={intl.formatMessage(messages.filterAndSortBy)}
          value={rent}
          options={rentBasisOptions}
          onValueChange={setRent}
        />
      )}
      {rent === 'net' ? <p className="text-xs text-gray-600">{intl.formatMessage(messages.netEffectiveExplained)}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={intl.formatMessage(messages.minimumPrice)}
          prefix="$"
          inputMode="numeric"
          autoComplete="off"
          placeholder={intl.formatMessage(messages.noMin)}
          value={min}
          onChange={(event) => setMin(normalizePrice(event.target.value))}
          aria-describedby={invalid ? errorId : undefined}
        />
        <TextField
          label={intl.formatMessage(messages.maximumPrice)}
          prefix="$"
          inputMode="numeric"
          autoComplete="off"
          placeholder={intl.formatMessage(messages.noMax)}
          value={max}
          onChange={(event) => setMax(normalizePrice(event.target.value))}
          aria-describedby={invalid ? errorId : undefined}
        />
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {intl.formatMessage(messages.minOverMax)}
        </p>
      ) : null}
      <div className="flex justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onChange({ minPrice: '', maxPrice: '', rent: 'gross' });
            onDone();
          }}
        >
          {intl.formatMessage(messages.reset)}
        </Button>
        <Button type="submit" size="sm" disabled={invalid}>
          {intl.formatMessage(messages.apply)}
        </Button>
      </div>
    </form>
  );
}

function RadioPills<V extends string>({
  legend,
  value,
  options,
  onValueChange,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onValueChange: (value: V) => void;
}) {
  const legendId = useId();
  return (
    <div>
      <p id={legendId} className="mb-2 text-sm font-medium text-gray-800">
        {legend}
      </p>
      {/* The browser's own radio buttons (arrow keys move the choice), drawn as pills. */}
      <div role="radiogroup" aria-labelledby={legendId} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative inline-flex h-8 cursor-pointer items-center rounded-full border border-gray-300 bg-white px-3 text-sm text-gray-800 hover:bg-gray-50',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input
              type="radio"
              name={legendId}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
              // Over the whole pill, unseen: a tap anywhere on it is a tap on the radio button.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * A group of checkboxes of which every ticked one must hold ('Accessibility', issue 26 item 4;
 * 'Amenities', issue 59 item 1): the ticked values, always in the order of `values`.
 */
function CheckboxGroup<V extends string>({
  legend,
  values,
  labels,
  checked,
  onValuesChange,
  className = 'space-y-1.5',
}: {
  legend: string;
  values: readonly V[];
  labels: Readonly<Record<V, string>>;
  checked: readonly V[];
  onValuesChange: (next: V[]) => void;
  className?: string;
}) {
  const toggle = (value: V, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(value);
    else next.delete(value);
    onValuesChange(values.filter((v) => next.has(v)));
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-900">{legend}</legend>
      <div className={className}>
        {values.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-4 rounded border-gray-300 accent-brand-700"
              checked={checked.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
            />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 'More': property type, pets, accessibility, and the declared filters but the switches (bathrooms, bedrooms at most, amenities, move-in date). */
export function MorePanel({ state, onChange }: PanelProps) {
  return (
    <>
      <RadioPills
        legend={formatMessage(messages.propertyType)}
        value={state.propertyType}
        options={optionsOf(PropertyTypeFilterValues, propertyTypeFilterLabels)}
        onValueChange={(propertyType) => onChange({ propertyType })}
      />
      <RadioPills
        legend={formatMessage(messages.petPolicy)}
        value={state.pets}
        options={optionsOf(PetsFilterValues, petsFilterLabels)}
        onValueChange={(pets) => onChange({ pets })}
      />
      <CheckboxGroup
        legend={formatMessage(messages.accessibility)}
        values={AccessibilityFeatureValues}
        labels={accessibilityFeatureLabels}
        checked={state.accessibility}
        onValuesChange={(accessibility) => onChange({ accessibility })}
      />
      {DECLARED_FILTER_NAMES.filter((name) => SEARCH_FILTERS[name].kind !== 'flag').map((name) => (
        <DeclaredFilterControl key={name} name={name} state={state} onChange={onChange} />
      ))}
    </>
  );
}

/**
 * The control of a filter declared in common/search-filters.ts: a count's choices as pills ('Any'
 * first; its highest, which bounds nothing, left out), halves' declared choices as pills, a set's values
 * as checkboxes (every ticked one must hold), a day as the browser's date field. A switch is a toggle in the bar.
 */
function DeclaredFilterControl({ name, state, onChange }: PanelProps & { name: DeclaredFilterName }) {
  const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
  const id = useId();
  const texts = SEARCH_FILTER_TEXTS[name];
  const label = texts.label ? formatMessage(texts.label) : name;
  if (declaration.kind === 'count' || declaration.kind === 'halves') {
    const choices =
      declaration.kind === 'halves'
        ? declaration.choices.map(String)
        : Array.from({ length: declaration.max - declaration.min }, (_, i) => String(declaration.min + i));
    const options = [
      { value: '', label: formatMessage(messages.any) },
      ...choices.map((value) => ({
        value,
        label: texts.optionLabel ? formatMessage(texts.optionLabel, { value }) : value,
      })),
    ];
    return (
      <RadioPills legend={label} value={state[name]} options={options} onValueChange={(value) => onChange({ [name]: value })} />
    );
  }
  if (declaration.kind === 'set') {
    const values = declaration.values;
    const checked = state[name] ? state[name].toUpperCase().split(',') : [];
    return (
      <CheckboxGroup
        legend={label}
        values={values}
        labels={texts.valueLabels ?? Object.fromEntries(values.map((v) => [v, v]))}
        checked={checked}
        onValuesChange={(next) => onChange({ [name]: declaredFilterText(declaration, next) })}
        className="grid grid-cols-2 gap-x-3 gap-y-1.5"
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="date"
          value={state[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
          className="h-10 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        {state[name] ? (
          <Button type="button" variant="link" size="sm" onClick={() => onChange({ [name]: '' })}>
            {formatMessage(messages.clearField, { label })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export const SubwayLinesQuery = graphql(`
  query SubwayLines {
    subwayLines {
      id
      bullet
      accessibleName
      kind
      color
      textColor
    }
  }
`);

/**
 * 'Subway lines' (a multi-select of the line bullets, in the MTA's colours) and 'Walk to subway'
 * (5, 10 or 15 minutes), issue 13 item 3. The lines are asked of the server when the popover first
 * opens (none of the data is in the page's JavaScript).
 */
export function SubwayPanel({ state, onChange }: PanelProps) {
  return (
    <>
      <SubwayLinePicker selected={state.lines} onChange={(lines) => onChange({ lines })} />
      <RadioPills
        legend={formatMessage(messages.walkToSubway)}
        value={state.walk}
        options={optionsOf(WalkFilterValues, walkLabels)}
        onValueChange={(walk) => onChange({ walk })}
      />
    </>
  );
}

function SubwayLinePicker({ selected, onChange }: { selected: string[]; onChange: (lines: string[]) => void }) {
  const legendId = useId();
  const { data, loading, error, refetch } = useQuery(SubwayLinesQuery);
  const lines = data?.subwayLines ?? [];
  return (
    <div>
      <p id={legendId} className="mb-2 text-sm font-medium text-gray-800">
        {formatMessage(messages.subwayLines)}
      </p>
      {loading && !data ? (
        <p className="text-sm text-gray-600" role="status">
          {formatMessage(messages.loadingLines)}
        </p>
      ) : error && !data ? (
        <p className="text-sm text-red-700" role="alert">
          {formatMessage(messages.linesFailed)}{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            {formatMessage(messages.retry)}
          </button>
        </p>
      ) : (
        <ul aria-labelledby={legendId} className="flex flex-wrap gap-1.5">
          {lines.map((line) => {
            const on = selected.includes(line.id);
            // The name holds what the bullet shows (WCAG 2.5.3): 'L train', 'tren L', 'SIR Staten Island Railway'.
            const named = lineName(line);
            const name = named.split(/\s+/).includes(line.bullet) ? named : `${line.bullet} ${named}`;
            return (
              <li key={line.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={name}
                  title={named}
                  onClick={() => onChange(on ? selected.filter((id) => id !== line.id) : [...selected, line.id])}
                  style={{ backgroundColor: line.color, color: line.textColor }}
                  className={cn(
                    // Large bold text: the MTA's lighter colours (the L's grey) keep a 3:1 contrast.
                    'inline-flex size-10 items-center justify-center rounded-full leading-none font-bold ring-offset-2 transition',
                    line.bullet.length > 1 ? 'text-sm' : 'text-xl',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    on ? 'ring-3 ring-gray-900' : 'hover:ring-2 hover:ring-gray-300',
                  )}
                >
                  {line.bullet}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// The destination picker (stations and addresses) loads with the popover, not with the page.
const CommutePicker = lazy(() => import('@/features/transit/commute-picker'));

/**
 * 'Commute' (issue 13 item 4): where the visitor commutes to (a station or an address), then at most
 * how many minutes door to door by subway. The cards show each listing's minutes once it is set.
 */
export function CommutePanel({ state, onChange }: PanelProps) {
  const target = state.commute;
  // The picker's code loads with it (the popover's 'Loading…' shows meanwhile).
  if (!target) return <CommutePicker onPick={(commute) => onChange({ commute })} />;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm text-gray-800">
          {formatMessage(messages.commutingTo)} <strong className="font-semibold">{target.label}</strong>
        </p>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onChange({ commute: null })}>
          {formatMessage(messages.change)}
        </Button>
      </div>
      <RadioPills
        legend={formatMessage(messages.atMost)}
        value={state.commuteMax}
        options={optionsOf(CommuteMaxFilterValues, commuteMaxLabels)}
        onValueChange={(commuteMax) => onChange({ commuteMax })}
      />
      {state.sort !== 'commute' ? (
        <Button variant="outline" size="sm" onClick={() => onChange({ sort: 'commute' })}>
          {formatMessage(messages.sortByCommute)}
        </Button>
      ) : null}
    </>
  );
}
