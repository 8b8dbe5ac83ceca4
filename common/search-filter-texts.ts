// The texts of the search filters declared in common/search-filters.ts beyond their chips: a control's
// label and choices ('More' filters, loaded with its popover) and the words of a saved search's name.
// Apart from the declarations so that the listings page's first script does not carry them; the type
// checker asks for every declared filter's.
import { defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';
import { SEARCH_FILTERS, shownValue, type DeclaredFilterName, type SearchFilterDeclaration } from './search-filters.js';

const messages = defineMessages({
  maxBedsLabel: { id: 'searchFilters.maxBedsLabel', defaultMessage: 'Bedrooms at most' },
  maxBedsOption: { id: 'searchFilters.maxBedsOption', defaultMessage: '{value, select, 0 {Studio} other {{value}}}' },
  maxBedsSummary: {
    id: 'searchFilters.maxBedsSummary',
    defaultMessage: 'up to {value, select, 0 {a studio} 5 {5+ beds} other {{value} beds}}',
  },
  moveInByLabel: { id: 'searchFilters.moveInByLabel', defaultMessage: 'Move in by' },
  moveInBySummary: { id: 'searchFilters.moveInBySummary', defaultMessage: 'move in by {value}' },
});

export interface SearchFilterTexts {
  /** Its control's label. */
  label: MessageDescriptor;
  /** A count's choices as the control shows them (`{value}`); 'Any' is offered first. */
  optionLabel?: MessageDescriptor;
  /** Its words in a saved search's name (`{value}`: its value as shown). */
  summary: MessageDescriptor;
}

export const SEARCH_FILTER_TEXTS: Record<DeclaredFilterName, SearchFilterTexts> = {
  maxBeds: { label: messages.maxBedsLabel, optionLabel: messages.maxBedsOption, summary: messages.maxBedsSummary },
  moveInBy: { label: messages.moveInByLabel, summary: messages.moveInBySummary },
};

/** A declared filter's words in a saved search's name, for its value. */
export function declaredFilterSummary(name: DeclaredFilterName, value: number | string): string {
  const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
  return formatMessage(SEARCH_FILTER_TEXTS[name].summary, { value: shownValue(declaration, value) });
}
