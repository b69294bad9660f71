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

/** The query string's parameters as strings; a repeated key keeps its last value. */
export function queryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  url.searchParams.forEach((v, k) => (params[k] = v));
  return params;
}
