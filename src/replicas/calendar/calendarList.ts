import type { RouteContext } from '../types.ts';
import { actor, rank, roleOn } from './access.ts';
import { calendarColors } from './colors.ts';
import { googleError, invalid, invalidParameter, notFound, required } from './errors.ts';
import { bool, decodeToken, encodeToken, maxResults, str, type Body, type Params } from './params.ts';
import type { CalendarRow, ListEntryRow } from './rows.ts';
import { listEntryResource, newEtag } from './serialize.ts';
import { update, upsert } from './sql.ts';
import { isoNow } from './time.ts';
import { calendarListEntryBody, resourceBody } from './resources.ts';

/** calendarList.*: the acting user's own list of calendars (`/users/me/calendarList`). */

const ok = (body: unknown) => Response.json(body);
const JSON_COLUMNS = ['default_reminders', 'notification_settings'];

interface Joined {
  entry: ListEntryRow;
  cal: CalendarRow;
}

async function entries(ctx: RouteContext, userId: string, calendarId?: string): Promise<Joined[]> {
  const rows = await ctx.tx.query<Record<string, any>>(
    `SELECT row_to_json(e) AS entry, row_to_json(c) AS cal FROM calendar_list_entries e JOIN calendars c ON c.id = e.calendar_id
      WHERE e.user_id = $1 AND NOT c.deleted ${calendarId ? 'AND e.calendar_id = $2' : ''}
      ORDER BY e."primary" DESC, c.summary, c.id`,
    calendarId ? [userId, calendarId] : [userId],
  );
  return rows.map((r) => ({ entry: r.entry, cal: r.cal }));
}

async function resolveId(ctx: RouteContext, userId: string, email: string, raw: string): Promise<string> {
  if (raw.toLowerCase() !== 'primary') return raw;
  const rows = await ctx.tx.query<{ calendar_id: string }>(`SELECT calendar_id FROM calendar_list_entries WHERE user_id = $1 AND "primary" LIMIT 1`, [userId]);
  return rows[0]?.calendar_id ?? email;
}

async function entryFor(ctx: RouteContext): Promise<Joined & { userId: string }> {
  const me = await actor(ctx);
  const id = await resolveId(ctx, me.id, me.email, ctx.pathParams.calendarId);
  const [found] = await entries(ctx, me.id, id);
  if (!found || found.entry.deleted) throw notFound();
  return { ...found, userId: me.id };
}

export async function calendarListList(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  const nowMs = ctx.now();
  const syncRaw = str(params, 'syncToken');
  const since = syncRaw !== undefined ? decodeToken<number>(syncRaw, `clsync:${me.id}`, 'syncToken') : undefined;
  const showDeleted = bool(params, 'showDeleted') || since !== undefined;
  const showHidden = bool(params, 'showHidden') || since !== undefined;
  const minRole = str(params, 'minAccessRole');
  if (minRole !== undefined && !['freeBusyReader', 'reader', 'writer', 'owner'].includes(minRole)) throw invalidParameter('minAccessRole');
  const limit = maxResults(params, 100, 250);
  const offset = decodeToken<{ o: number }>(str(params, 'pageToken'), `calendarList:${me.id}`, 'pageToken')?.o ?? 0;
  let all = await entries(ctx, me.id);
  if (!showDeleted) all = all.filter((x) => !x.entry.deleted);
  if (!showHidden) all = all.filter((x) => !x.entry.hidden);
  if (minRole) all = all.filter((x) => rank(x.entry.access_role) >= rank(minRole));
  if (since !== undefined) all = all.filter((x) => new Date(x.entry.updated_at ?? 0).getTime() > since);
  const page = all.slice(offset, offset + limit);
  const more = offset + limit < all.length;
  return ok({
    kind: 'calendar#calendarList',
    etag: `"${nowMs}"`,
    ...(more ? { nextPageToken: encodeToken(`calendarList:${me.id}`, { o: offset + limit }) } : { nextSyncToken: encodeToken(`clsync:${me.id}`, nowMs) }),
    items: page.map((x) => listEntryResource(x.entry, x.cal)),
  });
}

export async function calendarListGet(_params: Params, ctx: RouteContext): Promise<Response> {
  const { entry, cal } = await entryFor(ctx);
  return ok(listEntryResource(entry, cal));
}

