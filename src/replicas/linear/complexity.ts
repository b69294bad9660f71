import { getNamedType, GraphQLError, isLeafType, isObjectType, type DocumentNode, type GraphQLField, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { DEFAULT_PAGE } from './connection.ts';

/**
 * Linear's limit on one query (https://linear.app/developers/rate-limiting): a request whose complexity exceeds
 * 10,000 points is refused before it runs. Each property costs 0.1 point, each object 1, and a connection multiplies
 * what it selects by its `first` (or `last`), 50 when neither is given. Linear's server is built on type-graphql,
 * whose complexity analysis is graphql-query-complexity; the same library computes the figure here, so aliases,
 * fragment spreads, inline fragments (the costliest type of an abstract selection), `@skip`/`@include` and
 * variables count as they do there. Its float sums are what Linear prints too ("Complexity: 12304.999999999998").
 */
export const MAX_COMPLEXITY = 10_000;

/** Always on; `npm run bench` turns it off for a moment to measure what the check costs. */
export const complexityCheck = { enabled: true };

/**
 * graphql-query-complexity's own guard: a document whose selections (fragments expanded) pass this many is refused
 * without being measured, so a fragment that spreads itself a thousand times over costs nothing to refuse.
 */
const MAX_QUERY_NODES = 10_000;

/** A field that pages: its type has `nodes` (IssueConnection, IssueSearchPayload) and the field takes `first`. */
function isConnection(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type);
  return isObjectType(type) && 'nodes' in type.getFields() && field.args.some((a) => a.name === 'first');
}

const linearEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (isLeafType(getNamedType(field.type))) return 0.1;
  if (isConnection(field)) {
    const size = typeof args.first === 'number' ? args.first : typeof args.last === 'number' ? args.last : DEFAULT_PAGE;
    return Math.max(size, 0) * childComplexity;
  }
  return 1 + childComplexity;
};

/**
 * The complexity of the operation a request runs, or `Infinity` when its document is too large to measure. Null
 * when its variables do not coerce: execution then refuses the request without running anything.
 */
export function queryComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): number | null {
  try {
    return getComplexity({ schema, query: document, variables, operationName, estimators: [linearEstimator], maxQueryNodes: MAX_QUERY_NODES });
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    return /maximum allowed number of nodes/.test(err.message) ? Infinity : null;
  }
}

/**
 * How deep a document's braces, brackets and parentheses (or a variables value) may nest. graphql-js parses and
 * coerces recursively, and a thousand levels exhaust the stack, so deeper input is refused before parsing. Linear
 * documents no depth limit; no query a client writes comes near this one.
 */
export const MAX_NESTING = 100;

/** The deepest nesting of `{`, `[` and `(` in a GraphQL document, outside strings and comments. */
export function documentNesting(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        i = end < 0 ? text.length : end + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      }
    } else if (c === 0x23 /* # */) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 0x7b || c === 0x5b || c === 0x28) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d || c === 0x29) {
      depth--;
    }
  }
  return max;
}

/** The deepest nesting of objects and arrays in a JSON value, walked without recursion. */
export function valueNesting(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) max = depth + 1;
    if (max > MAX_NESTING) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}
