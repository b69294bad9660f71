import { describe, expect, it } from 'vitest';
import { CALENDAR_TEST_CLOCK, calendarTestSeed, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });

/** Google's answer to a value of the wrong type in a request body: 400 `invalid`, "Invalid value for: …". */
function expectInvalid(r: { status: number; body: any }, location: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', errors: [{ domain: 'global', reason: 'invalid', location }] });
  expect(r.body.error.message).toMatch(/^Invalid value for: /);
}

const NOTHING = { inserts: [], updates: [], deletes: [] };

describe('Calendar writes read their bodies against the resource’s types', () => {
  it('calendarList.patch: wrong types are 400 and change nothing; the entry reads as before', async () => {
    const before = (await t.request('GET', 'users/me/calendarList/cal_team')).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ defaultReminders: 'x' }, 'defaultReminders'],
      [{ summaryOverride: 5 }, 'summaryOverride'],
      [{ hidden: 'yes' }, 'hidden'],
      [{ selected: '' }, 'selected'],
      [{ colorId: 7 }, 'colorId'],
      [{ defaultReminders: [{ method: 'popup', minutes: 'ten' }] }, 'defaultReminders.0.minutes'],
      [{ notificationSettings: { notifications: 'all' } }, 'notificationSettings.notifications'],
    ];
    for (const [body, location] of cases) {
      expectInvalid(await t.request('PATCH', 'users/me/calendarList/cal_team', body), location);
      expectInvalid(await t.request('PUT', 'users/me/calendarList/cal_team', body), location);
    }
    expect((await t.request('GET', 'users/me/calendarList/cal_team')).body).toEqual(before);
    expect(await t.diff()).toEqual(NOTHING);
  });

  it('calendarList: well-typed values are kept with their types, integers given as numeric strings included', async () => {
    const r = await t.request('PATCH', 'users/me/calendarList/cal_team', { hidden: true, summaryOverride: 'Crew', defaultReminders: [{ method: 'popup', minutes: '10' }] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ hidden: true, summaryOverride: 'Crew', defaultReminders: [{ method: 'popup', minutes: 10 }] });
    expect((await t.request('GET', 'users/me/calendarList/cal_team?showHidden=true')).body).toMatchObject({ hidden: true, summaryOverride: 'Crew' });
  });

  it('calendarList.insert: a wrong-typed field is 400, not a server error', async () => {
    expectInvalid(await t.request('POST', 'users/me/calendarList', { id: 'ben@acme.test', hidden: '2026' }), 'hidden');
    expectInvalid(await t.request('POST', 'users/me/calendarList', { id: 42 }), 'id');
    expect(await t.diff()).toEqual(NOTHING);
  });

  it('calendars, events, acl, channels and freeBusy check their bodies the same way', async () => {
    expectInvalid(await t.request('POST', 'calendars', { summary: ['Ops'] }), 'summary');
    expectInvalid(await t.request('PATCH', 'calendars/cal_team', { description: { text: 'x' } }), 'description');
    expectInvalid(await t.request('PATCH', 'calendars/cal_team', { timeZone: 3 }), 'timeZone');
    const event = { summary: 'Sync', start: { dateTime: '2026-03-03T10:00:00-05:00' }, end: { dateTime: '2026-03-03T10:30:00-05:00' } };
    expectInvalid(await t.request('POST', 'calendars/primary/events', { ...event, summary: 5 }), 'summary');
    expectInvalid(await t.request('POST', 'calendars/primary/events', { ...event, start: { dateTime: 20260303 } }), 'start.dateTime');
    expectInvalid(await t.request('POST', 'calendars/primary/events', { ...event, attendees: [{ email: 'ben@acme.test', optional: 'no' }] }), 'attendees.0.optional');
    expectInvalid(await t.request('POST', 'calendars/primary/events', { ...event, recurrence: 'RRULE:FREQ=DAILY' }), 'recurrence');
    expectInvalid(await t.request('POST', 'calendars/primary/events', { ...event, guestsCanModify: 'true' }), 'guestsCanModify');
    expectInvalid(await t.request('PATCH', 'calendars/primary/events/lunch', { reminders: { useDefault: 0 } }), 'reminders.useDefault');
    expectInvalid(await t.request('PATCH', 'calendars/primary/events/lunch', { extendedProperties: { private: { room: 4 } } }), 'extendedProperties.private.room');
    expectInvalid(await t.request('POST', 'calendars/primary/events/import', { ...event, iCalUID: 7 }), 'iCalUID');
    expectInvalid(await t.request('POST', 'calendars/cal_team/acl', { role: 'reader', scope: { type: 'user', value: ['x@acme.test'] } }), 'scope.value');
    expectInvalid(await t.request('PATCH', 'calendars/cal_team/acl/user:cy@acme.test', { role: true }), 'role');
    expectInvalid(await t.request('POST', 'calendars/primary/events/watch', { id: 'ch1', type: 'web_hook', address: { toString: 'x' } }), 'address');
    expectInvalid(await t.request('POST', 'channels/stop', { id: { toString: 'x' }, resourceId: 'r' }), 'id');
    expectInvalid(
      await t.request('POST', 'freeBusy', { timeMin: { toString: 'x' }, timeMax: '2026-03-04T00:00:00Z', items: [{ id: 'primary' }] }),
      'timeMin',
    );
    expectInvalid(await t.request('POST', 'freeBusy', { timeMin: '2026-03-03T00:00:00Z', timeMax: '2026-03-04T00:00:00Z', items: [{ id: 5 }] }), 'items.0.id');
    expect(await t.diff()).toEqual(NOTHING);
  });

  it('null still clears a field, as in Google’s patch semantics', async () => {
    const r = await t.request('PATCH', 'calendars/primary/events/lunch', { description: null });
    expect(r.status).toBe(200);
    expect(r.body.description).toBeUndefined();
  });
});
