// The six sections of the listing form (SPEC part 2 and part 3's option lists).
import { concessionLabel, hasConcession, moveInTotal, netEffectiveRent } from '@common/listing';
import { formatPrice } from '@common/format';
import { neighborhoodsOf, nearestNeighborhood, NYC_CENTER, type LatLng } from '@common/nyc';
import {
  ApplianceValues,
  boroughLabels,
  BoroughValues,
  BrokerFeePayerValues,
  BuildingAmenityValues,
  FlooringValues,
  HvacValues,
  LaundryValues,
  LeaseTermValues,
  ListingTypeValues,
  optionsOf,
  ParkingValues,
  PetPolicyValues,
  PetTypeValues,
  PropertyTypeValues,
  SmokingPolicyValues,
  AccessibilityFeatureValues,
  accessibilityFeatureLabels,
  UnitFeatureValues,
  UtilityValues,
  type Borough,
} from '@common/options';
import {
  applianceLabels,
  buildingAmenityLabels,
  flooringLabels,
  hvacLabels,
  laundryLabels,
  leaseTermLabels,
  listingTypeLabels,
  parkingLabels,
  petPolicyLabels,
  petTypeLabels,
  propertyTypeLabels,
  smokingPolicyLabels,
  unitFeatureLabels,
  utilityLabels,
} from '@common/listing-labels';
import { Plus, Trash2, X } from '@/components/icons';
import { useState } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import type { AddressSuggestion } from '@/features/listings/components/address-search';
import { MapView } from '@/features/map/map-view';
import { AddressField } from './address-field';
import {
  CheckboxGroupField,
  FormSection,
  InputField,
  MoneyField,
  RadioGroupField,
  SelectField,
  TextAreaField,
  useFieldError,
} from './fields';
import type { ListingFormValues } from './form-model';

const boroughOptions = optionsOf(BoroughValues, boroughLabels);
const propertyTypeOptions = optionsOf(PropertyTypeValues, propertyTypeLabels);
const listingTypeOptions = optionsOf(ListingTypeValues, listingTypeLabels);
const leaseTermOptions = optionsOf(LeaseTermValues, leaseTermLabels);
const utilityOptions = optionsOf(UtilityValues, utilityLabels);
const petPolicyOptions = optionsOf(PetPolicyValues, petPolicyLabels);
const petTypeOptions = optionsOf(PetTypeValues, petTypeLabels);
const smokingOptions = optionsOf(SmokingPolicyValues, smokingPolicyLabels);
const parkingOptions = optionsOf(ParkingValues, parkingLabels);
const laundryOptions = optionsOf(LaundryValues, laundryLabels);
const buildingAmenityOptions = optionsOf(BuildingAmenityValues, buildingAmenityLabels);
// 'Elevator' is ticked once, under Building amenities (the server reports it under accessibility too).
const accessibilityOptions = optionsOf(
  AccessibilityFeatureValues.filter((f) => f !== 'ELEVATOR'),
  accessibilityFeatureLabels,
);
const unitFeatureOptions = optionsOf(UnitFeatureValues, unitFeatureLabels);
const flooringOptions = optionsOf(FlooringValues, flooringLabels);
const applianceOptions = optionsOf(ApplianceValues, applianceLabels);
const hvacOptions = optionsOf(HvacValues, hvacLabels);
const brokerFeePayerOptions = optionsOf(BrokerFeePayerValues, { TENANT: 'Tenant', LANDLORD: 'Landlord', NO_FEE: 'No fee' });
const frequencyOptions = [
  { value: 'ONE_TIME', label: 'One-time' },
  { value: 'MONTHLY', label: 'Monthly' },
];

const grid2 = 'grid grid-cols-1 gap-5 sm:grid-cols-2';
const grid3 = 'grid grid-cols-1 gap-5 sm:grid-cols-3';

// --- Basic Info ---------------------------------------------------------------------------------

