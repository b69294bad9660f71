import { DateTime } from 'luxon';
import type { MailCtx } from './context.ts';

interface WorkingHours {
  time_zone: string;
  start: string;
  end: string;
  days: string[];
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

async function workingHours(m: MailCtx, email: string): Promise<WorkingHours> {
  const row = await m.one<{ time_zone: string; ws: string | null; we: string | null; days: string[] | null; person_tz: string | null }>(
    `SELECT coalesce(s.time_zone, p.time_zone, 'Etc/UTC') AS time_zone, s.working_hours_start AS ws, s.working_hours_end AS we, s.working_days AS days, p.time_zone AS person_tz
     FROM people p LEFT JOIN mailbox_settings s ON s.person_id = p.person_id WHERE p.email = $1`,
    [email],
  );
  return {
    time_zone: row?.time_zone ?? 'Etc/UTC',
    start: row?.ws ?? '09:00',
    end: row?.we ?? '17:00',
    days: row?.days ?? WEEKDAYS.slice(0, 5),
  };
}

/** A person's busy intervals (ms) in a range: events they organise or attend and did not decline. */
async function busy(m: MailCtx, email: string, start: string, end: string): Promise<{ start: number; end: number; show_as: string; subject: string }[]> {
  const rows = await m.query<{ start_at: Date | string; end_at: Date | string; show_as: string; subject: string }>(
    `SELECT e.start_at, e.end_at, e.show_as, e.subject FROM events e
     WHERE NOT e.is_cancelled AND e.show_as <> 'free' AND e.start_at < $3 AND e.end_at > $2
       AND (e.organizer_email = $1 OR EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = e.event_id AND a.email = $1 AND a.response <> 'declined'))
     ORDER BY e.start_at`,
    [email, start, end],
  );
  return rows.map((r) => ({ start: new Date(r.start_at).getTime(), end: new Date(r.end_at).getTime(), show_as: r.show_as, subject: r.subject }));
}

export async function busyIntervals(m: MailCtx, email: string, start: string, end: string) {
  const hours = await workingHours(m, email);
  const intervals = await busy(m, email, start, end);
  return {
    busy: intervals.map((b) => ({ start_at: new Date(b.start).toISOString(), end_at: new Date(b.end).toISOString(), show_as: b.show_as })),
    working_hours: hours,
  };
}

function inWorkingHours(h: WorkingHours, startMs: number, endMs: number): boolean {
  const s = DateTime.fromMillis(startMs, { zone: h.time_zone });
  const e = DateTime.fromMillis(endMs, { zone: h.time_zone });
  if (!h.days.includes(WEEKDAYS[s.weekday - 1])) return false;
  if (s.toISODate() !== e.minus({ milliseconds: 1 }).toISODate()) return false;
  return s.toFormat('HH:mm') >= h.start && e.toFormat('HH:mm') <= h.end && e.toFormat('HH:mm') !== '00:00';
}

const STEP = 30 * 60_000;

/** Half-hour-aligned slots of `minutes` in [start, end) when everyone is free (and, if asked, at work). */
export async function findFreeSlots(m: MailCtx, emails: string[], start: string, end: string, minutes: number, working: boolean, max: number) {
  const from = Date.parse(start);
  const to = Date.parse(end);
  const length = minutes * 60_000;
  const people = await Promise.all(emails.map(async (e) => ({ hours: await workingHours(m, e), busy: await busy(m, e, start, end) })));
  const slots: { start: number; end: number }[] = [];
  for (let t = Math.ceil(from / STEP) * STEP; t + length <= to && slots.length < max; t += STEP) {
    const ok = people.every((p) => (!working || inWorkingHours(p.hours, t, t + length)) && p.busy.every((b) => b.end <= t || b.start >= t + length));
    if (ok) slots.push({ start: t, end: t + length });
  }
  return slots;
}
