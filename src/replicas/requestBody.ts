/** Why a request body is not one JSON object. */
export type JsonBodyProblem = 'invalid_json' | 'not_an_object';

/**
 * A request body that must hold one JSON object, as every replica's write methods take it. `reject` turns the
 * problem into the replica's own error (thrown as it returns it), so each service keeps its error shape.
 */
export function jsonObjectBody(text: string, reject: (problem: JsonBodyProblem) => unknown): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw reject('invalid_json');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw reject('not_an_object');
  return body as Record<string, unknown>;
}

/**
 * Sets `key` as an own property, whatever its name: a plain assignment of `__proto__` (a query key, a JSON body key)
 * would replace the object's prototype instead, and every later read would inherit what the client sent.
 */
export function setParam(params: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(params, key, { value, enumerable: true, writable: true, configurable: true });
  else params[key] = value;
}

/** `Object.assign(params, source)` with `setParam`'s care for `__proto__`. */
export function mergeParams(params: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(source)) setParam(params, k, v);
  return params;
}

/** The query string's parameters as strings; a repeated key keeps its last value. */
export function queryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  url.searchParams.forEach((v, k) => setParam(params, k, v));
  return params;
}

/**
 * A request value as text, without calling anything the client defined: `String(v)` and `Number(v)` call a JSON
 * object's own `toString`/`valueOf` keys (`{"toString": "x"}` throws). Primitives read as `String` reads them;
 * objects and arrays as their JSON text.
 */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
