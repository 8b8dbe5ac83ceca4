import { MapPin, Navigation } from '@/components/icons';
import { cn } from '@/lib/cn';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import type { AddressSuggestion } from './address-search';

/**
 * The listbox of address suggestions under a combobox (ARIA 1.2 pattern), shared by the search box
 * and the listing form: options `{id}-option-{index}`, the active one highlighted, a mouse press that
 * keeps the focus in the input.
 */
const messages = defineMessages({
  neighborhood: { id: 'addressSearch.kindNeighborhood', defaultMessage: 'Neighborhood' },
  address: { id: 'addressSearch.kindAddress', defaultMessage: 'Address' },
});

export function AddressSuggestionList({
  id,
  listboxId,
  label,
  suggestions,
  activeIndex,
  onPick,
  onActive,
  className,
}: {
  id: string;
  listboxId: string;
  label: string;
  suggestions: readonly AddressSuggestion[];
  activeIndex: number;
  onPick: (suggestion: AddressSuggestion) => void;
  onActive: (index: number) => void;
  className?: string;
}) {
  return (
    <ul
      id={listboxId}
      role="listbox"
      aria-label={label}
      hidden={suggestions.length === 0}
      className={cn('suggestion-list', className)}
    >
      {suggestions.map((suggestion, index) => {
        const Icon = suggestion.kind === 'NEIGHBORHOOD' ? Navigation : MapPin;
        return (
          <li
            key={`${suggestion.kind}:${suggestion.label}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(suggestion)}
            onMouseMove={() => onActive(index)}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm',
              index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-gray-800',
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
            <span className="truncate">{suggestion.label}</span>
            <span className="ml-auto shrink-0 text-xs text-gray-500">
              {formatMessage(suggestion.kind === 'NEIGHBORHOOD' ? messages.neighborhood : messages.address)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
