import { formatPrice } from '@common/format';
import { neighborhoodsOf } from '@common/nyc';
import {
  AccessibilityFeatureValues,
  accessibilityFeatureLabels,
  type AccessibilityFeature,
  BedroomsFilterValues,
  bedroomsFilterLabels,
  boroughLabels,
  BoroughValues,
  PetsFilterValues,
  petsFilterLabels,
  PropertyTypeFilterValues,
  propertyTypeFilterLabels,
  SortValues,
  sortLabels,
  type Borough,
} from '@common/options';
import { useQuery } from '@apollo/client/react';
import { ChevronDown, SlidersHorizontal, TrainFront, X } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { SelectField, type SelectOption } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import {
  CommuteMaxFilterValues,
  hasActiveFilters,
  normalizePrice,
  WalkFilterValues,
  type CommuteMaxFilter,
  type RentBasis,
  type SearchState,
  type WalkFilter,
} from '../search-state';
import { AddressSearch, type AddressSuggestion } from './address-search';

export interface FilterBarProps {
  state: SearchState;
  /** A change to the filters; the page writes it to the URL (and so asks for page 1). */
  onChange: (patch: Partial<SearchState>) => void;
  onClearAll: () => void;
}

const triggerClasses =
  'inline-flex h-10 shrink-0 items-center whitespace-nowrap gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm ' +
  'hover:bg-gray-50 data-[state=open]:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const activeTriggerClasses = 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-50';

const boroughOptions: SelectOption<Borough | 'all'>[] = [
  { value: 'all', label: 'All boroughs' },
  ...BoroughValues.map((value) => ({ value, label: boroughLabels[value] })),
];

const bedroomOptions = BedroomsFilterValues.map((value) => ({ value, label: bedroomsFilterLabels[value] }));
const sortOptions = SortValues.map((value) => ({ value, label: sortLabels[value] }));
const sortOptionsWithoutCommute = sortOptions.filter((o) => o.value !== 'commute');

/** '$1,000 – $3,000', '$1,000+', 'Up to $3,000' or '' when the price is not filtered. */
export function priceRangeLabel(minPrice: string, maxPrice: string): string {
  if (minPrice && maxPrice) return `${formatPrice(Number(minPrice))} – ${formatPrice(Number(maxPrice))}`;
  if (minPrice) return `${formatPrice(Number(minPrice))}+`;
  if (maxPrice) return `Up to ${formatPrice(Number(maxPrice))}`;
  return '';
}

const rentBasisOptions = [
  { value: 'gross', label: 'Gross rent' },
  { value: 'net', label: 'Net effective' },
] as const satisfies readonly { value: RentBasis; label: string }[];

/** The price trigger's text: 'Price', 'Price: $1,000+', 'Net effective: Up to $3,000', 'Price: net effective'. */
export function priceTriggerLabel(state: Pick<SearchState, 'minPrice' | 'maxPrice' | 'rent'>): string {
  const range = priceRangeLabel(state.minPrice, state.maxPrice);
  if (state.rent === 'net') return range ? `Net effective: ${range}` : 'Price: net effective';
  return range ? `Price: ${range}` : 'Price';
}

function PriceFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState(state.minPrice);
  const [max, setMax] = useState(state.maxPrice);
  const [rent, setRent] = useState<RentBasis>(state.rent);
  const errorId = useId();
  const invalid = min !== '' && max !== '' && Number(min) > Number(max);
  const active = Boolean(state.minPrice || state.maxPrice || state.rent !== 'gross');

  function onOpenChange(next: boolean) {
    if (next) {
      setMin(state.minPrice);
      setMax(state.maxPrice);
      setRent(state.rent);
    }
    setOpen(next);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    onChange({ minPrice: min, maxPrice: max, rent });
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger className={cn(triggerClasses, active && activeTriggerClasses)}>
        {priceTriggerLabel(state)}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent aria-label="Price range">
        <form onSubmit={apply} className="space-y-3" noValidate>
          <RadioPills legend="Filter and sort by" value={rent} options={rentBasisOptions} onValueChange={setRent} />
          {rent === 'net' ? (
            <p className="text-xs text-gray-600">
              The net effective rent spreads a concession&apos;s free months over the lease. The rent you pay each month is the
              gross rent.
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Minimum price"
              prefix="$"
              inputMode="numeric"
              autoComplete="off"
              placeholder="No min"
              value={min}
              onChange={(event) => setMin(normalizePrice(event.target.value))}
              aria-describedby={invalid ? errorId : undefined}
            />
            <TextField
              label="Maximum price"
              prefix="$"
              inputMode="numeric"
              autoComplete="off"
              placeholder="No max"
              value={max}
              onChange={(event) => setMax(normalizePrice(event.target.value))}
              aria-describedby={invalid ? errorId : undefined}
            />
          </div>
          {invalid ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              Minimum price must not exceed maximum price.
            </p>
          ) : null}
          <div className="flex justify-between gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setMin('');
                setMax('');
                setRent('gross');
                onChange({ minPrice: '', maxPrice: '', rent: 'gross' });
                setOpen(false);
              }}
            >
              Reset
            </Button>
            <Button type="submit" size="sm" disabled={invalid}>
              Apply
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
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
      <RadioGroup.Root
        aria-labelledby={legendId}
        value={value}
        onValueChange={(next) => {
          const option = options.find((o) => o.value === next);
          if (option) onValueChange(option.value);
        }}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cn(
              'inline-flex h-8 items-center rounded-full border border-gray-300 bg-white px-3 text-sm text-gray-800 hover:bg-gray-50',
              'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white',
            )}
          >
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** 'Accessibility' (issue 26 item 4): homes with every feature ticked. */
function AccessibilityFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const toggle = (feature: AccessibilityFeature, on: boolean) => {
    const next = new Set(state.accessibility);
    if (on) next.add(feature);
    else next.delete(feature);
    onChange({ accessibility: AccessibilityFeatureValues.filter((f) => next.has(f)) });
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-900">Accessibility</legend>
      <div className="space-y-1.5">
        {AccessibilityFeatureValues.map((feature) => (
          <label key={feature} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-4 rounded border-gray-300 accent-brand-700"
              checked={state.accessibility.includes(feature)}
              onChange={(event) => toggle(feature, event.target.checked)}
            />
            {accessibilityFeatureLabels[feature]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function MoreFilters({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const count = (state.propertyType !== 'any' ? 1 : 0) + (state.pets !== 'any' ? 1 : 0) + state.accessibility.length;
  return (
    <Popover>
      <PopoverTrigger className={cn(triggerClasses, count > 0 && activeTriggerClasses)}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        More
        {count > 0 ? (
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label="More filters" className="w-80 space-y-4" align="end">
        <RadioPills
          legend="Property type"
          value={state.propertyType}
          options={PropertyTypeFilterValues.map((value) => ({ value, label: propertyTypeFilterLabels[value] }))}
          onValueChange={(propertyType) => onChange({ propertyType })}
        />
        <RadioPills
          legend="Pet policy"
          value={state.pets}
          options={PetsFilterValues.map((value) => ({ value, label: petsFilterLabels[value] }))}
          onValueChange={(pets) => onChange({ pets })}
        />
        <AccessibilityFilter state={state} onChange={onChange} />
      </PopoverContent>
    </Popover>
  );
}

export const SubwayLinesQuery = graphql(`
  query SubwayLines {
    subwayLines {
      id
      bullet
      accessibleName
      color
      textColor
    }
  }
`);

const walkLabels: Record<WalkFilter, string> = { any: 'Any', '5': '5 min', '10': '10 min', '15': '15 min' };

/** 'L, G' for the trigger and the chip. */
function linesLabel(lines: string[]): string {
  return lines.join(', ');
}

/**
 * 'Subway lines' (a multi-select of the line bullets, in the MTA's colours) and 'Walk to subway'
 * (5, 10 or 15 minutes), issue 13 item 3. The lines are asked of the server when the popover first
 * opens (none of the data is in the page's JavaScript).
 */
function SubwayFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const active = state.lines.length > 0 || state.walk !== 'any';
  const summary = [linesLabel(state.lines), state.walk !== 'any' ? `${state.walk} min` : ''].filter(Boolean).join(' · ');
  return (
    <Popover>
      <PopoverTrigger className={cn(triggerClasses, active && activeTriggerClasses)}>
        <TrainFront aria-hidden="true" className="size-4" />
        {summary ? `Subway: ${summary}` : 'Subway'}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent aria-label="Subway" className="w-80 space-y-4" align="start">
        <SubwayLinePicker selected={state.lines} onChange={(lines) => onChange({ lines })} />
        <RadioPills
          legend="Walk to subway"
          value={state.walk}
          options={WalkFilterValues.map((value) => ({ value, label: walkLabels[value] }))}
          onValueChange={(walk) => onChange({ walk })}
        />
      </PopoverContent>
    </Popover>
  );
}

function SubwayLinePicker({ selected, onChange }: { selected: string[]; onChange: (lines: string[]) => void }) {
  const legendId = useId();
  const { data, loading, error, refetch } = useQuery(SubwayLinesQuery);
  const lines = data?.subwayLines ?? [];
  return (
    <div>
      <p id={legendId} className="mb-2 text-sm font-medium text-gray-800">
        Subway lines
      </p>
      {loading && !data ? (
        <p className="text-sm text-gray-600" role="status">
          Loading lines…
        </p>
      ) : error && !data ? (
        <p className="text-sm text-red-700" role="alert">
          Could not load the lines.{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <ul aria-labelledby={legendId} className="flex flex-wrap gap-1.5">
          {lines.map((line) => {
            const on = selected.includes(line.id);
            // The name starts with what the bullet shows (WCAG 2.5.3): 'L train', 'SIR Staten Island Railway'.
            const name = line.accessibleName.startsWith(line.bullet)
              ? line.accessibleName
              : `${line.bullet} ${line.accessibleName}`;
            return (
              <li key={line.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={name}
                  title={line.accessibleName}
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

const commuteMaxLabels: Record<CommuteMaxFilter, string> = {
  any: 'Any',
  '20': '20 min',
  '30': '30 min',
  '45': '45 min',
  '60': '60 min',
};

/**
 * 'Commute' (issue 13 item 4): where the visitor commutes to (a station or an address), then at most
 * how many minutes door to door by subway. The cards show each listing's minutes once it is set.
 */
function CommuteFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const [open, setOpen] = useState(false);
  const target = state.commute;
  const summary = target
    ? `Commute: ${target.label}${state.commuteMax !== 'any' ? ` · ${state.commuteMax} min` : ''}`
    : 'Commute';
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={cn(triggerClasses, 'max-w-72', target && activeTriggerClasses)}>
        <TrainFront aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{summary}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent aria-label="Commute" className="w-[22rem] max-w-[calc(100vw-1rem)] space-y-4" align="start">
        {target ? (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm text-gray-800">
                Commuting to <strong className="font-semibold">{target.label}</strong>
              </p>
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onChange({ commute: null })}>
                Change
              </Button>
            </div>
            <RadioPills
              legend="At most, door to door"
              value={state.commuteMax}
              options={CommuteMaxFilterValues.map((value) => ({ value, label: commuteMaxLabels[value] }))}
              onValueChange={(commuteMax) => onChange({ commuteMax })}
            />
            {state.sort !== 'commute' ? (
              <Button variant="outline" size="sm" onClick={() => onChange({ sort: 'commute' })}>
                Sort by shortest commute
              </Button>
            ) : null}
          </>
        ) : (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-gray-600">
                Loading…
              </p>
            }
          >
            <CommutePicker onPick={(commute) => onChange({ commute })} />
          </Suspense>
        )}
      </PopoverContent>
    </Popover>
  );
}

interface Chip {
  key: string;
  label: string;
  patch: Partial<SearchState>;
}

/** One removable chip per active filter. */
export function activeChips(state: SearchState): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push({ key: 'search', label: `“${state.search}”`, patch: { search: '' } });
  if (state.borough !== 'all') {
    chips.push({ key: 'borough', label: boroughLabels[state.borough], patch: { borough: 'all', neighborhood: '' } });
  }
  if (state.neighborhood) chips.push({ key: 'neighborhood', label: state.neighborhood, patch: { neighborhood: '' } });
  if (state.minPrice)
    chips.push({ key: 'minPrice', label: `Min ${formatPrice(Number(state.minPrice))}`, patch: { minPrice: '' } });
  if (state.maxPrice)
    chips.push({ key: 'maxPrice', label: `Max ${formatPrice(Number(state.maxPrice))}`, patch: { maxPrice: '' } });
  if (state.rent === 'net') chips.push({ key: 'rent', label: 'Net effective rent', patch: { rent: 'gross' } });
  if (state.bedrooms !== 'any') {
    chips.push({ key: 'bedrooms', label: `Bedrooms: ${bedroomsFilterLabels[state.bedrooms]}`, patch: { bedrooms: 'any' } });
  }
  if (state.propertyType !== 'any') {
    chips.push({ key: 'propertyType', label: propertyTypeFilterLabels[state.propertyType], patch: { propertyType: 'any' } });
  }
  if (state.pets !== 'any') chips.push({ key: 'pets', label: petsFilterLabels[state.pets], patch: { pets: 'any' } });
  for (const feature of state.accessibility) {
    chips.push({
      key: `access-${feature}`,
      label: accessibilityFeatureLabels[feature],
      patch: { accessibility: state.accessibility.filter((f) => f !== feature) },
    });
  }
  if (state.lines.length) chips.push({ key: 'lines', label: `Subway: ${linesLabel(state.lines)}`, patch: { lines: [] } });
  if (state.walk !== 'any') {
    chips.push({ key: 'walk', label: `Walk to subway: ${walkLabels[state.walk]}`, patch: { walk: 'any' } });
  }
  if (state.commute) {
    chips.push({ key: 'commute', label: `Commute to ${state.commute.label}`, patch: { commute: null } });
    if (state.commuteMax !== 'any') {
      chips.push({ key: 'commuteMax', label: `Commute: at most ${state.commuteMax} min`, patch: { commuteMax: 'any' } });
    }
  }
  if (state.bounds) chips.push({ key: 'bounds', label: 'Map area', patch: { bounds: null } });
  if (state.area) chips.push({ key: 'area', label: 'Drawn area', patch: { area: null } });
  return chips;
}

/**
 * The filter bar of the listings page (SPEC part 2): address search with suggestions, borough,
 * neighborhood (once a borough is chosen), price popover, bedrooms, 'More' (property type, pet
 * policy), sort, 'Clear all' and one removable chip per active filter.
 */
export function FilterBar({ state, onChange, onClearAll }: FilterBarProps) {
  const chips = activeChips(state);
  const neighborhoodOptions =
    state.borough === 'all'
      ? []
      : [
          { value: 'all', label: 'All neighborhoods' },
          ...neighborhoodsOf(state.borough).map((hood) => ({ value: hood.name, label: hood.name })),
        ];

  function pickNeighborhood(suggestion: AddressSuggestion) {
    const hood = suggestion.borough
      ? neighborhoodsOf(suggestion.borough).find((h) => h.name === suggestion.neighborhood)
      : undefined;
    if (hood) onChange({ search: '', borough: hood.borough, neighborhood: hood.name });
    else onChange({ search: suggestion.neighborhood ?? suggestion.label });
  }

  return (
    <div className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
      {/* The search box and the controls share a row while they fit; the controls wrap below it otherwise,
          and wrap among themselves rather than push the page wider (issue 24 item 5). */}
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <AddressSearch
          value={state.search}
          onSearch={(search) => onChange({ search })}
          onPickNeighborhood={pickNeighborhood}
          className="w-full lg:w-auto lg:min-w-72 lg:flex-1"
        />
        <div className="relative -mx-3 flex min-w-0 items-center gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0 lg:max-w-full lg:flex-initial">
          <SelectField
            label="Borough"
            hideLabel
            value={state.borough}
            options={boroughOptions}
            onValueChange={(borough) => onChange({ borough })}
            className={cn('w-40 shrink-0', state.borough !== 'all' && activeTriggerClasses)}
          />
          {state.borough !== 'all' ? (
            <SelectField
              label="Neighborhood"
              hideLabel
              value={state.neighborhood || 'all'}
              options={neighborhoodOptions}
              onValueChange={(value) => onChange({ neighborhood: value === 'all' ? '' : value })}
              className={cn('w-48 shrink-0', state.neighborhood && activeTriggerClasses)}
            />
          ) : null}
          <PriceFilter state={state} onChange={onChange} />
          <SelectField
            label="Bedrooms"
            value={state.bedrooms}
            options={bedroomOptions}
            onValueChange={(bedrooms) => onChange({ bedrooms })}
            className={cn('shrink-0', state.bedrooms !== 'any' && activeTriggerClasses)}
          />
          <SubwayFilter state={state} onChange={onChange} />
          <CommuteFilter state={state} onChange={onChange} />
          <MoreFilters state={state} onChange={onChange} />
          <SelectField
            label="Sort by"
            value={state.sort}
            options={state.commute ? sortOptions : sortOptionsWithoutCommute}
            onValueChange={(sort) => onChange({ sort })}
            className="shrink-0"
          />
        </div>
      </div>
      {chips.length > 0 || hasActiveFilters(state) ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
          <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={() => onChange(chip.patch)}
                  aria-label={`Remove filter ${chip.label}`}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 pr-2 pl-3 text-sm text-brand-800 hover:bg-brand-100"
                >
                  {chip.label}
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="link" size="sm" onClick={onClearAll} className="px-1">
            Clear all
          </Button>
        </div>
      ) : null}
    </div>
  );
}
