import type { RequestProblem } from '../types.ts';

/**
 * MailHub errors: an HTTP status and `{ "error": { "code", "message", "field"?, "details"? } }`. `field` is the path
 * of the offending input field, dotted (`to.1`, `start_at`), so an agent can tell exactly what to fix. Handlers
 * `throw apiError(…)`; the router returns a thrown Response and rolls the request's writes back.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export function apiError(status: number, code: string, message: string, extra: { field?: string; details?: FieldProblem[] } = {}): Response {
  return Response.json({ error: { code, message, ...extra } }, { status });
}

export function invalidInput(problems: FieldProblem[]): Response {
  const first = problems[0];
  const message = problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ');
  return apiError(400, 'invalid_request', message, { field: first?.field ?? '', details: problems });
}

export function invalidField(field: string, message: string): Response {
  return invalidInput([{ field, message }]);
}

export function notFound(kind: string, id: string, field?: string): Response {
  return apiError(404, 'not_found', `no ${kind} with id ${JSON.stringify(id)}`, field ? { field } : {});
}

export function conflict(message: string, field?: string): Response {
  return apiError(409, 'conflict', message, field ? { field } : {});
}

/** A request refused where it enters, in MailHub's shape: the field for NUL, the limit for sizes and time. */
export function requestProblem(problem: RequestProblem): Response {
  switch (problem.kind) {
    case 'malformed_path':
      return invalidField(problem.field, problem.detail);
    case 'unstorable':
      return invalidField(problem.field, `must not contain ${problem.character}`);
    case 'body_too_large':
      return apiError(413, 'payload_too_large', `the request body exceeds the limit of ${problem.limit} bytes`);
    case 'url_too_long':
      return apiError(414, 'uri_too_long', `the request URL exceeds the limit of ${problem.limit} bytes`);
    case 'headers_too_large':
      return apiError(431, 'headers_too_large', `the request headers exceed the limit of ${problem.limit} bytes`);
    case 'timeout':
      return apiError(503, 'timeout', problem.detail);
    case 'method_not_allowed':
      return apiError(405, 'method_not_allowed', problem.detail);
    case 'too_complex':
      return apiError(413, 'payload_too_large', problem.detail);
  }
}

/** Fault injection's answers: 429 `rate_limited` with `Retry-After`, 503 `unavailable`; lists page with `page_size`. */
export const faultResponses = {
  rateLimited(retryAfterSeconds: number): Response {
    const response = apiError(429, 'rate_limited', `too many requests: retry after ${retryAfterSeconds} s`);
    response.headers.set('retry-after', String(retryAfterSeconds));
    return response;
  },
  unavailable: () => apiError(503, 'unavailable', 'the service is briefly unavailable: retry'),
  pageParam: 'page_size',
};
