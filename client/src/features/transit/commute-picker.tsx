import { useQuery } from '@/lib/apollo/use-query';
import { MapPin, Navigation } from '@/components/icons';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AddressSuggestionsQuery } from '@/components/address-search';
import { SubwayBullets } from './subway-bullets';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { boroughLabels } from '@common/options';

// In the part 'listings' of the catalogues: the picker loads with the filters' Commute panel.
const messages = defineMessages({
  label: { id: 'commutePicker.label', defaultMessage: 'Where do you commute to?' },
  placeholder: { id: 'commutePicker.placeholder', defaultMessage: 'A station or an address' },
  destinations: { id: 'commutePicker.destinations', defaultMessage: 'Commute destinations' },
  station: { id: 'commutePicker.station', defaultMessage: 'Station · {borough}' },
  neighborhood: { id: 'commutePicker.neighborhood', defaultMessage: 'Neighborhood' },
  address: { id: 'commutePicker.address', defaultMessage: 'Address' },
  hint: { id: 'commutePicker.hint', defaultMessage: 'Cards then show the minutes door to door by subway.' },
  stationsFailed: { id: 'commutePicker.stationsFailed', defaultMessage: 'Could not load the stations.' },
  retry: { id: 'commutePicker.retry', defaultMessage: 'Retry' },
  loadingStations: { id: 'commutePicker.loadingStations', defaultMessage: 'Loading stations…' },
  noMatch: { id: 'commutePicker.noMatch', defaultMessage: 'No station or address matches.' },
});

export const SubwayStationsQuery = graphql(`
  query SubwayStations {
    subwayStations {
      id
      name
      borough
      subwayLines {
        id
        bullet
        accessibleName
        kind
        color
        textColor
      }
    }
  }
`);

const MAX_STATIONS = 6;
const MIN_ADDRESS_QUERY = 3;
/** A station's borough, as the options name it ('Bronx'). */
const boroughName = (borough: string) => (boroughLabels as Readonly<Record<string, string | undefined>>)[borough] ?? borough;

/** Letters and digits only, lower case: '14 St-Union Sq' and 'union sq' meet. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

type Station = NonNullable<ReturnType<typeof useStations>['stations']>[number];

function useStations() {
  const { data, loading, error, refetch } = useQuery(SubwayStationsQuery);
  return { stations: data?.subwayStations, loading, error, refetch };
}

/** Stations whose name has every typed word (names starting with the text first), at most six. */
export function matchStations<S extends { name: string }>(stations: readonly S[], text: string): S[] {
  const words = fold(text).split(' ').filter(Boolean);
  if (!words.length) return [];
  const folded = fold(text);
  const hits = stations.filter((s) => {
    const name = fold(s.name);
    return words.every((w) => name.includes(w));
  });
  hits.sort((a, b) => Number(!fold(a.name).startsWith(folded)) - Number(!fold(b.name).startsWith(folded)));
  return hits.slice(0, MAX_STATIONS);
}

type Option =
  | { kind: 'station'; key: string; station: Station }
  | { kind: 'place'; key: string; label: string; lat: number; lng: number; neighborhood: boolean };

/** A commute destination: a subway station by id, or a point (an address picked from the suggestions). */
export type CommuteTarget =
  | { kind: 'station'; stationId: string; label: string }
  | { kind: 'point'; lat: number; lng: number; label: string };

/**
 * Where the visitor commutes to (issue 13 item 4): a combobox (ARIA 1.2 pattern) over the subway
 * stations (asked of the server once, matched here as the visitor types) and the address suggestions
 * (neighborhoods and listed addresses, from the server, debounced). Picking one sets the destination.
 */
export default function CommutePicker({ onPick }: { onPick: (target: CommuteTarget) => void }) {
  const intl = useIntl();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const { stations, loading, error, refetch } = useStations();
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, 250);
  const wantAddresses = debounced.length >= MIN_ADDRESS_QUERY && debounced === typed;
  const places = useQuery(AddressSuggestionsQuery, { variables: { query: debounced }, skip: !wantAddresses });

  const options = useMemo<Option[]>(() => {
    const found: Option[] = matchStations(stations ?? [], typed).map((station) => ({
      kind: 'station',
      key: `station:${station.id}`,
      station,
    }));
    if (wantAddresses) {
      for (const s of places.data?.addressSuggestions ?? []) {
        if (s.lat == null || s.lng == null) continue;
        found.push({
          kind: 'place',
          key: `place:${s.label}`,
          label: s.label,
          lat: s.lat,
          lng: s.lng,
          neighborhood: s.kind === 'NEIGHBORHOOD',
        });
      }
    }
    return found;
  }, [stations, typed, wantAddresses, places.data]);
  const activeIndex = active < options.length ? active : -1;
  const expanded = options.length > 0;

  function pick(option: Option) {
    if (option.kind === 'station') {
      onPick({ kind: 'station', stationId: option.station.id, label: option.station.name });
    } else {
      onPick({ kind: 'point', lat: option.lat, lng: option.lng, label: option.label.split(',')[0]?.trim() || option.label });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setActive((activeIndex + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex >= 0 ? activeIndex : 0];
      if (option) pick(option);
    }
  }

  const nothing = typed.length > 0 && !expanded && !loading && !(wantAddresses && places.loading);
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-gray-800">
        {intl.formatMessage(messages.label)}
      </label>
      <div className="relative">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          placeholder={intl.formatMessage(messages.placeholder)}
          value={text}
          maxLength={120}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={intl.formatMessage(messages.destinations)}
          hidden={!expanded}
          className="mt-1 max-h-72 overflow-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm',
                index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-gray-800',
              )}
            >
              {option.kind === 'station' ? (
                <>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{option.station.name}</span>
                    <span className="mt-1 block">
                      <SubwayBullets lines={option.station.subwayLines} />
                    </span>
                  </span>
                  <span className="shrink-0 self-start text-xs text-gray-600">
                    {intl.formatMessage(messages.station, { borough: boroughName(option.station.borough) })}
                  </span>
                </>
              ) : (
                <>
                  {option.neighborhood ? (
                    <Navigation aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
                  ) : (
                    <MapPin aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
                  )}
                  <span className="truncate">{option.label}</span>
                  <span className="ml-auto shrink-0 text-xs text-gray-600">
                    {intl.formatMessage(option.neighborhood ? messages.neighborhood : messages.address)}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {intl.formatMessage(messages.hint)}
      </p>
      {error && !stations ? (
        <p role="alert" className="text-sm text-red-700">
          {intl.formatMessage(messages.stationsFailed)}{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            {intl.formatMessage(messages.retry)}
          </button>
        </p>
      ) : null}
      <p role="status" className="text-sm text-gray-600">
        {loading && !stations
          ? intl.formatMessage(messages.loadingStations)
          : nothing
            ? intl.formatMessage(messages.noMatch)
            : ''}
      </p>
    </div>
  );
}
