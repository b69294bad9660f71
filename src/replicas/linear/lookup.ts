import type { Row } from '../../engine/index.ts';
import type { LinearContext } from './context.ts';
import { argumentValidationError, notFound } from './errors.ts';

/** `ENG-12`-style identifiers: a team key, a dash and the issue's number in that team. */
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*-\d+$/;

/** An issue by UUID or by identifier (`ENG-12`, case-insensitive, also earlier identifiers after a team move). */
export async function findIssue(ctx: LinearContext, idOrIdentifier: string): Promise<Row | null> {
  if (!IDENTIFIER.test(idOrIdentifier)) return ctx.load('issue', idOrIdentifier);
  const key = idOrIdentifier.toUpperCase();
  const rows = await ctx.query(
    `SELECT * FROM issues WHERE upper("identifier") = $1 OR "previousIdentifiers" @> $2::jsonb ORDER BY (upper("identifier") = $1) DESC LIMIT 1`,
    [key, JSON.stringify([key])],
  );
  // Seeds may use readable ids that look like identifiers ("issue-7"): an id match is the fallback.
  return rows[0] ?? ctx.load('issue', idOrIdentifier);
}

export async function requireIssue(ctx: LinearContext, idOrIdentifier: string): Promise<Row> {
  const row = await findIssue(ctx, idOrIdentifier);
  if (!row) throw notFound('Issue');
  return row;
}

/** A team by id or by key (`ENG`), as Linear's `team(id:)` accepts both. */
export async function requireTeam(ctx: LinearContext, idOrKey: string): Promise<Row> {
  const byId = await ctx.load('team', idOrKey);
  if (byId) return byId;
  const rows = await ctx.query(`SELECT * FROM teams WHERE upper("key") = upper($1) LIMIT 1`, [idOrKey]);
  if (!rows[0]) throw notFound('Team');
  return rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A team named by id in a mutation's input. Unlike `team(id:)`, Linear's inputs take no key: `teamId: "ENG"` is
 * refused by its validation ("Argument Validation Error", "teamId must be a UUID"), and a UUID that names no team is
 * "Entity not found: Team". Seeds may use readable ids (`team-core`); an existing id is always accepted.
 */
export async function requireTeamId(ctx: LinearContext, id: unknown, field = 'teamId'): Promise<Row> {
  const row = typeof id === 'string' && id ? await ctx.load('team', id) : null;
  if (row) return row;
  if (typeof id !== 'string' || !UUID.test(id)) throw argumentValidationError(`${field} must be a UUID`);
  throw notFound('Team');
}

export async function organization(ctx: LinearContext): Promise<Row> {
  const rows = await ctx.query(`SELECT * FROM organizations ORDER BY "createdAt" NULLS LAST, "id" LIMIT 1`);
  return rows[0] ?? { id: 'organization', name: 'Organization', urlKey: 'org' };
}

/** The acting user's row: Linear's `viewer`. */
export async function viewer(ctx: LinearContext): Promise<Row> {
  const row = await ctx.load('user', ctx.actingUserId);
  if (row) return row;
  const first = await ctx.query(`SELECT * FROM users WHERE "active" ORDER BY "createdAt" NULLS LAST, "id" LIMIT 1`);
  if (!first[0]) throw notFound('User');
  return first[0];
}
