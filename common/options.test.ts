import { describe, expect, it } from 'vitest';
import * as PrismaEnums from '../server/db/generated/prisma/enums.js';
import * as listingLabels from './listing-labels.js';
import * as optionsOnly from './options.js';

const options = { ...optionsOnly, ...listingLabels };

// The option lists are written by hand (the browser must not import Prisma); this keeps them in step
// with the enums of prisma/schema.prisma.
const pairs = [
  ['Role', 'roleLabels'],
  ['Borough', 'boroughLabels'],
  ['PropertyType', 'propertyTypeLabels'],
  ['ListingType', 'listingTypeLabels'],
  ['LeaseTerm', 'leaseTermLabels'],
  ['PetPolicy', 'petPolicyLabels'],
  ['PetType', 'petTypeLabels'],
  ['SmokingPolicy', 'smokingPolicyLabels'],
  ['Parking', 'parkingLabels'],
  ['Laundry', 'laundryLabels'],
  ['Utility', 'utilityLabels'],
  ['BuildingAmenity', 'buildingAmenityLabels'],
  ['UnitFeature', 'unitFeatureLabels'],
  ['AccessibilityFeature', 'accessibilityFeatureLabels'],
  ['Flooring', 'flooringLabels'],
  ['Appliance', 'applianceLabels'],
  ['Hvac', 'hvacLabels'],
  ['Furnishing', 'furnishingLabels'],
  ['BrokerFeePayer', 'brokerFeePayerLabels'],
  ['ListingStatus', 'listingStatusLabels'],
  ['ThreadStatus', 'threadStatusLabels'],
  ['ReviewReportReason', 'reviewReportReasonLabels'],
  ['AlertFrequency', 'alertFrequencyLabels'],
  ['NotificationKind', 'notificationKindLabels'],
  ['RsvpStatus', 'rsvpStatusLabels'],
  ['TourStatus', 'tourStatusLabels'],
  ['TourSide', 'tourSideLabels'],
  ['TourCancelReason', 'tourCancelReasonLabels'],
  ['MessageFlagReason', 'messageFlagReasonLabels'],
  ['ListingReportReason', 'listingReportReasonLabels'],
] as const;

/** Enums no screen offers as options (the partner change feed's kinds, described in the GraphQL schema). */
const NOT_OPTIONS = new Set(['ListingChangeKind', 'WebhookDeliveryStatus']);

describe('common/options', () => {
  it('covers every Prisma enum', () => {
    const prismaEnumNames = Object.keys(PrismaEnums)
      .filter((name) => !NOT_OPTIONS.has(name))
      .sort();
    expect(pairs.map(([name]) => name).sort()).toEqual(prismaEnumNames);
  });

  it.each(pairs)('%s values and labels match the schema', (enumName, labelsName) => {
    const prismaValues = Object.values(PrismaEnums[enumName] as Record<string, string>);
    const values = (options as unknown as Record<string, readonly string[]>)[`${enumName}Values`];
    const labels = (options as unknown as Record<string, Record<string, string>>)[labelsName]!;
    expect(values).toEqual(prismaValues);
    expect(Object.keys(labels).sort()).toEqual([...prismaValues].sort());
    for (const label of Object.values(labels)) expect(label.length).toBeGreaterThan(0);
  });

  it('uses the labels of the spec', () => {
    expect(options.propertyTypeLabels.APARTMENT).toBe('Apartment');
    expect(options.listingTypeLabels.FOR_RENT).toBe('For Rent');
    expect(options.leaseTermLabels.MONTH_TO_MONTH).toBe('Month-to-Month');
    expect(options.leaseTermLabels.SIX_MONTHS).toBe('6 Months');
    expect(options.parkingLabels.STREET).toBe('Street');
    expect(options.buildingAmenityLabels.GARDEN_COURTYARD).toBe('Garden/Courtyard');
    expect(options.applianceLabels.STOVE_RANGE).toBe('Stove/Range');
    expect(options.brokerFeePayerLabels.TENANT).toBe('Tenant pays');
    expect(options.brokerFeePayerLabels.LANDLORD).toBe('Landlord pays');
    expect(options.brokerFeePayerLabels.NO_FEE).toBe('No fee');
    expect(options.smokingPolicyLabels.NO_SMOKING).toBe('No Smoking');
    expect(options.utilityLabels.CABLE_TV).toBe('Cable TV');
    expect(options.laundryLabels.IN_UNIT).toBe('In-Unit');
  });

  it('has the search filter options of the spec', () => {
    expect(options.BedroomsFilterValues).toEqual(['any', '0', '1', '2', '3', '4', '5']);
    expect(options.bedroomsFilterLabels['0']).toBe('Studio');
    expect(options.bedroomsFilterLabels['5']).toBe('5+');
    expect(options.PropertyTypeFilterValues.filter((v) => v !== 'any')).toEqual([
      'apartment',
      'house',
      'condo',
      'townhouse',
      'loft',
    ]);
    expect(options.PetsFilterValues.filter((v) => v !== 'any')).toEqual(['allowed', 'cats', 'dogs', 'none']);
    expect(options.sortLabels).toEqual({
      newest: 'Newest',
      oldest: 'Oldest',
      price_low: 'Price: Low to High',
      price_high: 'Price: High to Low',
      popular: 'Most Popular',
      // Issue 13: offered once a commute destination is set.
      commute: 'Shortest Commute',
      // Issue 14: the last price drop first, then listings without one, newest first.
      recently_reduced: 'Recently Reduced',
    });
  });

  it('labelOf falls back to the value and to an empty string', () => {
    expect(options.labelOf(options.hvacLabels, 'CENTRAL_AIR')).toBe('Central Air');
    expect(options.labelOf(options.hvacLabels, null)).toBe('');
    expect(options.labelOf<string>(options.hvacLabels, 'GEOTHERMAL')).toBe('GEOTHERMAL');
    expect(options.optionsOf(options.PetPolicyValues, options.petPolicyLabels)).toEqual([
      { value: 'PETS_ALLOWED', label: 'Pets Allowed' },
      { value: 'NO_PETS', label: 'No Pets' },
    ]);
  });
});
