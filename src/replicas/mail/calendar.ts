import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { email, id, isoTime, op, paging } from './define.ts';
import { apiError, invalidField, notFound } from './errors.ts';
import { busyIntervals, findFreeSlots } from './freeTime.ts';
import { pageWindow, toPage } from './paging.ts';
import { likePattern, Where } from './sql.ts';

/** Events you can see: on a calendar of yours, or with you among the attendees. */
const VISIBLE = `(calendar_id IN (SELECT calendar_id FROM calendars WHERE owner_id = ?) OR event_id IN (SELECT event_id FROM event_attendees WHERE email = ?))`;

async function visibleEvent(m: MailCtx, eventId: string): Promise<Row> {
  const w = new Where().add('event_id = ?', eventId).add(VISIBLE, m.me.person_id, m.me.email);
  const row = (await m.query(`SELECT * FROM events ${w}`, w.params))[0];
  if (!row) throw notFound('event', eventId, 'event_id');
  return row;
}

async function organizedEvent(m: MailCtx, eventId: string): Promise<Row> {
  const row = await visibleEvent(m, eventId);
  if (row.organizer_email !== m.me.email) throw apiError(403, 'not_organizer', 'only the organizer can change this event; respond to it instead', { field: 'event_id' });
  return row;
}

export async function serializeEvents(m: MailCtx, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const attendees = await m.query<Row>('SELECT * FROM event_attendees WHERE event_id = ANY($1) ORDER BY email', [rows.map((r) => r.event_id)]);
  return rows.map((raw) => {
    const r = plain(raw);
    const mine = attendees.filter((a) => a.event_id === r.event_id);
    const me = mine.find((a) => a.email === m.me.email);
    const { event_id, ...rest } = r;
    return {
      id: event_id,
      ...rest,
      is_organizer: r.organizer_email === m.me.email,
      my_response: r.organizer_email === m.me.email ? 'organizer' : (me?.response ?? 'none'),
      attendees: mine.map(({ email: e, name, type, response, comment }) => ({ email: e, name, type, response, comment })),
    };
  });
}

async function defaultCalendar(m: MailCtx): Promise<string> {
  const c = await m.one<{ calendar_id: string }>('SELECT calendar_id FROM calendars WHERE owner_id = $1 ORDER BY is_default DESC, calendar_id LIMIT 1', [m.me.person_id]);
  if (!c) throw apiError(409, 'no_calendar', 'you have no calendar');
  return c.calendar_id;
}

const attendeeInput = z.strictObject({ email, type: z.enum(['required', 'optional']).optional() });
const eventKey = { event_id: id('The event.') };
const eventFields = {
  subject: z.string().min(1).max(255),
  body: z.string().max(100000).optional(),
  location: z.string().max(255).nullable().optional(),
  start_at: isoTime('Start, ISO 8601 with offset.'),
  end_at: isoTime('End, ISO 8601 with offset (after start).'),
  is_all_day: z.boolean().optional(),
  show_as: z.enum(['free', 'tentative', 'busy', 'oof']).optional(),
  online_meeting_url: z.url().nullable().optional(),
};

function checkRange(start: string | undefined, end: string | undefined, field = 'end_at'): void {
  if (start && end && Date.parse(end) <= Date.parse(start)) throw invalidField(field, `${field} must be after the start`);
}

async function addAttendees(m: MailCtx, eventId: string, list: { email: string; type?: string }[]): Promise<void> {
  const names = new Map(
    (await m.query<{ email: string; display_name: string }>('SELECT email, display_name FROM people WHERE email = ANY($1)', [list.map((a) => a.email.toLowerCase())])).map((p) => [
      p.email,
      p.display_name,
    ]),
  );
  for (const a of list) {
    const e = a.email.toLowerCase();
    await m.query('INSERT INTO event_attendees (event_id, email, name, type) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id, email) DO UPDATE SET type = EXCLUDED.type', [
      eventId,
      e,
      names.get(e) ?? null,
      a.type ?? 'required',
    ]);
  }
}

