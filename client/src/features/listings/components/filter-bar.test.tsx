// The listings page's filter bar over its URL state (SPEC parts 2, 4 and 5): every control writes the
// query string, a URL with filters sets every control and the chips at start, each chip removes one
// filter and 'Clear all' resets them all. The bar is wired to the URL exactly as the page wires it
// (useSearchState); that the server then answers with matching listings is the browser test's part
// (tests/e2e/search.spec.ts) and the integration tests' (tests/integration/listings.test.ts).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Popover, PopoverTrigger } from '@/components/ui/popover';
import { renderWithProviders, type LocationProbe } from '@/test/render';
import { useSearchState } from '../use-search-state';
import { FilterBar } from './filter-bar';

// The popovers' panels load with their first opening (filter-panels.tsx, a chunk of its own), and Radix's
// popover when a trigger is first pointed at (components/ui/popover.tsx): both loaded once here, so that
// every test's popover has its real trigger from the start. A test that pointed at the plain one first
// could see it replaced between user-event's steps of one click (user-event presses the element it was
// given, which by then is gone; a browser presses what is under the pointer), and lose the click: that
// failed once on a busy CI machine.
beforeAll(async () => {
  await import('./filter-panels');
  const { unmount } = render(
    <Popover>
      <PopoverTrigger>Warm-up</PopoverTrigger>
    </Popover>,
  );
  const plain = screen.getByRole('button', { name: 'Warm-up' });
  fireEvent.pointerEnter(plain);
  await waitFor(() => expect(plain.isConnected).toBe(false), { timeout: 30_000 });
  unmount();
}, 30_000);

function ListingsFilters() {
  const { state, onChange, clearAll } = useSearchState();
  return <FilterBar state={state} onChange={onChange} onClearAll={clearAll} />;
}

function renderBar(route = '/listings') {
  return renderWithProviders(<ListingsFilters />, { route, path: '/listings' });
}

/** The query string as a plain object, for comparisons that do not depend on the key order. */
function query(location: LocationProbe): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.current.search));
}

