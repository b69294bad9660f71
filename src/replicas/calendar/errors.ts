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
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function googleError(
  code: number,
  reason: string,
  message: string,
  extra: { location?: string; locationType?: string; domain?: string } = {},
): Response {
  const item: Record<string, string> = { domain: extra.domain ?? (reason === 'requiredAccessLevel' ? 'calendar' : 'global'), reason, message };
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
