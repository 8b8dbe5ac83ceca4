/**
 * The planned path's face (docs/decisions/0047-planned-documents.md): what the rest of the server,
 * the tests and the bench may use of it. Lint refuses imports of anything else in this folder from
 * outside it (eslint.config.js).
 */
export { createPlannedPath, createSelection, type PlannedPath, type Selection } from './planned.js';
export { keptQuery, keptQueryField } from './kept-query.js';
export { EXECUTOR_HEADER, PLANNED } from './executor-header.js';
