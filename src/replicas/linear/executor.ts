import {
  buildSchema,
  execute,
  getNamedType,
  getOperationAST,
  GraphQLError,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { RouteContext } from '../types.ts';
import { LinearContext } from './context.ts';
import { OPERATION_DOCS } from './docs.ts';
import { complexityCheck, documentNesting, MAX_COMPLEXITY, MAX_NESTING, queryComplexity, valueNesting } from './complexity.ts';
import { badRequest, errorResponse, linearExtensions, notServed, queryTooComplex, validationErrors } from './errors.ts';
import { mutationResolvers } from './mutations.ts';
import { queryResolvers, type ResolverMap } from './resolvers.ts';

let schema: Promise<GraphQLSchema> | null = null;

const ANALYZED_TABLES = ['issues', 'issue_label_issue_association', 'comments', 'issue_relations', 'teams', 'workflow_states', 'users', 'issue_labels', 'team_memberships'];

/**
 * The replica's executable schema: Linear's whole schema (fullSdl.ts, generated from @linear/sdk's types) with this
 * replica's resolvers attached. Its SDL is 350 KB, so it is loaded on first use (in the page, a chunk of its own).
 */
export function linearSchema(): Promise<GraphQLSchema> {
  return (schema ??= import('./fullSdl.ts').then(({ linearFullSdl }) => executableSchema(linearFullSdl)));
}

const NOT_SERVED_DOC = 'Not served by this replica of Linear: answers a "feature not accessible" error.';

function executableSchema(sdl: string): GraphQLSchema {
  // The generator builds (and so validates) this SDL, and a test validates the schema: no need to do it per process.
  const built = buildSchema(sdl, { assumeValidSDL: true, assumeValid: true });
  for (const map of [queryResolvers, mutationResolvers] as ResolverMap[]) {
    for (const [typeName, fields] of Object.entries(map)) {
      const type = built.getType(typeName);
      if (!isObjectType(type)) throw new Error(`resolver for unknown type ${typeName}`);
      for (const [name, resolve] of Object.entries(fields)) {
        const field = type.getFields()[name];
        if (!field) throw new Error(`resolver for unknown field ${typeName}.${name}`);
        field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
      }
    }
  }
  for (const [coordinate, text] of Object.entries(OPERATION_DOCS)) {
    const [typeName, fieldName] = coordinate.split('.');
    const field = (built.getType(typeName) as GraphQLObjectType).getFields()[fieldName];
    if (!field) throw new Error(`docs for unknown operation ${coordinate}`);
    field.description = text;
  }
  // Introspection tells the served operations from the rest of Linear's.
  for (const root of [built.getQueryType()!, built.getMutationType()!]) {
    for (const field of Object.values(root.getFields())) if (!field.resolve) field.description = NOT_SERVED_DOC;
  }
  return built;
}

/**
 * Columns are named like Linear's fields, so most fields read straight from the row. A field of Linear's schema
 * that the replica does not serve reads as null when Linear's schema lets it be null, else as Linear's empty value
 * for its type: an empty list, false, 0, "", {} for JSON, the row's createdAt for a date, and for an object (a
 * connection included: no nodes, no next page) an object whose fields follow the same rule. A root field the replica
 * does not serve has no value to stand in for: it answers an error (see `notServed`).
 */
const fieldResolver: GraphQLFieldResolver<any, unknown> = (source, _args, _ctx, info) => {
  if (info.parentType.name === 'Query' || info.parentType.name === 'Mutation') throw notServed(`${info.parentType.name}.${info.fieldName}`);
  const value = source?.[info.fieldName];
  if (value instanceof Date) return value.toISOString();
  if (value == null && isNonNullType(info.returnType)) return emptyValue(info.returnType.ofType, source);
  return value;
};

function emptyValue(type: GraphQLOutputType, source: any): unknown {
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isObjectType(type)) return {};
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Boolean': return false;
      case 'Int': case 'Float': return 0;
      case 'DateTime': return source?.createdAt instanceof Date ? source.createdAt.toISOString() : source?.createdAt ?? '1970-01-01T00:00:00.000Z';
      case 'JSON': case 'JSONObject': return {};
      default: return '';
    }
  }
  return null;
}

const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();

const tooDeep = () => queryTooComplex(`The query nests more than ${MAX_NESTING} levels deep.`);

