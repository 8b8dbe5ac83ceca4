/** Answers of the planned path (planned.ts) carry this header with the value PLANNED: tests and the bench check it. */
export const EXECUTOR_HEADER = 'X-GraphQL-Executor';
export const PLANNED = 'planned';
