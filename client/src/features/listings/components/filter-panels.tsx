// What the filter bar's popovers show (docs/decisions/0053-deferred-controls.md): loaded with the
// popover's own code, when one is about to open, rather than with the listings page.
import {
  AccessibilityFeatureValues,
  accessibilityFeatureLabels,
  type AccessibilityFeature,
  PetsFilterValues,
  petsFilterLabels,
  PropertyTypeFilterValues,
  propertyTypeFilterLabels,
} from '@common/options';
import { useQuery } from '@apollo/client/react';
import { lazy, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import {
  CommuteMaxFilterValues,
  normalizePrice,
  WalkFilterValues,
  type CommuteMaxFilter,
  type RentBasis,
  type SearchState,
  walkLabels,
} from '../search-state';

interface PanelProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}

const rentBasisOptions = [
  { value: 'gross', label: 'Gross rent' },
  { value: 'net', label: 'Net effective' },
] as const satisfies readonly { value: RentBasis; label: string }[];

/** The price range and the rent it is on; applied together, or reset. Opens with the page's filter. */
export function PricePanel({ state, onChange, onDone }: PanelProps & { onDone: () => void }) {
  const [min, setMin] = useState(state.minPrice);
  const [max, setMax] = useState(state.maxPrice);
  const [rent, setRent] = useState<RentBasis>(state.rent);
  const errorId = useId();
  const invalid = min !== '' && max !== '' && Number(min) > Number(max);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    onChange({ minPrice: min, maxPrice: max, rent });
    onDone();
  }

  return (
    <form onSubmit={apply} className="space-y-3" noValidate>
      <RadioPills legend="Filter and sort by" value={rent} options={rentBasisOptions} onValueChange={setRent} />
      {rent === 'net' ? (
        <p className="text-xs text-gray-600">
          The net effective rent spreads a concession&apos;s free months over the lease. The rent you pay each month is the gross
          rent.
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
            onChange({ minPrice: '', maxPrice: '', rent: 'gross' });
            onDone();
          }}
        >
          Reset
        </Button>
        <Button type="submit" size="sm" disabled={invalid}>
          Apply
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

/** 'Accessibility' (issue 26 item 4): homes with every feature ticked. */
function AccessibilityFilter({ state, onChange }: PanelProps) {
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

/** 'More': property type, pets and accessibility. */
export function MorePanel({ state, onChange }: PanelProps) {
  return (
    <>
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
    </>
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
        legend="Walk to subway"
        value={state.walk}
        options={WalkFilterValues.map((value) => ({ value, label: walkLabels[value] }))}
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
export function CommutePanel({ state, onChange }: PanelProps) {
  const target = state.commute;
  // The picker's code loads with it (the popover's 'Loading…' shows meanwhile).
  if (!target) return <CommutePicker onPick={(commute) => onChange({ commute })} />;
  return (
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
  );
}
