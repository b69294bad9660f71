import { describe, expect, it } from 'vitest';
import { CALENDAR_TEST_CLOCK, calendarTestSeed, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });

/** Fields a busy block carries (Google: "whether the calendar is free or busy at a given time", no event details). */
const BUSY_FIELDS = ['end', 'etag', 'id', 'kind', 'originalStartTime', 'recurringEventId', 'start', 'status', 'transparency'];
const DETAILS = ['summary', 'description', 'location', 'attendees', 'organizer', 'creator', 'htmlLink', 'recurrence'];

function expectBusyOnly(item: Record<string, unknown>) {
  expect(Object.keys(item).every((k) => BUSY_FIELDS.includes(k)), Object.keys(item).join(',')).toBe(true);
  for (const k of DETAILS) expect(item).not.toHaveProperty(k);
  expect(item.start).toBeDefined();
}

const LUNCH_WINDOW = 'timeMin=2026-03-03T00:00:00Z&timeMax=2026-03-04T00:00:00Z';

describe('what each ACL role may read, as Google documents it', () => {
  it('freeBusyReader: events.list, events.get and events.instances give busy blocks only', async () => {
    t.actAs('u_ben'); // freeBusyReader on ana@acme.test
    const list = await t.request('GET', `calendars/ana%40acme.test/events?singleEvents=true&${LUNCH_WINDOW}`);
    expect(list.status).toBe(200);
    expect(list.body.accessRole).toBe('freeBusyReader');
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const item of list.body.items) expectBusyOnly(item);

    const one = await t.request('GET', 'calendars/ana%40acme.test/events/lunch');
    expect(one.status).toBe(200);
    expectBusyOnly(one.body);

    const instances = await t.request('GET', 'calendars/ana%40acme.test/events/standup/instances?timeMax=2026-03-05T00:00:00Z');
    expect(instances.status).toBe(200);
    expect(instances.body.items.length).toBe(3);
    for (const item of instances.body.items) expectBusyOnly(item);
  });

  it('freeBusyReader: filters on details (q, iCalUID) find nothing, so they reveal no details either', async () => {
    t.actAs('u_ben');
    const byWord = await t.request('GET', `calendars/ana%40acme.test/events?q=tacos&${LUNCH_WINDOW}`);
    expect(byWord.body.items).toEqual([]);
    t.actAs('u_ana');
    expect((await t.request('GET', `calendars/primary/events?q=tacos&${LUNCH_WINDOW}`)).body.items.map((e: any) => e.id)).toEqual(['lunch']);
  });

  it('freeBusyReader: busy blocks are instants in UTC (or the asked timeZone), with none of the owner’s zones', async () => {
    t.actAs('u_ben');
    const one = await t.request('GET', 'calendars/ana%40acme.test/events/lunch');
    expect([one.body.start, one.body.end]).toEqual([{ dateTime: '2026-03-03T17:00:00Z' }, { dateTime: '2026-03-03T18:00:00Z' }]);
    const berlin = await t.request('GET', 'calendars/ana%40acme.test/events/lunch?timeZone=Europe%2FBerlin');
    expect(berlin.body.start).toEqual({ dateTime: '2026-03-03T18:00:00+01:00' });
    expect((await t.request('GET', 'calendars/ana%40acme.test/events/offsite')).body.start).toEqual({ date: '2026-03-05' });
  });

  it('freeBusyReader: no calendar metadata anywhere (calendars.get is 403, lists show no title or zone); free/busy is answered', async () => {
    t.actAs('u_ben');
    const meta = await t.request('GET', 'calendars/ana%40acme.test');
    expect([meta.status, meta.body.error.errors[0].reason]).toEqual([403, 'requiredAccessLevel']);
    const list = await t.request('GET', `calendars/ana%40acme.test/events?${LUNCH_WINDOW}`);
    expect(list.body).toMatchObject({ summary: 'ana@acme.test', description: '', timeZone: 'UTC' });
    const added = await t.request('POST', 'users/me/calendarList', { id: 'ana@acme.test' });
    expect(added.body).toMatchObject({ id: 'ana@acme.test', summary: 'ana@acme.test', accessRole: 'freeBusyReader' });
    expect(added.body.timeZone).toBeUndefined();
    const fb = await t.request('POST', 'freeBusy', { timeMin: '2026-03-03T00:00:00Z', timeMax: '2026-03-04T00:00:00Z', items: [{ id: 'ana@acme.test' }] });
    expect(fb.body.calendars['ana@acme.test'].busy.length).toBeGreaterThan(0);
  });

  it('reader: reads events, but a private event is a busy block unless the reader is its guest', async () => {
    await t.query(
      `INSERT INTO calendar_events (id, calendar_id, summary, description, visibility, start, "end", start_datetime, end_datetime, updated_at)
       VALUES ('private1', 'cal_team', 'Salary review', 'Confidential numbers', 'private', '{"dateTime":"2026-03-06T14:00:00-05:00"}',
               '{"dateTime":"2026-03-06T15:00:00-05:00"}', '2026-03-06T19:00:00Z', '2026-03-06T20:00:00Z', '2026-02-01T00:00:00Z')`,
    );
    t.actAs('u_cy'); // reader on cal_team
    const list = await t.request('GET', 'calendars/cal_team/events');
    const byId = Object.fromEntries(list.body.items.map((e: any) => [e.id, e]));
    expect(byId.plan.summary).toBe('Planning');
    expectBusyOnly(byId.private1);
    expectBusyOnly((await t.request('GET', 'calendars/cal_team/events/private1')).body);
    expect((await t.request('GET', 'calendars/cal_team/events?q=salary')).body.items).toEqual([]);
    expect((await t.request('GET', 'calendars/cal_team')).status).toBe(200);

    await t.query(`INSERT INTO calendar_event_attendees (event_id, email, response_status) VALUES ('private1', 'cy@acme.test', 'accepted')`);
    expect((await t.request('GET', 'calendars/cal_team/events/private1')).body.summary).toBe('Salary review');

    t.actAs('u_ben'); // writer on cal_team: private details are visible
    expect((await t.request('GET', 'calendars/cal_team/events/private1')).body.description).toBe('Confidential numbers');
  });

  it('writer: may see the calendar’s ACL, not change it; reader may not see it', async () => {
    t.actAs('u_ben'); // writer on cal_team
    const acl = await t.request('GET', 'calendars/cal_team/acl');
    expect(acl.status).toBe(200);
    expect(acl.body.items.map((r: any) => r.id)).toContain('user:cy@acme.test');
    expect((await t.request('GET', 'calendars/cal_team/acl/user%3Acy%40acme.test')).body.role).toBe('reader');
    const add = await t.request('POST', 'calendars/cal_team/acl', { role: 'reader', scope: { type: 'user', value: 'dee@acme.test' } });
    expect([add.status, add.body.error.errors[0].reason]).toEqual([403, 'requiredAccessLevel']);
    t.actAs('u_cy');
    expect((await t.request('GET', 'calendars/cal_team/acl')).status).toBe(403);
  });

  it('none: the calendar is not there for them (404)', async () => {
    t.actAs('u_ana');
    for (const path of ['calendars/cal_secret', 'calendars/cal_secret/events', 'calendars/cal_secret/events/hidden1', 'calendars/cal_secret/acl']) {
      expect((await t.request('GET', path)).status, path).toBe(404);
    }
  });
});
