// A field added with its declaration alone (common/listing-fields.ts, `control: 'auto'`) has its control
// on the form, in its section, with its declared label and options (issue 52 item 1).
import { labels } from '@common/i18n/labels';
import { defineListingFields, type ListingSectionId, type OptionSet } from '@common/listing-fields';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { DeclaredFields } from './declared-fields';

const VIEW: OptionSet = { name: 'View', values: ['CITY', 'PARK'], labels: labels({ CITY: 'City', PARK: 'Park' }) };

const FIELDS = defineListingFields({
  view: {
    kind: 'option',
    options: VIEW,
    label: { id: 'listingFields.view', defaultMessage: 'View' },
    section: 'amenities',
    optional: true,
    control: 'auto',
  },
  closets: { kind: 'int', label: { id: 'listingFields.closets', defaultMessage: 'Closets' }, section: 'unit', control: 'auto' },
  // Declared but laid out by hand: not repeated at the end of the section.
  floor: { kind: 'int', label: { id: 'listingFields.floor', defaultMessage: 'Floor' }, section: 'amenities' },
});

function Harness({ section }: { section: ListingSectionId }) {
  const form = useForm<Record<string, unknown>>({ defaultValues: { view: null, closets: null, floor: null } });
  const view = useWatch({ control: form.control, name: 'view' });
  return (
    <FormProvider {...form}>
      <DeclaredFields section={section} fields={FIELDS} />
      <output aria-label="held">{String(view)}</output>
    </FormProvider>
  );
}

describe('DeclaredFields', () => {
  it("shows a declared field of its section with its kind's control, label and options, and the form holds its value", async () => {
    render(<Harness section="amenities" />);
    const select = screen.getByLabelText('View');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Not specified', 'City', 'Park']);
    await userEvent.selectOptions(select, 'PARK');
    expect(screen.getByLabelText('held')).toHaveTextContent('PARK');
    expect(screen.queryByLabelText('Floor')).toBeNull();
    expect(screen.queryByLabelText('Closets')).toBeNull();
  });

  it('shows nothing in a section without such fields, and a number field by its kind', () => {
    render(<Harness section="unit" />);
    expect(screen.getByLabelText('Closets')).toHaveAttribute('type', 'number');
    const { container } = render(<Harness section="media" />);
    expect(container.querySelectorAll('input, select, textarea')).toHaveLength(0);
  });
});
