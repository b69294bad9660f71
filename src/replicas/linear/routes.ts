import type { Route } from '../types.ts';
import { LINEAR_DOCS } from './docs.ts';
import { runGraphql, type GraphqlRequest } from './executor.ts';

const params = {
  query: { type: 'string', required: true, description: 'The GraphQL document: one or more operations and fragments.' },
  variables: { type: 'object', description: 'Values for the variables the operation declares.' },
  operationName: { type: 'string', description: 'Which operation of the document to run, when it holds several.' },
} as const;

/** Linear's API is one GraphQL endpoint. POST carries JSON; GET carries the same fields in the query string. */
export const routes: Route<GraphqlRequest>[] = [
  {
    method: 'POST',
    path: 'graphql',
    summary: 'Run a GraphQL query or mutation against the Linear API',
    docs: LINEAR_DOCS,
    params,
    writes: true,
    // One endpoint for queries and mutations, and a mutation may create, update or delete (issueDelete): MCP's
    // conservative defaults (destructive, not idempotent) are the only true description of what a call may do.
    effect: 'any',
    handler: (body, ctx) => runGraphql(body, ctx, 'POST'),
  },
  {
    method: 'GET',
    path: 'graphql',
    summary: 'Run a GraphQL query (not a mutation) given in the query string',
    params,
    handler: (body, ctx) => runGraphql(body, ctx, 'GET'),
  },
];
