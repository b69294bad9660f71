import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { MAX_INSTANCES, expandSeries, occurrenceAt } from '../../../../src/replicas/calendar/recurrence.ts';
import { RRule } from '../../../../src/replicas/calendar/rruleLib.ts';
import { calendarTestSeed, CALENDAR_TEST_CLOCK, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });

/** The starts of a rule in UTC by walking it from its DTSTART with rrule itself: the reference the moved walk must equal. */
function naiveStarts(rule: string, start: string, from: string, to: string): string[] {
  const r = new RRule({ ...RRule.parseString(rule), dtstart: new Date(start) });
  return r.between(new Date(from), new Date(to), true).filter((d) => d.getTime() < Date.parse(to)).map((d) => d.toISOString());
}

function movedStarts(rule: string, start: string, from: string, to: string): string[] {
  const series = { start: { dateTime: start, timeZone: 'UTC' }, end: { dateTime: start, timeZone: 'UTC' }, recurrence: [`RRULE:${rule}`] };
  // A zero-length series: an occurrence meets [from, to) exactly when it starts in it (or at from).
  return expandSeries(series, 'UTC', utc(from).minus({ milliseconds: 1 }), utc(to)).map((o) => new Date(o.startMs).toISOString());
}

describe('recurrence: expansion costs what the window holds', () => {
  // Each rule, from its DTSTART, in a window past it: the moved walk gives exactly rrule's own occurrences. (rrule
  // drifts off the INTERVAL grid for sub-daily rules that skip periods when the interval does not divide the hour
  // or day, from either start; such rules come out as rrule walks them from the moved start.)
  const cases: [string, string, string, string][] = [
    ['FREQ=SECONDLY', '2026-04-01T17:00:00Z', '2026-04-01T20:00:00Z', '2026-04-01T20:02:00Z'],
    ['FREQ=SECONDLY;INTERVAL=7', '2026-04-01T17:00:03Z', '2026-04-02T05:00:00Z', '2026-04-02T05:05:00Z'],
    ['FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10', '2026-04-01T09:05:00Z', '2026-06-11T00:00:00Z', '2026-06-13T00:00:00Z'],
    ['FREQ=HOURLY;INTERVAL=5', '2026-04-01T17:30:15Z', '2027-04-01T00:00:00Z', '2027-04-04T00:00:00Z'],
    ['FREQ=DAILY;INTERVAL=3', '2020-02-29T08:00:00Z', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA;WKST=SU', '2021-01-07T10:00:00Z', '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z'],
    ['FREQ=WEEKLY', '2021-01-07T10:00:00Z', '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z'],
    ['FREQ=MONTHLY;INTERVAL=5', '2019-01-31T10:00:00Z', '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z'],
    ['FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=-1', '2019-01-04T10:00:00Z', '2026-01-01T00:00:00Z', '2026-12-01T00:00:00Z'],
    ['FREQ=YEARLY;INTERVAL=4', '2000-02-29T12:00:00Z', '2020-01-01T00:00:00Z', '2045-01-01T00:00:00Z'],
    ['FREQ=YEARLY', '2001-06-15T12:00:00Z', '2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z'],
    ['FREQ=SECONDLY;COUNT=5000000', '2026-04-01T17:00:00Z', '2026-04-01T19:00:00Z', '2026-04-01T19:01:00Z'],
    ['FREQ=SECONDLY;COUNT=90', '2026-04-01T17:00:00Z', '2026-04-01T17:00:30Z', '2026-04-20T17:01:00Z'],
    ['FREQ=DAILY;COUNT=400;BYDAY=MO,TH', '2025-01-06T09:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'],
    ['FREQ=MINUTELY;UNTIL=20260410T170100Z', '2026-04-01T17:00:00Z', '2026-04-10T16:58:00Z', '2026-04-10T18:00:00Z'],
  ];
  for (const [rule, start, from, to] of cases) {
    it(`${rule} from ${start}, window ${from} – ${to}`, () => {
      const want = naiveStarts(rule, start, from, to);
      expect(movedStarts(rule, start, from, to)).toEqual(want);
    });
  }

  it('a SECONDLY series a year out: the window of an hour is 3,600 starts (plus the ones still running)', () => {
    const series = { start: { dateTime: '2026-04-24T17:00:00Z' }, end: { dateTime: '2026-04-24T17:00:10Z' }, recurrence: ['RRULE:FREQ=SECONDLY'] };
    const occ = expandSeries(series, 'UTC', utc('2027-04-24T17:00:00Z'), utc('2027-04-24T18:00:00Z'));
    expect(occ).toHaveLength(3600 + 9);
    expect(occ[0].key).toBe('20270424T165951Z');
  });

  it(`past ${MAX_INSTANCES} instances in one request: Google's 400 timeRangeTooLong`, async () => {
    const series = { start: { dateTime: '2026-04-24T17:00:00Z' }, end: { dateTime: '2026-04-24T18:00:00Z' }, recurrence: ['RRULE:FREQ=SECONDLY'] };
    let thrown: unknown;
    try {
      expandSeries(series, 'UTC', utc('2026-05-24T17:00:00Z'), utc('2026-05-25T17:00:00Z'));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Response);
    const r = thrown as Response;
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: { code: 400, errors: [{ domain: 'calendar', reason: 'timeRangeTooLong' }] } });
  });

  it('finds the occurrence an instance id names by its instant, not by walking', () => {
    const series = { start: { dateTime: '2026-04-24T17:00:00Z' }, end: { dateTime: '2026-04-24T18:00:00Z' }, recurrence: ['RRULE:FREQ=SECONDLY'] };
    expect(occurrenceAt(series, 'UTC', utc('2027-04-24T17:00:07Z'))?.key).toBe('20270424T170007Z');
    const weekly = { start: { dateTime: '2026-04-24T17:00:00Z' }, end: { dateTime: '2026-04-24T18:00:00Z' }, recurrence: ['RRULE:FREQ=WEEKLY'] };
    expect(occurrenceAt(weekly, 'UTC', utc('2036-04-25T17:00:00Z'))).toBeDefined();
    expect(occurrenceAt(weekly, 'UTC', utc('2036-04-25T17:00:01Z'))).toBeUndefined();
  });
});

