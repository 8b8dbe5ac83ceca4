/**
 * Ports of the browser tests. Each Playwright worker has a stack of its own (playwright.config.ts):
 * the app on E2E_PORT + i, its Auth emulator on E2E_AUTH_PORT + i and its token-sync stand-in on
 * E2E_TOKEN_SYNC_PORT + i, over a database copied from one seeded template, where i is the worker's
 * parallel index (Playwright's TEST_PARALLEL_INDEX). Tests in different workers share no rows.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 9399);
export const E2E_BASE_TOKEN_SYNC_PORT = Number(process.env.E2E_TOKEN_SYNC_PORT ?? 9379);

/** This worker's index (0 in the runner's own process). */
export const WORKER_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E_PORT = E2E_BASE_PORT + WORKER_INDEX;
/** Cookie-authenticated API calls made by tests send it as Origin, as the browser does (the CSRF check). */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_AUTH_PORT = E2E_BASE_AUTH_PORT + WORKER_INDEX;
export const E2E_TOKEN_SYNC_PORT = E2E_BASE_TOKEN_SYNC_PORT + WORKER_INDEX;
