import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
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

/** A single-choice dropdown on Radix Select: keyboard navigation, typeahead and a labelled trigger. */
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
    <SelectPrimitive.Root
      value={value}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onValueChange(option.value);
      }}
      disabled={disabled}
    >
      <SelectPrimitive.Trigger
        aria-label={label}
        className={cn(
          'inline-flex h-10 min-w-0 items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm',
          'hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-gray-500',
          className,
        )}
      >
        <span className="truncate">
          {hideLabel ? null : <span className="text-gray-600">{label}: </span>}
          {/* The selected option's label, given rather than left to Radix (which copies the item's
              text in only once mounted): a page rendered on the server shows it too. */}
          <SelectPrimitive.Value>{options.find((o) => o.value === value)?.label}</SelectPrimitive.Value>
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className="menu-content z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded-md py-2 pr-3 pl-8 text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[state=checked]:font-medium"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check aria-hidden="true" className="size-4 text-brand-700" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
