import type { Row } from '../../engine/index.ts';
import type { RouteContext } from '../types.ts';
import { apiError, notFound } from './errors.ts';

/** The mailbox owner a request acts as. */
export interface Me {
  person_id: string;
  email: string;
  display_name: string;
}

/** What MailHub handlers get: the route context plus the acting person and small query helpers. */
export interface MailCtx {
  route: RouteContext;
  me: Me;
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | null>;
  /** A new id: `prefix_` and ten seeded characters. */
  id(prefix: string): string;
  /** The environment clock as an ISO string (each call advances it). */
  now(): string;
}

export async function mailCtx(route: RouteContext): Promise<MailCtx> {
  const query = <T = Row>(sql: string, params: unknown[] = []) => route.tx.query<T>(sql, params);
  const one = async <T = Row>(sql: string, params: unknown[] = []) => (await query<T>(sql, params))[0] ?? null;
  const who = route.actingUserId;
  // No operation changes a person's id, address, name or mailbox, so the lookup is memoised per environment.
  const me = who
    ? await route.memo(`me:${who}`, () =>
        one<Me>('SELECT person_id, email, display_name FROM people WHERE (person_id = $1 OR email = lower($1)) AND has_mailbox', [who]),
      )
    : null;
  if (!me) throw apiError(403, 'no_mailbox', `the acting user ${JSON.stringify(who)} has no mailbox here`);
  return {
    route,
    me,
    query,
    one,
    id: (prefix) => `${prefix}_${route.nextId(prefix)}`,
    now: () => new Date(route.now()).toISOString(),
  };
}

/** A row by id that the caller may see, or a 404 naming the field the id came from. */
export async function must<T = Row>(m: MailCtx, kind: string, sql: string, id: string, field: string): Promise<T> {
  const row = await m.one<T>(sql, [id, m.me.person_id]);
  if (!row) throw notFound(kind, id, field);
  return row;
}

/** JSON for a row: timestamps as ISO strings. */
export function plain(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}
