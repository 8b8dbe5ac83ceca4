// A listing's fields whose values are options, with the labels they are shown by ('Brooklyn', 'Pets
// Allowed'): REST answers them so (server/modules/listings/listings.rest.ts) and the listing form's edit
// conflict shows them so (client/src/features/listing-form/edit-conflict.tsx). A module of its own, so a
// page that needs one table of labels does not carry them all.
import {
  applianceLabels,
  brokerFeePayerLabels,
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
} from './listing-labels.js';
import { accessibilityFeatureLabels, boroughLabels } from './options.js';

/** Options by field name (the form's and REST's key). */
export const LISTING_OPTION_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  borough: boroughLabels,
  propertyType: propertyTypeLabels,
  listingType: listingTypeLabels,
  leaseTerm: leaseTermLabels,
  brokerFeePayer: brokerFeePayerLabels,
  utilitiesIncluded: utilityLabels,
  petPolicy: petPolicyLabels,
  petTypesAllowed: petTypeLabels,
  smokingPolicy: smokingPolicyLabels,
  parking: parkingLabels,
  laundry: laundryLabels,
  buildingAmenities: buildingAmenityLabels,
  accessibilityFeatures: accessibilityFeatureLabels,
  unitFeatures: unitFeatureLabels,
  flooringType: flooringLabels,
  appliancesIncluded: applianceLabels,
  hvac: hvacLabels,
};
