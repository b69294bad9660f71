import { GraphQLError } from 'graphql';
import type { RequestProblem } from '../types.ts';

/**
 * Linear's error shape: a GraphQL `errors` array whose entries carry `extensions.type` (the words @linear/sdk maps
 * to its error classes: "invalid input", "authentication error", "graphql error", …), `code`, `statusCode`,
 * `userError` and `userPresentableMessage` (what the SDK shows first).
 */
export type LinearErrorType = 'invalid input' | 'authentication error' | 'graphql error' | 'forbidden' | 'feature not accessible' | 'internal error';

const CODES: Record<LinearErrorType, string> = {
  'invalid input': 'INPUT_ERROR',
  'feature not accessible': 'FEATURE_NOT_ACCESSIBLE',
  'authentication error': 'AUTHENTICATION_ERROR',
  'graphql error': 'GRAPHQL_VALIDATION_FAILED',
  forbidden: 'FORBIDDEN',
  'internal error': 'INTERNAL_SERVER_ERROR',
};

export function linearExtensions(type: LinearErrorType, userPresentableMessage: string, statusCode = 400) {
  return { type, code: CODES[type], statusCode, userError: type !== 'internal error', userPresentableMessage };
}

/** An error a resolver throws for bad input; graphql-js attaches `path` and `locations`. */
export function inputError(message: string, userPresentableMessage: string = message): GraphQLError {
  return new GraphQLError(message, { extensions: linearExtensions('invalid input', userPresentableMessage) });
}

/** An operation the caller's role does not allow (@linear/sdk raises ForbiddenLinearError). */
export function forbidden(userPresentableMessage: string): GraphQLError {
  return new GraphQLError('Forbidden', { extensions: linearExtensions('forbidden', userPresentableMessage) });
}

/** `Entity not found: Issue` — what Linear answers for an id that names nothing of that kind. */
export function notFound(entity: string): GraphQLError {
  return inputError(`Entity not found: ${entity}`, `Could not find referenced ${entity}.`);
}

/**
 * A root field of Linear's schema that the replica does not serve (projects, cycles of a release, integrations…):
 * the document is valid, as it is against Linear, and the field answers the error Linear gives for a feature the
 * workspace cannot use, which @linear/sdk raises as FeatureNotAccessibleLinearError. (Linear documents the type, not
 * the wording or the code; both are the replica's.) Being non-null, the field takes the operation's `data` with it.
 */
export function notServed(coordinate: string): GraphQLError {
  return new GraphQLError(`${coordinate} is not available: this replica of Linear does not serve it`, {
    extensions: linearExtensions(
      'feature not accessible',
      `${coordinate} is part of Linear's API but not of this replica, which serves issues, teams, users, workflow states, cycles, labels, comments, issue relations and team memberships.`,
    ),
  });
}

/** Responses that carry errors: the router asks (through `isLinearError`) so that their writes roll back. */
const errorResponses = new WeakSet<Response>();

export function isLinearError(response: Response): boolean {
  return errorResponses.has(response);
}

export function errorResponse(body: unknown, status: number): Response {
  const response = Response.json(body, { status });
  errorResponses.add(response);
  return response;
}

/** Missing or empty credentials: Linear refuses before executing anything, with HTTP 400. */
export function authenticationError(): Response {
  return errorResponse(
    {
      errors: [
        {
          message: 'Authentication required, not authenticated',
          extensions: linearExtensions('authentication error', 'You need to authenticate to access this operation.'),
        },
      ],
    },
    400,
  );
}

/** A document that does not parse or validate: HTTP 400, one entry per problem, as graphql-js words them. */
export function validationErrors(errors: readonly GraphQLError[]): Response {
  return errorResponse(
    {
      errors: errors.map((e) => ({
        message: e.message,
        ...(e.locations ? { locations: e.locations } : {}),
        extensions: linearExtensions('graphql error', e.message),
      })),
    },
    400,
  );
}

