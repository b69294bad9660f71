import type { RequestProblem, RouteContext } from '../types.ts';

/**
 * Box's client error body (https://developer.box.com/reference/resources/client-error/):
 * `{type: "error", status, code, message, context_info?, help_url, request_id}` with the same HTTP status.
 * Handlers `throw boxError(…)`; the router returns it and rolls the request's writes back.
 */
export function boxError(status: number, code: string, message: string, contextInfo?: Record<string, unknown>): Response {
  const body: Record<string, unknown> = { type: 'error', status, code, message };
  if (contextInfo) body.context_info = contextInfo;
  body.help_url = 'http://developers.box.com/docs/#errors';
  body.request_id = requestId();
  return Response.json(body, { status });
}

let requestCounter = 0;
function requestId(): string {
  requestCounter = (requestCounter + 1) % 0xffffff;
  return `difflab${requestCounter.toString(16).padStart(6, '0')}`;
}

export const notFound = () => boxError(404, 'not_found', 'Could not find the specified resource');

export const trashed = () => boxError(404, 'trashed', 'Item is trashed');

export const badRequest = (message = 'Invalid input') => boxError(400, 'bad_request', message);

export const invalidParameter = (name: string, message: string) =>
  boxError(400, 'bad_request', 'Bad Request', { errors: [{ reason: 'invalid_parameter', name, message }] });

export const unauthorized = () => {
  const r = boxError(401, 'unauthorized', 'Unauthorized');
  r.headers.set('www-authenticate', 'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."');
  return r;
};

export const methodNotAllowed = () => boxError(405, 'method_not_allowed', 'Method Not Allowed');

/**
 * A name that another item of the same parent already has. Box names the conflicting item: as a list when creating
 * or updating folders and items, as a single object for uploads (`context_info.conflicts.id`).
 */
export function nameInUse(conflict: Record<string, unknown>, asList = true): Response {
  return boxError(409, 'item_name_in_use', 'Item with the same name already exists', { conflicts: asList ? [conflict] : conflict });
}

export function internalError(): Response {
  return boxError(500, 'internal_server_error', 'Internal Server Error');
}

/** The etag precondition of `If-Match`: Box answers 412 when the item changed since the client read it. */
export function checkIfMatch(ctx: RouteContext, etag: string | null): void {
  const want = ctx.request.headers.get('if-match');
  if (want && want !== etag) throw boxError(412, 'precondition_failed', 'The resource has been modified. Please retrieve the resource again and retry');
}

/**
 * A request refused where it enters, in Box's client-error body. A path id that does not decode names nothing
 * (404 `not_found`); NUL is `bad_request` naming the parameter (as Box's search answered it before); sizes are 413,
 * 414 and 431; the time budget is 503 `unavailable`.
 */
export function requestProblem(problem: RequestProblem): Response {
  switch (problem.kind) {
    case 'malformed_path':
      return notFound();
    case 'unstorable':
      return boxError(400, 'bad_request', `A parameter contains ${problem.character}, which Box does not accept.`, {
        errors: [{ reason: 'invalid_parameter', name: problem.field, message: problem.detail }],
      });
    case 'body_too_large':
      return boxError(413, 'request_entity_too_large', `Request body exceeds the limit of ${problem.limit} bytes`);
    case 'url_too_long':
      return boxError(414, 'request_uri_too_long', `Request URI exceeds the limit of ${problem.limit} bytes`);
    case 'headers_too_large':
      return boxError(431, 'request_header_fields_too_large', `Request headers exceed the limit of ${problem.limit} bytes`);
    case 'timeout':
      return boxError(503, 'unavailable', `Unavailable: ${problem.detail}`);
    case 'method_not_allowed':
      return methodNotAllowed();
    case 'too_complex':
      return boxError(413, 'request_entity_too_large', `Request too complex: ${problem.detail}`);
  }
}

/**
 * Fault injection's answers: 429 `rate_limit_exceeded` with `Retry-After`
 * (https://developer.box.com/guides/api-calls/permissions-and-errors/rate-limits/), a 503 `unavailable`, and
 * `limit` as the page size of list endpoints.
 */
export const faultResponses = {
  rateLimited(retryAfterSeconds: number): Response {
    const response = boxError(429, 'rate_limit_exceeded', 'Request rate limit exceeded, please try again later');
    response.headers.set('retry-after', String(retryAfterSeconds));
    return response;
  },
  unavailable: () => boxError(503, 'unavailable', 'Unavailable'),
  pageParam: 'limit',
};
