// The six sections of the listing form (SPEC part 2 and part 3's option lists).
import { labels } from '@common/i18n/labels';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { hasConcession, isSale, MAX_APPLICATION_FEE, moveInTotal, netEffectiveRent } from '@common/listing';
import { formatPrice } from '@common/format';
import { neighborhoodsOf, nearestNeighborhood, NYC_CENTER, type LatLng } from '@common/nyc';
import { BrokerFeePayerValues, optionsOf, type Borough } from '@common/options';
import { fieldOptionsOf, LISTING_FIELDS } from '@common/listing-fields';
import { Plus, Trash2, X } from '@/components/icons';
import { useState } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import type { AddressSuggestion } from '@/components/address-search';
import { MapView } from '@/features/map/map-view';
import { AddressField } from './address-field';
import {
  around,
  CheckboxGroupField,
  FormSection,
  InputField,
  MARK,
  MoneyField,
  RadioGroupField,
  SelectField,
  TextAreaField,
  useFieldError,
} from './fields';
import { DeclaredFields } from './declared-fields';
import { fieldLabel, sectionTitle, type ListingFormValues } from './form-model';

const messages = defineMessages({
  // Basic Info
  mapLabel: { id: 'listingSections.mapLabel', defaultMessage: 'Location on the map' },
  mapHint: {
    id: 'listingSections.mapHint',
    defaultMessage: "Click the map to place the pin, or drag the pin to the building's entrance.",
  },
  map: { id: 'listingSections.map', defaultMessage: "Map: click to place the listing's pin" },
  pin: { id: 'listingSections.pin', defaultMessage: 'Listing location pin' },
  pinAt: { id: 'listingSections.pinAt', defaultMessage: 'Pin at {lat}, {lng}' },
  noPin: { id: 'listingSections.noPin', defaultMessage: 'No pin placed yet.' },
  basicDescription: { id: 'listingSections.basicDescription', defaultMessage: 'What and where the home is.' },
  titlePlaceholder: { id: 'listingSections.titlePlaceholder', defaultMessage: 'Sunny 1BR with a balcony in Astoria' },
  descriptionHint: {
    id: 'listingSections.descriptionHint',
    defaultMessage: 'Describe the home, the building and the neighborhood.',
  },
  unitOptional: { id: 'listingSections.unitOptional', defaultMessage: 'Unit (optional)' },
  chooseNeighborhood: { id: 'listingSections.chooseNeighborhood', defaultMessage: 'Choose a neighborhood' },
  zipOptional: { id: 'listingSections.zipOptional', defaultMessage: 'ZIP code (optional)' },
  sqftOptional: { id: 'listingSections.sqftOptional', defaultMessage: 'Square feet (optional)' },
  // Pricing & Terms
  tenant: { id: 'listingSections.tenant', defaultMessage: 'Tenant' },
  landlord: { id: 'listingSections.landlord', defaultMessage: 'Landlord' },
  noFee: { id: 'listingSections.noFee', defaultMessage: 'No fee' },
  oneTime: { id: 'listingSections.oneTime', defaultMessage: 'One-time' },
  monthly: { id: 'listingSections.monthly', defaultMessage: 'Monthly' },
  otherFees: { id: 'listingSections.otherFees', defaultMessage: 'Other fees the tenant pays' },
  otherFeesSale: { id: 'listingSections.otherFeesSale', defaultMessage: 'Other fees the buyer pays' },
  otherFeesSaleHint: {
    id: 'listingSections.otherFeesSaleHint',
    defaultMessage: 'List every other fee the buyer pays (common charges, transfer or application fees…).',
  },
  otherFeesHint: {
    id: 'listingSections.otherFeesHint',
    defaultMessage:
      'List every other fee (amenity, move-in, pet rent…). New York law requires disclosing each fee the tenant pays.',
  },
  feeName: { id: 'listingSections.feeName', defaultMessage: 'Fee {n} name' },
  feeNamePlaceholder: { id: 'listingSections.feeNamePlaceholder', defaultMessage: 'Amenity fee' },
  feeAmount: { id: 'listingSections.feeAmount', defaultMessage: 'Fee {n} amount' },
  feeFrequency: { id: 'listingSections.feeFrequency', defaultMessage: 'Fee {n} frequency' },
  removeFee: { id: 'listingSections.removeFee', defaultMessage: 'Remove fee {n}' },
  addFee: { id: 'listingSections.addFee', defaultMessage: 'Add a fee' },
  concession: { id: 'listingSections.concession', defaultMessage: 'Concession (optional)' },
  concessionHint: {
    id: 'listingSections.concessionHint',
    defaultMessage:
      'Months of free rent on a lease of a given length. The monthly rent above stays the gross rent; listings show the net effective rent beside it.',
  },
  leaseOf: { id: 'listingSections.leaseOf', defaultMessage: 'On a lease of (months)' },
  termsOptional: { id: 'listingSections.termsOptional', defaultMessage: 'Concession terms (optional)' },
  termsPlaceholder: { id: 'listingSections.termsPlaceholder', defaultMessage: 'Applied to month 12' },
  netEffective: {
    id: 'listingSections.netEffective',
    defaultMessage: 'Net effective rent: {amount} per month ({concession})',
  },
  monthsFreeOn: {
    id: 'listingSections.monthsFreeOn',
    defaultMessage: '{months, plural, one {# month free on {lease}} other {# months free on {lease}}}',
  },
  moveInTotal: { id: 'listingSections.moveInTotal', defaultMessage: 'Total move-in cost: {total}' },
  moveInParts: {
    id: 'listingSections.moveInParts',
    defaultMessage: "First month's rent + security deposit + application fee + one-time fees: what the tenant pays to move in.",
  },
  moveInPartsBroker: {
    id: 'listingSections.moveInPartsBroker',
    defaultMessage:
      "First month's rent + security deposit + application fee + broker fee + one-time fees: what the tenant pays to move in.",
  },
  pricingDescription: { id: 'listingSections.pricingDescription', defaultMessage: 'Rent, move-in costs and lease terms.' },
  askingPrice: { id: 'listingSections.askingPrice', defaultMessage: 'Asking price' },
  salePricingDescription: { id: 'listingSections.salePricingDescription', defaultMessage: 'Asking price and other fees.' },
  securityDepositCap: {
    id: 'listingSections.securityDepositCap',
    defaultMessage: "At most one month's rent under New York law (GOL § 7-108).",
  },
  applicationFeeCap: {
    id: 'listingSections.applicationFeeCap',
    defaultMessage: 'At most {cap}, or the actual cost of the background and credit check if less (New York RPL § 238-a).',
  },
  securityDepositOptional: { id: 'listingSections.securityDepositOptional', defaultMessage: 'Security deposit (optional)' },
  applicationFeeOptional: { id: 'listingSections.applicationFeeOptional', defaultMessage: 'Application fee (optional)' },
  whoPays: { id: 'listingSections.whoPays', defaultMessage: 'Who pays the broker fee?' },
  whoPaysHint: {
    id: 'listingSections.whoPaysHint',
    defaultMessage: "When the landlord pays it, or there is none, the listing shows 'No fee'.",
  },
  paidByTenant: { id: 'listingSections.paidByTenant', defaultMessage: 'Paid by the tenant: counted in the move-in total.' },
  paidByLandlord: { id: 'listingSections.paidByLandlord', defaultMessage: 'Paid by the landlord.' },
  sayWhoPays: { id: 'listingSections.sayWhoPays', defaultMessage: 'Say above who pays it.' },
  // Policies
  policiesDescription: { id: 'listingSections.policiesDescription', defaultMessage: 'Pets, smoking and parking.' },
  petFeeMonthly: { id: 'listingSections.petFeeMonthly', defaultMessage: 'Pet fee (per month)' },
  parkingFeeMonthly: { id: 'listingSections.parkingFeeMonthly', defaultMessage: 'Parking fee (per month)' },
  // Amenities
  otherAmenitiesOptional: { id: 'listingSections.otherAmenitiesOptional', defaultMessage: 'Other amenities (optional)' },
  otherAmenityPlaceholder: { id: 'listingSections.otherAmenityPlaceholder', defaultMessage: 'Bike room, roof garden…' },
  add: { id: 'listingSections.add', defaultMessage: 'Add' },
  remove: { id: 'listingSections.remove', defaultMessage: 'Remove {name}' },
  amenitiesDescription: {
    id: 'listingSections.amenitiesDescription',
    defaultMessage: 'Laundry and what the building offers.',
  },
  notSpecified: { id: 'listingSections.notSpecified', defaultMessage: 'Not specified' },
  // Unit Features
  unitDescription: { id: 'listingSections.unitDescription', defaultMessage: 'What the apartment itself has.' },
  // Photos & Media
  openHouses: { id: 'listingSections.openHouses', defaultMessage: 'Open houses (optional)' },
  openHouseStarts: { id: 'listingSections.openHouseStarts', defaultMessage: 'Open house {n} starts (NY time)' },
  openHouseEnds: { id: 'listingSections.openHouseEnds', defaultMessage: 'Open house {n} ends (NY time)' },
  openHousePlaces: { id: 'listingSections.openHousePlaces', defaultMessage: 'Open house {n} places' },
  noLimit: { id: 'listingSections.noLimit', defaultMessage: 'No limit' },
  removeOpenHouse: { id: 'listingSections.removeOpenHouse', defaultMessage: 'Remove open house {n}' },
  addOpenHouse: { id: 'listingSections.addOpenHouse', defaultMessage: 'Add open house' },
  mediaDescription: {
    id: 'listingSections.mediaDescription',
    defaultMessage: "Photos, a virtual tour and open houses. Add photos: a listing without any shows 'No photos'.",
  },
  virtualTourOptional: { id: 'listingSections.virtualTourOptional', defaultMessage: 'Virtual tour URL (optional)' },
});

