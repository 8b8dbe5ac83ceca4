import { useQuery } from '@/lib/apollo/use-query';
import { Search, X } from '@/components/icons';
import { useId, useState, type KeyboardEvent } from 'react';
import { graphql } from '@/gql';
import type { AddressSuggestionsQuery as AddressSuggestionsResult } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { AddressSuggestionList } from './address-suggestion-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  searchListings: { id: 'addressSearch.searchListings', defaultMessage: 'Search listings' },
  label: { id: 'addressSearch.label', defaultMessage: 'Search by address or neighborhood' },
  placeholder: { id: 'addressSearch.placeholder', defaultMessage: 'Address or neighborhood' },
  clear: { id: 'addressSearch.clear', defaultMessage: 'Clear search text' },
  search: { id: 'addressSearch.search', defaultMessage: 'Search' },
  suggestions: { id: 'addressSearch.suggestions', defaultMessage: 'Suggestions' },
});

export const AddressSuggestionsQuery = graphql(`
  query AddressSuggestions($query: String!) {
    addressSuggestions(query: $query) {
      label
      kind
      neighborhood
      borough
      lat
      lng
    }
  }
`);

export type AddressSuggestion = AddressSuggestionsResult['addressSuggestions'][number];

/** Suggestions start once the typed text is longer than 2 characters (SPEC part 5). */
export const MIN_SUGGESTION_LENGTH = 3;
const DEBOUNCE_MS = 250;

export interface AddressSearchProps {
  /** The search text in force (from the URL). */
  value: string;
  /** Search listings by free text (Enter, the search button, or an address suggestion). */
  onSearch: (text: string) => void;
  /** A neighborhood suggestion was chosen. */
  onPickNeighborhood: (suggestion: AddressSuggestion) => void;
  className?: string;
}

/** The street part of an address suggestion ('12 Main Street, Flushing, Queens' → '12 Main Street'). */
export function searchTextOf(suggestion: AddressSuggestion): string {
  return suggestion.label.split(',')[0]?.trim() ?? suggestion.label;
}

/**
 * The suggestions of a combobox over the text typed (debounced, asked only while the list is open and
 * the text is long enough), the highlighted one, and the keys that move through them. Shared by the
 * search box and the listing form's address field; each decides what Enter does.
 */
export function useAddressSuggestions(text: string) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  const wanted = open && debounced.length >= MIN_SUGGESTION_LENGTH && debounced === typed;
  const { data } = useQuery(AddressSuggestionsQuery, { variables: { query: debounced }, skip: !wanted });
  const suggestions: readonly AddressSuggestion[] = wanted ? (data?.addressSuggestions ?? []) : [];
  const expanded = suggestions.length > 0;
  const activeIndex = active < suggestions.length ? active : -1;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Arrow keys move the highlight (opening the list), Escape closes it; true when the key was handled. */
  function navigate(event: KeyboardEvent<HTMLInputElement>): boolean {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (suggestions.length > 0) setActive((activeIndex + 1) % suggestions.length);
        return true;
      case 'ArrowUp':
        event.preventDefault();
        if (suggestions.length > 0) setActive(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
        return true;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        return true;
      default:
        return false;
    }
  }

  return { typed, setOpen, setActive, suggestions, expanded, activeIndex, close, navigate };
}

/**
 * The address box of the filter bar: a combobox (ARIA 1.2 pattern) whose suggestions come from
 * `addressSuggestions`, debounced. Arrow keys move through the suggestions, Enter picks one (or
 * searches for the typed text), Escape closes the list.
 */
export function AddressSearch({ value, onSearch, onPickNeighborhood, className }: AddressSearchProps) {
  const intl = useIntl();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  // The search in force changed elsewhere (a chip removed, 'Clear all', back/forward): show it.
  if (value !== syncedValue) {
    setSyncedValue(value);
    setText(value);
  }

  const { typed, setOpen, setActive, suggestions, expanded, activeIndex, close, navigate } = useAddressSuggestions(text);

  function pick(suggestion: AddressSuggestion) {
    close();
    if (suggestion.kind === 'NEIGHBORHOOD') {
      setText('');
      onPickNeighborhood(suggestion);
    } else {
      const street = searchTextOf(suggestion);
      setText(street);
      onSearch(street);
    }
  }

  function submit() {
    close();
    onSearch(typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (navigate(event) || event.key !== 'Enter') return;
    event.preventDefault();
    const chosen = activeIndex >= 0 ? suggestions[activeIndex] : undefined;
    if (chosen) pick(chosen);
    else submit();
  }

  return (
    <form
      role="search"
      aria-label={intl.formatMessage(messages.searchListings)}
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <input
        type="text"
        role="combobox"
        aria-label={intl.formatMessage(messages.label)}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage(messages.placeholder)}
        value={text}
        maxLength={120}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={cn(
          'block h-10 w-full rounded-md border border-gray-300 bg-white pr-20 pl-9 text-sm text-gray-900 shadow-sm placeholder:text-gray-500',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
        )}
      />
      <div className="absolute inset-y-0 right-1 flex items-center gap-0.5">
        {text ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              close();
              if (value) onSearch('');
            }}
            className="inline-flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{intl.formatMessage(messages.clear)}</span>
          </button>
        ) : null}
        <button
          type="submit"
          className="inline-flex h-8 items-center justify-center rounded-md bg-brand-700 px-2.5 text-white hover:bg-brand-800"
        >
          <Search aria-hidden="true" className="size-4" />
          <span className="sr-only">{intl.formatMessage(messages.search)}</span>
        </button>
      </div>
      <AddressSuggestionList
        id={id}
        listboxId={listboxId}
        label={intl.formatMessage(messages.suggestions)}
        suggestions={suggestions}
        activeIndex={activeIndex}
        onPick={pick}
        onActive={setActive}
        className="max-h-80"
      />
    </form>
  );
}