function LocationMap({ viewKey, onPinMove }: { viewKey: string; onPinMove: (point: LatLng) => void }) {
  const { control } = useFormContext<ListingFormValues>();
  const location = useWatch({ control, name: 'location' });
  const error = useFieldError('location');
  const center = location ?? NYC_CENTER;
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-gray-800" id="listing-map-label">
        Location on the map
      </p>
      <p className="text-xs text-gray-600" id="listing-map-hint">
        Click the map to place the pin, or drag the pin to the building&apos;s entrance.
      </p>
      <MapView
        label="Map: click to place the listing's pin"
        markers={[]}
        view={{ kind: 'center', center, zoom: location ? 15 : 12 }}
        viewKey={viewKey}
        pin={location ? { position: location, label: 'Listing location pin' } : null}
        onPinMove={onPinMove}
        // Below the first screen on a phone: its engine starts as it comes near, not with the form.
        loadWhenVisible
        className="h-64 rounded-lg border border-gray-200 sm:h-72"
      />
      <p className="text-xs text-gray-600" aria-live="polite">
        {location ? `Pin at ${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}` : 'No pin placed yet.'}
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
    <FormSection id="basic" title="Basic Info" step={1} description="What and where the home is.">
      <InputField name="title" label="Title" placeholder="Sunny 1BR with a balcony in Astoria" maxLength={120} />
      <TextAreaField
        name="description"
        label="Description"
        maxLength={5000}
        hint="Describe the home, the building and the neighborhood."
      />
      <AddressField onPickPlace={onPickPlace} />
      <div className={grid3}>
        <InputField name="unit" label="Unit (optional)" placeholder="4B" maxLength={20} />
        <SelectField
          name="borough"
          label="Borough"
          options={boroughOptions}
          onValueChange={(next) => {
            const hood = getValues('neighborhood');
            if (next && hood && !neighborhoodsOf(next as Borough).some((n) => n.name === hood)) {
              setValue('neighborhood', '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
            }
          }}
        />
        <SelectField name="neighborhood" label="Neighborhood" options={neighborhoodOptions} emptyLabel="Choose a neighborhood" />
      </div>
      <div className={grid3}>
        <InputField name="postalCode" label="ZIP code (optional)" inputMode="numeric" maxLength={5} placeholder="10001" />
      </div>
      <LocationMap viewKey={viewKey} onPinMove={(p) => placeAt(p, false)} />
      <div className={grid2}>
        <SelectField name="propertyType" label="Property type" options={propertyTypeOptions} />
        <SelectField name="listingType" label="Listing type" options={listingTypeOptions} />
      </div>
      <div className={grid3}>
        <InputField name="bedrooms" label="Bedrooms" type="number" step={0.5} min={0} asNumber inputMode="decimal" />
        <InputField name="bathrooms" label="Bathrooms" type="number" step={0.5} min={0} asNumber inputMode="decimal" />
        <InputField
          name="sqft"
          label="Square feet (optional)"
          type="number"
          step={1}
          min={1}
          optionalNumber
          inputMode="numeric"
        />
      </div>
    </FormSection>
  );
}

// --- Pricing & Terms ----------------------------------------------------------------------------

