/**
 * Screenshots for people to look at (DEVELOPERS.md: look at what you built), taken only with
 * SCREENSHOTS=1: nothing compares them, so the suite does not pay for them otherwise. Failures are
 * still captured by Playwright (`screenshot: 'only-on-failure'`).
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';