// The option lists of the declared fields (common/listing-fields.ts).
const F = LISTING_FIELDS;
const boroughOptions = fieldOptionsOf(F.borough);
const propertyTypeOptions = fieldOptionsOf(F.propertyType);
const listingTypeOptions = fieldOptionsOf(F.listingType);
const leaseTermOptions = fieldOptionsOf(F.leaseTerm);
const utilityOptions = fieldOptionsOf(F.utilitiesIncluded);
const petPolicyOptions = fieldOptionsOf(F.petPolicy);
const petTypeOptions = fieldOptionsOf(F.petTypesAllowed);
const smokingOptions = fieldOptionsOf(F.smokingPolicy);
const parkingOptions = fieldOptionsOf(F.parking);
const laundryOptions = fieldOptionsOf(F.laundry);
const buildingAmenityOptions = fieldOptionsOf(F.buildingAmenities);
// 'Elevator' is ticked once, under Building amenities (the server reports it under accessibility too).
const accessibilityOptions = fieldOptionsOf(F.accessibilityFeatures).filter((o) => o.value !== 'ELEVATOR');
const unitFeatureOptions = fieldOptionsOf(F.unitFeatures);
const flooringOptions = fieldOptionsOf(F.flooringType);
const applianceOptions = fieldOptionsOf(F.appliancesIncluded);
const hvacOptions = fieldOptionsOf(F.hvac);
const brokerFeePayerOptions = optionsOf(
  BrokerFeePayerValues,
  labels({ TENANT: messages.tenant, LANDLORD: messages.landlord, NO_FEE: messages.noFee }),
);
const frequencyOptions = optionsOf(
  ['ONE_TIME', 'MONTHLY'] as const,
  labels({ ONE_TIME: messages.oneTime, MONTHLY: messages.monthly }),
);

