import { DateTime } from 'luxon';
import type { RouteContext } from '../types.ts';
import { calendarFor, seesDetails, type CalendarAccess } from './access.ts';
import { badRequest, deleted, duplicate, googleError, invalid, invalidParameter, notFound, required, timeRangeTooLong } from './errors.ts';
import {
  attendeesOf,
  guestsOf,
  plainRow,
  usersByEmail,
  exceptionKey,
  findEvent,
  horizon,
  isAllDay,
  isRecurring,
  overlaps,
  renderEvents,
  seriesInstances,
  seriesSlots,
  slotRow,
  type InstanceSlot,
  startMillis,
  storedInstants,
  type Window,
} from './eventStore.ts';
import { bool, decodeToken, encodeToken, maxResults, str, type Body, type Params } from './params.ts';
import { parseQuickAdd } from './quickAdd.ts';
import { checkRecurrence, instanceKey, MAX_INSTANCES, occurrenceAt } from './recurrence.ts';
import type { AttendeeRow, EventRow, UserRow } from './rows.ts';
import { newEtag } from './serialize.ts';
import { upsert } from './sql.ts';
import { checkEventTime, instantMs, instantOf, isoNow, isZone, queryInstant, zoneOf, type EventTime } from './time.ts';
import { eventBody, resourceBody } from './resources.ts';

const JSON_COLUMNS = ['start', 'end', 'recurrence', 'original_start_time', 'reminders', 'extended_properties', 'conference_data', 'attachments', 'source'] as const;

/** Body field → column, for the fields events.insert/update/patch write directly. */
const FIELDS: Record<string, keyof EventRow> = {
  summary: 'summary',
  description: 'description',
  location: 'location',
  colorId: 'color_id',
  status: 'status',
  visibility: 'visibility',
  transparency: 'transparency',
  eventType: 'event_type',
  endTimeUnspecified: 'end_time_unspecified',
  guestsCanInviteOthers: 'guests_can_invite_others',
  guestsCanModify: 'guests_can_modify',
  guestsCanSeeOtherGuests: 'guests_can_see_other_guests',
  anyoneCanAddSelf: 'anyone_can_add_self',
  reminders: 'reminders',
  extendedProperties: 'extended_properties',
  conferenceData: 'conference_data',
  attachments: 'attachments',
  source: 'source',
};
const DEFAULTS: Partial<EventRow> = { status: 'confirmed', visibility: 'default', transparency: 'opaque', event_type: 'default' };
const ENUMS: Record<string, string[]> = {
  status: ['confirmed', 'tentative', 'cancelled'],
  visibility: ['default', 'public', 'private', 'confidential'],
  transparency: ['opaque', 'transparent'],
};

const ok = (body: unknown, status = 200) => Response.json(body, { status });

function checkSendUpdates(params: Params): void {
  const v = str(params, 'sendUpdates');
  if (v !== undefined && !['all', 'externalOnly', 'none'].includes(v)) throw invalidParameter('sendUpdates');
}

/** Event times as stored: what the client sent, with the calendar's zone filled in when a dateTime names none. */
function eventTime(raw: unknown, field: string, calendarZone: string): EventTime {
  const t = checkEventTime(raw, field);
  if (t.dateTime && !t.timeZone) t.timeZone = calendarZone;
  return t;
}

function checkRange(start: EventTime, end: EventTime, zone: string): void {
  if (!!start.date !== !!end.date) throw invalid('Start and end times must either both be date or both be dateTime.', 'end');
  const s = instantOf(start, zone);
  const e = instantOf(end, zone);
  if (e < s || (start.date && e <= s)) throw googleError(400, 'timeRangeEmpty', 'The specified time range is empty.', { location: 'end.dateTime' });
}

