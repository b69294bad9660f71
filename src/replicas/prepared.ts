import { hashString } from '../engine/clock.ts';
import type { RouteContext } from './types.ts';

/** Prepared statements kept in one PGlite session at most, every replica's together: a search's SQL varies with its shape. */
const MAX_PREPARED = 200;

/**
 * Runs `sql` as a prepared statement of the PGlite session. PGlite parses, analyses and plans every unnamed
 * statement anew, which for a long statement costs as much as running it; a prepared one is parsed once and, after
 * a few runs, planned once. Postgres re-analyses a prepared statement when the search_path (another environment) or
 * a table it reads has changed since, so one statement per SQL text serves every environment. Whether it exists is
 * checked once per environment (and after a reset), against the session's list, text included, so a statement of
 * another SQL under the same name is never run.
 *
 * EXECUTE takes no bind parameters through PGlite, so the values are written into it as literals. A value that has
 * no literal here (a NUL in a string, a non-finite number, an object) runs the statement unprepared, as before,
 * unless `refuseNul` turns a NUL into the service's own error.
 */
export async function queryPrepared<R>(ctx: RouteContext, sql: string, params: unknown[], refuseNul?: () => unknown): Promise<R[]> {
  const literals = params.map(literal);
  if (literals.some((l) => l === null)) {
    if (refuseNul && params.some(hasNul)) throw refuseNul();
    return ctx.tx.query<R>(sql, params);
  }
  const name = `q_${hashString(sql).toString(36)}_${sql.length.toString(36)}`;
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
  return ctx.tx.query<R>(literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`);
}

const hasNul = (value: unknown): boolean => (typeof value === 'string' ? value.includes('\0') : Array.isArray(value) && value.some(hasNul));

/** A value as an SQL literal of unknown type, which Postgres converts to the parameter's type; null when it has none here. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) {
    if (!value.length) return `'{}'`;
    const items = value.map(literal);
    return items.some((i) => i === null) ? null : `ARRAY[${items.join(', ')}]`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') return null;
  // Postgres text cannot hold NUL, and the statement text would end at it.
  if (value.includes('\0')) return null;
  // An E'…' string reads backslashes as escapes whatever standard_conforming_strings says, so both are escaped.
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