const grid2 = 'grid grid-cols-1 gap-5 sm:grid-cols-2';
const grid3 = 'grid grid-cols-1 gap-5 sm:grid-cols-3';

// --- Basic Info ---------------------------------------------------------------------------------

function LocationMap({ viewKey, onPinMove }: { viewKey: string; onPinMove: (point: LatLng) => void }) {
  const { control } = useFormContext<ListingFormValues>();
  const location = useWatch({ control, name: 'location' });
  const error = useFieldError('location');
  const center = location ?? NYC_CENTER;
  const intl = useIntl();
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-gray-800" id="listing-map-label">
        {intl.formatMessage(messages.mapLabel)}
      </p>
      <p className="text-xs text-gray-600" id="listing-map-hint">
        {intl.formatMessage(messages.mapHint)}
      </p>
      <MapView
        label={intl.formatMessage(messages.map)}
        markers={[]}
        view={{ kind: 'center', center, zoom: location ? 15 : 12 }}
        viewKey={viewKey}
        pin={location ? { position: location, label: intl.formatMessage(messages.pin) } : null}
        onPinMove={onPinMove}
        // Below the first screen on a phone: its engine starts as it comes near, not with the form.
        loadWhenVisible
        className="h-64 rounded-lg border border-gray-200 sm:h-72"
      />
      <p className="text-xs text-gray-600" aria-live="polite">
        {location
          ? intl.formatMessage(messages.pinAt, { lat: location.lat.toFixed(5), lng: location.lng.toFixed(5) })
          : intl.formatMessage(messages.noPin)}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function BasicInfoSection() {
  const { control, setValue, getValues, formState } = useFormContext<ListingFormValues>();
  const borough = useWatch({ control, name: 'borough' }) as Borough;
  const [viewKey, setViewKey] = useState('initial');
  const neighborhoodOptions = neighborhoodsOf(borough).map((n) => ({ value: n.name, label: n.name }));
  const validate = { shouldDirty: true, shouldValidate: formState.isSubmitted || formState.isDirty };
  const intl = useIntl();

  function placeAt(point: LatLng, recenter: boolean) {
    const hood = nearestNeighborhood(point);
    setValue('location', { lat: Number(point.lat.toFixed(7)), lng: Number(point.lng.toFixed(7)) }, validate);
    setValue('borough', hood.borough, validate);
    setValue('neighborhood', hood.name, validate);
    if (recenter) setViewKey(`${point.lat},${point.lng}`);
  }

  function onPickPlace(s: AddressSuggestion) {
    if (s.borough) setValue('borough', s.borough, validate);
    if (s.neighborhood && (!s.borough || neighborhoodsOf(s.borough).some((n) => n.name === s.neighborhood))) {
      setValue('neighborhood', s.neighborhood, validate);
    }
    if (typeof s.lat === 'number' && typeof s.lng === 'number') {
      const point = { lat: s.lat, lng: s.lng };
      setValue('location', point, validate);
      if (!s.neighborhood) {
        const hood = nearestNeighborhood(point);
        setValue('borough', hood.borough, validate);
        setValue('neighborhood', hood.name, validate);
      }
      setViewKey(`${s.lat},${s.lng}`);
    }
  }

  return (
    <FormSection id="basic" title={sectionTitle('basic')} step={1} description={intl.formatMessage(messages.basicDescription)}>
      <InputField
        name="title"
        label={fieldLabel('title')}
        placeholder={intl.formatMessage(messages.titlePlaceholder)}
        maxLength={120}
      />
      <TextAreaField
        name="description"
        label={fieldLabel('description')}
        maxLength={5000}
        hint={intl.formatMessage(messages.descriptionHint)}
      />
      <AddressField onPickPlace={onPickPlace} />
      <div className={grid3}>
        <InputField name="unit" label={intl.formatMessage(messages.unitOptional)} placeholder="4B" maxLength={20} />
        <SelectField
          name="borough"
          label={fieldLabel('borough')}
          options={boroughOptions}
          onValueChange={(next) => {
            const hood = getValues('neighborhood');
            if (next && hood && !neighborhoodsOf(next as Borough).some((n) => n.name === hood)) {
              setValue('neighborhood', '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
            }
          }}
        />
        <SelectField
          name="neighborhood"
          label={fieldLabel('neighborhood')}
          options={neighborhoodOptions}
          names
          emptyLabel={intl.formatMessage(messages.chooseNeighborhood)}
        />
      </div>
      <div className={grid3}>
        <InputField
          name="postalCode"
          label={intl.formatMessage(messages.zipOptional)}
          inputMode="numeric"
          maxLength={5}
          placeholder="10001"
        />
      </div>
      <LocationMap viewKey={viewKey} onPinMove={(p) => placeAt(p, false)} />
      <div className={grid2}>
        <SelectField name="propertyType" label={fieldLabel('propertyType')} options={propertyTypeOptions} />
        <SelectField name="listingType" label={fieldLabel('listingType')} options={listingTypeOptions} />
      </div>
      <div className={grid3}>
        <InputField
          name="bedrooms"
          label={fieldLabel('bedrooms')}
          type="number"
          step={0.5}
          min={0}
          asNumber
          inputMode="decimal"
        />
        <InputField
          name="bathrooms"
          label={fieldLabel('bathrooms')}
          type="number"
          step={0.5}
          min={0}
          asNumber
          inputMode="decimal"
        />
        <InputField
          name="sqft"
          label={intl.formatMessage(messages.sqftOptional)}
          type="number"
          step={1}
          min={1}
          optionalNumber
          inputMode="numeric"
        />
      </div>
      <DeclaredFields section="basic" />
    </FormSection>
  );
}

// --- Pricing & Terms ----------------------------------------------------------------------------

function OtherFees() {
  const { control, register } = useFormContext<ListingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'otherFees' });
  const error = useFieldError('otherFees');
  const intl = useIntl();
  // A sale has a buyer, not a tenant (issue 58 item 3).
  const sale = isSale(useWatch({ control, name: 'listingType' }));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">
        {intl.formatMessage(sale ? messages.otherFeesSale : messages.otherFees)}
      </legend>
      <p className="text-xs text-gray-600">{intl.formatMessage(sale ? messages.otherFeesSaleHint : messages.otherFeesHint)}</p>
      {fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-1 items-start gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_10rem_10rem_auto]"
        >
          <InputField
            name={`otherFees.${i}.label`}
            label={intl.formatMessage(messages.feeName, { n: i + 1 })}
            placeholder={intl.formatMessage(messages.feeNamePlaceholder)}
            maxLength={60}
          />
          <MoneyField name={`otherFees.${i}.amount`} label={intl.formatMessage(messages.feeAmount, { n: i + 1 })} />
          <div className="space-y-1.5">
            <label htmlFor={`fee-frequency-${f.id}`} className="block text-sm font-medium text-gray-800">
              {intl.formatMessage(messages.feeFrequency, { n: i + 1 })}
            </label>
            <select id={`fee-frequency-${f.id}`} className={inputClasses} {...register(`otherFees.${i}.frequency`)}>
              {frequencyOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="self-end text-red-700 hover:bg-red-50"
            onClick={() => remove(i)}
            aria-label={intl.formatMessage(messages.removeFee, { n: i + 1 })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ label: '', amount: null as unknown as number, frequency: 'ONE_TIME' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {intl.formatMessage(messages.addFee)}
      </Button>
    </fieldset>
  );
}

/**
 * A concession (issue 26 item 2): months free on a lease of N months, optional terms, and what the
 * net effective rent comes to. The rent above stays the gross rent.
 */
function Concession() {
  const { control } = useFormContext<ListingFormValues>();
  const [price, monthsFree, leaseMonths] = useWatch({
    control,
    name: ['price', 'concessionMonthsFree', 'concessionLeaseMonths'],
  });
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const facts = { monthsFree: num(monthsFree), leaseMonths: num(leaseMonths) };
  const rent = num(price);
  const shown = rent !== null && rent > 0 && hasConcession(facts);
  const intl = useIntl();
  const [beforeRent, afterRent] = shown
    ? around(
        intl.formatMessage(messages.netEffective, {
          amount: MARK,
          concession: intl.formatMessage(messages.monthsFreeOn, { months: facts.monthsFree, lease: facts.leaseMonths }),
        }),
      )
    : ['', ''];
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">{intl.formatMessage(messages.concession)}</legend>
      <p className="text-xs text-gray-600">{intl.formatMessage(messages.concessionHint)}</p>
      <div className={grid2}>
        <InputField
          name="concessionMonthsFree"
          deps={['concessionLeaseMonths', 'concessionTerms']}
          label={fieldLabel('concessionMonthsFree')}
          type="number"
          step={0.5}
          min={0}
          optionalNumber
          inputMode="decimal"
          placeholder="1"
        />
        <InputField
          name="concessionLeaseMonths"
          deps={['concessionMonthsFree']}
          label={intl.formatMessage(messages.leaseOf)}
          type="number"
          step={1}
          min={1}
          optionalNumber
          inputMode="numeric"
          placeholder="12"
        />
      </div>
      <InputField
        name="concessionTerms"
        label={intl.formatMessage(messages.termsOptional)}
        placeholder={intl.formatMessage(messages.termsPlaceholder)}
        maxLength={200}
      />
      {shown ? (
        <p className="text-sm text-green-800" data-testid="net-effective-preview">
          {beforeRent}
          <strong>{formatPrice(netEffectiveRent(rent, facts))}</strong>
          {afterRent}
        </p>
      ) : null}
    </fieldset>
  );
}