/** Applies body fields to a row: `replace` (PUT) resets what the body leaves out, `patch` keeps it. */
function applyBody(row: EventRow, body: Body, mode: 'replace' | 'patch', zone: string): void {
  for (const [field, col] of Object.entries(FIELDS)) {
    if (Object.hasOwn(body, field)) {
      const v = body[field];
      if (ENUMS[field] && v !== null && !ENUMS[field].includes(v)) throw invalid(`Invalid value for ${field}.`, field);
      (row as any)[col] = v ?? (DEFAULTS as any)[col] ?? null;
    } else if (mode === 'replace') {
      (row as any)[col] = (DEFAULTS as any)[col] ?? null;
    }
  }
  if (mode === 'replace' || Object.hasOwn(body, 'start')) row.start = eventTime(body.start, 'start', zone);
  if (mode === 'replace' || Object.hasOwn(body, 'end')) row.end = eventTime(body.end, 'end', zone);
  if (Object.hasOwn(body, 'recurrence')) row.recurrence = body.recurrence === null ? null : checkRecurrence(body.recurrence);
  else if (mode === 'replace' && !row.recurring_event_id) row.recurrence = null;
  checkRange(row.start, row.end, zone);
  const inst = storedInstants(row.start, row.end, zone);
  row.start_datetime = inst.start;
  row.end_datetime = inst.end;
}

interface AttendeeInput {
  email?: string;
  displayName?: string;
  responseStatus?: string;
  optional?: boolean;
  resource?: boolean;
  comment?: string;
  additionalGuests?: number;
}

function attendeeRows(eventId: string, list: unknown, organizerEmail: string | null): AttendeeRow[] {
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw invalid('Invalid attendees.', 'attendees');
  const seen = new Set<string>();
  const out: AttendeeRow[] = [];
  for (const a of list as AttendeeInput[]) {
    const email = a?.email?.trim();
    if (!email) throw required('attendees.email');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw invalid('Invalid attendee email.', 'attendees.email');
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    const status = a.responseStatus ?? 'needsAction';
    if (!['needsAction', 'declined', 'tentative', 'accepted'].includes(status)) throw invalid('Invalid attendee response status.', 'attendees.responseStatus');
    out.push({
      event_id: eventId,
      email,
      display_name: a.displayName ?? null,
      response_status: status,
      optional: a.optional ?? null,
      organizer: organizerEmail && email.toLowerCase() === organizerEmail.toLowerCase() ? true : null,
      resource: a.resource ?? null,
      comment: a.comment ?? null,
      additional_guests: a.additionalGuests ?? null,
    });
  }
  return out;
}

/** Replaces an event's attendees, keeping rows that did not change (so the diff shows only real changes). */
async function saveAttendees(ctx: RouteContext, eventId: string, rows: AttendeeRow[]): Promise<void> {
  const current = (await attendeesOf(ctx, [eventId])).get(eventId) ?? [];
  const users = await usersByEmail(ctx);
  const keep = new Set(rows.map((r) => r.email.toLowerCase()));
  for (const old of current) {
    if (!keep.has(old.email.toLowerCase())) await ctx.tx.query('DELETE FROM calendar_event_attendees WHERE event_id = $1 AND email = $2', [eventId, old.email]);
  }
  for (const r of rows) {
    const old = current.find((o) => o.email.toLowerCase() === r.email.toLowerCase());
    if (old) {
      // An attendee listed again (often copied from a read, with the directory's name and derived flags) keeps
      // their row; only what a client sets on purpose changes it.
      const merged: AttendeeRow = { ...old };
      for (const k of ['response_status', 'optional', 'comment', 'additional_guests'] as const) if (r[k] !== null) (merged as any)[k] = r[k];
      if (r.display_name !== null && r.display_name !== users.get(old.email.toLowerCase())?.display_name) merged.display_name = r.display_name;
      await upsert(ctx.tx, 'calendar_event_attendees', { ...merged }, ['event_id', 'email']);
    } else {
      await upsert(ctx.tx, 'calendar_event_attendees', { ...r }, ['event_id', 'email']);
    }
  }
}

async function saveEvent(ctx: RouteContext, row: EventRow): Promise<void> {
  await upsert(ctx.tx, 'calendar_events', { ...row }, ['id'], JSON_COLUMNS);
}

