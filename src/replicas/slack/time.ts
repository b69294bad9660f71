import { hashString } from '../../engine/clock.ts';

/**
 * A Slack message timestamp from the environment clock: seconds, a dot, six digits. It doubles as the message id
 * (Agent-Diff's `messages.message_id` is the ts), so it must be unique: callers bump it with `nextTs`.
 */
export function tsFromMs(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const micros = Math.round((ms - seconds * 1000) * 1000);
  return `${seconds}.${String(micros).padStart(6, '0')}`;
}

/** The next possible ts after `ts` (one microsecond later). */
export function nextTs(ts: string): string {
  const [s, f = '0'] = ts.split('.');
  const micros = Number(f.padEnd(6, '0').slice(0, 6)) + 1;
  return micros >= 1_000_000 ? `${Number(s) + 1}.000000` : `${s}.${String(micros).padStart(6, '0')}`;
}

/** Whether a string has the shape of a Slack ts (`1706115500.000001`, or whole seconds). */
export function isTs(value: string): boolean {
  return /^\d{1,12}(\.\d{1,6})?$/.test(value);
}

/** Unix seconds (integer) of a timestamp column, or 0 when unknown. */
export function epochSeconds(value: unknown): number {
  const ms = epochMs(value);
  return ms === null ? 0 : Math.floor(ms / 1000);
}

export function epochMs(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  const ms = d.getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** A stable UUID-shaped id derived from a string (search matches carry one as `iid`). */
export function stableUuid(seed: string): string {
  const hex = [0, 1, 2, 3].map((i) => hashString(`${i}:${seed}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Formatters for a zone's offset and long name. Building them is costly, so each zone's are built once. */
const zoneFormats = new Map<string, { offset: Intl.DateTimeFormat; label: Intl.DateTimeFormat }>();

function zoneFormatsOf(tz: string): { offset: Intl.DateTimeFormat; label: Intl.DateTimeFormat } {
  let formats = zoneFormats.get(tz);
  if (!formats) {
    formats = {
      offset: new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' }),
      label: new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'long' }),
    };
    zoneFormats.set(tz, formats);
  }
  return formats;
}

/** A user's time zone as Slack reports it: IANA name, its long name and the offset in seconds at `atMs`. */
export function timeZoneInfo(tz: string, atMs: number): { tz: string; tz_label: string; tz_offset: number } {
  try {
    const at = new Date(atMs);
    const formats = zoneFormatsOf(tz);
    const offsetPart = formats.offset.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(offsetPart ?? '');
    const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60) : 0;
    const label = formats.label.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? tz;
    return { tz, tz_label: label, tz_offset: offset };
  } catch {
    return { tz, tz_label: tz, tz_offset: 0 };
  }
}