async function expectQuery(location: LocationProbe, expected: Record<string, string>) {
  await waitFor(() => expect(query(location)).toEqual(expected));
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const priceButton = () => screen.getByRole('button', { name: /^(Price|Net effective)/ });
const moreButton = () => screen.getByRole('button', { name: /^More/ });
const chipList = () => screen.queryByRole('list', { name: 'Active filters' });
const chipTexts = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .getAllByRole('button')
    .map((chip) => chip.textContent);

describe('the filter bar writes the URL', () => {
  it('Rent / Buy: rentals by default; Buy writes type=sale and a removable For sale chip (issue 58 item 3)', async () => {
    const { user, location } = renderBar();
    const kind = screen.getByRole('group', { name: 'Rent or buy' });
    expect(within(kind).getByRole('radio', { name: 'Rent' })).toBeChecked();
    await user.click(within(kind).getByRole('radio', { name: 'Buy' }));
    await expectQuery(location, { type: 'sale' });
    expect(chipTexts()).toEqual(['For sale']);
    await user.click(screen.getByRole('button', { name: 'Remove filter For sale' }));
    await expectQuery(location, {});
    expect(within(kind).getByRole('radio', { name: 'Rent' })).toBeChecked();
  });

  it('type=sale in the URL sets the switch to Buy', () => {
    renderBar('/listings?type=sale');
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked();
  });

  it('borough and neighborhood; the neighborhood resets when the borough changes', async () => {
    const { user, location } = renderBar();
    expect(location.current.search).toBe('');
    // The neighborhood control appears only once a borough is chosen.
    expect(screen.queryByRole('combobox', { name: 'Neighborhood' })).not.toBeInTheDocument();
    expect(chipList()).not.toBeInTheDocument();

    await user.selectOptions(combobox('Borough'), 'Brooklyn');
    await expectQuery(location, { borough: 'brooklyn' });
    expect(combobox('Borough')).toHaveDisplayValue('Brooklyn');
    expect(combobox('Neighborhood')).toHaveDisplayValue('All neighborhoods');

    // Only Brooklyn's 11 neighborhoods are offered, after 'All neighborhoods'.
    const options = within(combobox('Neighborhood')).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options.map((option) => option.textContent)).toContain('Williamsburg');
    expect(options.map((option) => option.textContent)).not.toContain('Astoria');
    await user.selectOptions(combobox('Neighborhood'), 'Williamsburg');
    await expectQuery(location, { borough: 'brooklyn', neighborhood: 'Williamsburg' });
    expect(chipTexts()).toEqual(['Brooklyn', 'Williamsburg']);

    await user.selectOptions(combobox('Borough'), 'Queens');
    await expectQuery(location, { borough: 'queens' });
    expect(combobox('Neighborhood')).toHaveDisplayValue('All neighborhoods');
    expect(chipTexts()).toEqual(['Queens']);

    // 'All boroughs' leaves the URL and takes the neighborhood control away.
    await user.selectOptions(combobox('Borough'), 'All boroughs');
    await expectQuery(location, {});
    expect(screen.queryByRole('combobox', { name: 'Neighborhood' })).not.toBeInTheDocument();
  });

  it('sort; Newest is the default and leaves the URL; no commute sort without a destination', async () => {
    const { user, location } = renderBar('/listings?borough=queens');
    expect(combobox('Sort by')).toHaveDisplayValue('Newest');

    expect(
      within(combobox('Sort by'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Oldest', 'Price: Low to High', 'Price: High to Low', 'Most Popular', 'Recently Reduced']);
    await user.selectOptions(combobox('Sort by'), 'Price: Low to High');
    await expectQuery(location, { borough: 'queens', sort: 'price_low' });
    expect(combobox('Sort by')).toHaveDisplayValue('Price: Low to High');

    await user.selectOptions(combobox('Sort by'), 'Most Popular');
    await expectQuery(location, { borough: 'queens', sort: 'popular' });

    await user.selectOptions(combobox('Sort by'), 'Newest');
    await expectQuery(location, { borough: 'queens' });
  });

  it('the price popover takes digits only, checks its range, writes minPrice and maxPrice, and Reset clears both', async () => {
    const { user, location } = renderBar();
    expect(priceButton()).toHaveTextContent(/^Price$/);

    await user.click(priceButton());
    const min = await screen.findByLabelText('Minimum price');
    const max = screen.getByLabelText('Maximum price');
    await user.type(min, '2,500');
    expect(min).toHaveValue('2500');
    await user.type(max, '1000');
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum price must not exceed maximum price.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    // Enter does not apply an inverted range either.
    await user.type(max, '{Enter}');
    expect(location.current.search).toBe('');

    await user.clear(max);
    await user.type(max, '4500');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expectQuery(location, { minPrice: '2500', maxPrice: '4500' });
    expect(priceButton()).toHaveTextContent('Price: $2,500 – $4,500');
    expect(chipTexts()).toEqual(['Min $2,500', 'Max $4,500']);

    // Reopened, the popover shows the bounds in force; Reset clears both.
    await user.click(priceButton());
    expect(await screen.findByLabelText('Minimum price')).toHaveValue('2500');
    expect(screen.getByLabelText('Maximum price')).toHaveValue('4500');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await expectQuery(location, {});
    expect(priceButton()).toHaveTextContent(/^Price$/);
    expect(chipList()).not.toBeInTheDocument();
  });

  it('the price popover filters and sorts by the net effective rent when asked (rent=net), with a chip', async () => {
    const { user, location } = renderBar('/listings?maxPrice=3000');
    await user.click(priceButton());
    const gross = await screen.findByRole('radio', { name: 'Gross rent' });
    expect(gross).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Net effective' }));
    expect(screen.getByText(/spreads a concession's free months over the lease/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expectQuery(location, { maxPrice: '3000', rent: 'net' });
    expect(priceButton()).toHaveTextContent('Net effective: Up to $3,000');
    expect(chipTexts()).toEqual(['Max $3,000', 'Net effective rent']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Net effective rent' }));
    await expectQuery(location, { maxPrice: '3000' });
    expect(priceButton()).toHaveTextContent('Price: Up to $3,000');
  });

  it('one price bound reads "$1,000+" or "Up to $3,000"', async () => {
    const { user, location } = renderBar('/listings?minPrice=1000');
    expect(priceButton()).toHaveTextContent('Price: $1,000+');
    await user.click(priceButton());
    await user.clear(await screen.findByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Maximum price'), '3000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expectQuery(location, { maxPrice: '3000' });
    expect(priceButton()).toHaveTextContent('Price: Up to $3,000');
    expect(chipTexts()).toEqual(['Max $3,000']);
  });

  it('bedrooms, property type and pets; chips remove them again', async () => {
    const { user, location } = renderBar('/listings?maxPrice=6000');

    expect(
      within(combobox('Bedrooms'))
        .getAllByRole('option')
        .map((option) => option.textContent),
      // At least that many: '2' read as exactly two (issue 59 item 1).
    ).toEqual(['Any', 'Studio', '1+', '2+', '3+', '4+', '5+']);
    await user.selectOptions(combobox('Bedrooms'), '2+');
    await expectQuery(location, { maxPrice: '6000', bedrooms: '2' });
    expect(combobox('Bedrooms')).toHaveDisplayValue('2+');

    await user.click(moreButton());
    await user.click(await screen.findByRole('radio', { name: 'Apartment' }));
    await expectQuery(location, { maxPrice: '6000', bedrooms: '2', propertyType: 'apartment' });
    await user.click(screen.getByRole('radio', { name: 'Cats OK' }));
    await expectQuery(location, { maxPrice: '6000', bedrooms: '2', propertyType: 'apartment', pets: 'cats' });
    expect(screen.getByRole('radio', { name: 'Apartment' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cats OK' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Apartment' })).not.toBeInTheDocument());
    expect(moreButton()).toHaveTextContent('2 active');
    expect(chipTexts()).toEqual(['Max $6,000', 'Bedrooms: 2+', 'Apartment', 'Cats OK']);

    // Studio is bedrooms=0.
    await user.selectOptions(combobox('Bedrooms'), 'Studio');
    await expectQuery(location, { maxPrice: '6000', bedrooms: '0', propertyType: 'apartment', pets: 'cats' });
    expect(chipTexts()).toContain('Bedrooms: Studio');

    await user.click(screen.getByRole('button', { name: 'Remove filter Apartment' }));
    await expectQuery(location, { maxPrice: '6000', bedrooms: '0', pets: 'cats' });
    expect(moreButton()).toHaveTextContent('1 active');
    await user.click(screen.getByRole('button', { name: 'Remove filter Cats OK' }));
    await expectQuery(location, { maxPrice: '6000', bedrooms: '0' });
    expect(moreButton()).not.toHaveTextContent('active');
  });

  it('accessibility features in More (issue 26 item 4): each ticked one is in the URL and a chip', async () => {
    const { user, location } = renderBar('/listings');
    await user.click(moreButton());
    const group = await screen.findByRole('group', { name: 'Accessibility' });
    await user.click(within(group).getByRole('checkbox', { name: 'Elevator' }));
    await expectQuery(location, { access: 'elevator' });
    await user.click(within(group).getByRole('checkbox', { name: 'Step-free entrance' }));
    // In the order of the options, whatever the order of the clicks.
    await expectQuery(location, { access: 'step_free_entrance,elevator' });
    expect(within(group).getByRole('checkbox', { name: 'Elevator' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(moreButton()).toHaveTextContent('2 active');
    expect(chipTexts()).toEqual(['Step-free entrance', 'Elevator']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Elevator' }));
    await expectQuery(location, { access: 'step_free_entrance' });
  });

  it("'No fee' (issue 59 item 1): a toggle in the bar writes noFee=1 and a chip that removes it; none for sales", async () => {
    const { user, location } = renderBar('/listings');
    const toggle = screen.getByRole('button', { name: 'No fee' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await expectQuery(location, { noFee: '1' });
    expect(screen.getByRole('button', { name: 'No fee' })).toHaveAttribute('aria-pressed', 'true');
    expect(chipTexts()).toEqual(['No fee']);
    await user.click(screen.getByRole('button', { name: 'Remove filter No fee' }));
    await expectQuery(location, {});
    expect(screen.getByRole('button', { name: 'No fee' })).toHaveAttribute('aria-pressed', 'false');
    // Homes for sale have no broker fee: no toggle, no chip.
    await user.click(screen.getByRole('button', { name: 'No fee' }));
    await user.click(screen.getByRole('radio', { name: 'Buy' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'No fee' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Remove filter No fee' })).not.toBeInTheDocument();
  });

  it('bathrooms in More (issue 59 item 1): at least that many, in the URL and a chip that removes it', async () => {
    const { user, location } = renderBar('/listings');
    await user.click(moreButton());
    const group = await screen.findByRole('radiogroup', { name: 'Bathrooms' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Any', '1+', '1.5+', '2+', '3+']);
    await user.click(within(group).getByRole('radio', { name: '2+' }));
    await expectQuery(location, { baths: '2' });
    await user.keyboard('{Escape}');
    expect(moreButton()).toHaveTextContent('1 active');
    expect(chipTexts()).toEqual(['Bathrooms: 2+']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Bathrooms: 2+' }));
    await expectQuery(location, {});
  });

  it('amenities in More (issue 59 item 1): each ticked one in the URL, one chip that removes them all', async () => {
    const { user, location } = renderBar('/listings');
    await user.click(moreButton());
    const group = await screen.findByRole('group', { name: 'Amenities' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['In-unit laundry', 'Dishwasher', 'Doorman', 'Elevator', 'Outdoor space', 'Gym', 'Furnished']);
    await user.click(within(group).getByRole('checkbox', { name: 'Gym' }));
    await user.click(within(group).getByRole('checkbox', { name: 'In-unit laundry' }));
    await expectQuery(location, { amenities: 'in_unit_laundry,gym' });
    await user.keyboard('{Escape}');
    expect(moreButton()).toHaveTextContent('2 active');
    expect(chipTexts()).toEqual(['Amenities: 2']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Amenities: 2' }));
    await expectQuery(location, {});
  });

  it('a bedroom range and a move-in date in More (issue 59 item 1): in the URL, chips, and an upside-down range mended', async () => {
    const { user, location } = renderBar('/listings?bedrooms=1');
    await user.click(moreButton());
    const group = await screen.findByRole('radiogroup', { name: 'Bedrooms at most' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Any', 'Studio', '1', '2', '3', '4']);
    await user.click(within(group).getByRole('radio', { name: '2' }));
    await expectQuery(location, { bedrooms: '1', maxBeds: '2' });
    const moveIn = screen.getByLabelText('Move in by');
    await user.type(moveIn, '2027-03-01');
    await expectQuery(location, { bedrooms: '1', maxBeds: '2', moveIn: '2027-03-01' });
    await user.keyboard('{Escape}');
    expect(moreButton()).toHaveTextContent('2 active');
    expect(chipTexts()).toEqual(['Bedrooms: 1+', 'At most 2 beds', 'Move in by Mar 1, 2027']);
    // A minimum above the maximum: the minimum just chosen stays, the maximum goes.
    await user.selectOptions(combobox('Bedrooms'), '3');
    await expectQuery(location, { bedrooms: '3', moveIn: '2027-03-01' });
    await user.click(screen.getByRole('button', { name: 'Remove filter Move in by Mar 1, 2027' }));
    await expectQuery(location, { bedrooms: '3' });
  });

  it('a URL with a bad bedroom maximum or move-in day sets neither', () => {
    renderBar('/listings?maxBeds=9&moveIn=2027-02-30');
    expect(chipList()).toBeNull();
  });

  it("on a phone, 'Filters' opens every filter full-screen; they apply as chosen and 'Show results' closes it (issue 59 item 1)", async () => {
    const { user, location } = renderBar('/listings?noFee=1');
    const open = screen.getByRole('button', { name: /^Filters/ });
    expect(open).toHaveTextContent('1 active');
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Borough' }), 'BROOKLYN');
    await user.click(await within(sheet).findByRole('radio', { name: '2+' }));
    await expectQuery(location, { noFee: '1', borough: 'brooklyn', baths: '2' });
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('3 active');
    // 'Clear all' in the sheet resets the search.
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear all' }));
    await expectQuery(location, {});
  });

  it('keeps the listings picked for comparing when a filter changes (they are not a filter)', async () => {
    const picked = '11111111-1111-4111-8111-111111111111';
    const { user, location } = renderBar(`/listings?compare=${picked}`);
    await user.selectOptions(combobox('Bedrooms'), '2');
    await expectQuery(location, { bedrooms: '2', compare: picked });
    expect(chipTexts()).toEqual(['Bedrooms: 2+']);
  });
});

const FULL =
  '/listings?borough=manhattan&neighborhood=Chelsea&minPrice=1500&maxPrice=9000&bedrooms=1&propertyType=apartment&pets=allowed&sort=price_high';

describe('a URL with filters', () => {
  it('sets every control and the chips at start', async () => {
    const { user } = renderBar(FULL);
    expect(combobox('Borough')).toHaveDisplayValue('Manhattan');
    expect(combobox('Neighborhood')).toHaveDisplayValue('Chelsea');
    expect(priceButton()).toHaveTextContent('Price: $1,500 – $9,000');
    expect(combobox('Bedrooms')).toHaveDisplayValue('1+');
    expect(combobox('Sort by')).toHaveDisplayValue('Price: High to Low');
    expect(moreButton()).toHaveTextContent('2 active');
    expect(chipTexts()).toEqual([
      'Manhattan',
      'Chelsea',
      'Min $1,500',
      'Max $9,000',
      'Bedrooms: 1+',
      'Apartment',
      'Pets Allowed',
    ]);

    await user.click(moreButton());
    expect(await screen.findByRole('radio', { name: 'Apartment' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pets Allowed' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'House' })).not.toBeChecked();
  });

  it('with a text search and a map area: the search box and the "…" and Map area chips', () => {
    renderBar('/listings?search=avenue&bounds=40.8,40.74,-73.94,-74.01');
    expect(screen.getByRole('combobox', { name: 'Search by address or neighborhood' })).toHaveValue('avenue');
    expect(chipTexts()).toEqual(['“avenue”', 'Map area']);
    expect(screen.getByRole('button', { name: 'Remove filter Map area' })).toBeInTheDocument();
  });

  it('ignores unknown values and a neighborhood of another borough', () => {
    const { location } = renderBar('/listings?borough=queens&neighborhood=Chelsea&bedrooms=9&pets=llamas&sort=cheapest');
    expect(combobox('Borough')).toHaveDisplayValue('Queens');
    expect(combobox('Neighborhood')).toHaveDisplayValue('All neighborhoods');
    expect(combobox('Bedrooms')).toHaveDisplayValue('Any');
    expect(combobox('Sort by')).toHaveDisplayValue('Newest');
    expect(chipTexts()).toEqual(['Queens']);
    // Nothing is written until a control changes.
    expect(location.current.search).toBe('?borough=queens&neighborhood=Chelsea&bedrooms=9&pets=llamas&sort=cheapest');
  });
});

describe('chips and Clear all', () => {
  const everyFilter = {
    borough: 'manhattan',
    neighborhood: 'Chelsea',
    minPrice: '1500',
    maxPrice: '9000',
    bedrooms: '1',
    propertyType: 'apartment',
    pets: 'allowed',
    sort: 'price_high',
  };
  const without = (...keys: string[]) => Object.fromEntries(Object.entries(everyFilter).filter(([key]) => !keys.includes(key)));

  it.each([
    // Removing the borough removes its neighborhood too.
    ['Manhattan', without('borough', 'neighborhood')],
    ['Chelsea', without('neighborhood')],
    ['Min $1,500', without('minPrice')],
    ['Max $9,000', without('maxPrice')],
    ['Bedrooms: 1+', without('bedrooms')],
    ['Apartment', without('propertyType')],
    ['Pets Allowed', without('pets')],
  ])('the chip %s removes that filter only', async (label, expected) => {
    const { user, location } = renderBar(FULL);
    await user.click(screen.getByRole('button', { name: `Remove filter ${label}` }));
    await expectQuery(location, expected);
    expect(chipTexts()).not.toContain(label);
  });

  it('the search and Map area chips remove the text search and the map area', async () => {
    const { user, location } = renderBar('/listings?search=avenue&bounds=40.8,40.74,-73.94,-74.01');
    await user.click(screen.getByRole('button', { name: 'Remove filter Map area' }));
    await expectQuery(location, { search: 'avenue' });
    await user.click(screen.getByRole('button', { name: 'Remove filter “avenue”' }));
    await expectQuery(location, {});
    expect(screen.getByRole('combobox', { name: 'Search by address or neighborhood' })).toHaveValue('');
    expect(chipList()).not.toBeInTheDocument();
  });

  it('a chip at a time, then Clear all resets every filter and every control', async () => {
    const { user, location } = renderBar('/listings?borough=bronx&neighborhood=Fordham&bedrooms=2&pets=dogs&sort=oldest');

    await user.click(screen.getByRole('button', { name: 'Remove filter Bronx' }));
    await expectQuery(location, { bedrooms: '2', pets: 'dogs', sort: 'oldest' });
    expect(combobox('Borough')).toHaveDisplayValue('All boroughs');
    expect(screen.queryByRole('combobox', { name: 'Neighborhood' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter Dogs OK' }));
    await expectQuery(location, { bedrooms: '2', sort: 'oldest' });

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location.current.search).toBe(''));
    expect(chipList()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
    expect(combobox('Bedrooms')).toHaveDisplayValue('Any');
    expect(combobox('Sort by')).toHaveDisplayValue('Newest');
    expect(priceButton()).toHaveTextContent(/^Price$/);
    expect(moreButton()).not.toHaveTextContent('active');
  });

  it('Clear all is offered for a sort alone (no chip), and resets it', async () => {
    const { user, location } = renderBar('/listings?sort=oldest');
    expect(within(screen.getByRole('list', { name: 'Active filters' })).queryAllByRole('button')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location.current.search).toBe(''));
    expect(combobox('Sort by')).toHaveDisplayValue('Newest');
  });
});