function newEventId(ctx: RouteContext): string {
  // Google's ids use base32hex (a–v, 0–9); a UUID's hex digits are a subset of it.
  return ctx.nextId('uuid').replace(/-/g, '').toLowerCase();
}

function htmlLink(id: string, calendarId: string): string {
  const eid = btoa(`${id} ${calendarId}`).replace(/=+$/, '');
  return `https://www.google.com/calendar/event?eid=${eid}`;
}

function blankEvent(id: string, a: CalendarAccess, nowMs: number): EventRow {
  const now = isoNow(nowMs);
  return {
    id,
    calendar_id: a.cal.id,
    ical_uid: `${id}@google.com`,
    summary: null,
    description: null,
    location: null,
    status: 'confirmed',
    visibility: 'default',
    transparency: 'opaque',
    event_type: 'default',
    color_id: null,
    start: {},
    end: {},
    start_datetime: null,
    end_datetime: null,
    end_time_unspecified: null,
    recurrence: null,
    recurring_event_id: null,
    original_start_time: null,
    creator_id: a.me.id,
    creator_email: a.me.email,
    organizer_id: a.me.id,
    organizer_email: a.me.email,
    organizer_display_name: null,
    guests_can_invite_others: null,
    guests_can_modify: null,
    guests_can_see_other_guests: null,
    anyone_can_add_self: null,
    reminders: null,
    extended_properties: null,
    conference_data: null,
    attachments: null,
    source: null,
    sequence: 0,
    etag: newEtag(nowMs),
    html_link: htmlLink(id, a.cal.id),
    created_at: now,
    updated_at: now,
  };
}

async function respondEvent(ctx: RouteContext, me: UserRow, row: EventRow, status = 200): Promise<Response> {
  const [out] = await renderEvents(ctx, me, [row]);
  return ok(out, status);
}

// ---------------------------------------------------------------------------------------------------------------
// Instances: an id `<series>_<key>` names one occurrence; it has a row only once it was changed (an exception).

interface InstanceRef {
  master: EventRow;
  key: string;
  generated: EventRow;
}

async function findInstance(ctx: RouteContext, a: CalendarAccess, id: string): Promise<InstanceRef | undefined> {
  const m = /^(.+)_(\d{8}(?:T\d{6}Z)?)$/.exec(id);
  if (!m) return undefined;
  const master = await findEvent(ctx, a.cal.id, m[1]);
  if (!master || !isRecurring(master)) return undefined;
  const key = m[2];
  const at = key.length === 8 ? DateTime.fromFormat(key, 'yyyyLLdd', { zone: zoneOf(master.start, a.cal.time_zone) }) : DateTime.fromFormat(key, "yyyyLLdd'T'HHmmss'Z'", { zone: 'UTC' });
  if (!at.isValid) return undefined;
  // The id's instant is checked directly: is there an occurrence starting exactly then?
  const occ = occurrenceAt({ start: master.start, end: master.end, recurrence: master.recurrence ?? [] }, a.cal.time_zone, at);
  if (!occ || occ.key !== key) return undefined;
  const instances = seriesInstances(master, new Map(), a.cal, { from: occ.start, to: occ.end.plus({ seconds: 1 }) }, occ.end.plus({ days: 1 }));
  const generated = instances.find((e) => e.id === id);
  return generated ? { master, key, generated } : undefined;
}

/** The row for an event id: a stored row, or a not-yet-changed instance of a series (`generated`). */
async function eventOrInstance(ctx: RouteContext, a: CalendarAccess, id: string): Promise<{ row: EventRow; stored: boolean; master?: EventRow }> {
  const row = await findEvent(ctx, a.cal.id, id);
  if (row) return { row, stored: true };
  const inst = await findInstance(ctx, a, id);
  if (inst) {
    if (inst.master.status === 'cancelled') return { row: plainRow(inst.generated, { status: 'cancelled' }), stored: false, master: inst.master };
    return { row: plainRow(inst.generated), stored: false, master: inst.master };
  }
  throw notFound();
}

