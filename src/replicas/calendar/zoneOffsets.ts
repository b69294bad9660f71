import { IANAZone } from 'luxon';

/**
 * Fast UTC offsets for IANA zones. luxon asks the host's Intl for every conversion (tens of microseconds each); a
 * year of a zone's offsets is instead read once — sampled twice a month, each change located to the minute by
 * bisection — and kept as a table, so expanding thousands of instances costs a lookup each. The tz rules a year
 * uses never change while the program runs, so the tables never go stale.
 */
interface YearTable {
  /** Instants (ms) from which `offsets[i]` (minutes east of UTC) applies; starts[0] is before the year. */
  starts: number[];
  offsets: number[];
}

const tables = new Map<string, YearTable>();
const MINUTE = 60_000;

function exact(zone: IANAZone, ms: number): number {
  return zone.offset(ms);
}

function buildTable(zoneName: string, year: number): YearTable {
  const zone = IANAZone.create(zoneName);
  const samples: number[] = [Date.UTC(year, 0, 1) - 86_400_000];
  for (let m = 0; m < 12; m++) samples.push(Date.UTC(year, m, 1), Date.UTC(year, m, 16));
  samples.push(Date.UTC(year + 1, 0, 1) + 86_400_000);
  const starts = [samples[0]];
  const offsets = [exact(zone, samples[0])];
  for (let i = 1; i < samples.length; i++) {
    const after = exact(zone, samples[i]);
    if (after === offsets[offsets.length - 1]) continue;
    // The change lies in (samples[i-1], samples[i]]: find its first minute.
    let lo = samples[i - 1];
    let hi = samples[i];
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (exact(zone, mid) === after) hi = mid;
      else lo = mid;
    }
    starts.push(hi);
    offsets.push(after);
  }
  return { starts, offsets };
}

/** Minutes east of UTC in `zone` at instant `ms` (a valid IANA zone name). */
export function offsetAt(zone: string, ms: number): number {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 0;
  const year = new Date(ms).getUTCFullYear();
  const key = `${zone}|${year}`;
  let table = tables.get(key);
  if (!table) {
    table = buildTable(zone, year);
    tables.set(key, table);
  }
  const { starts, offsets } = table;
  let i = starts.length - 1;
  while (i > 0 && starts[i] > ms) i--;
  return offsets[i];
}

/**
 * The instant a wall-clock time (given as ms whose UTC fields are the local fields) denotes in `zone`. A time in a
 * spring-forward gap moves forward by the gap, as JavaScript and luxon do; an ambiguous fall-back time takes the
 * earlier instant.
 */
export function wallToInstant(zone: string, wallMs: number): number {
  // The offsets in force half a day either side bound every offset the wall time can have.
  const before = offsetAt(zone, wallMs - 14 * 3_600_000);
  const after = offsetAt(zone, wallMs + 14 * 3_600_000);
  let best = Infinity;
  for (const off of before === after ? [before] : [before, after]) {
    const t = wallMs - off * MINUTE;
    if (offsetAt(zone, t) === off && t < best) best = t;
  }
  return best !== Infinity ? best : wallMs - Math.min(before, after) * MINUTE;
}

/** The wall-clock fields of an instant in `zone`, as ms whose UTC fields are the local fields. */
export function instantToWall(zone: string, ms: number): number {
  return ms + offsetAt(zone, ms) * MINUTE;
}

/** RFC 3339 in the zone's offset, seconds precision: `2026-03-29T09:00:00+02:00` (`Z` only for the UTC zone). */
export function formatInZone(ms: number, zone: string): string {
  const off = offsetAt(zone, ms);
  const wall = new Date(ms + off * MINUTE).toISOString().slice(0, 19);
  if (zone === 'UTC' || zone === 'Etc/UTC') return `${wall}Z`;
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
