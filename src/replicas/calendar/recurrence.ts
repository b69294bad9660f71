import { DateTime } from 'luxon';
import { invalid, timeRangeTooLong } from './errors.ts';
import { RRule, type RRuleOptions } from './rruleLib.ts';
import { instantOf, zoneOf, type EventTime } from './time.ts';
import { formatInZone, instantToWall, offsetAt, wallToInstant } from './zoneOffsets.ts';

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
 * The most instances one request may expand of one series (and, in events.list, of all series together): 25,000 —
 * ten full pages of Google's largest `maxResults`. Past it the request is answered as Google answers a time range it
 * will not expand (400 `timeRangeTooLong`, as its freeBusy does); a narrower window or a series that repeats less
 * often expands fine. Expansion costs what the window holds, not how far the window is from the series' start.
 */
export const MAX_INSTANCES = 25_000;

/** Expansions larger than this are not remembered: the cache is for the ordinary lists that repeat. */
const MAX_CACHED_OCCURRENCES = 2_500;

/**
 * The occurrences of a series whose time range meets [from, to): start < to and end > from. `limit` keeps only the
 * first ones (for a page); more than MAX_INSTANCES is `timeRangeTooLong`. The first occurrence is always the event's
 * own start (RFC 5545's DTSTART).
 */
// Expansion is a pure function of its inputs, so results are remembered (a bounded map, oldest dropped first):
// listing the same calendar again, or freeBusy after events.list, reuses them.
const expansions = new Map<string, Occurrence[]>();
const MAX_EXPANSIONS = 2000;

export function expandSeries(series: Series, calendarZone: string, from: DateTime | null, to: DateTime, limit = MAX_INSTANCES): Occurrence[] {
  const key = JSON.stringify([series.start, series.end, series.recurrence, calendarZone, from?.toMillis() ?? null, to.toMillis(), limit]);
  const known = expansions.get(key);
  if (known) return known;
  const result = expand(series, calendarZone, from, to, limit);
  if (result.length <= MAX_CACHED_OCCURRENCES) {
    if (expansions.size >= MAX_EXPANSIONS) expansions.delete(expansions.keys().next().value!);
    expansions.set(key, result);
  }
  return result;
}

