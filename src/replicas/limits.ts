/**
 * The limits every request meets where it enters, whichever service it addresses. `serve` enforces the sizes while
 * reading (it stops reading a body past its limit); the router enforces the NUL rule and the time budget, in the
 * page and in Node alike. The Limits table of docs/cli.md states these numbers for users; change it with them.
 */

/** A request body: 50 MiB, Box's documented limit for one direct upload (larger files take its chunked upload). */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** The request target (path and query): 16 KiB. Node's own header limit is raised above it so that the service answers. */
export const MAX_URL_BYTES = 16 * 1024;

/** The request line and every header together: 64 KiB (Node's `maxHeaderSize` is set to this). */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * The time one request may spend in its handler: 5 s. The budget is checked before each SQL statement and the
 * request is answered in its service's shape and rolled back once it is spent; see `requestBudget.ts`.
 */
export const REQUEST_BUDGET_MS = 5_000;