/** The fields a user may set on their entry, as column changes; `colorRgbFormat` lets them set hex colours. */
function entryChanges(body: Body, params: Params, mode: 'replace' | 'patch'): Partial<ListEntryRow> {
  const changes: Partial<ListEntryRow> = {};
  const set = (field: string, col: keyof ListEntryRow, fallback: unknown) => {
    if (Object.hasOwn(body, field)) (changes as any)[col] = body[field] ?? fallback;
    else if (mode === 'replace') (changes as any)[col] = fallback;
  };
  if (body.colorId !== undefined && body.colorId !== null && !Object.hasOwn(calendarColors, String(body.colorId))) throw invalid('Invalid color id.', 'colorId');
  set('colorId', 'color_id', null);
  set('hidden', 'hidden', false);
  set('selected', 'selected', true);
  set('summaryOverride', 'summary_override', null);
  set('defaultReminders', 'default_reminders', null);
  set('notificationSettings', 'notification_settings', null);
  if (bool(params, 'colorRgbFormat')) {
    for (const [field, col] of [['backgroundColor', 'background_color'], ['foregroundColor', 'foreground_color']] as const) {
      const v = body[field];
      if (v === undefined) continue;
      if (v !== null && !/^#[0-9a-f]{6}$/i.test(v)) throw invalid(`Invalid ${field}.`, field);
      changes[col] = v;
    }
  }
  return changes;
}

export async function calendarListInsert(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  const body = resourceBody(params, calendarListEntryBody);
  if (!body.id || typeof body.id !== 'string') throw required('id');
  const cal = (await ctx.tx.query<CalendarRow>('SELECT * FROM calendars WHERE id = $1', [body.id]))[0];
  if (!cal || cal.deleted) throw notFound();
  const role = await roleOn(ctx, me, cal);
  if (role === 'none') throw notFound();
  const nowMs = ctx.now();
  const changes = entryChanges(body, params, 'patch');
  const existing = (await ctx.tx.query<ListEntryRow>('SELECT * FROM calendar_list_entries WHERE user_id = $1 AND calendar_id = $2', [me.id, cal.id]))[0];
  if (existing && !existing.deleted) {
    // Adding a calendar that is already in the list keeps the entry and applies the given settings.
    if (Object.keys(changes).length) {
      Object.assign(changes, { etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
      await update(ctx.tx, 'calendar_list_entries', { id: existing.id }, changes, JSON_COLUMNS);
    }
    return ok(listEntryResource({ ...existing, ...changes }, cal));
  }
  const row: ListEntryRow = {
    id: existing?.id ?? `cle_${ctx.nextId('uuid').replace(/-/g, '')}`,
    user_id: me.id,
    calendar_id: cal.id,
    access_role: role,
    primary: false,
    selected: true,
    hidden: false,
    deleted: false,
    color_id: null,
    background_color: null,
    foreground_color: null,
    summary_override: null,
    default_reminders: null,
    notification_settings: null,
    etag: newEtag(nowMs),
    updated_at: isoNow(nowMs),
    ...changes,
  };
  await upsert(ctx.tx, 'calendar_list_entries', { ...row, ...(existing ? {} : { created_at: isoNow(nowMs) }) }, ['id'], JSON_COLUMNS);
  return ok(listEntryResource(row, cal));
}

async function change(params: Params, ctx: RouteContext, mode: 'replace' | 'patch'): Promise<Response> {
  const { entry, cal } = await entryFor(ctx);
  const body = resourceBody(params, calendarListEntryBody);
  const nowMs = ctx.now();
  const changes = entryChanges(body, params, mode);
  Object.assign(changes, { etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
  await update(ctx.tx, 'calendar_list_entries', { id: entry.id }, changes, JSON_COLUMNS);
  return ok(listEntryResource({ ...entry, ...changes }, cal));
}

export const calendarListUpdate = (params: Params, ctx: RouteContext) => change(params, ctx, 'replace');
export const calendarListPatch = (params: Params, ctx: RouteContext) => change(params, ctx, 'patch');

/** Removes a calendar from the user's list (the entry is kept as deleted). The primary calendar cannot be removed. */
export async function calendarListDelete(_params: Params, ctx: RouteContext): Promise<Response> {
  const { entry } = await entryFor(ctx);
  if (entry.primary) throw googleError(403, 'cannotRemovePrimaryCalendar', 'The primary calendar cannot be removed from the calendar list.');
  const nowMs = ctx.now();
  await update(ctx.tx, 'calendar_list_entries', { id: entry.id }, { deleted: true, etag: newEtag(nowMs), updated_at: isoNow(nowMs) });
  return new Response(null, { status: 204 });
}
