import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';
import { difflab } from '../../cli/fixtures.ts';

// Agent-Diff's published Calendar seed and suite, read where they are (never copied into the repository).
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const shared = resolve(repoRoot, '../shared/agent-diff');
const seedFile = join(shared, 'seeds', 'calendar_default.json');
const present = existsSync(seedFile) && existsSync(join(shared, 'testsuites', 'calendar_bench.json'));

describe.skipIf(!present)("Agent-Diff's Calendar seed and suite", () => {
  it('difflab check accepts the published suite with its seed, unmodified', async () => {
    const r = await difflab(['check', '--suite', '../shared/agent-diff/testsuites/calendar_bench.json', '--seeds', '../shared/agent-diff/seeds']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, format: 'agent-diff', tests: 60, seeds: [expect.objectContaining({ name: 'calendar_default', ok: true })] });
  }, 120_000);
});

describe.skipIf(!present)('the replica on the published seed', () => {
  const t = withCalendarEnvironment(present ? JSON.parse(readFileSync(seedFile, 'utf8')) : {}, { actingUserId: 'user_agent', template: 'calendar_default' });

  it("starts at the benchmark's clock and resolves primary to the agent's calendar", async () => {
    expect(t.env.clock.now()).toBe(Date.parse('2018-06-17T00:00:00-07:00'));
    const r = await t.request('GET', 'calendars/primary');
    expect(r.body).toMatchObject({ id: 'test.user@test.com', timeZone: 'America/Los_Angeles' });
  });

  it("reads a shared person's free/busy through their ACL rule, and not a stranger's", async () => {
    const fb = await t.request('POST', 'freeBusy', {
      timeMin: '2018-06-23T00:00:00+03:00',
      timeMax: '2018-06-24T00:00:00+03:00',
      timeZone: 'Europe/Kyiv',
      items: [{ id: 'oleksandra@test.com' }],
    });
    expect(fb.status).toBe(200);
    expect(fb.body.calendars['oleksandra@test.com'].errors).toBeUndefined();
    expect(fb.body.calendars['oleksandra@test.com'].busy.length).toBeGreaterThan(0);
    const details = await t.request('GET', 'calendars/oleksandra%40test.com/events/nonexistent');
    expect(details.status).toBe(404);
  });

  it('expands a weekly series and stores a new event as sent', async () => {
    const inst = await t.request('GET', 'calendars/cal_dungeon_masters/events/evt_dungeon_rpg_legend/instances?timeMax=2018-07-10T00:00:00-07:00');
    expect(inst.body.items.map((e: any) => e.start.dateTime)).toEqual(['2018-06-19T19:00:00-07:00', '2018-06-26T19:00:00-07:00', '2018-07-03T19:00:00-07:00']);
    const made = await t.request('POST', 'calendars/primary/events', { summary: 'Perseid watch', start: { dateTime: '2018-06-24T00:00:00-07:00' }, end: { dateTime: '2018-06-24T02:00:00-07:00' } });
    const [row] = await t.query<any>('SELECT start, calendar_id FROM calendar_events WHERE id = $1', [made.body.id]);
    expect(row).toEqual({ start: { dateTime: '2018-06-24T00:00:00-07:00', timeZone: 'America/Los_Angeles' }, calendar_id: 'test.user@test.com' });
  });
});

if (!present) {
  describe("Agent-Diff's Calendar seed and suite", () => {
    it.skip(`skipped: ${shared} is absent`, () => {});
  });
}
