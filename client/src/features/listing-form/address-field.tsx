import { defineMessages, useIntl } from '@common/i18n/messages';
import { MapPin } from '@/components/icons';
import { useId, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { inputClasses } from '@/components/ui/text-field';
import { searchTextOf, useAddressSuggestions, type AddressSuggestion } from '@/components/address-search';
import { AddressSuggestionList } from '@/components/address-suggestion-list';
import { cn } from '@/lib/cn';
import { useFieldError } from './fields';
import { fieldLabel, type ListingFormValues } from './form-model';

const messages = defineMessages({
  placeholder: { id: 'addressField.placeholder', defaultMessage: 'Start typing a street address' },
  suggestions: { id: 'addressField.suggestions', defaultMessage: 'Address suggestions' },
  hint: {
    id: 'addressField.hint',
    defaultMessage: 'Choose a suggestion to fill the borough, neighborhood and map pin; correct them below if needed.',
  },
});

/**
 * The street address, with the suggestions of the search page (a combobox, ARIA 1.2 pattern).
 * Picking a suggestion fills the address and hands the place (neighborhood, borough, point) on.
 */
export function AddressField({ onPickPlace }: { onPickPlace: (suggestion: AddressSuggestion) => void }) {
  const id = useId();
  const intl = useIntl();
  const listboxId = `${id}-listbox`;
  const { control } = useFormContext<ListingFormValues>();
  const {
    field: { ref: inputRef, ...field },
  } = useController({ control, name: 'address' });
  const error = useFieldError('address');
  const text = String(field.value ?? '');
  const { setOpen, setActive, suggestions, expanded, activeIndex, close, navigate } = useAddressSuggestions(text);

  function pick(suggestion: AddressSuggestion) {
    close();
    if (suggestion.kind !== 'NEIGHBORHOOD') field.onChange(searchTextOf(suggestion));
    onPickPlace(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (navigate(event) || event.key !== 'Enter') return;
    // Enter picks the highlighted suggestion; it never submits the form.
    const chosen = activeIndex >= 0 ? suggestions[activeIndex] : undefined;
    if (chosen || expanded) event.preventDefault();
    if (chosen) pick(chosen);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {fieldLabel('address')}
      </label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        />
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage(messages.placeholder)}
          maxLength={200}
          name={field.name}
          ref={inputRef}
          value={text}
          onChange={(event) => {
            field.onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            close();
            field.onBlur();
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, 'pl-9')}
        />
        <AddressSuggestionList
          id={id}
          listboxId={listboxId}
          label={intl.formatMessage(messages.suggestions)}
          suggestions={suggestions}
          activeIndex={activeIndex}
          onPick={pick}
          onActive={setActive}
          // Under the form's action bar (z-20), never over it; short enough to fit above it on a phone.
          className="z-10 max-h-[min(18rem,40dvh)]"
        />
      </div>
      <p id={hintId} className="text-xs text-gray-600">
        {intl.formatMessage(messages.hint)}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
