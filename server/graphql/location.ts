import { builder } from './builder.js';

/** A point on the map (a listing's, a station's). */
export const LocationRef = builder.objectRef<{ lat: number; lng: number }>('Location').implement({
  fields: (t) => ({ lat: t.exposeFloat('lat'), lng: t.exposeFloat('lng') }),
});
