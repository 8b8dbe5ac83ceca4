/** What other modules' GraphQL adapters may build on of the transit module's schema. Nothing outside the module imports its other files (eslint.config.js). */
export { CommuteDestinationInput, NearbyStationRef, toCommuteTo } from './transit.schema.js';
