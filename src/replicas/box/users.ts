import type { RouteContext } from '../types.ts';
import { notFound } from './errors.ts';
import { actingUser, usersById } from './lookup.ts';
import { fieldsParam, intParam, str, type Params } from './params.ts';
import type { UserRow } from './rows.ts';
import { userFull } from './serialize.ts';

function pick(user: UserRow, fields: string[] | null): Record<string, unknown> {
  const all = { ...userFull(user), role: user.role, enterprise: { type: 'enterprise', id: '1', name: 'DiffLab' } };
  if (!fields) return userFull(user);
  const out: Record<string, unknown> = { type: 'user', id: user.id };
  for (const f of fields) if (Object.hasOwn(all, f)) out[f] = (all as Record<string, unknown>)[f];
  return out;
}

/** GET /users/me: the user the token acts as. */
export async function getCurrentUser(params: Params, ctx: RouteContext): Promise<Response> {
  return Response.json(pick(await actingUser(ctx), fieldsParam(params)));
}

export async function getUser(params: Params, ctx: RouteContext): Promise<Response> {
  const user = (await usersById(ctx)).get(ctx.pathParams.user_id);
  if (!user) throw notFound();
  return Response.json(pick(user, fieldsParam(params)));
}

/** GET /users: the enterprise's users, filtered by `filter_term` (name or login prefix). */
export async function listUsers(params: Params, ctx: RouteContext): Promise<Response> {
  const term = (str(params, 'filter_term') ?? '').toLowerCase();
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const all = [...(await usersById(ctx)).values()].filter((u) => !term || u.name.toLowerCase().startsWith(term) || u.login.toLowerCase().startsWith(term));
  const fields = fieldsParam(params);
  return Response.json({ total_count: all.length, entries: all.slice(offset, offset + limit).map((u) => pick(u, fields)), offset, limit });
}
