/** The app's port and origin in the browser tests (playwright.config.ts serves it there). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Cookie-authenticated API calls made by tests send it as Origin, as the browser does (the CSRF check). */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
