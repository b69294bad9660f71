import type { RouteContext } from '../types.ts';
import { calendarFor } from './access.ts';
import { invalid, invalidParameter, notFound, required } from './errors.ts';
import { bool, decodeToken, encodeToken, maxResults, str, type Params } from './params.ts';
import type { AclRow } from './rows.ts';
import { aclResource, newEtag } from './serialize.ts';
import { update, upsert } from './sql.ts';
import { isoNow } from './time.ts';
import { aclRuleBody, resourceBody } from './resources.ts';

/**
 * acl.*: a calendar's sharing rules. Writers may read them ("This role can also see ACLs",
 * https://developers.google.com/workspace/calendar/api/concepts/sharing); only owners may change them. Rule ids are `<scope type>:<value>`
 * (`default` alone); deleting a rule keeps it with `deleted = true` (shown as role `none` with showDeleted).
 */

const ok = (body: unknown) => Response.json(body);
const ROLES = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'];
const SCOPES = ['default', 'user', 'group', 'domain'];

async function ruleFor(ctx: RouteContext, calendarId: string, ruleId: string): Promise<AclRow> {
  const rows = await ctx.tx.query<AclRow>('SELECT * FROM calendar_acl_rules WHERE calendar_id = $1 AND id = $2', [calendarId, ruleId]);
  if (!rows[0] || rows[0].deleted) throw notFound();
  return rows[0];
}

function checkRole(role: unknown): string {
  if (role === undefined || role === null || role === '') throw required('role');
  if (typeof role !== 'string' || !ROLES.includes(role)) throw invalid('Invalid role value.', 'role');
  return role;
}

export async function aclList(params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  const nowMs = ctx.now();
  const syncRaw = str(params, 'syncToken');
  const since = syncRaw !== undefined ? decodeToken<number>(syncRaw, `aclsync:${cal.id}`, 'syncToken') : undefined;
  const showDeleted = bool(params, 'showDeleted') || since !== undefined;
  const limit = maxResults(params, 100, 250);
  const offset = decodeToken<{ o: number }>(str(params, 'pageToken'), `acl:${cal.id}`, 'pageToken')?.o ?? 0;
  let rows = await ctx.tx.query<AclRow & { updated_at: string | null }>('SELECT * FROM calendar_acl_rules WHERE calendar_id = $1 ORDER BY id', [cal.id]);
  if (!showDeleted) rows = rows.filter((r) => !r.deleted);
  if (since !== undefined) rows = rows.filter((r) => new Date(r.updated_at ?? 0).getTime() > since);
  const page = rows.slice(offset, offset + limit);
  const more = offset + limit < rows.length;
  return ok({
    kind: 'calendar#acl',
    etag: `"${nowMs}"`,
    ...(more ? { nextPageToken: encodeToken(`acl:${cal.id}`, { o: offset + limit }) } : { nextSyncToken: encodeToken(`aclsync:${cal.id}`, nowMs) }),
    items: page.map(aclResource),
  });
}

export async function aclGet(_params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  return ok(aclResource(await ruleFor(ctx, cal.id, ctx.pathParams.ruleId)));
}

export async function aclInsert(params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const sendNotifications = str(params, 'sendNotifications');
  if (sendNotifications !== undefined && !['true', 'false'].includes(sendNotifications)) throw invalidParameter('sendNotifications');
  const body = resourceBody(params, aclRuleBody);
  const role = checkRole(body.role);
  const scope = body.scope;
  if (!scope || typeof scope !== 'object') throw required('scope');
  if (!SCOPES.includes(scope.type)) throw invalid('Invalid scope type.', 'scope.type');
  const value = scope.type === 'default' ? null : typeof scope.value === 'string' ? scope.value.trim() : '';
  if (scope.type !== 'default' && !value) throw required('scope.value');
  if ((scope.type === 'user' || scope.type === 'group') && !/^[^@\s]+@[^@\s]+$/.test(value!)) throw invalid('Invalid scope value.', 'scope.value');
  const id = scope.type === 'default' ? 'default' : `${scope.type}:${value}`;
  const nowMs = ctx.now();
  const existing = (await ctx.tx.query<AclRow>('SELECT * FROM calendar_acl_rules WHERE calendar_id = $1 AND (id = $2 OR (scope_type = $3 AND lower(scope_value) = lower($4)))', [cal.id, id, scope.type, value ?? '']))[0];
  if (existing && !existing.deleted) {
    // Google answers an insert for a scope that already has a rule by changing that rule's role.
    if (existing.role === role) return ok(aclResource(existing));
    const changes = { role, etag: newEtag(nowMs), updated_at: isoNow(nowMs) };
    await update(ctx.tx, 'calendar_acl_rules', { calendar_id: cal.id, id: existing.id }, changes);
    return ok(aclResource({ ...existing, ...changes }));
  }
  const row: AclRow = { id: existing?.id ?? id, calendar_id: cal.id, role, scope_type: scope.type, scope_value: value, deleted: false, etag: newEtag(nowMs) };
  await upsert(ctx.tx, 'calendar_acl_rules', { ...row, updated_at: isoNow(nowMs), ...(existing ? {} : { created_at: isoNow(nowMs) }) }, ['calendar_id', 'id']);
  return ok(aclResource(row));
}

async function change(params: Params, ctx: RouteContext, mode: 'replace' | 'patch'): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const rule = await ruleFor(ctx, cal.id, ctx.pathParams.ruleId);
  const body = resourceBody(params, aclRuleBody);
  if (body.scope && (body.scope.type !== rule.scope_type || (body.scope.value ?? null) !== (rule.scope_type === 'default' ? null : rule.scope_value) && body.scope.value !== undefined)) {
    throw invalid('The scope of a rule cannot be changed.', 'scope');
  }
  const nowMs = ctx.now();
  const role = mode === 'replace' || Object.hasOwn(body, 'role') ? checkRole(body.role) : rule.role;
  if (rule.role === 'owner' && role !== 'owner' && rule.scope_value && (await ownerEmail(ctx, cal.owner_id)) === rule.scope_value.toLowerCase()) {
    throw invalid("The owner's own rule cannot be downgraded.", 'role');
  }
  const changes = { role, etag: newEtag(nowMs), updated_at: isoNow(nowMs) };
  await update(ctx.tx, 'calendar_acl_rules', { calendar_id: cal.id, id: rule.id }, changes);
  return ok(aclResource({ ...rule, ...changes }));
}

async function ownerEmail(ctx: RouteContext, ownerId: string | null): Promise<string | undefined> {
  if (!ownerId) return undefined;
  return (await ctx.tx.query<{ email: string }>('SELECT email FROM calendar_users WHERE id = $1', [ownerId]))[0]?.email.toLowerCase();
}

export const aclUpdate = (params: Params, ctx: RouteContext) => change(params, ctx, 'replace');
export const aclPatch = (params: Params, ctx: RouteContext) => change(params, ctx, 'patch');

export async function aclDelete(_params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const rule = await ruleFor(ctx, cal.id, ctx.pathParams.ruleId);
  if (rule.role === 'owner' && rule.scope_value && (await ownerEmail(ctx, cal.owner_id)) === rule.scope_value.toLowerCase()) {
    throw invalid("The owner's own rule cannot be removed.", 'ruleId');
  }
  const nowMs = ctx.now();
  await update(ctx.tx, 'calendar_acl_rules', { calendar_id: cal.id, id: rule.id }, { deleted: true, etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
  return new Response(null, { status: 204 });
}
