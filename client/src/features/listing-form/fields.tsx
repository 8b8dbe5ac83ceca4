// Form controls of the listing form, bound to react-hook-form: every control has a visible label,
// its error beside it (announced, and linked by aria-describedby) and works from the keyboard.
import { defineMessages, useIntl } from '@common/i18n/messages';
import { ChevronDown } from '@/components/icons';
import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import type { ListingFormValues } from './form-model';

type Name = FieldPath<ListingFormValues>;

const messages = defineMessages({
  choose: { id: 'listingForm.choose', defaultMessage: 'Choose…' },
  step: { id: 'listingForm.sectionStep', defaultMessage: 'Step {step} of {count}' },
});

/** Stands in a message for a part shown apart (bold, a link): see `around`. */
export const MARK = '\u0001';

/**
 * A message formatted with MARK for one of its values, cut there: the text before that part and the
 * text after it (a sentence whose amount is bold, or whose words are a link, stays one message).
 */
export function around(text: string): [before: string, after: string] {
  const at = text.indexOf(MARK);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MARK.length)];
}

/** The message of a field's error, also for nested paths ('otherFees.0.amount'). */
export function useFieldError(name: string): string | undefined {
  const { formState, getFieldState } = useFormContext<ListingFormValues>();
  const state = getFieldState(name as Name, formState);
  const error = state.error as ({ message?: string } & Record<string, unknown>) | undefined;
  if (!error) return undefined;
  if (error.message) return error.message;
  // An array field's own error sits under `root`.
  const root = error.root as { message?: string } | undefined;
  return root?.message;
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** A labelled text-like input registered with the form. */
export function InputField({
  name,
  label,
  hint,
  className,
  type = 'text',
  asNumber,
  optionalNumber,
  deps,
  ...rest
}: {
  name: Name;
  label: string;
  hint?: ReactNode;
  className?: string;
  type?: string;
  /** Empty is NaN (refused by the schema with its message), else the number. */
  asNumber?: boolean;
  /** Empty is null (an optional number). */
  optionalNumber?: boolean;
  /** Fields validated again when this one changes (their rules read this one). */
  deps?: Name[];
} & Omit<React.ComponentProps<'input'>, 'name' | 'type'>) {
  const { register } = useFormContext<ListingFormValues>();
  const error = useFieldError(name);
  const setValueAs =
    asNumber || optionalNumber
      ? (v: unknown) => {
          if (typeof v === 'number') return v;
          const text = String(v ?? '').trim();
          if (text === '') return optionalNumber ? null : Number.NaN;
          return Number(text);
        }
      : undefined;
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      className={className}
      type={type}
      {...rest}
      {...register(name, { ...(setValueAs ? { setValueAs } : {}), ...(deps ? { deps } : {}) })}
    />
  );
}

/** A whole-dollar amount: digits only, shown after a '$'. Empty is null. */
export function MoneyField({
  name,
  label,
  hint,
  className,
  placeholder,
}: {
  name: Name;
  label: string;
  hint?: ReactNode;
  className?: string;
  placeholder?: string;
}) {
  const { control } = useFormContext<ListingFormValues>();
  const {
    field: { ref: inputRef, ...field },
  } = useController({ control, name });
  const error = useFieldError(name);
  const value = field.value as number | null | undefined;
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      className={className}
      prefix="$"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      // Nine digits: a sale may ask up to $100,000,000. A larger number is not cut short: the form says
      // the maximum (issue 59 item 5: 10,000,000 used to become 1,000,000 silently).
      maxLength={9}
      name={field.name}
      ref={inputRef}
      onBlur={field.onBlur}
      value={value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 9);
        field.onChange(digits === '' ? null : Number(digits));
      }}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select (keyboard and screen readers for free); '' stands for null when `emptyLabel` is given. */
export function SelectField({
  name,
  label,
  options,
  emptyLabel,
  className,
  onValueChange,
  names = false,
}: {
  name: Name;
  label: string;
  options: readonly Option[];
  /** Offer an empty choice with this text (for optional fields, or a required one not chosen yet). */
  emptyLabel?: string;
  /** The options are proper names (neighborhoods), the same in every language. */
  names?: boolean;
  className?: string;
  /** Called after the form value changed (e.g. the borough resets the neighborhood). */
  onValueChange?: (value: string | null) => void;
}) {
  const id = useId();
  const { control } = useFormContext<ListingFormValues>();
  const {
    field: { ref: selectRef, ...field },
  } = useController({ control, name });
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  const value = (field.value as string | null | undefined) ?? '';
  const intl = useIntl();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={field.name}
          ref={selectRef}
          value={value}
          onBlur={field.onBlur}
          onChange={(event) => {
            const next = event.target.value === '' ? null : event.target.value;
            field.onChange(next);
            onValueChange?.(next);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, 'appearance-none pr-9')}
        >
          {emptyLabel !== undefined || value === '' ? (
            <option value="">{emptyLabel ?? intl.formatMessage(messages.choose)}</option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} translate={names ? 'no' : undefined}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500"
        />
      </div>
      <ErrorText id={errorId} message={error} />
    </div>
  );
}

/** Several choices of a list (checkboxes in a fieldset named by its legend). */
export function CheckboxGroupField({
  name,
  legend,
  options,
  className,
}: {
  name: Name;
  legend: string;
  options: readonly Option[];
  className?: string;
}) {
  const id = useId();
  const { control } = useFormContext<ListingFormValues>();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const selected = (field.value as string[] | undefined) ?? [];
  return (
    <fieldset
      className={cn('space-y-2', className)}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => {
          const checked = selected.includes(o.value);
          return (
            <label
              key={o.value}
              className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-50"
            >
              <input
                type="checkbox"
                className="size-4 rounded border-gray-300 accent-brand-700"
                checked={checked}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const next = event.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value);
                  // Keep the order of the option list.
                  field.onChange(options.map((opt) => opt.value).filter((v) => next.includes(v)));
                }}
              />
              {o.label}
            </label>
          );
        })}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One choice of a short list, as radio buttons. */
export function RadioGroupField({
  name,
  legend,
  options,
  hint,
  className,
}: {
  name: Name;
  legend: string;
  options: readonly Option[];
  hint?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const { control } = useFormContext<ListingFormValues>();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm',
              field.value === o.value ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-gray-300 bg-white text-gray-800',
            )}
          >
            <input
              type="radio"
              name={`${id}-${field.name}`}
              value={o.value}
              checked={field.value === o.value}
              onBlur={field.onBlur}
              onChange={() => field.onChange(o.value)}
              className="size-4 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A labelled textarea registered with the form. */
export function TextAreaField({
  name,
  label,
  hint,
  rows = 5,
  maxLength,
  placeholder,
}: {
  name: Name;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const { register } = useFormContext<ListingFormValues>();
  const error = useFieldError(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, 'h-auto py-2')}
        {...register(name)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** A section of the page: a landmark-less region named by its heading, a scroll target of the step bar. */
export function FormSection({
  id,
  title,
  description,
  step,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  step: number;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      data-step-section={id}
      className="scroll-mt-36 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="mb-5">
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
          {intl.formatMessage(messages.step, { step, count: 6 })}
        </p>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </header>
      <div className="space-y-5">{children}</div>
    </section>
  );
}
