import { describe, expect, it } from 'vitest';
import { CALENDAR_TEST_CLOCK, calendarTestSeed, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });
const reason = (r: { body: any }) => r.body.error.errors[0].reason;

describe('calendars', () => {
  it('insert creates the calendar, the owner\'s list entry and owner rule; get/patch/update/delete follow', async () => {
    const r = await t.request('POST', 'calendars', { summary: 'Hiking', timeZone: 'Europe/Lisbon' });
    expect(r.body).toMatchObject({ kind: 'calendar#calendar', summary: 'Hiking', timeZone: 'Europe/Lisbon' });
    const id = r.body.id as string;
    expect(id).toMatch(/@group\.calendar\.google\.com$/);
    const diff = await t.diff();
    expect(diff.inserts.map((x) => x.__table__).sort()).toEqual(['calendar_acl_rules', 'calendar_list_entries', 'calendars']);
    const enc = encodeURIComponent(id);
    expect((await t.request('PATCH', `calendars/${enc}`, { description: 'Trails' })).body).toMatchObject({ summary: 'Hiking', description: 'Trails' });
    expect((await t.request('PUT', `calendars/${enc}`, { summary: 'Hikes' })).body.description).toBeUndefined();
    expect((await t.request('DELETE', `calendars/${enc}`)).status).toBe(204);
    expect((await t.request('GET', `calendars/${enc}`)).status).toBe(404);
    expect((await t.query<any>('SELECT deleted FROM calendars WHERE id = $1', [id]))[0].deleted).toBe(true);
  });

  it('insert needs a summary; a reader cannot patch; the primary calendar cannot be deleted', async () => {
    expect(reason(await t.request('POST', 'calendars', {}))).toBe('required');
    expect(reason(await t.request('PATCH', 'calendars/ben%40acme.test', { summary: 'x' }))).toBe('requiredAccessLevel');
    expect((await t.request('DELETE', 'calendars/primary')).status).toBe(400);
    expect((await t.request('GET', 'calendars/primary')).body.id).toBe('ana@acme.test');
  });

  it('clear cancels every event of the calendar', async () => {
    expect((await t.request('POST', 'calendars/cal_team/clear')).status).toBe(204);
    expect(await t.query(`SELECT id, status FROM calendar_events WHERE calendar_id = 'cal_team'`)).toEqual([{ id: 'plan', status: 'cancelled' }]);
  });
});

describe('calendarList', () => {
  it('lists primary first, hides hidden entries unless asked, filters by role', async () => {
    const r = await t.request('GET', 'users/me/calendarList');
    expect(r.body.kind).toBe('calendar#calendarList');
    expect(r.body.items.map((e: any) => e.id)).toEqual(['ana@acme.test', 'cal_team']);
    expect(r.body.items[0]).toMatchObject({ primary: true, accessRole: 'owner' });
    expect(r.body.items[1]).toMatchObject({ colorId: '7', backgroundColor: '#42d692' });
    const all = await t.request('GET', 'users/me/calendarList?showHidden=true&minAccessRole=reader');
    expect(all.body.items).toHaveLength(3);
    const owners = await t.request('GET', 'users/me/calendarList?showHidden=true&minAccessRole=owner');
    expect(owners.body.items).toHaveLength(2);
  });

  it('patch changes only color_id; delete marks the entry deleted; insert brings it back', async () => {
    await t.request('PATCH', 'users/me/calendarList/cal_team', { colorId: '3' });
    const u = (await t.diff()).updates[0];
    expect(u.after.color_id).toBe('3');
    expect(u.after.background_color).toBeNull();
    expect(reason(await t.request('PATCH', 'users/me/calendarList/cal_team', { colorId: '99' }))).toBe('invalid');
    expect((await t.request('DELETE', 'users/me/calendarList/cal_team')).status).toBe(204);
    expect((await t.request('GET', 'users/me/calendarList/cal_team')).status).toBe(404);
    expect((await t.request('POST', 'users/me/calendarList', { id: 'cal_team' })).body.accessRole).toBe('owner');
    expect(reason(await t.request('POST', 'users/me/calendarList', { id: 'cal_secret' }))).toBe('notFound');
    expect((await t.request('DELETE', 'users/me/calendarList/primary')).status).toBe(403);
  });
});