/** Parses and validates a document once per distinct text (agents and the SDK repeat the same few). */
function prepare(schema: GraphQLSchema, query: string): DocumentNode | readonly GraphQLError[] | Response {
  let hit = documents.get(query);
  if (hit) return hit;
  if (documentNesting(query) > MAX_NESTING) return tooDeep();
  try {
    const doc = parse(query);
    const errors = validate(schema, doc);
    hit = errors.length ? errors : doc;
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    hit = [err];
  }
  if (documents.size > 500) documents.clear();
  documents.set(query, hit);
  return hit;
}

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Runs one GraphQL request in the route's transaction. Parse and validation failures are HTTP 400 with
 * `graphql error`s; resolver failures keep graphql-js's partial `data` and carry Linear's extensions, with HTTP 200
 * when the error is the caller's. Any error rolls the request's writes back.
 */
export async function runGraphql(body: GraphqlRequest, rc: RouteContext, method: string): Promise<Response> {
  if (typeof body.query !== 'string' || !body.query.trim()) return badRequest('Must provide query string.');
  const schema = await linearSchema();
  const prepared = prepare(schema, body.query);
  if (prepared instanceof Response) return prepared;
  if (Array.isArray(prepared)) return validationErrors(prepared);
  const document = prepared as DocumentNode;
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) return badRequest(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.');
  if (operation.operation !== 'query' && method === 'GET') {
    return errorResponse({ errors: [{ message: `Can only perform a ${operation.operation} operation from a POST request.`, extensions: linearExtensions('graphql error', 'Mutations must be sent with POST.') }] }, 405);
  }
  const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : undefined;
  if (variables && valueNesting(variables) > MAX_NESTING) return tooDeep();
  // Refused before anything runs, as Linear does: the complexity figure bounds what one request can load and return.
  const complexity = complexityCheck.enabled ? queryComplexity(schema, document, variables, operationName) : null;
  if (complexity !== null && complexity > MAX_COMPLEXITY) {
    const figure = Number.isFinite(complexity) ? complexity : 'more than can be measured';
    return queryTooComplex(`The query is too complex. Complexity: ${figure}. Maximum allowed complexity: ${MAX_COMPLEXITY}.`);
  }
  // Environments are fresh copies without planner statistics, and without them PostgreSQL picks nested-loop plans
  // that take seconds on a large seed. Gathering them once per environment costs a few milliseconds on the seeds.
  await rc.memo('analyzed', () => rc.tx.exec(`ANALYZE ${ANALYZED_TABLES.join(', ')}`));
  const result = await execute({
    schema,
    document,
    variableValues: variables,
    operationName,
    contextValue: new LinearContext(rc),
    fieldResolver,
  });
  // Linear reports each query's figure in the X-Complexity header.
  if (!result.errors?.length) return Response.json({ data: result.data }, { headers: complexity === null ? {} : { 'x-complexity': String(complexity) } });
  const errors = result.errors.map(formatError);
  // No data at all means the variables did not coerce: a request error, like a validation error.
  if (!('data' in result) || result.data === undefined) {
    return errorResponse({ errors: errors.map((e) => ({ ...e, extensions: linearExtensions('graphql error', e.message) })) }, 400);
  }
  // Errors met while executing (an unknown id, a duplicate key, a refused argument) come with HTTP 200, the data
  // graphql-js kept (null when a non-null root field failed) and Linear's error entries: what Agent-Diff's tests and
  // integrations of Linear see, and what the GraphQL-over-HTTP convention asks of a legacy application/json server.
  // Only an error of the replica itself is a 500. (docs/replicas.md: what was found on Linear's status codes.)
  const userError = errors.every((e) => e.extensions.userError);
  return errorResponse({ data: result.data, errors }, userError ? 200 : 500);
}

function formatError(e: GraphQLError) {
  const original = e.originalError;
  const own = original instanceof GraphQLError ? original.extensions : e.extensions;
  const extensions = own && (own as { type?: string }).type
    ? (own as ReturnType<typeof linearExtensions>)
    : original && !(original instanceof GraphQLError)
      ? linearExtensions('internal error', 'An unexpected error occurred.', 500)
      : linearExtensions('invalid input', e.message);
  const message = extensions.type === 'internal error' ? 'Internal server error' : e.message;
  return { message, ...(e.locations ? { locations: e.locations } : {}), ...(e.path ? { path: e.path } : {}), extensions };
}