/** The occurrence of a series that starts exactly at `at` (an instance id's time), found without walking the series. */
export function occurrenceAt(series: Series, calendarZone: string, at: DateTime): Occurrence | undefined {
  const ms = at.toMillis();
  return expand(series, calendarZone, null, at.plus({ milliseconds: 1 }), MAX_INSTANCES, ms).find((o) => o.startMs === ms);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function expand(series: Series, calendarZone: string, from: DateTime | null, to: DateTime, limit: number, startsAt?: number): Occurrence[] {
  const allDay = !!series.start.date;
  const zone = zoneOf(series.start, calendarZone);
  const first = instantOf(series.start, calendarZone).setZone(zone);
  const firstEnd = instantOf(series.end, zoneOf(series.end, zone)).setZone(zone);
  const durationMs = Math.max(0, firstEnd.toMillis() - first.toMillis());
  const allDayDays = allDay ? Math.max(1, Math.round(firstEnd.diff(first, 'days').days)) : 0;
  const fromMs = startsAt ?? (from ? from.toMillis() : -Infinity);
  const toMs = to.toMillis();

  // rrule runs on floating dates: their UTC fields are the wall-clock fields in `zone`. Near a change of offset a wall
  // time and an instant differ by more than the offset at the edge: a day of slack there (all-day series float).
  const slack = (ms: number) => (allDay || offsetAt(zone, ms - DAY) !== offsetAt(zone, ms + DAY) ? 2 * DAY : 0);
  const earliest = startsAt ?? fromMs - durationMs;
  const lo = Number.isFinite(earliest) ? new Date(instantToWall(zone, earliest) - slack(earliest)) : new Date(floating(first).getTime() - 1);
  const hi = new Date(instantToWall(zone, toMs) + slack(toMs));

  const starts = new Map<number, Date>();
  const excluded = new Set<number>();
  const fs = floating(first);
  if (fs >= lo && fs <= hi) starts.set(fs.getTime(), fs);
  for (const line of series.recurrence) {
    const kind = line.slice(0, line.search(/[:;]/)).toUpperCase();
    if (kind === 'RRULE') {
      for (const d of ruleStarts(parseRule(line, first, zone), lo, hi)) starts.set(d.getTime(), d);
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
    const endMs = allDay ? wallToInstant(zone, wall + allDayDays * DAY) : startMs + durationMs;
    if (startsAt !== undefined ? startMs !== startsAt : endMs <= fromMs || startMs >= toMs) continue;
    out.push(occurrence(startMs, endMs, zone, allDay ? dateKey(d) : utcKey(startMs)));
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The starts of one rule in [lo, hi] (floating dates). The rule is first moved to the period just before `lo`, so
 * the walk covers the window and not the years before it; more than MAX_INSTANCES starts is `timeRangeTooLong`.
 */
function ruleStarts(options: RRuleOptions, lo: Date, hi: Date): Date[] {
  const moved = moveNear(options, lo);
  if (moved === null) return [];
  const out: Date[] = [];
  let over = false;
  const keep = (d: Date) => {
    if (out.length >= MAX_INSTANCES) return !(over = true);
    out.push(d);
    return true;
  };
  if (moved.walkFromStart) {
    // A COUNT that cannot be carried forward: walk from the start, at most MAX_INSTANCES occurrences.
    let walked = 0;
    new RRule(moved.options).all((d) => {
      if (d > hi) return false;
      if (++walked > MAX_INSTANCES) return !(over = true);
      return d >= lo ? keep(d) : true;
    });
  } else {
    new RRule(moved.options).between(lo, hi, true, keep);
  }
  if (over) throw timeRangeTooLong();
  return out;
}

// rrule's frequencies, coarsest first (its enum: YEARLY = 0 … SECONDLY = 6).
const YEARLY = 0;
const MONTHLY = 1;
const WEEKLY = 2;
const DAILY = 3;
const HOURLY = 4;
const MINUTELY = 5;
const SECONDLY = 6;
const BY_PARTS = ['bysetpos', 'bymonth', 'bymonthday', 'byyearday', 'byweekno', 'byweekday', 'byhour', 'byminute', 'bysecond', 'byeaster'] as const;
const isSet = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/**
 * The same rule with its DTSTART moved forward to the start of a period (per RFC 5545 §3.3.10: the rule's periods
 * are DTSTART's period plus multiples of INTERVAL) at or before `lo`. What DTSTART implied (the hour, minute and
 * second of a daily rule, the weekday of a weekly one, the day of a monthly one) is first written into the rule, so the
 * moved rule yields exactly the original's occurrences from its new start on. A COUNT moves with it when each period
 * holds exactly one occurrence; otherwise the rule is walked from its start. null: no occurrence is left.
 * (rrule itself drifts off the INTERVAL grid for a sub-daily rule that skips periods — `FREQ=MINUTELY;INTERVAL=13;
 * BYHOUR=9` — when the interval does not divide the hour or day, from any start; such rules come out as rrule walks
 * them from the moved start.)
 */
function moveNear(options: RRuleOptions, lo: Date): { options: RRuleOptions; walkFromStart: boolean } | null {
  const start = options.dtstart!;
  const freq = options.freq as number;
  const interval = Math.max(1, options.interval ?? 1);
  const period0 = periodStart(start, freq, options.wkst);
  const periods = Math.floor(periodsBetween(period0, periodStart(lo, freq, options.wkst), freq) / interval) * interval;
  if (periods <= 0) return { options, walkFromStart: false };
  const explicit = BY_PARTS.some((k) => isSet(options[k]));
  const onePerPeriod =
    !explicit && (freq !== MONTHLY || start.getUTCDate() <= 28) && (freq !== YEARLY || !(start.getUTCMonth() === 1 && start.getUTCDate() === 29));
  if (isSet(options.count) && !onePerPeriod) return { options, walkFromStart: true };
  const moved: RRuleOptions = { ...impliedParts(options), dtstart: addPeriods(period0, freq, periods) };
  if (isSet(options.count)) {
    moved.count = options.count! - periods;
    if (moved.count <= 0) return null;
  }
  return { options: moved, walkFromStart: false };
}

/** The BY parts DTSTART implies (what rrule fills in itself), written out so that DTSTART can move. */
function impliedParts(o: RRuleOptions): RRuleOptions {
  const d = o.dtstart!;
  const freq = o.freq as number;
  const out: RRuleOptions = { ...o };
  const daySet = ['byweekno', 'byyearday', 'bymonthday', 'byweekday', 'byeaster'].some((k) => isSet(o[k as keyof RRuleOptions]));
  if (!daySet) {
    if (o.freq === YEARLY) {
      if (!isSet(o.bymonth)) out.bymonth = d.getUTCMonth() + 1;
      out.bymonthday = d.getUTCDate();
    } else if (o.freq === MONTHLY) {
      out.bymonthday = d.getUTCDate();
    } else if (o.freq === WEEKLY) {
      out.byweekday = [(d.getUTCDay() + 6) % 7];
    }
  }
  if (!isSet(o.byhour) && freq < HOURLY) out.byhour = d.getUTCHours();
  if (!isSet(o.byminute) && freq < MINUTELY) out.byminute = d.getUTCMinutes();
  if (!isSet(o.bysecond) && freq < SECONDLY) out.bysecond = d.getUTCSeconds();
  return out;
}

function periodStart(d: Date, freq: number, wkst: RRuleOptions['wkst']): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  switch (freq) {
    case YEARLY:
      return new Date(Date.UTC(y, 0, 1));
    case MONTHLY:
      return new Date(Date.UTC(y, m, 1));
    case WEEKLY: {
      const weekStart = typeof wkst === 'number' ? wkst : ((wkst as { weekday?: number } | null | undefined)?.weekday ?? 0);
      const back = ((d.getUTCDay() + 6) % 7 - weekStart + 7) % 7;
      return new Date(Date.UTC(y, m, day - back));
    }
    case DAILY:
      return new Date(Date.UTC(y, m, day));
    case HOURLY:
      return new Date(Date.UTC(y, m, day, d.getUTCHours()));
    case MINUTELY:
      return new Date(Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes()));
    default:
      return new Date(Math.floor(d.getTime() / 1000) * 1000);
  }
}

const UNIT_MS: Record<number, number> = { [WEEKLY]: 7 * DAY, [DAILY]: DAY, [HOURLY]: HOUR, [MINUTELY]: 60_000, [SECONDLY]: 1000 };

function periodsBetween(a: Date, b: Date, freq: number): number {
  if (freq === YEARLY) return b.getUTCFullYear() - a.getUTCFullYear();
  if (freq === MONTHLY) return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return Math.floor((b.getTime() - a.getTime()) / UNIT_MS[freq]);
}

function addPeriods(d: Date, freq: number, n: number): Date {
  if (freq === YEARLY) return new Date(Date.UTC(d.getUTCFullYear() + n, 0, 1));
  if (freq === MONTHLY) return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  return new Date(d.getTime() + n * UNIT_MS[freq]);
}

/** Whether a series has an end (COUNT or UNTIL on every rule), so it can be expanded without a window. */
export function isBounded(recurrence: string[]): boolean {
  const rules = recurrence.filter((l) => /^RRULE:/i.test(l));
  return rules.every((l) => /(COUNT|UNTIL)=/i.test(l));
}
