/** What other modules' GraphQL adapters may build on of the listings module's schema. Nothing outside the module imports its other files (eslint.config.js). */
export {
  AccessibilityFeatureEnum,
  AmenityFilterEnum,
  BoroughEnum,
  PetsFilterEnum,
  PriceBasisEnum,
  PropertyTypeEnum,
  SearchListingTypeEnum,
} from './listing-enums.schema.js';
export { PropertyFilterInput, PropertyRef, RsvpStatusEnum } from './listings.schema.js';
export { declaredFilterOutputFields } from './search-filters.schema.js';