function OtherFees() {
  const { control, register } = useFormContext<ListingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'otherFees' });
  const error = useFieldError('otherFees');
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">Other fees the tenant pays</legend>
      <p className="text-xs text-gray-600">
        List every other fee (amenity, move-in, pet rent…). New York law requires disclosing each fee the tenant pays.
      </p>
      {fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-1 items-start gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_10rem_10rem_auto]"
        >
          <InputField name={`otherFees.${i}.label`} label={`Fee ${i + 1} name`} placeholder="Amenity fee" maxLength={60} />
          <MoneyField name={`otherFees.${i}.amount`} label={`Fee ${i + 1} amount`} />
          <div className="space-y-1.5">
            <label htmlFor={`fee-frequency-${f.id}`} className="block text-sm font-medium text-gray-800">
              {`Fee ${i + 1} frequency`}
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
            aria-label={`Remove fee ${i + 1}`}
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
        Add a fee
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
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">Concession (optional)</legend>
      <p className="text-xs text-gray-600">
        Months of free rent on a lease of a given length. The monthly rent above stays the gross rent; listings show the net
        effective rent beside it.
      </p>
      <div className={grid2}>
        <InputField
          name="concessionMonthsFree"
          deps={['concessionLeaseMonths', 'concessionTerms']}
          label="Months free"
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
          label="On a lease of (months)"
          type="number"
          step={1}
          min={1}
          optionalNumber
          inputMode="numeric"
          placeholder="12"
        />
      </div>
      <InputField name="concessionTerms" label="Concession terms (optional)" placeholder="Applied to month 12" maxLength={200} />
      {shown ? (
        <p className="text-sm text-green-800" data-testid="net-effective-preview">
          Net effective rent: <strong>{formatPrice(netEffectiveRent(rent, facts))}</strong> per month ({concessionLabel(facts)})
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
  if (total <= 0) return null;
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3" data-testid="move-in-total">
      <p className="text-sm text-brand-900">
        Total move-in cost: <strong className="text-base">{formatPrice(total)}</strong>
      </p>
      <p className="mt-0.5 text-xs text-brand-900">
        First month&apos;s rent + security deposit + application fee
        {brokerFeePayer === 'TENANT' ? ' + broker fee' : ''} + one-time fees: what the tenant pays to move in.
      </p>
    </div>
  );
}

export function PricingSection() {
  const { control } = useFormContext<ListingFormValues>();
  const brokerFeePayer = useWatch({ control, name: 'brokerFeePayer' });
  return (
    <FormSection id="pricing" title="Pricing & Terms" step={2} description="Rent, move-in costs and lease terms.">
      <div className={grid3}>
        <MoneyField name="price" label="Monthly rent" placeholder="3500" />
        <InputField name="availableDate" label="Available date" type="date" />
        <SelectField name="leaseTerm" label="Lease term" options={leaseTermOptions} />
      </div>
      <div className={grid2}>
        <MoneyField name="securityDeposit" label="Security deposit (optional)" />
        <MoneyField name="applicationFee" label="Application fee (optional)" />
      </div>
      <RadioGroupField
        name="brokerFeePayer"
        legend="Who pays the broker fee?"
        options={brokerFeePayerOptions}
        hint="When the landlord pays it, or there is none, the listing shows 'No fee'."
      />
      {brokerFeePayer !== 'NO_FEE' ? (
        <div className={grid2}>
          <MoneyField
            name="brokerFee"
            label="Broker fee"
            hint={
              brokerFeePayer === 'TENANT'
                ? 'Paid by the tenant: counted in the move-in total.'
                : brokerFeePayer === 'LANDLORD'
                  ? 'Paid by the landlord.'
                  : 'Say above who pays it.'
            }
          />
        </div>
      ) : null}
      <OtherFees />
      <Concession />
      <CheckboxGroupField name="utilitiesIncluded" legend="Utilities included" options={utilityOptions} />
      <MoveInTotal />
    </FormSection>
  );
}

// --- Policies -----------------------------------------------------------------------------------

