import { DateTime, IANAZone } from 'luxon';
import { invalid, invalidParameter } from './errors.ts';
import { wallToInstant } from './zoneOffsets.ts';

/**
 * Time on the Calendar API, with luxon for zones and DST (IANA data from the host's Intl). An event time is
 * `{dateTime, timeZone?}` (RFC 3339; the offset may be left out only when `timeZone` names the zone) or `{date}` for
 * an all-day event, which floats: it starts at midnight of whichever zone it is read in.
 */
export interface EventTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const zoneValidity = new Map<string, boolean>();

/** Whether a string names an IANA zone (remembered: luxon builds an Intl formatter to tell). */
export function isZone(zone: unknown): zone is string {
  if (typeof zone !== 'string') return false;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (zoneValidity.size < 10_000) zoneValidity.set(zone, valid);
  }
  return valid;
}

/** A query parameter such as `timeMin`: RFC 3339 with an offset, else `invalidParameter` naming it (Google's 400). */
export function queryInstant(value: string | undefined, name: string): DateTime | undefined {
  if (value === undefined) return undefined;
  const dt = RFC3339.test(value) ? DateTime.fromISO(value, { setZone: true }) : null;
  if (!dt?.isValid) throw invalidParameter(name, `Bad Request`);
  return dt;
}

/** Checks an event time from a request body; `field` is `start` or `end`. */
export function checkEventTime(t: unknown, field: string): EventTime {
  if (!t || typeof t !== 'object') throw invalid(`Missing ${field} time.`, field);
  const v = t as EventTime;
  if (v.timeZone !== undefined && v.timeZone !== null && !isZone(v.timeZone)) throw invalid(`Invalid time zone definition for ${field} time.`, `${field}.timeZone`);
  if (v.date) {
    if (!DATE.test(v.date) || !DateTime.fromISO(v.date).isValid) throw invalid(`Invalid ${field} date.`, `${field}.date`);
    return v.timeZone ? { date: v.date, timeZone: v.timeZone } : { date: v.date };
  }
  if (v.dateTime) {
    const ok = RFC3339.test(v.dateTime) || (LOCAL.test(v.dateTime) && v.timeZone);
    if (!ok || !DateTime.fromISO(v.dateTime).isValid) throw invalid(`Invalid ${field} time.`, `${field}.dateTime`);
    return v.timeZone ? { dateTime: v.dateTime, timeZone: v.timeZone } : { dateTime: v.dateTime };
  }
  throw invalid(`Missing ${field} time.`, field);
}

/** The zone an event's times are read in: its own `timeZone`, else the calendar's. */
export function zoneOf(t: EventTime | null | undefined, calendarZone: string): string {
  return t?.timeZone && isZone(t.timeZone) ? t.timeZone : isZone(calendarZone) ? calendarZone : 'UTC';
}

/** The instant an event time denotes, in the zone it is read in (all-day: midnight there). */
export function instantOf(t: EventTime, calendarZone: string): DateTime {
  const zone = zoneOf(t, calendarZone);
  if (t.date) return DateTime.fromISO(t.date, { zone });
  const dt = t.dateTime!;
  return (RFC3339.test(dt) ? DateTime.fromISO(dt, { setZone: true }) : DateTime.fromISO(dt, { zone })).setZone(zone);
}

/** RFC 3339 as Google writes it: seconds, no milliseconds, the zone's offset (`Z` in UTC). */
export function rfc3339(dt: DateTime): string {
  return dt.toISO({ suppressMilliseconds: true })!;
}

/** `created`/`updated` timestamps: UTC with milliseconds, as Google writes them. */
export function timestamp(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function isoNow(ms: number): string {
  return new Date(ms).toISOString();
}

const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;

/** `instantOf(t).toMillis()` without luxon: the hot path of listing and sorting thousands of instances. */
export function instantMs(t: EventTime, calendarZone: string): number {
  if (t.dateTime && HAS_OFFSET.test(t.dateTime)) {
    const ms = Date.parse(t.dateTime);
    if (!Number.isNaN(ms)) return ms;
  }
  const zone = zoneOf(t, calendarZone);
  if (t.date) return wallToInstant(zone, Date.parse(`${t.date}T00:00:00Z`));
  const wall = Date.parse(`${t.dateTime}Z`);
  return Number.isNaN(wall) ? instantOf(t, calendarZone).toMillis() : wallToInstant(zone, wall);
}
