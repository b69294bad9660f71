import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { idValues } from '../../helpers/assertionIds.ts';

// The project's Calendar suite and its seed: the suite loads, its horizons span the 1–20 the issue asks for, the ids
// its assertions name exist in the seed (or are instances of a seeded series), every test has its solution, and the
// seed is the generator's output.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const raw = JSON.parse(readFileSync(join(root, 'scenarios/calendar/suite.json'), 'utf8'));
type Row = Record<string, any>;
const seed: Record<string, Row[]> = JSON.parse(readFileSync(join(root, 'scenarios/calendar/seeds/harborlight_calendar.json'), 'utf8'));

const eventIds = new Set(seed.calendar_events.map((e) => String(e.id)));
const calendarIds = new Set(seed.calendars.map((c) => String(c.id)));
// An instance id is its series' id and its original start: in UTC (`staffsync_20260413T170000Z`), or the date of an
// all-day series (`oncall_primary_20260413`).
const INSTANCE = /_\d{8}(T\d{6}Z)?$/;
const isKnownEvent = (id: string) => eventIds.has(id) || (INSTANCE.test(id) && eventIds.has(id.replace(INSTANCE, '')));
const ID_COLUMNS: Record<string, (id: string) => boolean> = {
  event_id: isKnownEvent,
  recurring_event_id: isKnownEvent,
  calendar_id: (id) => calendarIds.has(id),
};

describe('scenarios/calendar/suite.json', () => {
  it('loads as a DiffLab suite with at least 40 tests', () => {
    const result = loadSuite(raw);
    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(raw.tests.length).toBeGreaterThanOrEqual(40);
  });

  it('spreads over horizons 1 to 20, with every long horizon from 14 to 20 present', () => {
    const horizons: number[] = raw.tests.map((t: Row) => t.metadata.horizon);
    expect(horizons.every((h) => Number.isInteger(h) && h >= 1)).toBe(true);
    expect(Math.min(...horizons)).toBeLessThanOrEqual(2);
    expect(Math.max(...horizons)).toBeGreaterThanOrEqual(20);
    const missing = [14, 15, 16, 17, 18, 19, 20].filter((h) => !horizons.includes(h));
    expect(missing).toEqual([]);
  });

  it('names only events and calendars that exist in the seed', () => {
    const unknown: string[] = [];
    for (const t of raw.tests) {
      for (const a of t.assertions) {
        const where = a.where ?? {};
        if (a.entity === 'calendar_events') for (const v of idValues(where, 'id')) if (!isKnownEvent(v)) unknown.push(`${t.id}: id ${v}`);
        for (const [col, known] of Object.entries(ID_COLUMNS)) for (const v of idValues(where, col)) if (!known(v)) unknown.push(`${t.id}: ${col} ${v}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(seed.calendar_users.some((u) => u.id === raw.acting_user)).toBe(true);
  });

  it('every test has its reference solution, and prompts name no event ids', () => {
    const ids = [...eventIds].filter((id) => id.length >= 6);
    for (const t of raw.tests) {
      expect(existsSync(join(root, 'scenarios/calendar', t.solution)), t.id).toBe(true);
      if (!t.metadata.explicit_ids) expect(ids.filter((id) => t.prompt.includes(id)), t.id).toEqual([]);
    }
  });
});

describe('scenarios/calendar/seeds/harborlight_calendar.json', () => {
  it('is what generate.mjs produces', () => {
    expect(() => execFileSync(process.execPath, [join(root, 'scenarios/calendar/seeds/generate.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
