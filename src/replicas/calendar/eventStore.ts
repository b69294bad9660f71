import { DateTime } from 'luxon';
import type { RouteContext } from '../types.ts';
import { seesDetails, type Role } from './access.ts';
import { expandSeries, instanceKey, isBounded, type Occurrence } from './recurrence.ts';
import type { AttendeeRow, CalendarRow, EventRow, UserRow } from './rows.ts';
import { eventResource, newEtag } from './serialize.ts';
import { instantMs, instantOf, isoNow, zoneOf, type EventTime } from './time.ts';

/** Reading and writing event rows, and turning recurring series into their instances. */

export const isRecurring = (e: EventRow) => Array.isArray(e.recurrence) && e.recurrence.length > 0;
export const isAllDay = (e: { start: EventTime }) => !!e.start?.date;

/** The UTC instants stored in `start_datetime`/`end_datetime` (range pre-filtering only; all-day read in UTC). */
export function storedInstants(start: EventTime, end: EventTime, calendarZone: string): { start: string | null; end: string | null } {
  const at = (t: EventTime) => {
    try {
      const dt = instantOf(t, t.date ? 'UTC' : calendarZone);
      return dt.isValid ? dt.toUTC().toISO() : null;
    } catch {
      return null;
    }
  };
  return { start: start ? at(start) : null, end: end ? at(end) : null };
}

export async function usersByEmail(ctx: RouteContext): Promise<Map<string, UserRow>> {
  return ctx.memo('usersByEmail', async () => {
    const rows = await ctx.tx.query<UserRow>('SELECT * FROM calendar_users');
    return new Map(rows.map((u) => [u.email.toLowerCase(), u]));
  });
}

export async function attendeesOf(ctx: RouteContext, ids: string[]): Promise<Map<string, AttendeeRow[]>> {
  const out = new Map<string, AttendeeRow[]>();
  if (!ids.length) return out;
  const rows = await ctx.tx.query<AttendeeRow>('SELECT * FROM calendar_event_attendees WHERE event_id = ANY($1) ORDER BY email', [ids]);
  for (const r of rows) out.set(r.event_id, [...(out.get(r.event_id) ?? []), r]);
  return out;
}

/** An event's guests: its own attendee rows, or an instance's series' rows. */
export function guestsOf(e: EventRow, attendees: Map<string, AttendeeRow[]>): AttendeeRow[] {
  return attendees.get(e.id) ?? (e.recurring_event_id ? attendees.get(e.recurring_event_id) ?? [] : []);
}

/** Instances made by expansion (not rows): they have no attendee rows of their own. */
const generatedRows = new WeakSet<EventRow>();

/**
 * Events as the acting user may see them with `role` on `calendar` (`seesDetails`); by default, all of them. Busy
 * blocks give their times in `zone` (the request's `timeZone`), else UTC.
 */
export async function renderEvents(
  ctx: RouteContext,
  me: UserRow,
  events: EventRow[],
  access: { role: Role; calendar: CalendarRow; zone?: string } | null = null,
): Promise<Record<string, unknown>[]> {
  const ids = new Set<string>();
  for (const e of events) {
    if (!generatedRows.has(e)) ids.add(e.id);
    if (e.recurring_event_id) ids.add(e.recurring_event_id);
  }
  const [users, attendees] = await Promise.all([usersByEmail(ctx), attendeesOf(ctx, [...ids])]);
  return events.map((e) => {
    const guests = guestsOf(e, attendees);
    const busy = access && !seesDetails(access.role, e, me, guests);
    return eventResource(e, { me, users, attendees: guests, busyOnly: busy ? { zone: access.zone ?? 'UTC', calendarZone: access.calendar.time_zone } : undefined });
  });
}

export async function findEvent(ctx: RouteContext, calendarId: string, id: string): Promise<EventRow | undefined> {
  const rows = await ctx.tx.query<EventRow>('SELECT * FROM calendar_events WHERE id = $1 AND calendar_id = $2', [id, calendarId]);
  return rows[0];
}

/**
 * A generated (unmodified) instance of a series: the master's fields at the occurrence's time. It is a thin object
 * over the master (its prototype), since a year's listing makes thousands and returns a page of them; `plainRow`
 * flattens one before it is changed or stored.
 */
