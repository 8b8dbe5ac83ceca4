// The declared fields the form shows by their kind (`control: 'auto'` in common/listing-fields.ts), at
// the end of their section: a field added with only its declaration has its control without a line here.
// The fields with a layout of their own are placed by hand in sections.tsx.
import { defineMessages, useIntl } from '@common/i18n/messages';
import { DECLARED_FIELDS, fieldOptionsOf, type ListingFields, type ListingSectionId } from '@common/listing-fields';
import { CheckboxGroupField, InputField, MoneyField, SelectField, TextAreaField } from './fields';

const messages = defineMessages({
  notSpecified: { id: 'listingSections.notSpecified', defaultMessage: 'Not specified' },
});

export function DeclaredFields({ section, fields = DECLARED_FIELDS }: { section: ListingSectionId; fields?: ListingFields }) {
  const intl = useIntl();
  const shown = Object.entries(fields).filter(([, f]) => f.section === section && f.control === 'auto');
  if (shown.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      {shown.map(([field, f]) => {
        // A declared field's name is a path of the form's values (the form holds every declared field).
        const name = field as never;
        const label = intl.formatMessage(f.label);
        switch (f.kind) {
          case 'option':
            return (
              <SelectField
                key={field}
                name={name}
                label={label}
                options={fieldOptionsOf(f)}
                emptyLabel={f.optional ? intl.formatMessage(messages.notSpecified) : undefined}
              />
            );
          case 'options':
            return (
              <div key={field} className="sm:col-span-2">
                <CheckboxGroupField name={name} legend={label} options={fieldOptionsOf(f)} />
              </div>
            );
          case 'money':
            return <MoneyField key={field} name={name} label={label} />;
          case 'int':
          case 'half':
          case 'float':
            return (
              <InputField
                key={field}
                name={name}
                label={label}
                type="number"
                optionalNumber={f.optional}
                asNumber={!f.optional}
              />
            );
          case 'text':
            return (
              <div key={field} className="sm:col-span-2">
                <TextAreaField name={name} label={label} />
              </div>
            );
          case 'date':
            return <InputField key={field} name={name} label={label} type="date" />;
          case 'line':
          case 'url':
            return <InputField key={field} name={name} label={label} type={f.kind === 'url' ? 'url' : 'text'} />;
          default:
            // 'lines' and composite fields need a control of their own (sections.tsx).
            return null;
        }
      })}
    </div>
  );
}
