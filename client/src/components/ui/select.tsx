import { ChevronDown } from '@/components/icons';
import { cn } from '@/lib/cn';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  /** The accessible name of the control; shown as a prefix inside the trigger unless `hideLabel`. */
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
  /** Only the selected value is shown in the trigger; the label stays its accessible name. */
  hideLabel?: boolean;
  className?: string;
  disabled?: boolean;
}

/**
 * A single-choice dropdown: the browser's own `<select>` (the phone's native picker, keyboard and
 * typeahead, and it works before the page's code has run), laid over a trigger that shows
 * 'Label: value' (docs/decisions/0053-deferred-controls.md).
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onValueChange,
  hideLabel = false,
  className,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <span className={cn('select-trigger', disabled && 'cursor-not-allowed opacity-50', className)}>
      <span aria-hidden="true" className="truncate">
        {hideLabel ? null : <span className="text-gray-600">{label}: </span>}
        {options.find((o) => o.value === value)?.label}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      <select
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const option = options.find((o) => o.value === event.target.value);
          if (option) onValueChange(option.value);
        }}
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