async function materialise(ctx: RouteContext, master: EventRow, row: EventRow): Promise<void> {
  // An exception starts with the series' attendees.
  const attendees = (await attendeesOf(ctx, [master.id])).get(master.id) ?? [];
  await saveEvent(ctx, row);
  for (const at of attendees) await upsert(ctx.tx, 'calendar_event_attendees', { ...at, event_id: row.id }, ['event_id', 'email']);
}

// ---------------------------------------------------------------------------------------------------------------
// events.list and events.instances

interface ListToken {
  o: number;
}

function matchesQuery(e: EventRow, attendees: AttendeeRow[], q: string): boolean {
  const hay = [e.summary, e.description, e.location, e.organizer_email, e.organizer_display_name, e.creator_email, ...attendees.flatMap((x) => [x.email, x.display_name])]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => hay.includes(term.replace(/^"|"$/g, '')));
}

function extendedMatch(e: EventRow, kind: 'private' | 'shared', filters: string[]): boolean {
  const props = ((e.extended_properties as Record<string, Record<string, string>> | null) ?? {})[kind] ?? {};
  return filters.every((f) => {
    const i = f.indexOf('=');
    return i > 0 && props[f.slice(0, i)] === f.slice(i + 1);
  });
}

/** An events.list candidate: a row or a series instance not yet built, with what filtering and sorting read. */
interface Candidate {
  slot: InstanceSlot;
  /** The series is cancelled: its instances are listed as cancelled copies. */
  cancelAll: boolean;
  id: string;
  status: string;
  updatedMs: number;
  startMs: number;
  row?: EventRow;
}

function rowCandidate(r: EventRow, calZone: string): Candidate {
  return { slot: { row: r }, cancelAll: false, id: r.id, status: r.status, updatedMs: r.updated_at ? new Date(r.updated_at).getTime() : 0, startMs: startMillis(r, calZone) };
}

function candidateRow(c: Candidate): EventRow {
  if (!c.row) c.row = c.cancelAll ? plainRow(slotRow(c.slot), { status: 'cancelled' }) : slotRow(c.slot);
  return c.row;
}