/** A request that is not a GraphQL request at all (no query, bad JSON). */
export function badRequest(message: string): Response {
  return validationErrors([new GraphQLError(message)]);
}

export function internalError(): Response {
  return errorResponse(
    { errors: [{ message: 'Internal server error', extensions: linearExtensions('internal error', 'An unexpected error occurred.', 500) }] },
    500,
  );
}

/**
 * Linear refuses a query whose complexity is over its limit before running it, with HTTP 400 and this error (as
 * recorded from api.linear.app: `"message":"Query too complex"`, type "invalid input", code INPUT_ERROR, and the
 * figure in userPresentableMessage: "The query is too complex. Complexity: 12305. Maximum allowed complexity: 10000.").
 */
export function queryTooComplex(userPresentableMessage: string): Response {
  return errorResponse({ errors: [{ message: 'Query too complex', extensions: linearExtensions('invalid input', userPresentableMessage) }] }, 400);
}

/**
 * A value of the right GraphQL type that Linear's input validation (class-validator under type-graphql) refuses:
 * `"Argument Validation Error"`, with the failed constraint as the presentable message ("teamId must be a UUID").
 */
export function argumentValidationError(constraint: string): GraphQLError {
  return new GraphQLError('Argument Validation Error', { extensions: linearExtensions('invalid input', constraint) });
}

/**
 * A request refused where it enters, as Linear's GraphQL errors: NUL in a variable is invalid input naming it; sizes
 * are HTTP 413 / 414 / 431 with one error; the time budget is a 503 internal error. Linear has no path parameters.
 */
export function requestProblem(problem: RequestProblem): Response {
  const one = (message: string, type: LinearErrorType, status: number, presentable = message) =>
    errorResponse({ errors: [{ message, extensions: linearExtensions(type, presentable, status) }] }, status);
  switch (problem.kind) {
    case 'unstorable':
      // As Linear's input validation words and answers a refused value (see argumentValidationError): HTTP 200.
      return errorResponse(
        { data: null, errors: [{ message: 'Argument Validation Error', extensions: linearExtensions('invalid input', `${problem.field} must not contain ${problem.character}`) }] },
        200,
      );
    case 'malformed_path':
      return one('Linear serves GraphQL at /graphql only', 'graphql error', 404);
    case 'body_too_large':
      return one(`Request body exceeds the limit of ${problem.limit} bytes`, 'invalid input', 413);
    case 'url_too_long':
      return one(`Request URL exceeds the limit of ${problem.limit} bytes`, 'invalid input', 414);
    case 'headers_too_large':
      return one(`Request headers exceed the limit of ${problem.limit} bytes`, 'invalid input', 431);
    case 'timeout':
      return one('Request timed out', 'internal error', 503, 'The request took too long to complete.');
    case 'method_not_allowed':
      return one(`Cannot ${problem.method}: Linear takes GET and POST at /graphql`, 'graphql error', 405);
    case 'too_complex':
      // Linear refuses a request too big to run with its complexity error, whatever made it so (HTTP 400).
      return queryTooComplex(problem.detail);
  }
}

/**
 * Fault injection's answers: a GraphQL error with `extensions.code` RATELIMITED and Linear's
 * `X-RateLimit-Requests-*` headers (https://linear.app/developers/rate-limiting), and a 503. Connections page with
 * `first`, an argument of the query rather than a request parameter, so short pages do not apply.
 */
export const faultResponses = {
  rateLimited(retryAfterSeconds: number): Response {
    const response = errorResponse(
      { errors: [{ message: 'Rate limit exceeded', extensions: { code: 'RATELIMITED', userPresentableMessage: 'Rate limit exceeded, please try again later.' } }] },
      429,
    );
    response.headers.set('retry-after', String(retryAfterSeconds));
    response.headers.set('x-ratelimit-requests-remaining', '0');
    return response;
  },
  unavailable: () => errorResponse({ errors: [{ message: 'Service unavailable', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }, 503),
};
