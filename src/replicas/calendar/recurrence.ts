import { DateTime } from 'luxon';
import { invalid } from './errors.ts';
import { RRule, type RRuleOptions } from './rruleLib.ts';
import { instantOf, zoneOf, type EventTime } from './time.ts';
import { formatInZone, instantToWall, wallToInstant } from './zoneOffsets.ts';

/**
 * Expansion of an event's `recurrence` lines (RRULE, EXRULE-free RDATE/EXDATE as Google accepts them) with the
 * `rrule` library. Rules are evaluated on wall-clock time in the event's zone — rrule sees "floating" dates whose UTC
 * fields are the local fields — and each occurrence is then placed in the zone with luxon, so a 09:00 weekly meeting
 * stays at 09:00 across a DST change while its UTC instant moves.
 */
export interface Series {
  start: EventTime;
  end: EventTime;
  recurrence: string[];
}

export interface Occurrence {
  startMs: number;
  endMs: number;
  /** The series' zone, where the occurrence's wall time is read. */
  zone: string;
  /** `YYYYMMDDTHHMMSSZ` (UTC) or `YYYYMMDD` for all-day series: the suffix of the instance id. */
  key: string;
  /** The same instants as luxon DateTimes in the zone (built on first use). */
  readonly start: DateTime;
  readonly end: DateTime;
  /** Start and end as event times (`{dateTime, timeZone}` or `{date}`), built once and frozen: occurrences are shared. */
  times(allDay: boolean): { start: EventTime; end: EventTime };
}

function eventTime(ms: number, allDay: boolean, zone: string): EventTime {
  return Object.freeze(allDay ? { date: formatInZone(ms, zone).slice(0, 10) } : { dateTime: formatInZone(ms, zone), timeZone: zone });
}

function occurrence(startMs: number, endMs: number, zone: string, key: string): Occurrence {
  let cached: { allDay: boolean; start: EventTime; end: EventTime } | undefined;
  return {
    times(allDay: boolean) {
      if (!cached || cached.allDay !== allDay) cached = { allDay, start: eventTime(startMs, allDay, zone), end: eventTime(endMs, allDay, zone) };
      return cached;
    },
    startMs,
    endMs,
    zone,
    key,
    get start() {
      return DateTime.fromMillis(startMs, { zone });
    },
    get end() {
      return DateTime.fromMillis(endMs, { zone });
    },
  };
}