function MoveInTotal() {
  const { control } = useFormContext<ListingFormValues>();
  const [price, securityDeposit, applicationFee, brokerFee, brokerFeePayer, otherFees] = useWatch({
    control,
    name: ['price', 'securityDeposit', 'applicationFee', 'brokerFee', 'brokerFeePayer', 'otherFees'],
  });
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const total = moveInTotal({
    price: num(price),
    securityDeposit: num(securityDeposit),
    applicationFee: num(applicationFee),
    brokerFee: num(brokerFee),
    brokerFeePayer: brokerFeePayer ?? 'NO_FEE',
    otherFees: (otherFees ?? []).map((f) => ({ label: f.label, amount: num(f.amount), frequency: f.frequency })),
  });
  const intl = useIntl();
  if (total <= 0) return null;
  const [beforeTotal, afterTotal] = around(intl.formatMessage(messages.moveInTotal, { total: MARK }));
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3" data-testid="move-in-total">
      <p className="text-sm text-brand-900">
        {beforeTotal}
        <strong className="text-base">{formatPrice(total)}</strong>
        {afterTotal}
      </p>
      <p className="mt-0.5 text-xs text-brand-900">
        {intl.formatMessage(brokerFeePayer === 'TENANT' ? messages.moveInPartsBroker : messages.moveInParts)}
      </p>
    </div>
  );
}