export function instanceOf(master: EventRow, occ: Occurrence): EventRow {
  const { start, end } = occ.times(isAllDay(master));
  const row: EventRow = Object.create(master);
  row.id = `${master.id}_${occ.key}`;
  row.recurrence = null;
  row.recurring_event_id = master.id;
  row.original_start_time = start;
  row.start = start;
  row.end = end;
  row.start_datetime = new Date(occ.startMs).toISOString();
  row.end_datetime = new Date(occ.endMs).toISOString();
  generatedRows.add(row);
  return row;
}

/** An event row as a plain object with all its fields (a generated instance included), optionally changed. */
export function plainRow(e: EventRow, changes: Partial<EventRow> = {}): EventRow {
  const proto = Object.getPrototypeOf(e);
  return { ...(proto && proto !== Object.prototype ? proto : {}), ...e, ...changes };
}

/** The instance key (`YYYYMMDDTHHMMSSZ` / `YYYYMMDD`) of an exception row, from its original start. */
export function exceptionKey(e: EventRow, calendarZone: string): string | null {
  if (!e.original_start_time) return null;
  return instanceKey(instantOf(e.original_start_time, calendarZone), !!e.original_start_time.date);
}

export interface Window {
  from: DateTime | null;
  to: DateTime | null;
}

/** How far an open-ended series is expanded when the request sets no `timeMax`: a year past the later of now and timeMin. */
export function horizon(ctx: RouteContext, w: Window, nowMs: number): DateTime {
  if (w.to) return w.to;
  const base = DateTime.fromMillis(nowMs, { zone: 'UTC' });
  return (w.from && w.from > base ? w.from : base).plus({ years: 1 });
}

export function overlaps(e: EventRow, calendarZone: string, w: Window): boolean {
  const start = instantMs(e.start, calendarZone);
  const end = e.end ? instantMs(e.end, zoneOf(e.start, calendarZone)) : start;
  if (w.from && end <= w.from.toMillis() && !(end === start && start >= w.from.toMillis())) return false;
  if (w.to && start >= w.to.toMillis()) return false;
  return true;
}

/**
 * One instance of a series before it is made a row: an exception row, or a master and one of its occurrences
 * (`instanceOf` builds the row). Listing a year makes thousands and returns a page, so only the page is built.
 */
export type InstanceSlot = { row: EventRow; master?: undefined; occ?: undefined } | { row?: undefined; master: EventRow; occ: Occurrence };

export const slotRow = (s: InstanceSlot): EventRow => s.row ?? instanceOf(s.master!, s.occ!);

/**
 * Every instance of a master in the window: generated ones, replaced by their exception rows where one exists
 * (`exceptions` by key). Cancelled exceptions are kept (callers drop them unless showDeleted).
 */
export function seriesSlots(master: EventRow, exceptions: Map<string, EventRow>, cal: CalendarRow, w: Window, to: DateTime, limit?: number): InstanceSlot[] {
  const bounded = isBounded(master.recurrence ?? []);
  const end = w.to ?? (bounded ? DateTime.fromISO('2200-01-01T00:00:00Z') : to);
  const occ = expandSeries({ start: master.start, end: master.end, recurrence: master.recurrence ?? [] }, cal.time_zone, w.from, end, limit);
  const out: InstanceSlot[] = [];
  const seen = exceptions.size ? new Set<string>() : undefined;
  for (const o of occ) {
    seen?.add(o.key);
    const ex = exceptions.size ? exceptions.get(o.key) : undefined;
    if (!ex) out.push({ master, occ: o });
    // An exception is listed by its own times, as Google does: one moved out of the window is not in it.
    else if (overlaps(ex, cal.time_zone, w)) out.push({ row: ex });
  }
  // Exceptions moved into the window from an occurrence outside it.
  for (const [key, ex] of exceptions) if (!seen!.has(key) && overlaps(ex, cal.time_zone, w)) out.push({ row: ex });
  return out;
}

export function seriesInstances(master: EventRow, exceptions: Map<string, EventRow>, cal: CalendarRow, w: Window, to: DateTime, limit?: number): EventRow[] {
  return seriesSlots(master, exceptions, cal, w, to, limit).map(slotRow);
}

export function stamp(ctx: RouteContext, nowMs: number): { etag: string; updated_at: string } {
  return { etag: newEtag(nowMs, 0), updated_at: isoNow(nowMs) };
}

export function startMillis(e: EventRow, calendarZone: string): number {
  return instantMs(e.start, calendarZone);
}