const floating = (dt: DateTime) => new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateKey = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const utcKey = (ms: number) => {
  const d = new Date(ms);
  return `${dateKey(d)}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
};

export function instanceKey(start: DateTime, allDay: boolean): string {
  return allDay ? start.toFormat('yyyyLLdd') : utcKey(start.toMillis());
}

/** Checks recurrence lines from a request: each must be an RRULE, EXRULE, RDATE or EXDATE that parses. */
export function checkRecurrence(lines: unknown): string[] {
  if (!Array.isArray(lines)) throw invalid('Invalid recurrence rule.', 'recurrence');
  for (const line of lines) {
    if (typeof line !== 'string' || !/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/i.test(line)) throw invalid('Invalid recurrence rule.', 'recurrence');
    if (/^RRULE:/i.test(line)) parseRule(line, DateTime.utc(), 'UTC');
  }
  return lines as string[];
}

function parseRule(line: string, wallStart: DateTime, zone: string): RRuleOptions {
  let options: RRuleOptions;
  try {
    options = RRule.parseString(line.replace(/^RRULE:/i, ''));
  } catch {
    throw invalid('Invalid recurrence rule.', 'recurrence');
  }
  if (options.freq === undefined || options.freq === null) throw invalid('Invalid recurrence rule.', 'recurrence');
  options.dtstart = floating(wallStart);
  options.tzid = null;
  if (options.until) {
    const raw = /UNTIL=([0-9TZ]+)/i.exec(line)?.[1] ?? '';
    if (/^\d{8}$/.test(raw)) {
      // A date-only UNTIL includes that whole day.
      const u = options.until;
      options.until = new Date(Date.UTC(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate(), 23, 59, 59));
    } else if (raw.endsWith('Z')) {
      options.until = floating(DateTime.fromJSDate(options.until).setZone(zone));
    }
  }
  return options;
}

/** RDATE/EXDATE values as wall times in `zone` (floating dates). Date-only values take the series' time of day. */
function dateList(line: string, zone: string, wallStart: DateTime): Date[] {
  const colon = line.indexOf(':');
  const head = line.slice(0, colon);
  const tzid = /TZID=([^;:]+)/i.exec(head)?.[1];
  const out: Date[] = [];
  for (const value of line.slice(colon + 1).split(',')) {
    const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
    if (!m) continue;
    const [, y, mo, d, h, mi, s, z] = m;
    if (h === undefined) {
      out.push(new Date(Date.UTC(+y, +mo - 1, +d, wallStart.hour, wallStart.minute, wallStart.second)));
      continue;
    }
    const fields = { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +s };
    const at = z ? DateTime.fromObject(fields, { zone: 'UTC' }) : DateTime.fromObject(fields, { zone: tzid ?? zone });
    out.push(floating(at.setZone(zone)));
  }
  return out;
}

/**
 * The occurrences of a series whose time range meets [from, to): start < to and end > from. `limit` caps the count
 * for open-ended series. The first occurrence is always the event's own start (RFC 5545's DTSTART).
 */
// Expansion is a pure function of its inputs, so results are remembered (a bounded map, oldest dropped first):
// listing the same calendar again, or freeBusy after events.list, reuses them.
const expansions = new Map<string, Occurrence[]>();
const MAX_EXPANSIONS = 2000;

export function expandSeries(series: Series, calendarZone: string, from: DateTime | null, to: DateTime, limit = 5000): Occurrence[] {
  const key = JSON.stringify([series.start, series.end, series.recurrence, calendarZone, from?.toMillis() ?? null, to.toMillis(), limit]);
  const known = expansions.get(key);
  if (known) return known;
  const result = expand(series, calendarZone, from, to, limit);
  if (expansions.size >= MAX_EXPANSIONS) expansions.delete(expansions.keys().next().value!);
  expansions.set(key, result);
  return result;
}

function expand(series: Series, calendarZone: string, from: DateTime | null, to: DateTime, limit: number): Occurrence[] {
  const allDay = !!series.start.date;
  const zone = zoneOf(series.start, calendarZone);
  const first = instantOf(series.start, calendarZone).setZone(zone);
  const firstEnd = instantOf(series.end, zoneOf(series.end, zone)).setZone(zone);
  const durationMs = Math.max(0, firstEnd.toMillis() - first.toMillis());
  const allDayDays = allDay ? Math.max(1, Math.round(firstEnd.diff(first, 'days').days)) : 0;
  const fromMs = from ? from.toMillis() : -Infinity;
  const toMs = to.toMillis();

  // rrule runs on floating dates: their UTC fields are the wall-clock fields in `zone`.
  const margin = 2 * 86_400_000;
  const lo = from ? new Date(instantToWall(zone, fromMs) - durationMs - margin) : new Date(floating(first).getTime() - 1);
  const hi = new Date(instantToWall(zone, toMs) + margin);

  const starts = new Map<number, Date>();
  const excluded = new Set<number>();
  const fs = floating(first);
  if (fs >= lo && fs <= hi) starts.set(fs.getTime(), fs);
  for (const line of series.recurrence) {
    const kind = line.slice(0, line.search(/[:;]/)).toUpperCase();
    if (kind === 'RRULE') {
      const rule = new RRule(parseRule(line, first, zone));
      let n = 0;
      for (const d of rule.between(lo, hi, true, () => ++n <= limit)) starts.set(d.getTime(), d);
    } else if (kind === 'RDATE') {
      for (const d of dateList(line, zone, first)) if (d >= lo && d <= hi) starts.set(d.getTime(), d);
    } else if (kind === 'EXDATE') {
      for (const d of dateList(line, zone, first)) excluded.add(d.getTime());
    }
  }

  const out: Occurrence[] = [];
  for (const [wall, d] of [...starts].sort((a, b) => a[0] - b[0])) {
    if (excluded.has(wall)) continue;
    const startMs = wallToInstant(zone, wall);
    const endMs = allDay ? wallToInstant(zone, wall + allDayDays * 86_400_000) : startMs + durationMs;
    if (endMs <= fromMs || startMs >= toMs) continue;
    out.push(occurrence(startMs, endMs, zone, allDay ? dateKey(d) : utcKey(startMs)));
    if (out.length >= limit) break;
  }
  return out;
}

/** Whether a series has an end (COUNT or UNTIL on every rule), so it can be expanded without a window. */
export function isBounded(recurrence: string[]): boolean {
  const rules = recurrence.filter((l) => /^RRULE:/i.test(l));
  return rules.every((l) => /(COUNT|UNTIL)=/i.test(l));
}