export function PricingSection() {
  const { control } = useFormContext<ListingFormValues>();
  const [brokerFeePayer, listingType] = useWatch({ control, name: ['brokerFeePayer', 'listingType'] });
  const intl = useIntl();
  // A sale asks its price: no lease, deposit, application fee, broker fee payer, concession or move-in
  // total (issue 58 item 3; the rules drop them: common/listing.ts).
  if (isSale(listingType)) {
    return (
      <FormSection
        id="pricing"
        title={sectionTitle('pricing')}
        step={2}
        description={intl.formatMessage(messages.salePricingDescription)}
      >
        <div className={grid2}>
          <MoneyField name="price" label={intl.formatMessage(messages.askingPrice)} placeholder="950000" />
          <InputField name="availableDate" label={fieldLabel('availableDate')} type="date" />
        </div>
        <OtherFees />
        <DeclaredFields section="pricing" />
      </FormSection>
    );
  }
  return (
    <FormSection
      id="pricing"
      title={sectionTitle('pricing')}
      step={2}
      description={intl.formatMessage(messages.pricingDescription)}
    >
      <div className={grid3}>
        <MoneyField name="price" label={fieldLabel('price')} placeholder="3500" />
        <InputField name="availableDate" label={fieldLabel('availableDate')} type="date" />
        <SelectField name="leaseTerm" label={fieldLabel('leaseTerm')} options={leaseTermOptions} />
      </div>
      {/* New York's caps on a rental's fees (issue 58 item 2): publishing refuses more (common/listing.ts). */}
      <div className={grid2}>
        <MoneyField
          name="securityDeposit"
          label={intl.formatMessage(messages.securityDepositOptional)}
          hint={intl.formatMessage(messages.securityDepositCap)}
        />
        <MoneyField
          name="applicationFee"
          label={intl.formatMessage(messages.applicationFeeOptional)}
          hint={intl.formatMessage(messages.applicationFeeCap, { cap: formatPrice(MAX_APPLICATION_FEE) })}
        />
      </div>
      <RadioGroupField
        name="brokerFeePayer"
        legend={intl.formatMessage(messages.whoPays)}
        options={brokerFeePayerOptions}
        hint={intl.formatMessage(messages.whoPaysHint)}
      />
      {brokerFeePayer !== 'NO_FEE' ? (
        <div className={grid2}>
          <MoneyField
            name="brokerFee"
            label={fieldLabel('brokerFee')}
            hint={intl.formatMessage(
              brokerFeePayer === 'TENANT'
                ? messages.paidByTenant
                : brokerFeePayer === 'LANDLORD'
                  ? messages.paidByLandlord
                  : messages.sayWhoPays,
            )}
          />
        </div>
      ) : null}
      <OtherFees />
      <Concession />
      <CheckboxGroupField name="utilitiesIncluded" legend={fieldLabel('utilitiesIncluded')} options={utilityOptions} />
      <MoveInTotal />
      <DeclaredFields section="pricing" />
    </FormSection>
  );
}

