// The texts of the search filters declared in common/search-filters.ts beyond their chips: a control's
// label and choices ('More' filters, loaded with its popover) and the words of a saved search's name.
// Apart from the declarations so that the listings page's first script does not carry them; the type
// checker asks for every declared filter's.
import { defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';
import { amenityFilterLabels } from './more-filter-labels.js';
import { SEARCH_FILTERS, shownValue, type DeclaredFilterName, type SearchFilterDeclaration } from './search-filters.js';

const messages = defineMessages({
  noFeeSummary: { id: 'searchFilters.noFeeSummary', defaultMessage: 'no fee' },
  minBathsLabel: { id: 'searchFilters.minBathsLabel', defaultMessage: 'Bathrooms' },
  minBathsOption: { id: 'searchFilters.minBathsOption', defaultMessage: '{value}+' },
  minBathsSummary: { id: 'searchFilters.minBathsSummary', defaultMessage: '{value}+ baths' },
  maxBedsLabel: { id: 'searchFilters.maxBedsLabel', defaultMessage: 'Bedrooms at most' },
  maxBedsOption: { id: 'searchFilters.maxBedsOption', defaultMessage: '{value, select, 0 {Studio} other {{value}}}' },
  maxBedsSummary: {
    id: 'searchFilters.maxBedsSummary',
    defaultMessage: 'up to {value, select, 0 {a studio} 5 {5+ beds} other {{value} beds}}',
  },
  amenitiesLabel: { id: 'searchFilters.amenitiesLabel', defaultMessage: 'Amenities' },
  amenitiesSummary: { id: 'searchFilters.amenitiesSummary', defaultMessage: 'with {value}' },
  moveInByLabel: { id: 'searchFilters.moveInByLabel', defaultMessage: 'Move in by' },
  moveInBySummary: { id: 'searchFilters.moveInBySummary', defaultMessage: 'move in by {value}' },
});

export interface SearchFilterTexts {
  /** Its control's label (a switch's control is its chip, in the bar). */
  label?: MessageDescriptor;
  /** A count's or halves' choices as the control shows them (`{value}`); 'Any' is offered first. */
  optionLabel?: MessageDescriptor;
  /** A set's values as shown. */
  valueLabels?: Readonly<Record<string, string>>;
  /** Its words in a saved search's name (`{value}`: its value as shown; a set's, its values). */
  summary: MessageDescriptor;
  /** Said after the place, price and the rest in a saved search's name ('… no fee with a doorman'), not after the bedrooms. */
  late?: true;
}

export const SEARCH_FILTER_TEXTS: Record<DeclaredFilterName, SearchFilterTexts> = {
  noFee: { summary: messages.noFeeSummary, late: true },
  minBaths: { label: messages.minBathsLabel, optionLabel: messages.minBathsOption, summary: messages.minBathsSummary },
  maxBeds: { label: messages.maxBedsLabel, optionLabel: messages.maxBedsOption, summary: messages.maxBedsSummary },
  amenities: { label: messages.amenitiesLabel, valueLabels: amenityFilterLabels, summary: messages.amenitiesSummary, late: true },
  moveInBy: { label: messages.moveInByLabel, summary: messages.moveInBySummary },
};

/** A declared filter's words in a saved search's name, for its value. */
export function declaredFilterSummary(name: DeclaredFilterName, value: number | string | boolean | readonly string[]): string {
  const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
  const texts = SEARCH_FILTER_TEXTS[name];
  const shown =
    Array.isArray(value) && texts.valueLabels
      ? value.map((v: string) => (texts.valueLabels![v] ?? v).toLowerCase()).join(', ')
      : shownValue(declaration, value as number | string | true);
  return formatMessage(texts.summary, { value: shown });
}