describe('acl', () => {
  it('insert/get/patch/update/delete a rule, and the rule governs access', async () => {
    t.actAs('u_cy');
    expect((await t.request('GET', 'calendars/ana%40acme.test/events')).status).toBe(404);
    t.actAs('u_ana');
    const r = await t.request('POST', 'calendars/primary/acl', { role: 'reader', scope: { type: 'user', value: 'cy@acme.test' } });
    expect(r.body).toEqual(expect.objectContaining({ kind: 'calendar#aclRule', id: 'user:cy@acme.test', role: 'reader', scope: { type: 'user', value: 'cy@acme.test' } }));
    t.actAs('u_cy');
    expect((await t.request('GET', 'calendars/ana%40acme.test/events')).status).toBe(200);
    expect(reason(await t.request('POST', 'calendars/ana%40acme.test/events', { start: { date: '2026-03-10' }, end: { date: '2026-03-11' } }))).toBe('requiredAccessLevel');
    t.actAs('u_ana');
    expect((await t.request('PATCH', 'calendars/primary/acl/user%3Acy%40acme.test', { role: 'writer' })).body.role).toBe('writer');
    expect((await t.request('PUT', 'calendars/primary/acl/user%3Acy%40acme.test', { role: 'freeBusyReader', scope: { type: 'user', value: 'cy@acme.test' } })).body.role).toBe('freeBusyReader');
    expect((await t.request('DELETE', 'calendars/primary/acl/user%3Acy%40acme.test')).status).toBe(204);
    expect((await t.request('GET', 'calendars/primary/acl/user%3Acy%40acme.test')).status).toBe(404);
    t.actAs('u_cy');
    expect((await t.request('GET', 'calendars/ana%40acme.test/events')).status).toBe(404);
  });

  it('a domain rule covers everyone in the domain; only owners read the ACL; bad roles are invalid', async () => {
    await t.request('POST', 'calendars/primary/acl', { role: 'reader', scope: { type: 'domain', value: 'acme.test' } });
    t.actAs('u_cy');
    expect((await t.request('GET', 'calendars/ana%40acme.test/events')).status).toBe(200);
    expect(reason(await t.request('GET', 'calendars/ana%40acme.test/acl'))).toBe('requiredAccessLevel');
    t.actAs('u_ana');
    const list = await t.request('GET', 'calendars/primary/acl');
    expect(list.body.items.map((x: any) => x.id).sort()).toEqual(['domain:acme.test', 'user:ana@acme.test', 'user:ben@acme.test']);
    expect(reason(await t.request('POST', 'calendars/primary/acl', { role: 'boss', scope: { type: 'user', value: 'x@y.z' } }))).toBe('invalid');
    expect(reason(await t.request('POST', 'calendars/primary/acl', { role: 'reader' }))).toBe('required');
  });
});

describe('freeBusy', () => {
  it('merges busy spans, skips transparent and cancelled events, reports unseen calendars', async () => {
    const r = await t.request('POST', 'freeBusy', {
      timeMin: '2026-03-03T00:00:00-05:00',
      timeMax: '2026-03-04T00:00:00-05:00',
      items: [{ id: 'primary' }, { id: 'ben@acme.test' }, { id: 'cal_secret' }],
    });
    expect(r.body.kind).toBe('calendar#freeBusy');
    expect(r.body.calendars.primary.busy).toEqual([
      { start: '2026-03-03T14:00:00Z', end: '2026-03-03T14:15:00Z' },
      { start: '2026-03-03T17:00:00Z', end: '2026-03-03T18:00:00Z' },
    ]);
    // Ben's own review, and Ana's lunch he accepted.
    expect(r.body.calendars['ben@acme.test'].busy).toEqual([
      { start: '2026-03-03T14:00:00Z', end: '2026-03-03T15:00:00Z' },
      { start: '2026-03-03T17:00:00Z', end: '2026-03-03T18:00:00Z' },
    ]);
    expect(r.body.calendars.cal_secret.errors).toEqual([{ domain: 'global', reason: 'notFound' }]);
    const tz = await t.request('POST', 'freeBusy', { timeMin: '2026-03-03T00:00:00-05:00', timeMax: '2026-03-04T00:00:00-05:00', timeZone: 'Europe/Berlin', items: [{ id: 'ben@acme.test' }] });
    expect(tz.body.calendars['ben@acme.test'].busy[0]).toEqual({ start: '2026-03-03T15:00:00+01:00', end: '2026-03-03T16:00:00+01:00' });
    expect(reason(await t.request('POST', 'freeBusy', { timeMin: '2026-03-03T00:00:00Z', items: [] }))).toBe('required');
  });
});

