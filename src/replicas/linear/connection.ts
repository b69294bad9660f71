import type { Row } from '../../engine/index.ts';
import type { LinearContext } from './context.ts';
import { ENTITIES, type EntityName } from './entities.ts';
import { inputError } from './errors.ts';
import { compileFilter } from './filters.ts';
import { col, type Sql } from './sql.ts';

/** The arguments every Linear connection field takes. */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  orderBy?: 'createdAt' | 'updatedAt' | null;
  includeArchived?: boolean | null;
  filter?: Record<string, unknown> | null;
  sort?: Record<string, any>[] | null;
}

export interface Connection {
  nodes: Row[];
  edges: { node: Row; cursor: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

interface Order {
  /** A SQL expression on the alias `x`, never null (so that keyset comparisons hold). */
  expr: string;
  desc: boolean;
}

/** Linear's page size when neither `first` nor `last` is given, and the largest it serves. */
export const DEFAULT_PAGE = 50;
const MAX_PAGE = 250;

/**
 * A page of `entity` rows: `scope` narrows to the parent's rows (`x."teamId" = $1`), `filter` is the Linear filter,
 * archived rows are left out unless `includeArchived`. Order is `orderBy` (createdAt by default) oldest first, or
 * the issue `sort` list, ties by id; cursors are row ids, and `after`/`before` continue from the cursor row's place in that order.
 */
export async function paginate(
  ctx: LinearContext,
  entity: EntityName,
  args: ConnectionArgs,
  scope?: (sql: Sql, alias: string) => string,
): Promise<Connection> {
  const { table } = ENTITIES[entity];
  if (args.first != null && args.last != null) throw inputError('Cannot use both first and last', 'Only one of first and last can be given.');
  for (const n of [args.first, args.last]) {
    if (n != null && (n < 0 || n > MAX_PAGE)) throw inputError(`first/last must be between 0 and ${MAX_PAGE}`);
  }
  const sql = ctx.sql();
  const where: string[] = [];
  if (scope) where.push(scope(sql, 'x'));
  if (!args.includeArchived) where.push(`x."archivedAt" IS NULL`);
  if (args.filter) where.push(compileFilter(entity, args.filter, 'x', sql));

  const orders = orderFor(entity, args);
  const backwards = args.last != null || (args.before != null && args.first == null);
  const limit = (backwards ? args.last : args.first) ?? DEFAULT_PAGE;
  const cursor = backwards ? args.before : args.after;
  if (cursor != null) where.push(keyset(orders, table, cursor, backwards, sql));
  const orderSql = orders.map((o) => `${o.expr} ${o.desc !== backwards ? 'DESC' : 'ASC'}`).join(', ');
  const rows = await ctx.query(
    `SELECT x.* FROM ${table} x WHERE ${where.join(' AND ') || 'TRUE'} ORDER BY ${orderSql} LIMIT ${limit + 1}`,
    sql.params,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  return {
    nodes: page,
    edges: page.map((node) => ({ node, cursor: String(node.id) })),
    pageInfo: {
      hasNextPage: backwards ? cursor != null : more,
      hasPreviousPage: backwards ? more : cursor != null,
      startCursor: page.length ? String(page[0].id) : null,
      endCursor: page.length ? String(page[page.length - 1].id) : null,
    },
  };
}

/** Rows strictly after the cursor row in the (possibly reversed) order. */
function keyset(orders: Order[], table: string, cursor: string, backwards: boolean, sql: Sql): string {
  const c = sql.p(cursor);
  const at = (expr: string) => `(SELECT ${expr} FROM ${table} x WHERE x."id" = ${c})`;
  const branches = orders.map((o, i) => {
    const eq = orders.slice(0, i).map((p) => `${p.expr} = ${at(p.expr)}`);
    const after = o.desc !== backwards ? '<' : '>';
    return [...eq, `${o.expr} ${after} ${at(o.expr)}`].join(' AND ');
  });
  return `(${branches.map((b) => `(${b})`).join(' OR ')})`;
}

const EPOCH = `'1970-01-01'::timestamptz`;
const FAR = `'9999-12-31'::timestamptz`;

function orderFor(entity: EntityName, args: ConnectionArgs): Order[] {
  const orders: Order[] = [];
  for (const entry of entity === 'issue' ? args.sort ?? [] : []) {
    for (const [key, spec] of Object.entries(entry)) {
      if (!spec) continue;
      const desc = spec.order === 'Descending';
      const nullsFirst = spec.nulls === 'first';
      const date = (name: string) => `COALESCE(${col('x', name)}, ${nullsFirst !== desc ? EPOCH : FAR})`;
      switch (key) {
        case 'priority': {
          const none = spec.noPriorityFirst ? 0 : 5;
          orders.push({ expr: `(CASE WHEN x."priority" = 0 THEN ${none} ELSE x."priority" END)`, desc });
          break;
        }
        case 'createdAt': case 'updatedAt': case 'completedAt':
          orders.push({ expr: date(key), desc });
          break;
        case 'dueDate':
          orders.push({ expr: `COALESCE(x."dueDate", '${nullsFirst !== desc ? '0000' : '9999'}')`, desc });
          break;
        case 'title':
          orders.push({ expr: `x."title"`, desc });
          break;
        case 'manual':
          orders.push({ expr: `COALESCE(x."sortOrder", 0)`, desc });
          break;
        case 'estimate':
          orders.push({ expr: `COALESCE(x."estimate", ${nullsFirst !== desc ? -1 : 1e9})`, desc });
          break;
        default:
          throw inputError(`Sorting issues by ${key} is not supported by this replica`);
      }
    }
  }
  if (orders.length === 0) {
    // Linear's docs say only that lists are ordered by createdAt unless orderBy says updatedAt
    // (https://linear.app/docs/api/pagination). Agent-Diff's recorded outputs are the evidence for the rest: oldest
    // first, and rows created at the same instant by id, ascending (a team's seeded states all share one createdAt,
    // and models that take "the first canceled state" depend on it). Issues' timestamps are NOT NULL, so the plain
    // column can walk the (createdAt, id) index backwards.
    const column = col('x', args.orderBy ?? 'createdAt');
    orders.push({ expr: entity === 'issue' ? column : `COALESCE(${column}, ${EPOCH})`, desc: false });
  }
  orders.push({ expr: `x."id"`, desc: false });
  return orders;
}
