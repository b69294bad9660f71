import { hashString } from '../../engine/clock.ts';
import type { RouteContext } from '../types.ts';
import { boxError } from './errors.ts';

/** Prepared statements kept in one PGlite session at most: a search's SQL varies with the query's shape. */
const MAX_PREPARED = 200;

/**
 * Runs `sql` as a prepared statement of the PGlite session. PGlite parses, analyses and plans every unnamed
 * statement anew, which for the long search and listing statements costs as much as running them; a prepared one
 * is parsed once and, after a few runs, planned once. Postgres re-analyses a prepared statement when the
 * search_path (another environment) or a table it reads has changed since, so one statement per SQL text serves
 * every environment. Whether it exists is checked once per environment (and after a reset), against the session's
 * list, text included, so a statement of another SQL under the same name is never run.
 *
 * EXECUTE takes no bind parameters through PGlite, so the values are written into it as literals.
 */
export async function queryPrepared<R>(ctx: RouteContext, sql: string, params: unknown[]): Promise<R[]> {
  const name = `box_${hashString(sql).toString(36)}_${sql.length.toString(36)}`;
  const prepare = `PREPARE ${name} AS ${sql}`;
  const ready = await ctx.memo(`prepared:${name}`, async () => {
    const [r] = await ctx.tx.query<{ n: number; mine: boolean | null; taken: boolean | null }>(
      `SELECT count(*)::int AS n, bool_or(name = $1 AND statement = $2) AS mine, bool_or(name = $1) AS taken FROM pg_prepared_statements`,
      [name, prepare],
    );
    if (r.mine) return true;
    if (r.taken || r.n >= MAX_PREPARED) return false;
    await ctx.tx.query(prepare);
    return true;
  });
  if (!ready) return ctx.tx.query<R>(sql, params);
  return ctx.tx.query<R>(params.length ? `EXECUTE ${name}(${params.map(literal).join(', ')})` : `EXECUTE ${name}`);
}

/** A value as an SQL literal of unknown type, which Postgres converts to the parameter's type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return value.length ? `ARRAY[${value.map(literal).join(', ')}]` : `'{}'`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `'${value}'`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Postgres text cannot hold NUL, and the statement text would end at it.
  if (String(value).includes('\0')) throw boxError(400, 'bad_request', 'A parameter contains the NUL character, which Box does not accept.');
  // An E'…' string reads backslashes as escapes whatever standard_conforming_strings says, so both are escaped.
  return `E'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
