import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTzif, type ZoneTransitions, type ZoneType } from './tzif.ts';

/**
 * The time zones Python's `zoneinfo` finds in the sandbox: every zone the project's and Agent-Diff's seeds and
 * suites name, and the other large ones a task may mention. Built from the IANA database as the `tzdata` npm
 * package carries it (compiled by `timezonecomplete`), so every machine and browser gets the same offsets.
 */
export const SANDBOX_ZONES = [
  'UTC', 'Etc/UTC', 'GMT',
  'America/Los_Angeles', 'America/Denver', 'America/Phoenix', 'America/Chicago', 'America/New_York', 'America/Toronto',
  'America/Vancouver', 'America/Mexico_City', 'America/Sao_Paulo', 'America/Bogota', 'America/Argentina/Buenos_Aires',
  'America/Anchorage', 'Pacific/Honolulu', 'America/Halifax', 'America/St_Johns',
  'Europe/London', 'Europe/Dublin', 'Europe/Lisbon', 'Europe/Madrid', 'Europe/Paris', 'Europe/Amsterdam', 'Europe/Brussels',
  'Europe/Berlin', 'Europe/Zurich', 'Europe/Rome', 'Europe/Prague', 'Europe/Vienna', 'Europe/Copenhagen', 'Europe/Oslo',
  'Europe/Stockholm', 'Europe/Warsaw', 'Europe/Helsinki', 'Europe/Athens', 'Europe/Istanbul', 'Europe/Kyiv', 'Europe/Kiev',
  'Europe/Moscow',
  'Africa/Lagos', 'Africa/Accra', 'Africa/Dakar', 'Africa/Cairo', 'Africa/Johannesburg', 'Africa/Nairobi', 'Africa/Addis_Ababa',
  'Asia/Dubai', 'Asia/Tehran', 'Asia/Karachi', 'Asia/Kolkata', 'Asia/Calcutta', 'Asia/Dhaka', 'Asia/Bangkok', 'Asia/Jakarta',
  'Asia/Singapore', 'Asia/Hong_Kong', 'Asia/Shanghai', 'Asia/Taipei', 'Asia/Seoul', 'Asia/Tokyo', 'Asia/Manila',
  'Asia/Jerusalem', 'Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Sydney', 'Australia/Melbourne',
  'Pacific/Auckland',
  'US/Pacific', 'US/Mountain', 'US/Central', 'US/Eastern',
];

const FROM_YEAR = 1900;
const TO_YEAR = 2100;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Database {
  getTransitionsTotalOffsets(zone: string, from: number, to: number): { at: number; offset: { seconds(): number } }[];
  standardOffset(zone: string, utc: number): { seconds(): number };
  abbreviation(zone: string, utc: number, dstDependent?: boolean): string;
}

function transitionsOf(db: Database, zone: string): ZoneTransitions {
  const typeAt = (at: number, totalSeconds: number): ZoneType => ({
    utoff: Math.round(totalSeconds),
    isdst: Math.round(totalSeconds) !== Math.round(db.standardOffset(zone, at).seconds()),
    abbr: db.abbreviation(zone, at, true),
  });
  const all = db.getTransitionsTotalOffsets(zone, FROM_YEAR, TO_YEAR);
  const [first, ...rest] = all;
  const initial = first ? typeAt(first.at, first.offset.seconds()) : { utoff: 0, isdst: false, abbr: 'UTC' };
  const transitions = rest.map((t) => ({ at: Math.floor(t.at / 1000), type: typeAt(t.at, t.offset.seconds()) }));
  return { initial, transitions };
}

/** TZif bytes of each sandbox zone. */
export function buildZoneinfo(zones: readonly string[] = SANDBOX_ZONES): Record<string, Uint8Array> {
  const require = createRequire(import.meta.url);
  const { TzDatabase } = require('timezonecomplete') as { TzDatabase: { init(data: unknown): void; instance(): Database } };
  TzDatabase.init(require('tzdata'));
  const db = TzDatabase.instance();
  return Object.fromEntries(zones.map((zone) => [zone, writeTzif(transitionsOf(db, zone))]));
}

export function tzdataVersion(): string {
  return (createRequire(import.meta.url)('tzdata/package.json') as { version: string }).version;
}

/** The zones as JSON (`{ zone: base64 TZif }`): the form the page downloads and the Node worker reads. */
export function zoneinfoJson(zones: Record<string, Uint8Array>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(zones).map(([zone, bytes]) => [zone, Buffer.from(bytes).toString('base64')])));
}

export function parseZoneinfoJson(text: string): Record<string, Uint8Array> {
  const data = JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(Object.entries(data).map(([zone, b64]) => [zone, new Uint8Array(Buffer.from(b64, 'base64'))]));
}

let cachedFile: string | null | undefined;

/**
 * The zone file for Node's Python workers, built once per machine (about a second) under node_modules/.cache.
 * Null when it cannot be built: Python then runs without zoneinfo's zones rather than not at all.
 */
export function zoneinfoFile(): string | null {
  if (cachedFile !== undefined && (cachedFile === null || existsSync(cachedFile))) return cachedFile;
  try {
    const dir = join(ROOT, 'node_modules', '.cache', 'difflab');
    const file = join(dir, `zoneinfo-${tzdataVersion()}-${SANDBOX_ZONES.length}.json`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, zoneinfoJson(buildZoneinfo()));
      renameSync(temporary, file);
    }
    cachedFile = file;
  } catch (error) {
    process.stderr.write(`difflab: the time-zone files for Python could not be built (${error instanceof Error ? error.message : String(error)})\n`);
    cachedFile = null;
  }
  return cachedFile;
}

export function readZoneinfo(file: string): Record<string, Uint8Array> {
  return parseZoneinfoJson(readFileSync(file, 'utf8'));
}