export function PoliciesSection() {
  const { control } = useFormContext<ListingFormValues>();
  const [petPolicy, parking] = useWatch({ control, name: ['petPolicy', 'parking'] });
  return (
    <FormSection id="policies" title="Policies" step={3} description="Pets, smoking and parking.">
      <div className={grid2}>
        <SelectField name="petPolicy" label="Pet policy" options={petPolicyOptions} />
        <SelectField name="smokingPolicy" label="Smoking policy" options={smokingOptions} />
      </div>
      {petPolicy === 'PETS_ALLOWED' ? (
        <>
          <div className={grid2}>
            <MoneyField name="petFee" label="Pet fee (per month)" />
            <MoneyField name="petDeposit" label="Pet deposit" />
          </div>
          <CheckboxGroupField name="petTypesAllowed" legend="Pets allowed" options={petTypeOptions} />
        </>
      ) : null}
      <div className={grid2}>
        <SelectField name="parking" label="Parking" options={parkingOptions} />
        {parking === 'PARKING_AVAILABLE' ? <MoneyField name="parkingFee" label="Parking fee (per month)" /> : null}
      </div>
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
  function add() {
    const value = text.trim();
    if (!value || list.includes(value)) return;
    field.onChange([...list, value]);
    setText('');
  }
  return (
    <div className="space-y-2">
      <label htmlFor="other-amenity" className="block text-sm font-medium text-gray-800">
        Other amenities (optional)
      </label>
      <div className="flex gap-2">
        <input
          id="other-amenity"
          type="text"
          value={text}
          maxLength={60}
          placeholder="Bike room, roof garden…"
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
          Add
        </Button>
      </div>
      {list.length > 0 ? (
        <ul aria-label="Other amenities" className="flex flex-wrap gap-2">
          {list.map((a, i) => (
            <li key={a} className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm text-gray-800">
              {a}
              <button
                type="button"
                onClick={() => field.onChange(list.filter((_, j) => j !== i))}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-gray-200"
                aria-label={`Remove ${a}`}
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
  return (
    <FormSection id="amenities" title="Amenities" step={4} description="Laundry and what the building offers.">
      <div className={grid2}>
        <SelectField name="laundry" label="Laundry" options={laundryOptions} emptyLabel="Not specified" />
      </div>
      <CheckboxGroupField name="buildingAmenities" legend="Building amenities" options={buildingAmenityOptions} />
      <CheckboxGroupField name="accessibilityFeatures" legend="Accessibility" options={accessibilityOptions} />
      <OtherAmenities />
    </FormSection>
  );
}

// --- Unit Features ------------------------------------------------------------------------------

export function UnitFeaturesSection() {
  return (
    <FormSection id="unit" title="Unit Features" step={5} description="What the apartment itself has.">
      <CheckboxGroupField name="unitFeatures" legend="Unit features" options={unitFeatureOptions} />
      <div className={grid2}>
        <SelectField name="flooringType" label="Flooring" options={flooringOptions} emptyLabel="Not specified" />
        <SelectField name="hvac" label="Heating & cooling" options={hvacOptions} emptyLabel="Not specified" />
      </div>
      <CheckboxGroupField name="appliancesIncluded" legend="Appliances included" options={applianceOptions} />
    </FormSection>
  );
}

// --- Photos & Media (the photo uploader is given by the form) --------------------------------------

function OpenHouses() {
  const { control } = useFormContext<ListingFormValues>();
  // The rows' React keys under `key`: `id` is an open house's own (kept on edit, with its RSVPs).
  const { fields, append, remove } = useFieldArray({ control, name: 'openHouses', keyName: 'key' });
  const error = useFieldError('openHouses');
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">Open houses (optional)</legend>
      {fields.map((f, i) => (
        <div
          key={f.key}
          data-open-house-id={f.key}
          className="grid grid-cols-1 items-start gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
        >
          <InputField name={`openHouses.${i}.startsAt`} label={`Open house ${i + 1} starts (NY time)`} type="datetime-local" />
          <InputField name={`openHouses.${i}.endsAt`} label={`Open house ${i + 1} ends (NY time)`} type="datetime-local" />
          <InputField
            name={`openHouses.${i}.capacity`}
            label={`Open house ${i + 1} places`}
            type="number"
            min={1}
            step={1}
            optionalNumber
            inputMode="numeric"
            placeholder="No limit"
          />
          <Button
            variant="ghost"
            size="icon"
            className="self-end text-red-700 hover:bg-red-50"
            onClick={() => remove(i)}
            aria-label={`Remove open house ${i + 1}`}
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
        Add open house
      </Button>
    </fieldset>
  );
}

export function MediaSection({ photos }: { photos: React.ReactNode }) {
  return (
    <FormSection
      id="media"
      title="Photos & Media"
      step={6}
      description="Photos, a virtual tour and open houses. Add photos: a listing without any shows 'No photos'."
    >
      {photos}
      <InputField
        name="virtualTourUrl"
        label="Virtual tour URL (optional)"
        type="url"
        placeholder="https://"
        inputMode="url"
        maxLength={500}
      />
      <OpenHouses />
    </FormSection>
  );
}