describe('Calendar API: an open-ended SECONDLY series', () => {
  const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });
  const P = 'calendars/ana@acme.test/events';

  it('is accepted (RFC 5545), listed a month out, its instances read by id, and too wide a window is timeRangeTooLong', async () => {
    const made = await t.request('POST', P, {
      summary: 'tick',
      start: { dateTime: '2026-04-24T17:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2026-04-24T17:00:01Z', timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=SECONDLY'],
    });
    expect(made.status).toBe(200);
    const id = made.body.id;
    const list = await t.request('GET', `${P}?singleEvents=true&orderBy=startTime&timeMin=2026-05-24T17:00:00Z&timeMax=2026-05-24T18:00:00Z&maxResults=2500`);
    expect(list.status).toBe(200);
    expect(list.body.items.filter((e: any) => e.recurringEventId === id)).toHaveLength(2500);
    expect(list.body.nextPageToken).toEqual(expect.any(String));
    const inst = await t.request('GET', `${P}/${id}/instances?timeMin=2027-04-24T17:00:00Z&timeMax=2027-04-24T17:00:05Z`);
    expect(inst.body.items.map((e: any) => e.id)).toEqual([0, 1, 2, 3, 4].map((s) => `${id}_20270424T17000${s}Z`));
    const one = await t.request('GET', `${P}/${id}_20260424T170000Z`);
    expect(one).toMatchObject({ status: 200, body: { id: `${id}_20260424T170000Z`, recurringEventId: id } });
    expect((await t.request('GET', `${P}/${id}_20270424T170000Z`)).status).toBe(200);
    const year = await t.request('GET', `${P}?singleEvents=true&timeMin=2026-05-24T17:00:00Z&timeMax=2027-05-24T17:00:00Z`);
    expect(year).toMatchObject({ status: 400, body: { error: { errors: [{ reason: 'timeRangeTooLong' }] } } });
  });
});
