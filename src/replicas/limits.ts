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

// What parsing a request may cost, counted before it is parsed (see `parseBounds.ts`). Each is far above anything
// a documented method takes (Slack's richest methods take a few dozen arguments and at most 50 blocks; a Box upload
// is two parts; a Linear mutation's input a few dozen fields), and low enough that scanning and parsing a request
// at the bound takes milliseconds, not the seconds to minutes a 50 MiB body of tiny values took.

/** Parameters in the query string, and again fields in a form-urlencoded body: 10,000 each. */
export const MAX_FIELDS = 10_000;

/** Parts of a multipart/form-data body: 1,000. */
export const MAX_MULTIPART_PARTS = 1_000;

/** How deep a JSON value nests (objects and arrays): 100. */
export const MAX_JSON_DEPTH = 100;

/** Keys in one JSON object: 10,000. */
export const MAX_JSON_OBJECT_KEYS = 10_000;

/** Keys of every object in one JSON value together: 100,000. */
export const MAX_JSON_KEYS = 100_000;

/** Elements of every array in one JSON value together: 100,000. */
export const MAX_JSON_ELEMENTS = 100_000;
