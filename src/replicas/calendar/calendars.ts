import type { RouteContext } from '../types.ts';
import { actor, calendarFor } from './access.ts';
import { badRequest, invalid, required } from './errors.ts';
import type { Params } from './params.ts';
import type { CalendarRow } from './rows.ts';
import { calendarResource, newEtag } from './serialize.ts';
import { update, upsert } from './sql.ts';
import { isoNow, isZone } from './time.ts';
import { calendarBody, resourceBody } from './resources.ts';

/** calendars.*: a calendar's own metadata. Reading needs reader access, changing it needs ownership. */

const ok = (body: unknown) => Response.json(body);

function checkZone(body: Record<string, any>): void {
  if (body.timeZone !== undefined && body.timeZone !== null && !isZone(body.timeZone)) throw invalid('Invalid time zone.', 'timeZone');
}

export async function calendarsGet(_params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'reader');
  return ok(calendarResource(cal));
}

export async function calendarsInsert(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  const body = resourceBody(params, calendarBody);
  if (!body.summary || typeof body.summary !== 'string') throw required('summary');
  checkZone(body);
  const nowMs = ctx.now();
  const now = isoNow(nowMs);
  const hex = ctx.nextId('uuid').replace(/-/g, '');
  const id = `c_${hex}@group.calendar.google.com`;
  const userZone = (await ctx.tx.query<{ value: string }>(`SELECT value FROM calendar_settings WHERE user_id = $1 AND setting_id = 'timezone'`, [me.id]))[0]?.value;
  const cal: CalendarRow = {
    id,
    summary: body.summary,
    description: body.description ?? null,
    location: body.location ?? null,
    owner_id: me.id,
    time_zone: body.timeZone ?? userZone ?? me.time_zone ?? 'UTC',
    conference_properties: null,
    deleted: false,
    etag: newEtag(nowMs),
    created_at: now,
    updated_at: now,
  };
  await upsert(ctx.tx, 'calendars', { ...cal }, ['id'], ['conference_properties']);
  // Google adds the new calendar to its owner's list and an owner rule to its ACL.
  await upsert(ctx.tx, 'calendar_list_entries', {
    id: `cle_${hex}`,
    user_id: me.id,
    calendar_id: id,
    access_role: 'owner',
    primary: false,
    selected: true,
    hidden: false,
    deleted: false,
    etag: newEtag(nowMs, 1),
    created_at: now,
    updated_at: now,
  }, ['id']);
  await upsert(ctx.tx, 'calendar_acl_rules', {
    id: `user:${me.email}`,
    calendar_id: id,
    role: 'owner',
    scope_type: 'user',
    scope_value: me.email,
    deleted: false,
    etag: newEtag(nowMs, 2),
    created_at: now,
    updated_at: now,
  }, ['calendar_id', 'id']);
  return ok(calendarResource(cal));
}

async function change(params: Params, ctx: RouteContext, mode: 'replace' | 'patch'): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const body = resourceBody(params, calendarBody);
  checkZone(body);
  if (mode === 'replace' && !body.summary) throw required('summary');
  const nowMs = ctx.now();
  const changes: Partial<CalendarRow> = {};
  const fields: [string, keyof CalendarRow][] = [
    ['summary', 'summary'],
    ['description', 'description'],
    ['location', 'location'],
    ['timeZone', 'time_zone'],
  ];
  for (const [field, col] of fields) {
    if (Object.hasOwn(body, field)) (changes as any)[col] = body[field] ?? (col === 'time_zone' ? cal.time_zone : null);
    else if (mode === 'replace' && col !== 'time_zone') (changes as any)[col] = null;
  }
  if (Object.hasOwn(body, 'conferenceProperties')) changes.conference_properties = body.conferenceProperties;
  Object.assign(changes, { etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
  await update(ctx.tx, 'calendars', { id: cal.id }, changes, ['conference_properties']);
  return ok(calendarResource({ ...cal, ...changes }));
}

export const calendarsUpdate = (params: Params, ctx: RouteContext) => change(params, ctx, 'replace');
export const calendarsPatch = (params: Params, ctx: RouteContext) => change(params, ctx, 'patch');

export async function calendarsDelete(_params: Params, ctx: RouteContext): Promise<Response> {
  const { cal, me } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const primary = await ctx.tx.query(`SELECT 1 FROM calendar_list_entries WHERE calendar_id = $1 AND user_id = $2 AND "primary"`, [cal.id, me.id]);
  if (primary.length || cal.id === me.email) throw badRequest('Cannot delete the primary calendar; use calendars.clear to remove its events.');
  const nowMs = ctx.now();
  await update(ctx.tx, 'calendars', { id: cal.id }, { deleted: true, etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
  return new Response(null, { status: 204 });
}

/** calendars.clear: every event of the calendar is deleted (cancelled), as events.delete would. */
export async function calendarsClear(_params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'owner');
  const nowMs = ctx.now();
  await ctx.tx.query(`UPDATE calendar_events SET status = 'cancelled', etag = $2, updated_at = $3 WHERE calendar_id = $1 AND status <> 'cancelled'`, [
    cal.id,
    newEtag(nowMs),
    isoNow(nowMs),
  ]);
  return new Response(null, { status: 204 });
}