export async function eventsList(params: Params, ctx: RouteContext): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'freeBusyReader');
  const nowMs = ctx.now();
  const syncRaw = str(params, 'syncToken');
  const singleEvents = bool(params, 'singleEvents');
  const orderBy = str(params, 'orderBy');
  if (orderBy !== undefined && !['startTime', 'updated'].includes(orderBy)) throw invalidParameter('orderBy');
  if (orderBy === 'startTime' && !singleEvents) throw badRequest('The requested ordering is not available for the particular query.');
  if (syncRaw !== undefined) {
    for (const p of ['timeMin', 'timeMax', 'q', 'orderBy', 'updatedMin', 'iCalUID', 'privateExtendedProperty', 'sharedExtendedProperty']) {
      if (str(params, p) !== undefined) throw badRequest(`Sync token is not compatible with ${p}.`);
    }
  }
  let since: number | undefined;
  if (syncRaw !== undefined) {
    try {
      since = decodeToken<number>(syncRaw, `sync:${a.cal.id}`, 'syncToken');
    } catch {
      throw googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
    }
  }
  const w: Window = { from: queryInstant(str(params, 'timeMin'), 'timeMin') ?? null, to: queryInstant(str(params, 'timeMax'), 'timeMax') ?? null };
  if (w.from && w.to && w.to <= w.from) throw badRequest('The requested time range is empty.');
  const updatedMin = queryInstant(str(params, 'updatedMin'), 'updatedMin');
  const showDeleted = bool(params, 'showDeleted') || since !== undefined || updatedMin !== undefined;
  const q = str(params, 'q');
  const iCalUID = str(params, 'iCalUID');
  const limit = maxResults(params, 250, 2500);
  const offset = decodeToken<ListToken>(str(params, 'pageToken'), `events:${a.cal.id}`, 'pageToken')?.o ?? 0;
  const tz = str(params, 'timeZone');
  if (tz !== undefined && !isZone(tz)) throw invalidParameter('timeZone');
  const privateProps = [params.privateExtendedProperty ?? []].flat().map(String);
  const sharedProps = [params.sharedExtendedProperty ?? []].flat().map(String);

  // Rows: every series (expanded below) and the single events and exceptions that can meet the window (a day of
  // slack for all-day events, which float).
  const args: unknown[] = [a.cal.id];
  let where = 'calendar_id = $1';
  if (w.from) {
    args.push(w.from.minus({ days: 1 }).toUTC().toISO());
    where += ` AND (jsonb_array_length(COALESCE(recurrence, '[]'::jsonb)) > 0 OR end_datetime IS NULL OR end_datetime > $${args.length})`;
  }
  if (w.to) {
    args.push(w.to.plus({ days: 1 }).toUTC().toISO());
    where += ` AND (start_datetime IS NULL OR start_datetime < $${args.length} OR recurring_event_id IS NOT NULL)`;
  }
  const rows = await ctx.tx.query<EventRow>(`SELECT * FROM calendar_events WHERE ${where} ORDER BY start_datetime, id`, args);
  const exceptions = new Map<string, Map<string, EventRow>>();
  for (const r of rows) {
    if (!r.recurring_event_id) continue;
    const key = exceptionKey(r, a.cal.time_zone);
    if (!key) continue;
    if (!exceptions.has(r.recurring_event_id)) exceptions.set(r.recurring_event_id, new Map());
    exceptions.get(r.recurring_event_id)!.set(key, r);
  }
  const masters = new Map(rows.filter(isRecurring).map((r) => [r.id, r]));

  // Candidates stay slots (with the keys filtering and sorting need) until the page is chosen: only the page's
  // instances are built as rows.
  const calZone = a.cal.time_zone;
  const updatedOf = (e: EventRow) => (e.updated_at ? new Date(e.updated_at).getTime() : 0);
  let items: Candidate[] = [];
  const end = horizon(ctx, w, nowMs);
  for (const r of rows) {
    if (r.recurring_event_id && masters.has(r.recurring_event_id) && singleEvents) continue; // placed by its series
    if (isRecurring(r)) {
      const slots = seriesSlots(r, exceptions.get(r.id) ?? new Map(), a.cal, w, end);
      if (singleEvents) {
        const cancelAll = r.status === 'cancelled';
        const masterUpdated = updatedOf(r);
        for (const slot of slots) {
          if (slot.row) {
            items.push({ slot, cancelAll, id: slot.row.id, status: cancelAll ? 'cancelled' : slot.row.status, updatedMs: updatedOf(slot.row), startMs: startMillis(slot.row, calZone) });
          } else {
            const o = slot.occ;
            const startMs = isAllDay(r) ? instantMs(o.times(true).start, calZone) : o.startMs;
            items.push({ slot, cancelAll, id: `${r.id}_${o.key}`, status: r.status, updatedMs: masterUpdated, startMs });
          }
        }
      } else if (slots.length || (!w.from && !w.to)) {
        items.push(rowCandidate(r, calZone));
      }
      continue;
    }
    if (overlaps(r, calZone, w)) items.push(rowCandidate(r, calZone));
  }
  if (items.length > MAX_INSTANCES) throw timeRangeTooLong();

  if (!showDeleted) items = items.filter((e) => e.status !== 'cancelled');
  if (since !== undefined) items = items.filter((e) => e.updatedMs > since!);
  if (updatedMin) items = items.filter((e) => e.updatedMs >= updatedMin.toMillis());
  if (iCalUID || privateProps.length || sharedProps.length || q) {
    // Filters on an event's details match only the events whose details the user may see.
    const all = items.map(candidateRow);
    const att = await attendeesOf(ctx, [...new Set(all.flatMap((e) => [e.id, e.recurring_event_id ?? e.id]))]);
    items = items.filter((_c, i) => {
      const e = all[i];
      const guests = guestsOf(e, att);
      if (!seesDetails(a.role, e, a.me, guests)) return false;
      if (iCalUID && e.ical_uid !== iCalUID) return false;
      if (privateProps.length && !extendedMatch(e, 'private', privateProps)) return false;
      if (sharedProps.length && !extendedMatch(e, 'shared', sharedProps)) return false;
      return !q || matchesQuery(e, guests, q);
    });
  }
  if (orderBy === 'updated') items.sort((x, y) => x.updatedMs - y.updatedMs || x.id.localeCompare(y.id));
  else items.sort((x, y) => x.startMs - y.startMs || x.id.localeCompare(y.id));

  const page = items.slice(offset, offset + limit).map(candidateRow);
  const more = offset + limit < items.length;
  const rendered = await renderEvents(ctx, a.me, page, { role: a.role, calendar: a.cal, zone: tz });
  const latest = items.reduce((m, e) => Math.max(m, e.updatedMs), 0);
  return ok({
    kind: 'calendar#events',
    etag: `"${nowMs}"`,
    // A free/busy reader gets no calendar metadata (access.ts): the title is the id, times are in UTC unless asked.
    summary: a.role === 'freeBusyReader' ? a.cal.id : (a.cal.summary ?? a.cal.id),
    description: a.role === 'freeBusyReader' ? '' : (a.cal.description ?? ''),
    updated: new Date(latest || nowMs).toISOString(),
    timeZone: tz ?? (a.role === 'freeBusyReader' ? 'UTC' : a.cal.time_zone),
    accessRole: a.role,
    defaultReminders: [],
    ...(more ? { nextPageToken: encodeToken(`events:${a.cal.id}`, { o: offset + limit }) } : { nextSyncToken: encodeToken(`sync:${a.cal.id}`, nowMs) }),
    items: rendered,
  });
}

