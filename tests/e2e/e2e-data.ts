/** Names of the browser tests' own rows, known to the factories and the specs alike. */
export const ELEVEN_PHOTOS = { slug: 'e2e-eleven-photos', title: 'Gallery loft with eleven photos', photos: 11 } as const;