describe('settings, colors, watch and channels.stop', () => {
  it('reads settings and colours', async () => {
    expect((await t.request('GET', 'users/me/settings/timezone')).body).toMatchObject({ kind: 'calendar#setting', id: 'timezone', value: 'America/New_York' });
    expect((await t.request('GET', 'users/me/settings')).body.items.find((s: any) => s.id === 'weekStart').value).toBe('0');
    expect((await t.request('GET', 'users/me/settings/nope')).status).toBe(404);
    const c = await t.request('GET', 'colors');
    expect(Object.keys(c.body.calendar)).toHaveLength(24);
    expect(Object.keys(c.body.event)).toHaveLength(11);
  });

  it('watch records a channel with the resource path; stop removes it', async () => {
    const ch = { id: 'my-chan', type: 'web_hook', address: 'https://hooks.acme.test/x' };
    const w = await t.request('POST', 'calendars/primary/events/watch', ch);
    expect(w.body).toMatchObject({ kind: 'api#channel', id: 'my-chan', resourceUri: 'https://www.googleapis.com/calendar/v3/calendars/ana@acme.test/events?alt=json' });
    const rows = await t.query<any>(`SELECT resource_uri, user_id FROM calendar_channels WHERE id = 'my-chan'`);
    expect(rows).toEqual([{ resource_uri: '/calendars/ana@acme.test/events', user_id: 'u_ana' }]);
    expect(reason(await t.request('POST', 'calendars/primary/events/watch', ch))).toBe('channelIdNotUnique');
    expect(reason(await t.request('POST', 'users/me/settings/watch', { ...ch, id: 'c2', address: 'http://x' }))).toBe('push.webhookUrlNotHttps');
    await t.request('POST', 'users/me/settings/watch', { ...ch, id: 'c3' });
    await t.request('POST', 'users/me/calendarList/watch', { ...ch, id: 'c4' });
    await t.request('POST', 'calendars/cal_team/acl/watch', { ...ch, id: 'c5' });
    expect((await t.query<any>(`SELECT resource_uri FROM calendar_channels WHERE id IN ('c3','c4','c5') ORDER BY id`)).map((r: any) => r.resource_uri)).toEqual([
      '/users/u_ana/settings',
      '/users/me/calendarList',
      '/calendars/cal_team/acl',
    ]);
    expect((await t.request('POST', 'channels/stop', { id: 'chan_old', resourceId: 'res_old' })).status).toBe(204);
    expect(reason(await t.request('POST', 'channels/stop', { id: 'chan_old', resourceId: 'res_old' }))).toBe('notFound');
    expect(reason(await t.request('POST', 'channels/stop', { id: 'x' }))).toBe('required');
  });

  it('unknown paths are Google 404s', async () => {
    const r = await t.request('GET', 'calendars/primary/nothing');
    expect([r.status, r.body.error.errors[0].reason]).toEqual([404, 'notFound']);
  });
});

describe('freeBusy and invitations', () => {
  it("counts events a person is invited to on other calendars, unless they declined", async () => {
    const window = { timeMin: '2026-03-06T00:00:00-05:00', timeMax: '2026-03-07T00:00:00-05:00', items: [{ id: 'cy@acme.test' }] };
    expect((await t.request('POST', 'freeBusy', window)).body.calendars['cy@acme.test'].busy).toEqual([]);
    await t.request('PATCH', 'calendars/cal_team/events/plan', { attendees: [{ email: 'cy@acme.test' }] });
    expect((await t.request('POST', 'freeBusy', window)).body.calendars['cy@acme.test'].busy).toEqual([{ start: '2026-03-06T16:00:00Z', end: '2026-03-06T17:00:00Z' }]);
    await t.request('PATCH', 'calendars/cal_team/events/plan', { attendees: [{ email: 'cy@acme.test', responseStatus: 'declined' }] });
    expect((await t.request('POST', 'freeBusy', window)).body.calendars['cy@acme.test'].busy).toEqual([]);
  });
});
