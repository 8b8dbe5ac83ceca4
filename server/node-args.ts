// How Node runs the server (`npm run serve`, `npm start`, and every bench that starts it as a child).
//
// `--max-semi-space-size=64`: V8's young generation grows to 64 MB a half (16 MB by default). A page
// rendered on the server allocates about 3 MB, and eight in flight at once keep theirs alive across a
// 16 MB young generation's collections: about a fifth of what was allocated was copied into the old
// generation, which grew by 300 MB between full collections and kept V8's helper threads marking it.
// Measured on this machine kind (tests/bench/load-results.md, 28 Nov): about 10 % less CPU a rendered page.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx'] as const;

/** The `serve` script of package.json, which the Dockerfile runs (checked by tests/integration/compose.test.ts). */
export const SERVE_COMMAND = `node ${SERVER_NODE_ARGS.join(' ')} server/main.ts`;