// --- Policies -----------------------------------------------------------------------------------

export function PoliciesSection() {
  const { control } = useFormContext<ListingFormValues>();
  const [petPolicy, parking] = useWatch({ control, name: ['petPolicy', 'parking'] });
  const intl = useIntl();
  return (
    <FormSection
      id="policies"
      title={sectionTitle('policies')}
      step={3}
      description={intl.formatMessage(messages.policiesDescription)}
    >
      <div className={grid2}>
        <SelectField name="petPolicy" label={fieldLabel('petPolicy')} options={petPolicyOptions} />
        <SelectField name="smokingPolicy" label={fieldLabel('smokingPolicy')} options={smokingOptions} />
      </div>
      {petPolicy === 'PETS_ALLOWED' ? (
        <>
          <div className={grid2}>
            <MoneyField name="petFee" label={intl.formatMessage(messages.petFeeMonthly)} />
            <MoneyField name="petDeposit" label={fieldLabel('petDeposit')} />
          </div>
          <CheckboxGroupField name="petTypesAllowed" legend={fieldLabel('petTypesAllowed')} options={petTypeOptions} />
        </>
      ) : null}
      <div className={grid2}>
        <SelectField name="parking" label={fieldLabel('parking')} options={parkingOptions} />
        {parking === 'PARKING_AVAILABLE' ? (
          <MoneyField name="parkingFee" label={intl.formatMessage(messages.parkingFeeMonthly)} />
        ) : null}
      </div>
      <DeclaredFields section="policies" />
    </FormSection>
  );
}

