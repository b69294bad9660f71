import type { RouteContext } from '../types.ts';
import { slackError } from './errors.ts';
import { listConversations } from './conversations.ts';
import { getUser, queryUsers, resolveActor } from './lookup.ts';
import { decodeCursor, encodeCursor, flag, limitParam, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import { profile, user } from './serialize.ts';

export async function usersList(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  // Without a limit Slack returns every member in one page.
  const limit = limitParam(params, Number.MAX_SAFE_INTEGER, 1000);
  const after = decodeCursor(params, 'user');
  const rows = await queryUsers(
    ctx.tx,
    `WHERE ($1::text IS NULL OR u.user_id > $1) ORDER BY u.user_id ${limit < Number.MAX_SAFE_INTEGER ? 'LIMIT $2' : ''}`,
    limit < Number.MAX_SAFE_INTEGER ? [after ?? null, limit + 1] : [after ?? null],
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const at = ctx.now();
  return slackOk(ctx, {
    members: page.map((u) => user(u, actor.team, at, { locale: flag(params, 'include_locale') })),
    cache_ts: Math.floor(at / 1000),
    response_metadata: { next_cursor: more ? encodeCursor('user', page[page.length - 1].user_id) : '' },
  });
}

export async function usersInfo(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const id = str(params, 'user');
  const row = id ? await getUser(ctx.tx, id) : null;
  if (!row) throw slackError('user_not_found');
  return slackOk(ctx, { user: user(row, actor.team, ctx.now(), { locale: flag(params, 'include_locale') }) });
}

export async function usersLookupByEmail(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const email = str(params, 'email');
  const [row] = email ? await queryUsers(ctx.tx, 'WHERE lower(u.email) = lower($1) ORDER BY u.user_id LIMIT 1', [email]) : [];
  if (!row) throw slackError('users_not_found');
  return slackOk(ctx, { user: user(row, actor.team, ctx.now()) });
}

export async function usersProfileGet(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const id = str(params, 'user');
  const row = id ? await getUser(ctx.tx, id) : actor.user;
  if (!row) throw slackError('user_not_found');
  return slackOk(ctx, { profile: profile(row, actor.team) });
}

/** The conversations a user belongs to, limited to what the caller can see; `user` defaults to the caller. */
export async function usersConversations(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const id = str(params, 'user') ?? actor.user.user_id;
  if (!(await getUser(ctx.tx, id))) throw slackError('user_not_found');
  return listConversations(ctx, actor, params, id);
}