export async function eventsInstances(params: Params, ctx: RouteContext): Promise<Response> {
  // The same events events.list gives with singleEvents, to the same readers (free/busy only included).
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'freeBusyReader');
  const nowMs = ctx.now();
  const master = await findEvent(ctx, a.cal.id, ctx.pathParams.eventId);
  if (!master) throw notFound();
  const w: Window = { from: queryInstant(str(params, 'timeMin'), 'timeMin') ?? null, to: queryInstant(str(params, 'timeMax'), 'timeMax') ?? null };
  const showDeleted = bool(params, 'showDeleted');
  const limit = maxResults(params, 250, 2500);
  const offset = decodeToken<ListToken>(str(params, 'pageToken'), `instances:${master.id}`, 'pageToken')?.o ?? 0;
  const originalStart = queryInstant(str(params, 'originalStart'), 'originalStart');
  let items: EventRow[];
  if (!isRecurring(master)) {
    items = [master];
  } else {
    const rows = await ctx.tx.query<EventRow>('SELECT * FROM calendar_events WHERE recurring_event_id = $1 AND calendar_id = $2', [master.id, a.cal.id]);
    const exceptions = new Map<string, EventRow>();
    for (const r of rows) {
      const key = exceptionKey(r, a.cal.time_zone);
      if (key) exceptions.set(key, r);
    }
    items = seriesInstances(master, exceptions, a.cal, w, horizon(ctx, w, nowMs), offset + limit + 1);
    if (master.status === 'cancelled') items = items.map((e) => plainRow(e, { status: 'cancelled' }));
  }
  if (originalStart) {
    const key = instanceKey(originalStart, isAllDay(master));
    items = items.filter((e) => e.id.endsWith(`_${key}`));
  }
  if (!showDeleted) items = items.filter((e) => e.status !== 'cancelled');
  items.sort((x, y) => startMillis(x, a.cal.time_zone) - startMillis(y, a.cal.time_zone));
  const page = items.slice(offset, offset + limit);
  const more = offset + limit < items.length;
  return ok({
    kind: 'calendar#events',
    etag: `"${nowMs}"`,
    summary: a.role === 'freeBusyReader' ? a.cal.id : (a.cal.summary ?? a.cal.id),
    updated: isoNow(nowMs),
    timeZone: str(params, 'timeZone') ?? (a.role === 'freeBusyReader' ? 'UTC' : a.cal.time_zone),
    accessRole: a.role,
    defaultReminders: [],
    ...(more ? { nextPageToken: encodeToken(`instances:${master.id}`, { o: offset + limit }) } : {}),
    items: await renderEvents(ctx, a.me, page, { role: a.role, calendar: a.cal, zone: str(params, 'timeZone') }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Single events

export async function eventsGet(params: Params, ctx: RouteContext): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'freeBusyReader');
  const { row } = await eventOrInstance(ctx, a, ctx.pathParams.eventId);
  const [out] = await renderEvents(ctx, a.me, [row], { role: a.role, calendar: a.cal, zone: str(params, 'timeZone') });
  return ok(out);
}

async function createEvent(params: Params, ctx: RouteContext, mode: 'insert' | 'import'): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  checkSendUpdates(params);
  const body = resourceBody(params, eventBody);
  const nowMs = ctx.now();
  if (body.id !== undefined && (typeof body.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(body.id))) throw invalid('Invalid resource id value.', 'id');
  if (mode === 'import' && !body.iCalUID) throw required('iCalUID');
  if (!body.start) throw required('start');
  if (!body.end) throw required('end');

  if (mode === 'import') {
    // Importing an iCalUID the calendar already has updates that event.
    const existing = (await ctx.tx.query<EventRow>('SELECT * FROM calendar_events WHERE calendar_id = $1 AND ical_uid = $2', [a.cal.id, body.iCalUID]))[0];
    if (existing) {
      applyBody(existing, body, 'replace', a.cal.time_zone);
      Object.assign(existing, { etag: newEtag(nowMs), updated_at: isoNow(nowMs), sequence: body.sequence ?? existing.sequence });
      await saveEvent(ctx, existing);
      if (Object.hasOwn(body, 'attendees')) await saveAttendees(ctx, existing.id, attendeeRows(existing.id, body.attendees, existing.organizer_email));
      return respondEvent(ctx, a.me, existing);
    }
  }
  const id: string = body.id ?? newEventId(ctx);
  if ((await ctx.tx.query('SELECT 1 FROM calendar_events WHERE id = $1', [id])).length) throw duplicate();
  const row = blankEvent(id, a, nowMs);
  applyBody(row, body, 'replace', a.cal.time_zone);
  if (mode === 'import') {
    row.ical_uid = body.iCalUID;
    if (body.organizer?.email) {
      row.organizer_email = body.organizer.email;
      row.organizer_display_name = body.organizer.displayName ?? null;
      row.organizer_id = null;
    }
    if (Number.isInteger(body.sequence)) row.sequence = body.sequence;
  }
  await saveEvent(ctx, row);
  await saveAttendees(ctx, id, attendeeRows(id, body.attendees, row.organizer_email));
  return respondEvent(ctx, a.me, row);
}

