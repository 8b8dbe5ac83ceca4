// How Node runs the server: `npm run serve` (which the Dockerfile runs), `npm start`, and every bench
// that starts it as a child process, so that what is measured is what is served.
//
// A 64 MB young generation (`--max-semi-space-size=64`, against V8's 16 MB): a render makes a few
// megabytes of short-lived strings and objects, and with eight pages rendering at once the default
// space filled several times a page, each time copying out what the other renders still held.
// Measured with the load bench's driver on PostgreSQL at 100,000 listings, the two settings served in
// turn (decision 0054, "fifth machine"): the signed-in listings page took 3.7–3.9 ms of the process's
// CPU a page against 4.3–4.4 (13–15 % more pages a second, p99 47–51 ms against 55–61), the anonymous
// one 3.0 against 3.2–3.3, the detail page 1.14–1.24 against 1.18–1.34. A first measure (28 Nov, the
// fourth machine, while every reloaded page was also compressed) had found no difference beyond noise;
// 32 and 128 MB did less than 64.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx'] as const;

/**
 * The `serve` script of package.json (checked by tests/integration/compose.test.ts). `exec`: npm's shell
 * gives way to the server, so the SIGTERM a process manager (or Docker's stop) sends npm reaches the
 * server, which stops gracefully with its Auth emulator (issue 58 item 13e).
 */
export const SERVE_COMMAND = `exec node ${SERVER_NODE_ARGS.join(' ')} server/main.ts`;
