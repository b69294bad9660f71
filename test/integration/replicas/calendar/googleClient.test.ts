import { auth as googleAuth, calendar as googleCalendar, type calendar_v3 } from '@googleapis/calendar';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';

// Google's official Node client, pointed at `difflab serve` (rootUrl = server root + '/'), against the project's
// Harborlight seed: the acting user is Priya (the seed's `self` user), the clock 2026-03-25.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
let server: ServerHandle;
let cal: calendar_v3.Calendar;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: join(repoRoot, 'scenarios', 'calendar'), suites: [] });
  const oauth = new googleAuth.OAuth2();
  oauth.setCredentials({ access_token: 'ya29.difflab-test' });
  cal = googleCalendar({ version: 'v3', rootUrl: `${server.url}/`, auth: oauth, retry: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('@googleapis/calendar against difflab serve', () => {
  it('lists calendars and expands a recurring series with singleEvents', async () => {
    const list = await cal.calendarList.list();
    expect(list.status).toBe(200);
    expect(list.data.items?.[0]).toMatchObject({ id: 'priya@harborlight.example', primary: true, accessRole: 'owner' });
    const events = await cal.events.list({
      calendarId: 'cal_engineering',
      singleEvents: true,
      orderBy: 'startTime',
      timeMin: '2026-03-30T00:00:00-04:00',
      timeMax: '2026-04-04T00:00:00-04:00',
    });
    const standups = events.data.items!.filter((e) => e.recurringEventId === 'eng_standup');
    // Good Friday's instance is cancelled and Thursday's moved: four of five weekdays remain.
    expect(standups.map((e) => e.start?.dateTime)).toEqual([
      '2026-03-30T12:30:00-04:00',
      '2026-03-31T12:30:00-04:00',
      '2026-04-01T12:30:00-04:00',
      '2026-04-02T13:00:00-04:00',
    ]);
    expect(events.data.nextSyncToken).toBeTruthy();
  });

  it('inserts, patches and deletes an event', async () => {
    const inserted = await cal.events.insert({
      calendarId: 'primary',
      sendUpdates: 'none',
      requestBody: {
        summary: 'SDK check',
        start: { dateTime: '2026-03-27T10:00:00-07:00', timeZone: 'America/Los_Angeles' },
        end: { dateTime: '2026-03-27T10:30:00-07:00', timeZone: 'America/Los_Angeles' },
        attendees: [{ email: 'sam@harborlight.example' }],
      },
    });
    const id = inserted.data.id!;
    expect(inserted.data).toMatchObject({ kind: 'calendar#event', status: 'confirmed', summary: 'SDK check' });
    const patched = await cal.events.patch({ calendarId: 'primary', eventId: id, requestBody: { location: 'Pier room' } });
    expect(patched.data).toMatchObject({ location: 'Pier room', summary: 'SDK check' });
    expect(patched.data.etag).not.toBe(inserted.data.etag);
    const removed = await cal.events.delete({ calendarId: 'primary', eventId: id });
    expect(removed.status).toBe(204);
    const got = await cal.events.get({ calendarId: 'primary', eventId: id });
    expect(got.data.status).toBe('cancelled');
  });

  it('runs freeBusy.query and inserts an ACL rule', async () => {
    const fb = await cal.freebusy.query({
      requestBody: { timeMin: '2026-04-01T09:00:00Z', timeMax: '2026-04-01T14:00:00Z', items: [{ id: 'chidi@harborlight.example' }] },
    });
    expect(fb.data.calendars?.['chidi@harborlight.example']?.busy).toEqual([
      { start: '2026-04-01T09:00:00Z', end: '2026-04-01T09:45:00Z' },
      { start: '2026-04-01T10:00:00Z', end: '2026-04-01T11:30:00Z' },
    ]);
    const rule = await cal.acl.insert({ calendarId: 'cal_launch', requestBody: { role: 'reader', scope: { type: 'user', value: 'zara@harborlight.example' } } });
    expect(rule.data).toMatchObject({ kind: 'calendar#aclRule', id: 'user:zara@harborlight.example', role: 'reader' });
  });

  it("rejects with Google's error shape", async () => {
    const failure = await cal.events.get({ calendarId: 'primary', eventId: 'nosuchevent' }).catch((e) => e);
    expect(failure.status ?? failure.code).toBe(404);
    expect(failure.response.data.error).toMatchObject({ code: 404, status: 'NOT_FOUND', errors: [{ domain: 'global', reason: 'notFound' }] });
  });
});