export const eventsInsert = (params: Params, ctx: RouteContext) => createEvent(params, ctx, 'insert');
export const eventsImport = (params: Params, ctx: RouteContext) => createEvent(params, ctx, 'import');

async function changeEvent(params: Params, ctx: RouteContext, mode: 'replace' | 'patch'): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  checkSendUpdates(params);
  const body = resourceBody(params, eventBody);
  const nowMs = ctx.now();
  const found = await eventOrInstance(ctx, a, ctx.pathParams.eventId);
  const row = { ...found.row };
  const before = JSON.stringify([row.start, row.end, row.location, row.recurrence]);
  if (row.recurring_event_id && Object.hasOwn(body, 'recurrence') && body.recurrence) throw invalid('Invalid recurrence rule: an instance cannot have one.', 'recurrence');
  applyBody(row, body, mode, a.cal.time_zone);
  if (mode === 'replace' && !Object.hasOwn(body, 'status') && found.row.status === 'cancelled') row.status = 'confirmed';
  const significant = JSON.stringify([row.start, row.end, row.location, row.recurrence]) !== before;
  const seq = Number.isInteger(body.sequence) ? body.sequence : row.sequence + (significant ? 1 : 0);
  Object.assign(row, { etag: newEtag(nowMs), updated_at: isoNow(nowMs), sequence: seq });
  if (found.stored) await saveEvent(ctx, row);
  else await materialise(ctx, found.master!, row);
  if (Object.hasOwn(body, 'attendees') || mode === 'replace') {
    if (Object.hasOwn(body, 'attendees') || found.stored) await saveAttendees(ctx, row.id, attendeeRows(row.id, body.attendees, row.organizer_email));
  }
  return respondEvent(ctx, a.me, row);
}

