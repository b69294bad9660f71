import type { Replica } from '../types.ts';
import { ParseBoundExceeded, parseJson } from '../parseBounds.ts';
import { jsonObjectBody } from '../requestBody.ts';
import { authenticationError, badRequest, errorResponse, faultResponses, internalError, isLinearError, requestProblem } from './errors.ts';
import { linearSchema } from './executor.ts';
import { routes } from './routes.ts';
import { prepareSeedRow, rowNames, schemaSql } from './schema.ts';

/** The Linear GraphQL API: one endpoint, https://api.linear.app/graphql, answered with Linear's schema and errors. */
export const linear = {
  name: 'linear',
  title: 'Linear GraphQL API',
  // The host root, with the one route `graphql`: tool names read post_graphql, and serve claims only /graphql.
  baseUrls: ['https://api.linear.app/'],
  servicePath: 'linear',
  schemaSql,
  rowNames,
  routes,
  people: { table: 'users', id: 'id', email: 'email' },
  prepareSeedRow,
  // After every timestamp in Agent-Diff's Linear seeds (2025) and this project's own.
  defaultClockStart: Date.UTC(2026, 0, 15, 17, 0, 0),
  notFound(_request: Request, path: string): Response {
    return errorResponse({ errors: [{ message: `Cannot ${path || 'request'}: Linear serves GraphQL at /graphql only` }] }, 404);
  },
  authenticate(request: Request, token: string): Response | null {
    // Linear takes a personal API key as the raw Authorization header, an OAuth token as "Bearer …".
    const raw = (request.headers.get('authorization') ?? '').trim();
    return token || raw.replace(/^Bearer\s*/i, '') ? null : authenticationError();
  },
  internalError(_err: unknown): Response {
    return internalError();
  },
  async readParams(request: Request, url: URL): Promise<Record<string, unknown>> {
    if (request.method.toUpperCase() === 'GET') {
      const vars = url.searchParams.get('variables');
      let variables: unknown;
      try {
        variables = vars ? parseJson(vars) : undefined;
      } catch (err) {
        if (err instanceof ParseBoundExceeded) throw err;
        throw badRequest('Variables are invalid JSON.');
      }
      return { query: url.searchParams.get('query') ?? undefined, variables, operationName: url.searchParams.get('operationName') ?? undefined };
    }
    return jsonObjectBody(await request.text(), () => badRequest('POST body must be a JSON object with a "query" string.'));
  },
  isErrorResponse: isLinearError,
  requestProblem,
  faults: faultResponses,
  // Linear's whole schema is 350 KB of SDL, built on the first request: not counted in that request's time budget.
  prepare: linearSchema,
} satisfies Replica;
