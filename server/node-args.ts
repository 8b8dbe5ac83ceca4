// How Node runs the server: `npm run serve` (which the Dockerfile runs), `npm start`, and every bench
// that starts it as a child process, so that what is measured is what is served.
//
// No V8 heap flags: a 64 MB young generation (`--max-semi-space-size=64`, against 16 MB) was measured
// on 28 Nov under the load bench's 8 connections, in turn with the default, three times on each page:
// the listings page took 11.5–13.6 ms of CPU a page against 12.1–13.5, the detail page 6.4–8.6 against
// 7.1–8.5, and each young collection paused the page for 17–23 ms instead of about 4. Not taken.
export const SERVER_NODE_ARGS = ['--import', 'tsx'] as const;

/** The `serve` script of package.json (checked by tests/integration/compose.test.ts). */
export const SERVE_COMMAND = `node ${SERVER_NODE_ARGS.join(' ')} server/main.ts`;