export const eventsUpdate = (params: Params, ctx: RouteContext) => changeEvent(params, ctx, 'replace');
export const eventsPatch = (params: Params, ctx: RouteContext) => changeEvent(params, ctx, 'patch');

export async function eventsDelete(params: Params, ctx: RouteContext): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  checkSendUpdates(params);
  const nowMs = ctx.now();
  const found = await eventOrInstance(ctx, a, ctx.pathParams.eventId);
  if (found.row.status === 'cancelled') throw deleted();
  const row = { ...found.row, status: 'cancelled', etag: newEtag(nowMs), updated_at: isoNow(nowMs) };
  if (found.stored) await saveEvent(ctx, row);
  else await materialise(ctx, found.master!, row);
  return new Response(null, { status: 204 });
}

export async function eventsMove(params: Params, ctx: RouteContext): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  checkSendUpdates(params);
  const destinationId = str(params, 'destination');
  if (!destinationId) throw required('destination');
  const dest = await calendarFor(ctx, destinationId, 'writer');
  const nowMs = ctx.now();
  const row = await findEvent(ctx, a.cal.id, ctx.pathParams.eventId);
  if (!row) {
    if (await findInstance(ctx, a, ctx.pathParams.eventId)) throw badRequest('Cannot move an instance of a recurring event; move the series instead.');
    throw notFound();
  }
  if (row.recurring_event_id) throw badRequest('Cannot move an instance of a recurring event; move the series instead.');
  if (row.status === 'cancelled') throw deleted();
  if (dest.cal.id === a.cal.id) return respondEvent(ctx, a.me, row);
  const moved = { ...row, calendar_id: dest.cal.id, etag: newEtag(nowMs), updated_at: isoNow(nowMs), html_link: htmlLink(row.id, dest.cal.id) };
  await saveEvent(ctx, moved);
  // A series' exceptions go with it.
  await ctx.tx.query('UPDATE calendar_events SET calendar_id = $1, updated_at = $2 WHERE recurring_event_id = $3 AND calendar_id = $4', [dest.cal.id, isoNow(nowMs), row.id, a.cal.id]);
  return respondEvent(ctx, a.me, moved);
}

export async function eventsQuickAdd(params: Params, ctx: RouteContext): Promise<Response> {
  const a = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  checkSendUpdates(params);
  const text = str(params, 'text');
  if (!text) throw required('text');
  const nowMs = ctx.now();
  const parsed = parseQuickAdd(text, DateTime.fromMillis(nowMs, { zone: a.cal.time_zone }));
  const id = newEventId(ctx);
  const row = blankEvent(id, a, nowMs);
  row.summary = parsed.summary;
  row.location = parsed.location ?? null;
  row.start = parsed.start;
  row.end = parsed.end;
  if (row.start.dateTime) {
    row.start.timeZone = a.cal.time_zone;
    row.end.timeZone = a.cal.time_zone;
  }
  const inst = storedInstants(row.start, row.end, a.cal.time_zone);
  row.start_datetime = inst.start;
  row.end_datetime = inst.end;
  await saveEvent(ctx, row);
  return respondEvent(ctx, a.me, row);
}
