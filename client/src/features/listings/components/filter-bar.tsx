import { formatPrice } from '@common/format';
import { NEIGHBORHOOD_NAMES } from '@common/neighborhoods';
import {
  accessibilityFeatureLabels,
  BedroomsFilterValues,
  bedroomsFilterLabels,
  boroughLabels,
  BoroughValues,
  optionsOf,
  petsFilterLabels,
  propertyTypeFilterLabels,
  SortValues,
  sortLabels,
  type Borough,
} from '@common/options';
import { ChevronDown, SlidersHorizontal, TrainFront, X } from '@/components/icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { SelectField, type SelectOption } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import {
  hasActiveFilters,
  ListingKindValues,
  minutesLabel,
  type ListingKind,
  type SearchState,
  walkLabels,
} from '../search-state';
import { labels } from '@common/i18n/labels';
import {
  declaredFilterChip,
  DECLARED_FILTER_NAMES,
  parseDeclaredFilter,
  SEARCH_FILTERS,
  type SearchFilterDeclaration,
} from '@common/search-filters';
import { defineMessages, formatMessage, useIntl, type MessageDescriptor } from '@common/i18n/messages';

const messages = defineMessages({
  allBoroughs: { id: 'filters.allBoroughs', defaultMessage: 'All boroughs' },
  allNeighborhoods: { id: 'filters.allNeighborhoods', defaultMessage: 'All neighborhoods' },
  upTo: { id: 'filters.upTo', defaultMessage: 'Up to {price}' },
  netEffectiveRange: { id: 'filters.netEffectiveRange', defaultMessage: 'Net effective: {range}' },
  priceNetEffective: { id: 'filters.priceNetEffective', defaultMessage: 'Price: net effective' },
  priceRange: { id: 'filters.priceRange', defaultMessage: 'Price: {range}' },
  price: { id: 'filters.price', defaultMessage: 'Price' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  priceRangeDialog: { id: 'filters.priceRangeDialog', defaultMessage: 'Price range' },
  more: { id: 'filters.more', defaultMessage: 'More' },
  filters: { id: 'filters.sheetButton', defaultMessage: 'Filters' },
  filtersTitle: { id: 'filters.sheetTitle', defaultMessage: 'Filters' },
  showResults: { id: 'filters.showResults', defaultMessage: 'Show results' },
  priceHeading: { id: 'filters.sheetPrice', defaultMessage: 'Price' },
  subwayHeading: { id: 'filters.sheetSubway', defaultMessage: 'Subway' },
  commuteHeading: { id: 'filters.sheetCommute', defaultMessage: 'Commute' },
  active: { id: 'filters.active', defaultMessage: 'active' },
  moreFilters: { id: 'filters.moreFilters', defaultMessage: 'More filters' },
  subway: { id: 'filters.subway', defaultMessage: 'Subway' },
  subwaySummary: { id: 'filters.subwaySummary', defaultMessage: 'Subway: {summary}' },
  commute: { id: 'filters.commute', defaultMessage: 'Commute' },
  commuteSummary: { id: 'filters.commuteSummary', defaultMessage: 'Commute: {place}' },
  minPrice: { id: 'filters.minPrice', defaultMessage: 'Min {price}' },
  maxPrice: { id: 'filters.maxPrice', defaultMessage: 'Max {price}' },
  netEffectiveRent: { id: 'filters.netEffectiveRent', defaultMessage: 'Net effective rent' },
  bedroomsChip: { id: 'filters.bedroomsChip', defaultMessage: 'Bedrooms: {bedrooms}' },
  walkChip: { id: 'filters.walkChip', defaultMessage: 'Walk to subway: {walk}' },
  commuteTo: { id: 'filters.commuteTo', defaultMessage: 'Commute to {place}' },
  commuteAtMost: { id: 'filters.commuteAtMost', defaultMessage: 'Commute: at most {minutes} min' },
  mapArea: { id: 'filters.mapArea', defaultMessage: 'Map area' },
  drawnArea: { id: 'filters.drawnArea', defaultMessage: 'Drawn area' },
  borough: { id: 'filters.borough', defaultMessage: 'Borough' },
  neighborhood: { id: 'filters.neighborhood', defaultMessage: 'Neighborhood' },
  bedrooms: { id: 'filters.bedrooms', defaultMessage: 'Bedrooms' },
  sortBy: { id: 'filters.sortBy', defaultMessage: 'Sort by' },
  activeFilters: { id: 'filters.activeFilters', defaultMessage: 'Active filters' },
  removeFilter: { id: 'filters.removeFilter', defaultMessage: 'Remove filter {label}' },
  clearAll: { id: 'filters.clearAll', defaultMessage: 'Clear all' },
  listingKind: { id: 'filters.listingKind', defaultMessage: 'Rent or buy' },
  kindRent: { id: 'filters.kindRent', defaultMessage: 'Rent' },
  kindSale: { id: 'filters.kindSale', defaultMessage: 'Buy' },
  forSaleChip: { id: 'filters.forSaleChip', defaultMessage: 'For sale' },
});
import { AddressSearch, type AddressSuggestion } from '@/components/address-search';

export interface FilterBarProps {
  state: SearchState;
  /** A change to the filters; the page writes it to the URL (and so asks for page 1). */
  onChange: (patch: Partial<SearchState>) => void;
  onClearAll: () => void;
}

/** A filter that is set: its trigger (and its select) in the brand's colours. */
const activeTriggerClasses = 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-50';

/** A popover's trigger in the bar, idle or with its filter set. */
const triggerClasses = (active: boolean) =>
  cn(
    'inline-flex h-10 shrink-0 items-center whitespace-nowrap gap-2 rounded-md border px-3 text-sm shadow-sm',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active ? activeTriggerClasses : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50 data-[state=open]:bg-gray-50',
  );

const boroughOptions: SelectOption<Borough | 'all'>[] = [
  ...optionsOf(['all'] as const, labels({ all: messages.allBoroughs })),
  ...optionsOf(BoroughValues, boroughLabels),
];

const bedroomOptions = optionsOf(BedroomsFilterValues, bedroomsFilterLabels);
const sortOptions = optionsOf(SortValues, sortLabels);
const sortOptionsWithoutCommute = sortOptions.filter((o) => o.value !== 'commute');

/** '$1,000 – $3,000', '$1,000+', 'Up to $3,000' or '' when the price is not filtered. */
export function priceRangeLabel(minPrice: string, maxPrice: string): string {
  if (minPrice && maxPrice) return `${formatPrice(Number(minPrice))} – ${formatPrice(Number(maxPrice))}`;
  if (minPrice) return `${formatPrice(Number(minPrice))}+`;
  if (maxPrice) return formatMessage(messages.upTo, { price: formatPrice(Number(maxPrice)) });
  return '';
}

/** The price trigger's text: 'Price', 'Price: $1,000+', 'Net effective: Up to $3,000', 'Price: net effective'. */
export function priceTriggerLabel(state: Pick<SearchState, 'minPrice' | 'maxPrice' | 'rent'>): string {
  const range = priceRangeLabel(state.minPrice, state.maxPrice);
  if (state.rent === 'net')
    return range ? formatMessage(messages.netEffectiveRange, { range }) : formatMessage(messages.priceNetEffective);
  return range ? formatMessage(messages.priceRange, { range }) : formatMessage(messages.price);
}

// What each popover shows loads with the popover (docs/decisions/0053-deferred-controls.md): asked for
// when a pointer comes over a trigger or one takes the focus, as the popover's own code is.
const panels = () => import('./filter-panels');
const PricePanel = lazy(() => panels().then((m) => ({ default: m.PricePanel })));
const MorePanel = lazy(() => panels().then((m) => ({ default: m.MorePanel })));
const SubwayPanel = lazy(() => panels().then((m) => ({ default: m.SubwayPanel })));
const CommutePanel = lazy(() => panels().then((m) => ({ default: m.CommutePanel })));
const preloadPanels = { onPointerEnter: () => void panels(), onFocus: () => void panels() };

function Panel({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-gray-600">
          {formatMessage(messages.loading)}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

const kindLabels = { rent: messages.kindRent, sale: messages.kindSale } as const;

/**
 * Rent / Buy (issue 58 item 3): rentals, the default, or homes for sale. Two radio buttons styled as
 * one segmented control (arrow keys move between them, as in any radio group).
 */
function ListingKindSwitch({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const intl = useIntl();
  return (
    <fieldset className="inline-flex h-10 shrink-0 rounded-md border border-gray-300 bg-white p-0.5 shadow-sm">
      <legend className="sr-only">{intl.formatMessage(messages.listingKind)}</legend>
      {ListingKindValues.map((kind: ListingKind) => (
        <label
          key={kind}
          className={cn(
            'inline-flex cursor-pointer items-center rounded px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
            state.type === kind ? 'bg-brand-700 text-white' : 'text-gray-800 hover:bg-gray-50',
          )}
        >
          <input
            type="radio"
            name="listing-kind"
            value={kind}
            checked={state.type === kind}
            onChange={() => onChange({ type: kind })}
            className="sr-only"
          />
          {intl.formatMessage(kindLabels[kind])}
        </label>
      ))}
    </fieldset>
  );
}

function PriceFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const [open, setOpen] = useState(false);
  const active = Boolean(state.minPrice || state.maxPrice || state.rent !== 'gross');
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={triggerClasses(active)} {...preloadPanels}>
        {priceTriggerLabel(state)}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent aria-label={formatMessage(messages.priceRangeDialog)}>
        <Panel>
          <PricePanel state={state} onChange={onChange} onDone={() => setOpen(false)} />
        </Panel>
      </PopoverContent>
    </Popover>
  );
}

function MoreFilters({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const count =
    (state.propertyType !== 'any' ? 1 : 0) +
    (state.pets !== 'any' ? 1 : 0) +
    state.accessibility.length +
    // The declared filters of More (a switch is in the bar), a set's each value.
    DECLARED_FILTER_NAMES.reduce((n, name) => {
      const kind = SEARCH_FILTERS[name].kind;
      return kind === 'flag' || !state[name] ? n : n + (kind === 'set' ? state[name].split(',').length : 1);
    }, 0);
  return (
    <Popover>
      <PopoverTrigger className={triggerClasses(count > 0)} {...preloadPanels}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {formatMessage(messages.more)}
        {count > 0 ? (
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
            {count}
            <span className="sr-only"> {formatMessage(messages.active)}</span>
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label={formatMessage(messages.moreFilters)} className="w-80 space-y-4" align="end">
        <Panel>
          <MorePanel state={state} onChange={onChange} />
        </Panel>
      </PopoverContent>
    </Popover>
  );
}

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
  const summary = [linesLabel(state.lines), state.walk !== 'any' ? minutesLabel(state.walk) : ''].filter(Boolean).join(' · ');
  return (
    <Popover>
      <PopoverTrigger className={triggerClasses(active)} {...preloadPanels}>
        <TrainFront aria-hidden="true" className="size-4" />
        {summary ? formatMessage(messages.subwaySummary, { summary }) : formatMessage(messages.subway)}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent aria-label={formatMessage(messages.subway)} className="w-80 space-y-4" align="start">
        <Panel>
          <SubwayPanel state={state} onChange={onChange} />
        </Panel>
      </PopoverContent>
    </Popover>
  );
}

/**
 * 'Commute' (issue 13 item 4): where the visitor commutes to (a station or an address), then at most
 * how many minutes door to door by subway. The cards show each listing's minutes once it is set.
 */
function CommuteFilter({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const target = state.commute;
  const summary = target
    ? formatMessage(messages.commuteSummary, {
        place: `${target.label}${state.commuteMax !== 'any' ? ` · ${minutesLabel(state.commuteMax)}` : ''}`,
      })
    : formatMessage(messages.commute);
  return (
    <Popover>
      <PopoverTrigger className={cn(triggerClasses(Boolean(target)), 'max-w-72')} {...preloadPanels}>
        <TrainFront aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{summary}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      </PopoverTrigger>
      <PopoverContent
        aria-label={formatMessage(messages.commute)}
        className="w-[22rem] max-w-[calc(100vw-1rem)] space-y-4"
        align="start"
      >
        <Panel>
          <CommutePanel state={state} onChange={onChange} />
        </Panel>
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
  if (state.type === 'sale') chips.push({ key: 'type', label: formatMessage(messages.forSaleChip), patch: { type: 'rent' } });
  if (state.search) chips.push({ key: 'search', label: `“${state.search}”`, patch: { search: '' } });
  if (state.borough !== 'all') {
    chips.push({ key: 'borough', label: boroughLabels[state.borough], patch: { borough: 'all', neighborhood: '' } });
  }
  if (state.neighborhood) chips.push({ key: 'neighborhood', label: state.neighborhood, patch: { neighborhood: '' } });
  if (state.minPrice)
    chips.push({
      key: 'minPrice',
      label: formatMessage(messages.minPrice, { price: formatPrice(Number(state.minPrice)) }),
      patch: { minPrice: '' },
    });
  if (state.maxPrice)
    chips.push({
      key: 'maxPrice',
      label: formatMessage(messages.maxPrice, { price: formatPrice(Number(state.maxPrice)) }),
      patch: { maxPrice: '' },
    });
  if (state.rent === 'net')
    chips.push({ key: 'rent', label: formatMessage(messages.netEffectiveRent), patch: { rent: 'gross' } });
  if (state.bedrooms !== 'any') {
    chips.push({
      key: 'bedrooms',
      label: formatMessage(messages.bedroomsChip, { bedrooms: bedroomsFilterLabels[state.bedrooms] }),
      patch: { bedrooms: 'any' },
    });
  }
  // One chip each (a set's says how many: its labels stay out of the page's first script); a rentals' filter not on sales.
  for (const name of DECLARED_FILTER_NAMES) {
    const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
    const value = parseDeclaredFilter(declaration, state[name]);
    if (value !== null && !(declaration.rentalsOnly && state.type === 'sale'))
      chips.push({ key: name, label: declaredFilterChip(name, value), patch: { [name]: '' } });
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
  if (state.lines.length)
    chips.push({
      key: 'lines',
      label: formatMessage(messages.subwaySummary, { summary: linesLabel(state.lines) }),
      patch: { lines: [] },
    });
  if (state.walk !== 'any') {
    chips.push({
      key: 'walk',
      label: formatMessage(messages.walkChip, { walk: walkLabels[state.walk] }),
      patch: { walk: 'any' },
    });
  }
  if (state.commute) {
    chips.push({
      key: 'commute',
      label: formatMessage(messages.commuteTo, { place: state.commute.label }),
      patch: { commute: null },
    });
    if (state.commuteMax !== 'any') {
      chips.push({
        key: 'commuteMax',
        label: formatMessage(messages.commuteAtMost, { minutes: state.commuteMax }),
        patch: { commuteMax: 'any' },
      });
    }
  }
  if (state.bounds) chips.push({ key: 'bounds', label: formatMessage(messages.mapArea), patch: { bounds: null } });
  if (state.area) chips.push({ key: 'area', label: formatMessage(messages.drawnArea), patch: { area: null } });
  return chips;
}

/**
 * The filters, in the bar (popovers in a row) or in the phone's sheet (stacked, each panel open): one
 * list of controls for both.
 */
function FilterControls({
  state,
  onChange,
  neighborhoodOptions,
  sheet = false,
}: Pick<FilterBarProps, 'state' | 'onChange'> & { neighborhoodOptions: SelectOption<string>[]; sheet?: boolean }) {
  const intl = useIntl();
  const open = (heading: MessageDescriptor, panel: ReactNode) => (
    <section aria-label={intl.formatMessage(heading)} className="space-y-3">
      <Panel>{panel}</Panel>
    </section>
  );
  return (
    <>
      <ListingKindSwitch state={state} onChange={onChange} />
      <SelectField
        label={intl.formatMessage(messages.borough)}
        hideLabel={!sheet}
        value={state.borough}
        options={boroughOptions}
        onValueChange={(borough) => onChange({ borough })}
        className={cn(sheet ? 'w-full' : 'w-40 shrink-0', state.borough !== 'all' && activeTriggerClasses)}
      />
      {state.borough !== 'all' ? (
        <SelectField
          label={intl.formatMessage(messages.neighborhood)}
          hideLabel={!sheet}
          value={state.neighborhood || 'all'}
          options={neighborhoodOptions}
          onValueChange={(value) => onChange({ neighborhood: value === 'all' ? '' : value })}
          className={cn(sheet ? 'w-full' : 'w-48 shrink-0', state.neighborhood && activeTriggerClasses)}
        />
      ) : null}
      {sheet ? (
        open(messages.priceHeading, <PricePanel state={state} onChange={onChange} onDone={() => undefined} />)
      ) : (
        <PriceFilter state={state} onChange={onChange} />
      )}
      {/* The declared switches ('No fee', issue 59 item 1), each a toggle named by its chip; a rentals' filter not on sales. */}
      {DECLARED_FILTER_NAMES.map((name) => {
        const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
        if (declaration.kind !== 'flag' || (declaration.rentalsOnly && state.type === 'sale')) return null;
        const on = Boolean(state[name]);
        return (
          <button
            key={name}
            type="button"
            aria-pressed={on}
            className={cn(triggerClasses(on), sheet && 'self-start')}
            onClick={() => onChange({ [name]: on ? '' : '1' })}
          >
            {intl.formatMessage(declaration.chip)}
          </button>
        );
      })}
      <SelectField
        label={intl.formatMessage(messages.bedrooms)}
        value={state.bedrooms}
        options={bedroomOptions}
        onValueChange={(bedrooms) => onChange({ bedrooms })}
        className={cn(sheet ? 'w-full' : 'shrink-0', state.bedrooms !== 'any' && activeTriggerClasses)}
      />
      {sheet ? (
        <>
          {open(messages.more, <MorePanel state={state} onChange={onChange} />)}
          {open(messages.subwayHeading, <SubwayPanel state={state} onChange={onChange} />)}
          {open(messages.commuteHeading, <CommutePanel state={state} onChange={onChange} />)}
        </>
      ) : (
        <>
          <SubwayFilter state={state} onChange={onChange} />
          <CommuteFilter state={state} onChange={onChange} />
          <MoreFilters state={state} onChange={onChange} />
        </>
      )}
    </>
  );
}

/**
 * Every filter on a phone, full-screen (issue 59 item 1): each applies as it is chosen, as in the bar;
 * 'Show results' closes the sheet on the results, 'Clear all' resets the search.
 */
function FiltersSheet({
  open,
  onOpenChange,
  onClearAll,
  clearable,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClearAll: () => void;
  clearable: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          aria-describedby={undefined}
          className="inset-0 top-0 left-0 flex h-dvh w-full max-w-none translate-x-0 translate-y-0 flex-col rounded-none p-0"
        >
          <DialogTitle className="border-b border-gray-200 px-4 py-4 pr-14 text-lg font-semibold text-gray-900">
            {intl.formatMessage(messages.filtersTitle)}
          </DialogTitle>
          <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">{children}</div>
          <div className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-3">
            <Button variant="outline" onClick={onClearAll} disabled={!clearable}>
              {intl.formatMessage(messages.clearAll)}
            </Button>
            <Button onClick={() => onOpenChange(false)}>{intl.formatMessage(messages.showResults)}</Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The filter bar of the listings page (SPEC part 2): address search with suggestions, borough,
 * neighborhood (once a borough is chosen), price popover, bedrooms, 'More' (property type, pet
 * policy), sort, 'Clear all' and one removable chip per active filter.
 */
export function FilterBar({ state, onChange, onClearAll }: FilterBarProps) {
  const chips = activeChips(state);
  const intl = useIntl();
  const [sheetOpen, setSheetOpen] = useState(false);
  const neighborhoodOptions =
    state.borough === 'all'
      ? []
      : [
          { value: 'all', label: intl.formatMessage(messages.allNeighborhoods) },
          ...NEIGHBORHOOD_NAMES[state.borough].map((name) => ({ value: name, label: name })),
        ];

  function pickNeighborhood(suggestion: AddressSuggestion) {
    const borough = suggestion.borough;
    const hood = borough ? NEIGHBORHOOD_NAMES[borough].find((name) => name === suggestion.neighborhood) : undefined;
    if (borough && hood) onChange({ search: '', borough, neighborhood: hood });
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
        {/* A phone's width: one 'Filters' button opening every filter full-screen (issue 59 item 1),
            rather than a row to scroll sideways; wider, the filters in a row that wraps. */}
        <div className="flex min-w-0 flex-wrap items-center gap-2 lg:max-w-full lg:flex-initial">
          <button
            type="button"
            className={cn(triggerClasses(chips.length > 0), 'sm:hidden')}
            onClick={() => setSheetOpen(true)}
            aria-haspopup="dialog"
            {...preloadPanels}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {intl.formatMessage(messages.filters)}
            {chips.length > 0 ? (
              <span className="inline-flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
                {chips.length}
                <span className="sr-only"> {intl.formatMessage(messages.active)}</span>
              </span>
            ) : null}
          </button>
          <div className="hidden sm:contents">
            <FilterControls state={state} onChange={onChange} neighborhoodOptions={neighborhoodOptions} />
          </div>
          {/* The sort stays in view at every width: it is no filter. */}
          <SelectField
            label={intl.formatMessage(messages.sortBy)}
            value={state.sort}
            options={state.commute ? sortOptions : sortOptionsWithoutCommute}
            onValueChange={(sort) => onChange({ sort })}
            className="min-w-0 shrink"
          />
        </div>
      </div>
      <FiltersSheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        onClearAll={onClearAll}
        clearable={chips.length > 0 || hasActiveFilters(state)}
      >
        <FilterControls state={state} onChange={onChange} neighborhoodOptions={neighborhoodOptions} sheet />
      </FiltersSheet>
      {chips.length > 0 || hasActiveFilters(state) ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
          <ul aria-label={intl.formatMessage(messages.activeFilters)} className="flex flex-wrap items-center gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={() => onChange(chip.patch)}
                  aria-label={intl.formatMessage(messages.removeFilter, { label: chip.label })}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 pr-2 pl-3 text-sm text-brand-800 hover:bg-brand-100"
                >
                  {chip.label}
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="link" size="sm" onClick={onClearAll} className="px-1">
            {intl.formatMessage(messages.clearAll)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
