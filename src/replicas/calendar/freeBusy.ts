import { DateTime } from 'luxon';
import type { RouteContext } from '../types.ts';
import { actor, rank, roleOn } from './access.ts';
import { badRequest, invalid, required } from './errors.ts';
import { exceptionKey, isRecurring, plainRow, seriesInstances } from './eventStore.ts';
import type { Params } from './params.ts';
import type { CalendarRow, EventRow } from './rows.ts';
import { instantMs, isZone, queryInstant, zoneOf } from './time.ts';
import { formatInZone } from './zoneOffsets.ts';
import { freeBusyBody, resourceBody } from './resources.ts';

/**
 * freeBusy.query: the busy intervals of calendars (by calendar id, or a person's address for their primary
 * calendar) between timeMin and timeMax. Cancelled and transparent ("free") events do not count; overlapping
 * intervals are merged and clipped to the window. A calendar the user may not see answers `notFound` in its own
 * `errors`, as Google does, rather than failing the request.
 */
export async function freeBusyQuery(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  const body = resourceBody(params, freeBusyBody);
  if (!body.timeMin) throw required('timeMin');
  if (!body.timeMax) throw required('timeMax');
  const from = queryInstant(String(body.timeMin), 'timeMin')!;
  const to = queryInstant(String(body.timeMax), 'timeMax')!;
  if (to <= from) throw badRequest('The specified time range is empty.');
  if (to.diff(from, 'days').days > 366) throw badRequest('The requested time range is too long.');
  const tz = body.timeZone ?? 'UTC';
  if (!isZone(tz)) throw invalid('Invalid time zone.', 'timeZone');
  if (!Array.isArray(body.items)) throw required('items');
  if (body.items.length > 50) throw badRequest('Too many calendars requested.');
  const fmt = (ms: number) => formatInZone(ms, tz);

  const calendars: Record<string, unknown> = {};
  for (const item of body.items as { id?: string }[]) {
    const rawId = item?.id;
    if (!rawId) throw required('items.id');
    let id = rawId;
    if (id.toLowerCase() === 'primary') id = me.email;
    const cal = (await ctx.tx.query<CalendarRow>('SELECT * FROM calendars WHERE id = $1', [id]))[0];
    if (!cal || cal.deleted || rank(await roleOn(ctx, me, cal)) < rank('freeBusyReader')) {
      calendars[rawId] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      continue;
    }
    calendars[rawId] = { busy: (await busyOf(ctx, cal, from, to)).map(([s, e]) => ({ start: fmt(s), end: fmt(e) })) };
  }
  return Response.json({ kind: 'calendar#freeBusy', timeMin: fmt(from.toMillis()), timeMax: fmt(to.toMillis()), calendars });
}

/** A calendar's events (series expanded) that can meet [from, to), with the zone each is read in. */
async function eventsMeeting(ctx: RouteContext, cal: CalendarRow, from: DateTime, to: DateTime, where: string, args: unknown[]): Promise<EventRow[]> {
  const rows = await ctx.tx.query<EventRow>(
    `SELECT e.* FROM calendar_events e WHERE ${where} AND (jsonb_array_length(COALESCE(e.recurrence, '[]'::jsonb)) > 0 OR e.recurring_event_id IS NOT NULL
       OR ((e.end_datetime IS NULL OR e.end_datetime > $1) AND (e.start_datetime IS NULL OR e.start_datetime < $2)))`,
    [from.minus({ days: 1 }).toUTC().toISO(), to.plus({ days: 1 }).toUTC().toISO(), ...args],
  );
  const exceptions = new Map<string, Map<string, EventRow>>();
  for (const r of rows) {
    const key = r.recurring_event_id ? exceptionKey(r, cal.time_zone) : null;
    if (!key) continue;
    if (!exceptions.has(r.recurring_event_id!)) exceptions.set(r.recurring_event_id!, new Map());
    exceptions.get(r.recurring_event_id!)!.set(key, r);
  }
  const masters = new Set(rows.filter(isRecurring).map((r) => r.id));
  const events: EventRow[] = [];
  for (const r of rows) {
    if (r.recurring_event_id && masters.has(r.recurring_event_id)) continue;
    if (isRecurring(r)) {
      if (r.status !== 'cancelled') events.push(...seriesInstances(r, exceptions.get(r.id) ?? new Map(), cal, { from, to }, to));
    } else events.push(r);
  }
  return events;
}

/**
 * Busy spans of a calendar. A person's primary calendar (its id is their address) is also busy for the events of
 * other calendars they are invited to and have not declined, as Google puts invitations on the guest's calendar.
 */
export async function busyOf(ctx: RouteContext, cal: CalendarRow, from: DateTime, to: DateTime): Promise<[number, number][]> {
  const events = await eventsMeeting(ctx, cal, from, to, 'e.calendar_id = $3', [cal.id]);
  const invitedTo = await ctx.tx.query<CalendarRow>(
    `SELECT DISTINCT c.* FROM calendar_event_attendees a JOIN calendar_events e ON e.id = a.event_id JOIN calendars c ON c.id = e.calendar_id
      WHERE lower(a.email) = lower($1) AND a.response_status <> 'declined' AND e.calendar_id <> $1 AND NOT c.deleted
        AND EXISTS (SELECT 1 FROM calendar_users u WHERE lower(u.email) = lower($1))`,
    [cal.id],
  );
  for (const other of invitedTo) {
    const invited = await eventsMeeting(
      ctx,
      other,
      from,
      to,
      `e.calendar_id = $3 AND e.id IN (SELECT event_id FROM calendar_event_attendees WHERE lower(email) = lower($4) AND response_status <> 'declined')`,
      [other.id, cal.id],
    );
    events.push(...invited.map((e) => ({ ...plainRow(e), start: { ...e.start, timeZone: zoneOf(e.start, other.time_zone) } })));
  }
  const spans: [number, number][] = [];
  const lo = from.toMillis();
  const hi = to.toMillis();
  for (const e of events) {
    if (e.status === 'cancelled' || e.transparency === 'transparent') continue;
    let s = instantMs(e.start, cal.time_zone);
    let en = e.end ? instantMs(e.end, zoneOf(e.start, cal.time_zone)) : s;
    if (en <= lo || s >= hi) continue;
    if (s < lo) s = lo;
    if (en > hi) en = hi;
    spans.push([s, en]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) {
      if (span[1] > last[1]) last[1] = span[1];
    } else merged.push([span[0], span[1]]);
  }
  return merged;
}
