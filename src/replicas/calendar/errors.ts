import type { RequestProblem } from '../types.ts';

/**
 * Google's JSON error shape (https://cloud.google.com/apis/design/errors#http_mapping):
 * `{error: {code, message, errors: [{domain, reason, message, location?, locationType?}], status}}`.
 * Handlers `throw googleError(…)`; the router returns a thrown Response and rolls the request's writes back.
 */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  410: 'NOT_FOUND',
  412: 'FAILED_PRECONDITION',
  413: 'INVALID_ARGUMENT',
  414: 'INVALID_ARGUMENT',
  431: 'INVALID_ARGUMENT',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

// Reasons Google reports in the `calendar` domain rather than `global`.
const CALENDAR_DOMAIN = new Set(['requiredAccessLevel', 'timeRangeEmpty', 'timeRangeTooLong']);

export function googleError(
  code: number,
  reason: string,
  message: string,
  extra: { location?: string; locationType?: string; domain?: string } = {},
): Response {
  const item: Record<string, string> = { domain: extra.domain ?? (CALENDAR_DOMAIN.has(reason) ? 'calendar' : 'global'), reason, message };
  if (extra.location) {
    item.location = extra.location;
    item.locationType = extra.locationType ?? 'parameter';
  }
  return Response.json({ error: { code, message, errors: [item], status: STATUS_NAMES[code] ?? 'UNKNOWN' } }, { status: code });
}

export const notFound = (message = 'Not Found') => googleError(404, 'notFound', message);
export const deleted = (message = 'Resource has been deleted') => googleError(410, 'deleted', message);
export const forbidden = (message = 'Forbidden') => googleError(403, 'forbidden', message);
export const requiredAccess = (level: string) => googleError(403, 'requiredAccessLevel', `You need to have ${level} access to this calendar.`);
export const duplicate = (message = 'The requested identifier already exists.') => googleError(409, 'duplicate', message);
export const required = (field: string) => googleError(400, 'required', 'Required', { location: field });
export const invalid = (message: string, location?: string) => googleError(400, 'invalid', message, location ? { location } : {});
export const invalidParameter = (field: string, message = `Invalid value for: ${field}`) =>
  googleError(400, 'invalidParameter', message, { location: field });
export const badRequest = (message = 'Bad Request') => googleError(400, 'badRequest', message);
export const unauthorized = () =>
  googleError(401, 'authError', 'Request is missing required authentication credential. Expected OAuth 2 access token.', {
    location: 'Authorization',
    locationType: 'header',
  });
export const internal = () => googleError(500, 'backendError', 'Backend Error');
/** A window Google will not expand (its freeBusy answers a too-long range so); see recurrence.ts MAX_INSTANCES. */
export const timeRangeTooLong = () => googleError(400, 'timeRangeTooLong', 'The requested time range is too long.', { location: 'timeMax' });

/**
 * A request refused where it enters, in Google's envelope. A path that does not decode is `badRequest`; NUL is
 * `invalid` at the field ("Invalid value", as Google answers a value it cannot take); a body over the limit is 413 with
 * the message Google's API front end gives ("Request payload size exceeds the limit: N bytes."); a URL or header block
 * over its limit is 414 / 431; the time budget is 503 `backendError`.
 */
export function requestProblem(problem: RequestProblem): Response {
  switch (problem.kind) {
    case 'malformed_path':
      return badRequest();
    case 'unstorable':
      return invalid('Invalid value', problem.field);
    case 'body_too_large':
      return googleError(413, 'badRequest', `Request payload size exceeds the limit: ${problem.limit} bytes.`);
    case 'url_too_long':
      return googleError(414, 'badRequest', `The requested URL is too large to process (limit ${problem.limit} bytes).`);
    case 'headers_too_large':
      return googleError(431, 'badRequest', `Request header fields too large (limit ${problem.limit} bytes).`);
    case 'timeout':
      return googleError(503, 'backendError', 'Backend Error');
    case 'method_not_allowed':
      return googleError(405, 'httpMethodNotAllowed', `HTTP method ${problem.method} is not supported by this URL`);
    case 'too_complex':
      return googleError(413, 'badRequest', `Request too complex: ${problem.detail}.`);
  }
}

/**
 * Fault injection's answers: 429 `rateLimitExceeded` in the `usageLimits` domain and 503 `backendError`
 * (https://developers.google.com/workspace/calendar/api/guides/errors); lists page with `maxResults`.
 */
export const faultResponses = {
  rateLimited(retryAfterSeconds: number): Response {
    const response = googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', { domain: 'usageLimits' });
    response.headers.set('retry-after', String(retryAfterSeconds));
    return response;
  },
  unavailable: () => googleError(503, 'backendError', 'Backend Error'),
  pageParam: 'maxResults',
};
