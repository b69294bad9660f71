import { GraphQLError } from 'graphql';

/**
 * Linear's error shape: a GraphQL `errors` array whose entries carry `extensions.type` (the words @linear/sdk maps
 * to its error classes: "invalid input", "authentication error", "graphql error", …), `code`, `statusCode`,
 * `userError` and `userPresentableMessage` (what the SDK shows first).
 */
export type LinearErrorType = 'invalid input' | 'authentication error' | 'graphql error' | 'forbidden' | 'internal error';

const CODES: Record<LinearErrorType, string> = {
  'invalid input': 'INPUT_ERROR',
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

/** `Entity not found: Issue` — what Linear answers for an id that names nothing of that kind. */
export function notFound(entity: string): GraphQLError {
  return inputError(`Entity not found: ${entity}`, `Could not find referenced ${entity}.`);
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
