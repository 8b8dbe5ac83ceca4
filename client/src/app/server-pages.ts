// The pages the server renders (docs/decisions/0035-server-rendering.md and 0054-one-render.md), in
// one list read by both sides: server/http/ssr.ts answers these paths, and page-queries.ts says what
// each asks for. Kept free of imports: the server loads it as it is.

export interface ServerPage {
  paths: readonly string[];
  /** The screen's module: its chunks are listed in the page, for the browser to load at once. */
  screen: string;
  /**
   * Whether an anonymous visitor's page is kept in the public cache: the listings and detail pages
   * are emptied from it by the listing writes; an agent's profile (its ratings change with reviews)
   * and the viewer's own listings are not kept.
   */
  publicCache: boolean;
}

export const SERVER_PAGES = {
  listings: { paths: ['/', '/listings'], screen: 'src/app/routes/home.tsx', publicCache: true },
  detail: { paths: ['/properties/:id', '/listing/:id'], screen: 'src/app/routes/property-detail.tsx', publicCache: true },
  agent: { paths: ['/agents/:id'], screen: 'src/app/routes/agent-profile.tsx', publicCache: false },
  myListings: { paths: ['/me/listings'], screen: 'src/app/routes/my-listings.tsx', publicCache: false },
  // The signed-in inbox only: a conversation or a new message (`?open=`, `?compose=`, `?agent=`) and
  // a signed-out visitor (sent to sign in) are left to the browser (page-queries.ts).
  messages: { paths: ['/messages'], screen: 'src/app/routes/messages.tsx', publicCache: false },
  // A new listing's form for a signed-in viewer; editing one (`?propertyId=`) is left to the browser.
  createListing: { paths: ['/create-listing'], screen: 'src/app/routes/create-listing.tsx', publicCache: false },
} as const satisfies Record<string, ServerPage>;