function respond(response: 'accepted' | 'declined' | 'tentative', path: string): Route {
  return op({
    method: 'POST',
    path: `/events/{event_id}/${path}`,
    summary: `${path[0].toUpperCase()}${path.slice(1)} a meeting invitation.`,
    docs: `Sets your response to \`${response}\` with an optional \`comment\` for the organizer. Only attendees respond; the organizer gets 400.`,
    input: z.strictObject({ ...eventKey, comment: z.string().max(2000).optional() }),
    async run(input, m) {
      const ev = await visibleEvent(m, input.event_id);
      const row = await m.one('SELECT 1 FROM event_attendees WHERE event_id = $1 AND email = $2', [input.event_id, m.me.email]);
      if (!row) throw invalidField('event_id', 'you are the organizer of this event, not an attendee');
      if (ev.is_cancelled) throw apiError(409, 'event_cancelled', 'the event was cancelled', { field: 'event_id' });
      await m.query('UPDATE event_attendees SET response = $3, comment = $4 WHERE event_id = $1 AND email = $2', [input.event_id, m.me.email, response, input.comment ?? null]);
      return (await serializeEvents(m, [ev]))[0];
    },
  });
}

export const calendarRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/calendars',
    summary: 'List your calendars.',
    docs: 'Your calendars, the default one (where POST /events puts new events) first, with name and colour.',
    input: z.strictObject({}),
    async run(_i, m) {
      const rows = await m.query('SELECT * FROM calendars WHERE owner_id = $1 ORDER BY is_default DESC, name', [m.me.person_id]);
      return { items: rows.map(({ calendar_id, owner_id: _o, ...r }) => ({ id: calendar_id, ...r })) };
    },
  }),
  op({
    method: 'GET',
    path: '/events',
    summary: 'List events overlapping a time range.',
    docs: 'Events on your calendars or that you are invited to, overlapping [`start`, `end`), earliest first. The range may span at most 366 days. `q` matches subject, location or body; cancelled events are left out unless `include_cancelled=true`. Paged.',
    input: z.strictObject({
      start: isoTime('Range start.'),
      end: isoTime('Range end.'),
      q: z.string().optional(),
      include_cancelled: z.boolean().optional(),
      ...paging,
    }),
    async run(input, m) {
      checkRange(input.start, input.end, 'end');
      if (Date.parse(input.end) - Date.parse(input.start) > 366 * 86400_000) throw invalidField('end', 'the range may span at most 366 days');
      const w = new Where().add(VISIBLE, m.me.person_id, m.me.email).add('start_at < ?', input.end).add('end_at > ?', input.start);
      if (!input.include_cancelled) w.add('NOT is_cancelled');
      if (input.q) w.add('(subject ILIKE ? OR location ILIKE ? OR body ILIKE ?)', likePattern(input.q), likePattern(input.q), likePattern(input.q));
      const win = pageWindow(input);
      const rows = await m.query(`SELECT * FROM events ${w} ORDER BY start_at, event_id LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`, w.params);
      const page = toPage(rows, win, (r) => r);
      return { items: await serializeEvents(m, page.items), next_page_token: page.next_page_token };
    },
  }),
  op({
    method: 'GET',
    path: '/events/{event_id}',
    summary: 'Get one event with its attendees and responses.',
    docs: 'One event you organise or attend, with each attendee\'s response and your own (`my_response`).',
    input: z.strictObject(eventKey),
    run: async (input, m) => (await serializeEvents(m, [await visibleEvent(m, input.event_id)]))[0],
  }),
  op({
    method: 'POST',
    path: '/events',
    summary: 'Create an event (and invite attendees).',
    docs: 'Creates an event on your default calendar (or `calendar_id`) with you as organizer. Each attendee starts with response `none`; attendees with a mailbox here see the event on their calendar.',
    status: 201,
    input: z.strictObject({ ...eventFields, calendar_id: z.string().optional(), attendees: z.array(attendeeInput).max(200).optional() }),
    async run(input, m) {
      checkRange(input.start_at, input.end_at);
      let calendarId = await defaultCalendar(m);
      if (input.calendar_id) {
        const c = await m.one<{ calendar_id: string }>('SELECT calendar_id FROM calendars WHERE calendar_id = $1 AND owner_id = $2', [input.calendar_id, m.me.person_id]);
        if (!c) throw notFound('calendar', input.calendar_id, 'calendar_id');
        calendarId = c.calendar_id;
      }
      const now = m.now();
      const eventId = m.id('evt');
      const [row] = await m.query(
        `INSERT INTO events (event_id, calendar_id, organizer_email, subject, body, location, start_at, end_at, is_all_day, show_as, online_meeting_url, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
        [eventId, calendarId, m.me.email, input.subject, input.body ?? '', input.location ?? null, input.start_at, input.end_at, input.is_all_day ?? false, input.show_as ?? 'busy', input.online_meeting_url ?? null, now],
      );
      await addAttendees(m, eventId, (input.attendees ?? []).filter((a) => a.email.toLowerCase() !== m.me.email));
      return (await serializeEvents(m, [row]))[0];
    },
  }),
  op({
    method: 'PATCH',
    path: '/events/{event_id}',
    summary: 'Change an event you organise.',
    docs: 'Changes the given fields (e.g. reschedule with `start_at` and `end_at`). Only the organizer may (403 `not_organizer` otherwise). Rescheduling resets attendees\' responses to `none`.',
    input: z.strictObject({ ...eventKey, ...z.object(eventFields).partial().shape }),
    async run(input, m) {
      const ev = await organizedEvent(m, input.event_id);
      const { event_id, ...patch } = input as Row;
      const cols = Object.keys(patch).filter((k) => patch[k] !== undefined);
      if (cols.length === 0) throw invalidField('', 'give at least one field to change');
      const start = (patch.start_at as string) ?? plain(ev).start_at;
      const end = (patch.end_at as string) ?? plain(ev).end_at;
      checkRange(String(start), String(end), patch.end_at ? 'end_at' : 'start_at');
      const sets = [...cols.map((c, i) => `${c} = $${i + 2}`), `updated_at = $${cols.length + 2}`].join(', ');
      const [row] = await m.query(`UPDATE events SET ${sets} WHERE event_id = $1 RETURNING *`, [event_id, ...cols.map((c) => patch[c]), m.now()]);
      const moved = Date.parse(String(start)) !== Date.parse(String(plain(ev).start_at)) || Date.parse(String(end)) !== Date.parse(String(plain(ev).end_at));
      if (moved) await m.query("UPDATE event_attendees SET response = 'none', comment = NULL WHERE event_id = $1 AND response <> 'none'", [event_id]);
      return (await serializeEvents(m, [row]))[0];
    },
  }),
  op({
    method: 'POST',
    path: '/events/{event_id}/cancel',
    effect: 'update',
    summary: 'Cancel an event you organise.',
    docs: 'Marks the event cancelled (it stays visible with `include_cancelled=true`); `comment` is stored in the body for attendees. Organizer only.',
    input: z.strictObject({ ...eventKey, comment: z.string().max(2000).optional() }),
    async run(input, m) {
      const ev = await organizedEvent(m, input.event_id);
      const body = input.comment ? `${input.comment}\n\n${ev.body}`.trim() : ev.body;
      const [row] = await m.query('UPDATE events SET is_cancelled = true, body = $2, updated_at = $3 WHERE event_id = $1 RETURNING *', [input.event_id, body, m.now()]);
      return (await serializeEvents(m, [row]))[0];
    },
  }),
  op({
    method: 'DELETE',
    path: '/events/{event_id}',
    summary: 'Delete an event you organise.',
    docs: 'Removes the event and its attendee list. Organizer only; attendees decline instead.',
    input: z.strictObject(eventKey),
    async run(input, m) {
      await organizedEvent(m, input.event_id);
      await m.query('DELETE FROM event_attendees WHERE event_id = $1', [input.event_id]);
      await m.query('DELETE FROM events WHERE event_id = $1', [input.event_id]);
      return undefined;
    },
  }),
  respond('accepted', 'accept'),
  respond('declined', 'decline'),
  respond('tentative', 'tentative'),
  op({
    method: 'GET',
    path: '/events/{event_id}/attendees',
    summary: 'List an event\'s attendees and their responses.',
    docs: 'Each attendee with name (from the directory), type and response.',
    input: z.strictObject(eventKey),
    async run(input, m) {
      await visibleEvent(m, input.event_id);
      const rows = await m.query('SELECT email, name, type, response, comment FROM event_attendees WHERE event_id = $1 ORDER BY email', [input.event_id]);
      return { items: rows };
    },
  }),
  op({
    method: 'POST',
    path: '/events/{event_id}/attendees',
    summary: 'Invite more people to an event you organise.',
    docs: 'Adds attendees (an existing attendee keeps their response; only the type is updated). Organizer only.',
    status: 201,
    input: z.strictObject({ ...eventKey, attendees: z.array(attendeeInput).min(1).max(200) }),
    async run(input, m) {
      const ev = await organizedEvent(m, input.event_id);
      await addAttendees(m, input.event_id, input.attendees.filter((a) => a.email.toLowerCase() !== m.me.email));
      return (await serializeEvents(m, [ev]))[0];
    },
  }),
  op({
    method: 'DELETE',
    path: '/events/{event_id}/attendees/{email}',
    summary: 'Remove an attendee from an event you organise.',
    docs: 'Removes one attendee by e-mail address. Organizer only; 404 if the address is not an attendee.',
    input: z.strictObject({ ...eventKey, email }),
    async run(input, m) {
      await organizedEvent(m, input.event_id);
      const gone = await m.query('DELETE FROM event_attendees WHERE event_id = $1 AND email = $2 RETURNING 1', [input.event_id, input.email.toLowerCase()]);
      if (gone.length === 0) throw notFound('attendee', input.email, 'email');
      return undefined;
    },
  }),
  op({
    method: 'POST',
    path: '/calendar/get-schedule',
    effect: 'read',
    summary: 'Busy times of people in a range.',
    docs: 'For each address (yours included if you list it): the busy intervals in [`start`, `end`) from events they organise or attend and have not declined (cancelled and `free` events do not count), plus their working hours and time zone. At most 14 days, 20 people.',
    input: z.strictObject({ emails: z.array(email).min(1).max(20), start: isoTime('Range start.'), end: isoTime('Range end.') }),
    async run(input, m) {
      checkRange(input.start, input.end, 'end');
      if (Date.parse(input.end) - Date.parse(input.start) > 14 * 86400_000) throw invalidField('end', 'the range may span at most 14 days');
      const items = [];
      for (const e of input.emails.map((x) => x.toLowerCase())) {
        const sched = await busyIntervals(m, e, input.start, input.end);
        items.push({ email: e, ...sched });
      }
      return { items };
    },
  }),
  op({
    method: 'POST',
    path: '/calendar/find-free-times',
    effect: 'read',
    summary: 'Find meeting times when everyone is free.',
    docs: 'Candidate start times in [`start`, `end`) for a meeting of `duration_minutes` when you and every attendee are free (no busy, tentative or out-of-office event they have not declined). Candidates start on the half hour and, unless `within_working_hours=false`, lie inside everyone\'s working hours (from their mailbox settings, in their own time zones; 09:00–17:00 Mon–Fri for people without a mailbox here). At most `max_results` (default 10), earliest first.',
    input: z.strictObject({
      attendees: z.array(email).max(20).describe('Other people who must attend.'),
      start: isoTime('Search from.'),
      end: isoTime('Search until.'),
      duration_minutes: z.number().int().min(15).max(480),
      within_working_hours: z.boolean().optional(),
      max_results: z.number().int().min(1).max(50).optional(),
    }),
    async run(input, m) {
      checkRange(input.start, input.end, 'end');
      if (Date.parse(input.end) - Date.parse(input.start) > 31 * 86400_000) throw invalidField('end', 'the range may span at most 31 days');
      const people = [m.me.email, ...input.attendees.map((a) => a.toLowerCase()).filter((a) => a !== m.me.email)];
      const slots = await findFreeSlots(m, people, input.start, input.end, input.duration_minutes, input.within_working_hours ?? true, input.max_results ?? 10);
      return { items: slots.map((s) => ({ start_at: DateTime.fromMillis(s.start, { zone: 'utc' }).toISO(), end_at: DateTime.fromMillis(s.end, { zone: 'utc' }).toISO() })) };
    },
  }),
];
