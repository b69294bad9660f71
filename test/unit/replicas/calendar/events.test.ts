import { describe, expect, it } from 'vitest';
import { CALENDAR_TEST_CLOCK, calendarTestSeed, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });
const P = 'calendars/primary/events';
const ids = (items: any[]) => items.map((e) => e.id);

describe('events.list', () => {
  it('expands a weekday series across the DST change: 09:00 local stays 09:00 while the offset moves', async () => {
    const r = await t.request('GET', `${P}?singleEvents=true&orderBy=startTime&timeMin=2026-03-02T00:00:00-05:00&timeMax=2026-03-11T00:00:00-04:00&q=standup`);
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('calendar#events');
    const starts = r.body.items.map((e: any) => e.start.dateTime);
    expect(starts).toEqual([
      '2026-03-02T09:00:00-05:00',
      '2026-03-03T09:00:00-05:00',
      '2026-03-04T10:00:00-05:00',
      '2026-03-05T09:00:00-05:00',
      '2026-03-06T09:00:00-05:00',
      '2026-03-09T09:00:00-04:00',
      '2026-03-10T09:00:00-04:00',
    ]);
    expect(ids(r.body.items)).toContain('standup_20260309T130000Z');
    const moved = r.body.items[2];
    expect(moved).toMatchObject({ id: 'standup_20260304T140000Z', summary: 'Standup (late)', recurringEventId: 'standup', originalStartTime: { dateTime: '2026-03-04T09:00:00-05:00' } });
  });

  it('without singleEvents returns the series once, with its recurrence, and its changed instance', async () => {
    const r = await t.request('GET', `${P}?timeMin=2026-03-01T00:00:00Z&timeMax=2026-03-08T00:00:00Z`);
    const series = r.body.items.find((e: any) => e.id === 'standup');
    expect(series.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    expect(ids(r.body.items)).toContain('standup_20260304T140000Z');
    expect(r.body.items.filter((e: any) => e.recurringEventId === 'standup' && e.id !== 'standup_20260304T140000Z')).toEqual([]);
  });

  it('filters by window: an event ending exactly at timeMin is out, all-day events float in the calendar zone', async () => {
    const r = await t.request('GET', `${P}?singleEvents=true&timeMin=2026-03-03T13:00:00-05:00&timeMax=2026-03-04T23:30:00-05:00`);
    expect(ids(r.body.items)).not.toContain('lunch');
    expect(ids(r.body.items)).toContain('focus');
    expect(ids(r.body.items)).not.toContain('offsite');
    const day = await t.request('GET', `${P}?singleEvents=true&timeMin=2026-03-05T23:00:00-05:00&timeMax=2026-03-06T00:00:00-05:00`);
    expect(ids(day.body.items)).toEqual(['offsite']);
  });

  it('lists a moved instance by its new times: out of a window that holds only its original slot, in the one it moved to', async () => {
    const original = await t.request('GET', `${P}?singleEvents=true&timeMin=2026-03-04T08:55:00-05:00&timeMax=2026-03-04T09:30:00-05:00`);
    expect(ids(original.body.items)).toEqual([]);
    const moved = await t.request('GET', `${P}?singleEvents=true&timeMin=2026-03-04T09:55:00-05:00&timeMax=2026-03-04T10:30:00-05:00`);
    expect(ids(moved.body.items)).toEqual(['standup_20260304T140000Z']);
    const instances = await t.request('GET', `${P}/standup/instances?timeMin=2026-03-04T08:55:00-05:00&timeMax=2026-03-04T09:30:00-05:00`);
    expect(ids(instances.body.items)).toEqual([]);
  });

  it('pages with maxResults/pageToken and ends with a nextSyncToken that reports later changes only', async () => {
    const first = await t.request('GET', `${P}?singleEvents=true&orderBy=startTime&timeMin=2026-03-02T00:00:00Z&timeMax=2026-03-07T00:00:00Z&maxResults=3`);
    expect(first.body.items).toHaveLength(3);
    const second = await t.request('GET', `${P}?singleEvents=true&orderBy=startTime&timeMin=2026-03-02T00:00:00Z&timeMax=2026-03-07T00:00:00Z&maxResults=3&pageToken=${first.body.nextPageToken}`);
    expect(ids(second.body.items).some((id: string) => ids(first.body.items).includes(id))).toBe(false);
    const full = await t.request('GET', P);
    expect(full.body.nextSyncToken).toBeTruthy();
    await t.request('PATCH', `${P}/lunch`, { location: 'Cafe' });
    await t.request('DELETE', `${P}/offsite`);
    const sync = await t.request('GET', `${P}?syncToken=${encodeURIComponent(full.body.nextSyncToken)}`);
    expect(sync.body.items.map((e: any) => [e.id, e.status])).toEqual(expect.arrayContaining([['lunch', 'confirmed'], ['offsite', 'cancelled']]));
    expect(sync.body.items).toHaveLength(2);
  });

  it('rejects orderBy=startTime without singleEvents and malformed times with Google errors', async () => {
    const a = await t.request('GET', `${P}?orderBy=startTime`);
    expect(a.status).toBe(400);
    expect(a.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', errors: [{ domain: 'global', reason: 'badRequest' }] });
    const b = await t.request('GET', `${P}?timeMin=2026-03-02`);
    expect(b.status).toBe(400);
    expect(b.body.error.errors[0]).toMatchObject({ reason: 'invalidParameter', location: 'timeMin' });
    const c = await t.request('GET', `${P}?syncToken=nonsense`);
    expect(c.status).toBe(410);
  });

  it('shows deleted events only with showDeleted', async () => {
    await t.request('DELETE', `${P}/lunch`);
    const plain = await t.request('GET', `${P}?singleEvents=true&timeMax=2026-03-04T00:00:00Z`);
    expect(ids(plain.body.items)).not.toContain('lunch');
    const all = await t.request('GET', `${P}?singleEvents=true&showDeleted=true&timeMax=2026-03-04T00:00:00Z`);
    expect(all.body.items.find((e: any) => e.id === 'lunch').status).toBe('cancelled');
  });
});

describe('events.insert / get / patch / update / delete', () => {
  it('stores times as sent, fills the calendar zone, and returns Google\'s shape', async () => {
    const r = await t.request('POST', P, { summary: 'Review', start: { dateTime: '2026-03-10T15:00:00-04:00' }, end: { dateTime: '2026-03-10T16:00:00-04:00' }, attendees: [{ email: 'ben@acme.test' }] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'calendar#event', status: 'confirmed', summary: 'Review', start: { dateTime: '2026-03-10T15:00:00-04:00', timeZone: 'America/New_York' }, organizer: { email: 'ana@acme.test', self: true } });
    expect(r.body.id).toMatch(/^[a-v0-9]{5,}$/);
    expect(r.body.attendees).toEqual([expect.objectContaining({ email: 'ben@acme.test', responseStatus: 'needsAction' })]);
    const rows = await t.query<any>('SELECT start, calendar_id FROM calendar_events WHERE id = $1', [r.body.id]);
    expect(rows[0]).toEqual({ start: { dateTime: '2026-03-10T15:00:00-04:00', timeZone: 'America/New_York' }, calendar_id: 'ana@acme.test' });
    const got = await t.request('GET', `${P}/${r.body.id}`);
    expect(got.body.etag).toBe(r.body.etag);
  });

  it('answers required, timeRangeEmpty, invalid zone and duplicate id', async () => {
    expect((await t.request('POST', P, { summary: 'x', start: { dateTime: '2026-03-10T15:00:00Z' } })).body.error.errors[0].reason).toBe('required');
    const back = await t.request('POST', P, { start: { dateTime: '2026-03-10T15:00:00Z' }, end: { dateTime: '2026-03-10T14:00:00Z' } });
    expect([back.status, back.body.error.errors[0].reason]).toEqual([400, 'timeRangeEmpty']);
    const zone = await t.request('POST', P, { start: { dateTime: '2026-03-10T15:00:00', timeZone: 'Mars/Base' }, end: { dateTime: '2026-03-10T16:00:00', timeZone: 'Mars/Base' } });
    expect(zone.status).toBe(400);
    const dup = await t.request('POST', P, { id: 'lunch0', start: { date: '2026-03-10' }, end: { date: '2026-03-11' } });
    expect(dup.status).toBe(200);
    const again = await t.request('POST', P, { id: 'lunch0', start: { date: '2026-03-10' }, end: { date: '2026-03-11' } });
    expect([again.status, again.body.error.errors[0].reason]).toEqual([409, 'duplicate']);
  });

  it('patch changes only the given fields and a new etag; update clears what it leaves out', async () => {
    const before = (await t.request('GET', `${P}/lunch`)).body;
    const p = await t.request('PATCH', `${P}/lunch`, { location: 'Cafe Rio' });
    expect(p.body).toMatchObject({ location: 'Cafe Rio', description: 'Tacos', summary: 'Lunch with Ben' });
    expect(p.body.etag).not.toBe(before.etag);
    const diff = await t.diff();
    const change = diff.updates.find((u) => u.__table__ === 'calendar_events')!;
    const changed = Object.keys(change.after).filter((k) => JSON.stringify(change.after[k]) !== JSON.stringify(change.before[k]));
    expect(changed.sort()).toEqual(['etag', 'location', 'sequence', 'updated_at']);
    const u = await t.request('PUT', `${P}/lunch`, { summary: 'Lunch', start: before.start, end: before.end });
    expect(u.body.description).toBeUndefined();
    expect(u.body.attendees).toBeUndefined();
  });

  it('changing one instance makes an exception; deleting one instance cancels only it', async () => {
    const r = await t.request('PATCH', `${P}/standup_20260303T140000Z`, { summary: 'Standup (demo)' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 'standup_20260303T140000Z', recurringEventId: 'standup', summary: 'Standup (demo)' });
    expect((await t.request('DELETE', `${P}/standup_20260305T140000Z`)).status).toBe(204);
    const list = await t.request('GET', `${P}/standup/instances?timeMax=2026-03-07T00:00:00Z`);
    expect(list.body.items.map((e: any) => e.summary)).toEqual(['Standup', 'Standup (demo)', 'Standup (late)', 'Standup']);
    const gone = await t.request('GET', `${P}/standup_20260305T140000Z`);
    expect(gone.body.status).toBe('cancelled');
    expect((await t.request('DELETE', `${P}/standup_20260305T140000Z`)).status).toBe(410);
    expect((await t.request('GET', `${P}/standup_20260305T150000Z`)).status).toBe(404);
  });

  it('deletes by cancelling; a second delete is 410 deleted', async () => {
    expect((await t.request('DELETE', `${P}/lunch`)).status).toBe(204);
    expect((await t.query<any>(`SELECT status FROM calendar_events WHERE id = 'lunch'`))[0].status).toBe('cancelled');
    const again = await t.request('DELETE', `${P}/lunch`);
    expect([again.status, again.body.error.errors[0].reason]).toEqual([410, 'deleted']);
  });

  it('moves an event to another calendar the user can write', async () => {
    const r = await t.request('POST', `${P}/lunch/move?destination=cal_team`);
    expect(r.status).toBe(200);
    expect((await t.query<any>(`SELECT calendar_id FROM calendar_events WHERE id = 'lunch'`))[0].calendar_id).toBe('cal_team');
    const ro = await t.request('POST', `${P}/focus/move?destination=ben%40acme.test`);
    expect([ro.status, ro.body.error.errors[0].reason]).toEqual([403, 'requiredAccessLevel']);
  });

  it('quickAdd parses a day, a time range and a place', async () => {
    const r = await t.request('POST', `${P}/quickAdd?text=${encodeURIComponent('Coffee with Cy tomorrow 3pm-4:30pm at Blue Bottle')}`);
    expect(r.body).toMatchObject({ summary: 'Coffee with Cy', location: 'Blue Bottle', start: { dateTime: '2026-03-03T15:00:00-05:00' }, end: { dateTime: '2026-03-03T16:30:00-05:00' } });
  });

  it('import keys on iCalUID', async () => {
    const body = { iCalUID: 'abc@ext.test', summary: 'Imported', start: { dateTime: '2026-03-12T10:00:00Z' }, end: { dateTime: '2026-03-12T11:00:00Z' }, organizer: { email: 'x@ext.test' } };
    const a = await t.request('POST', `${P}/import`, body);
    const b = await t.request('POST', `${P}/import`, { ...body, summary: 'Imported again' });
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.organizer.email).toBe('x@ext.test');
    expect((await t.request('POST', `${P}/import`, { ...body, iCalUID: undefined })).body.error.errors[0].reason).toBe('required');
  });
});

describe('access', () => {
  it('a freeBusyReader sees only times; a stranger gets 404; a reader cannot write', async () => {
    t.actAs('u_ben');
    const fb = await t.request('GET', 'calendars/ana%40acme.test/events?singleEvents=true&timeMax=2026-03-04T00:00:00Z');
    expect(fb.body.accessRole).toBe('freeBusyReader');
    expect(fb.body.items[0].summary).toBeUndefined();
    expect(fb.body.items[0].start).toBeDefined();
    t.actAs('u_ana');
    expect((await t.request('GET', 'calendars/cal_secret/events')).status).toBe(404);
    const w = await t.request('POST', 'calendars/ben%40acme.test/events', { start: { date: '2026-03-10' }, end: { date: '2026-03-11' } });
    expect([w.status, w.body.error.errors[0].reason]).toEqual([403, 'requiredAccessLevel']);
    t.actAs('u_ben');
    expect((await t.request('POST', 'calendars/cal_team/events', { start: { date: '2026-03-10' }, end: { date: '2026-03-11' } })).status).toBe(200);
  });

  it('requires a bearer token', async () => {
    const r = await t.request('GET', P, undefined, { token: null });
    expect([r.status, r.body.error.status]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('events.list filters and instances options', () => {
  it('q matches all words across summary, description, location and attendees; iCalUID and extended properties filter', async () => {
    expect(ids((await t.request('GET', `${P}?q=tacos%20ben`)).body.items)).toEqual(['lunch']);
    expect(ids((await t.request('GET', `${P}?q=lake`)).body.items)).toEqual(['offsite']);
    expect((await t.request('GET', `${P}?q=tacos%20nobody`)).body.items).toEqual([]);
    const made = await t.request('POST', P, { summary: 'Tagged', start: { date: '2026-03-20' }, end: { date: '2026-03-21' }, extendedProperties: { private: { project: 'atlas' } } });
    expect(ids((await t.request('GET', `${P}?privateExtendedProperty=project%3Datlas`)).body.items)).toEqual([made.body.id]);
    expect(ids((await t.request('GET', `${P}?iCalUID=${encodeURIComponent(made.body.iCalUID)}`)).body.items)).toEqual([made.body.id]);
  });

  it('updatedMin returns what changed since then, deleted ones included', async () => {
    await t.request('DELETE', `${P}/focus`);
    const r = await t.request('GET', `${P}?updatedMin=2026-03-01T00:00:00Z`);
    expect(r.body.items.map((e: any) => [e.id, e.status])).toEqual([['focus', 'cancelled']]);
  });

  it('orderBy=updated sorts by last change; maxResults must be positive', async () => {
    await t.request('PATCH', `${P}/offsite`, { summary: 'Offsite!' });
    const r = await t.request('GET', `${P}?orderBy=updated`);
    expect(r.body.items.at(-1).id).toBe('offsite');
    expect((await t.request('GET', `${P}?maxResults=0`)).status).toBe(400);
  });

  it('instances takes originalStart, and a cancelled series shows no instances', async () => {
    const one = await t.request('GET', `${P}/standup/instances?originalStart=${encodeURIComponent('2026-03-09T09:00:00-04:00')}`);
    expect(one.body.items.map((e: any) => e.id)).toEqual(['standup_20260309T130000Z']);
    await t.request('DELETE', `${P}/standup`);
    expect((await t.request('GET', `${P}/standup/instances?timeMax=2026-03-20T00:00:00Z`)).body.items).toEqual([]);
    expect(ids((await t.request('GET', `${P}?singleEvents=true&timeMax=2026-03-20T00:00:00Z`)).body.items).some((id: string) => id.startsWith('standup'))).toBe(false);
  });

  it('patching the series recurrence re-expands it; update of a cancelled event restores it', async () => {
    await t.request('PATCH', `${P}/standup`, { recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=3'] });
    const r = await t.request('GET', `${P}/standup/instances`);
    expect(r.body.items.map((e: any) => e.start.dateTime.slice(0, 10))).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    await t.request('DELETE', `${P}/lunch`);
    const back = await t.request('PUT', `${P}/lunch`, { summary: 'Lunch again', start: { dateTime: '2026-03-03T12:00:00-05:00' }, end: { dateTime: '2026-03-03T13:00:00-05:00' } });
    expect(back.body.status).toBe('confirmed');
  });
});