// --- Amenities ----------------------------------------------------------------------------------

function OtherAmenities() {
  const { control } = useFormContext<ListingFormValues>();
  const { field } = useController({ control, name: 'amenities' });
  const error = useFieldError('amenities');
  const [text, setText] = useState('');
  const list = (field.value as string[] | undefined) ?? [];
  const intl = useIntl();
  function add() {
    const value = text.trim();
    if (!value || list.includes(value)) return;
    field.onChange([...list, value]);
    setText('');
  }
  return (
    <div className="space-y-2">
      <label htmlFor="other-amenity" className="block text-sm font-medium text-gray-800">
        {intl.formatMessage(messages.otherAmenitiesOptional)}
      </label>
      <div className="flex gap-2">
        <input
          id="other-amenity"
          type="text"
          value={text}
          maxLength={60}
          placeholder={intl.formatMessage(messages.otherAmenityPlaceholder)}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={inputClasses}
        />
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          {intl.formatMessage(messages.add)}
        </Button>
      </div>
      {list.length > 0 ? (
        <ul aria-label={fieldLabel('amenities')} className="flex flex-wrap gap-2">
          {list.map((a, i) => (
            <li key={a} className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm text-gray-800">
              {a}
              <button
                type="button"
                onClick={() => field.onChange(list.filter((_, j) => j !== i))}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-gray-200"
                aria-label={intl.formatMessage(messages.remove, { name: a })}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AmenitiesSection() {
  const intl = useIntl();
  return (
    <FormSection
      id="amenities"
      title={sectionTitle('amenities')}
      step={4}
      description={intl.formatMessage(messages.amenitiesDescription)}
    >
      <div className={grid2}>
        <SelectField
          name="laundry"
          label={fieldLabel('laundry')}
          options={laundryOptions}
          emptyLabel={intl.formatMessage(messages.notSpecified)}
        />
      </div>
      <CheckboxGroupField name="buildingAmenities" legend={fieldLabel('buildingAmenities')} options={buildingAmenityOptions} />
      <CheckboxGroupField
        name="accessibilityFeatures"
        legend={fieldLabel('accessibilityFeatures')}
        options={accessibilityOptions}
      />
      <OtherAmenities />
      <DeclaredFields section="amenities" />
    </FormSection>
  );
}

// --- Unit Features ------------------------------------------------------------------------------

export function UnitFeaturesSection() {
  const intl = useIntl();
  const notSpecified = intl.formatMessage(messages.notSpecified);
  return (
    <FormSection id="unit" title={sectionTitle('unit')} step={5} description={intl.formatMessage(messages.unitDescription)}>
      <CheckboxGroupField name="unitFeatures" legend={fieldLabel('unitFeatures')} options={unitFeatureOptions} />
      <div className={grid2}>
        <SelectField name="flooringType" label={fieldLabel('flooringType')} options={flooringOptions} emptyLabel={notSpecified} />
        <SelectField name="hvac" label={fieldLabel('hvac')} options={hvacOptions} emptyLabel={notSpecified} />
      </div>
      <CheckboxGroupField name="appliancesIncluded" legend={fieldLabel('appliancesIncluded')} options={applianceOptions} />
      <DeclaredFields section="unit" />
    </FormSection>
  );
}

// --- Photos & Media (the photo uploader is given by the form) --------------------------------------

function OpenHouses() {
  const { control } = useFormContext<ListingFormValues>();
  // The rows' React keys under `key`: `id` is an open house's own (kept on edit, with its RSVPs).
  const { fields, append, remove } = useFieldArray({ control, name: 'openHouses', keyName: 'key' });
  const error = useFieldError('openHouses');
  const intl = useIntl();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">{intl.formatMessage(messages.openHouses)}</legend>
      {fields.map((f, i) => (
        <div
          key={f.key}
          data-open-house-id={f.key}
          className="grid grid-cols-1 items-start gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
        >
          <InputField
            name={`openHouses.${i}.startsAt`}
            label={intl.formatMessage(messages.openHouseStarts, { n: i + 1 })}
            type="datetime-local"
          />
          <InputField
            name={`openHouses.${i}.endsAt`}
            label={intl.formatMessage(messages.openHouseEnds, { n: i + 1 })}
            type="datetime-local"
          />
          <InputField
            name={`openHouses.${i}.capacity`}
            label={intl.formatMessage(messages.openHousePlaces, { n: i + 1 })}
            type="number"
            min={1}
            step={1}
            optionalNumber
            inputMode="numeric"
            placeholder={intl.formatMessage(messages.noLimit)}
          />
          <Button
            variant="ghost"
            size="icon"
            className="self-end text-red-700 hover:bg-red-50"
            onClick={() => remove(i)}
            aria-label={intl.formatMessage(messages.removeOpenHouse, { n: i + 1 })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ id: null, startsAt: '', endsAt: '', note: '', capacity: null })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {intl.formatMessage(messages.addOpenHouse)}
      </Button>
    </fieldset>
  );
}

export function MediaSection({ photos }: { photos: React.ReactNode }) {
  const intl = useIntl();
  return (
    <FormSection id="media" title={sectionTitle('media')} step={6} description={intl.formatMessage(messages.mediaDescription)}>
      {photos}
      <InputField
        name="virtualTourUrl"
        label={intl.formatMessage(messages.virtualTourOptional)}
        type="url"
        placeholder="https://"
        inputMode="url"
        maxLength={500}
      />
      <OpenHouses />
      <DeclaredFields section="media" />
    </FormSection>
  );
}
