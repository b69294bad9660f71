import type { RequestProblem } from '../types.ts';

/**
 * Slack answers almost every failure with HTTP 200 and `{ ok: false, error }`; the official SDKs read `ok`, not the
 * status (https://docs.slack.dev/apis/web-api/#responses). Handlers `throw slackError(…)`: the router returns a thrown
 * Response and rolls the request's writes back.
 */
export function slackError(error: string, extra: Record<string, unknown> = {}, status = 200): Response {
  const response = Response.json({ ok: false, error, ...extra }, { status });
  errorResponses.add(response);
  return response;
}

/** Responses built by `slackError`: the router asks (through `isSlackError`) so that their writes roll back. */
const errorResponses = new WeakSet<Response>();

export function isSlackError(response: Response): boolean {
  return errorResponses.has(response);
}

/**
 * A missing or malformed argument. Slack names the offending field in `response_metadata.messages`, in the
 * `[ERROR] … [json-pointer:/field]` form its argument validator uses.
 */
export function invalidArguments(message: string, pointer?: string): Response {
  const line = pointer ? `[ERROR] ${message} [json-pointer:${pointer}]` : `[ERROR] ${message}`;
  return slackError('invalid_arguments', { response_metadata: { messages: [line] } });
}

/** A method name Slack does not have. Slack sends HTTP 404 with the method echoed back as `req_method`. */
export function unknownMethod(method: string): Response {
  return slackError('unknown_method', { req_method: method }, 404);
}

/**
 * An unexpected failure inside a handler: Slack's generic server-side error, which its error tables list like any
 * other code. Sent with HTTP 200 so that the official SDK reports it at once instead of retrying a 5xx for minutes.
 */
export function internalError(): Response {
  return slackError('internal_error');
}

/**
 * A request refused where it enters. Slack keeps its envelope for these too: a NUL is `invalid_arguments` naming the
 * field; a body over the limit is HTTP 413 (Slack documents no code for it: `request_too_large` is DiffLab's); the time
 * budget is Slack's `service_unavailable`. Slack's methods take no path parameters, so a path that does not decode is
 * an unknown method.
 */
export function requestProblem(problem: RequestProblem): Response {
  switch (problem.kind) {
    case 'unstorable':
      return invalidArguments(`${problem.field} must not contain ${problem.character}`, `/${problem.field.replace(/\./g, '/')}`);
    case 'malformed_path':
      return slackError('unknown_method', { req_method: '' }, 404);
    case 'body_too_large':
      return slackError('request_too_large', { detail: problem.detail }, 413);
    case 'url_too_long':
      return slackError('request_too_large', { detail: problem.detail }, 414);
    case 'headers_too_large':
      return slackError('request_too_large', { detail: problem.detail }, 431);
    case 'timeout':
      return slackError('service_unavailable', { detail: problem.detail });
    case 'method_not_allowed':
      return slackError('method_not_allowed', { detail: problem.detail }, 405);
    case 'too_complex':
      return slackError('request_too_large', { detail: problem.detail }, 413);
  }
}

/**
 * Fault injection's answers. A rate limit is HTTP 429 with `Retry-After` in seconds and `ok: false, "ratelimited"`
 * (https://docs.slack.dev/apis/web-api/rate-limits); `limit` is the page size of the cursor-paginated methods.
 */
export const faultResponses = {
  rateLimited(retryAfterSeconds: number): Response {
    const response = slackError('ratelimited', {}, 429);
    response.headers.set('retry-after', String(retryAfterSeconds));
    return response;
  },
  unavailable: () => slackError('service_unavailable', {}, 503),
  pageParam: 'limit',
};
