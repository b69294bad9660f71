import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { checkRecurrence, expandSeries, isBounded } from '../../../../src/replicas/calendar/recurrence.ts';

const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });
const starts = (occ: { start: DateTime }[]) => occ.map((o) => o.start.toISO({ suppressMilliseconds: true }));
const keys = (occ: { key: string }[]) => occ.map((o) => o.key);

describe('expandSeries (rrule on wall time, luxon for zones)', () => {
  it('keeps local time across a DST change and moves the UTC instant and instance key', () => {
    const occ = expandSeries(
      { start: { dateTime: '2026-03-26T09:00:00+01:00', timeZone: 'Europe/Berlin' }, end: { dateTime: '2026-03-26T10:00:00+01:00', timeZone: 'Europe/Berlin' }, recurrence: ['RRULE:FREQ=DAILY;COUNT=5'] },
      'UTC',
      null,
      utc('2027-01-01'),
    );
    expect(starts(occ)).toEqual(['2026-03-26T09:00:00+01:00', '2026-03-27T09:00:00+01:00', '2026-03-28T09:00:00+01:00', '2026-03-29T09:00:00+02:00', '2026-03-30T09:00:00+02:00']);
    expect(keys(occ)).toEqual(['20260326T080000Z', '20260327T080000Z', '20260328T080000Z', '20260329T070000Z', '20260330T070000Z']);
    expect(occ.every((o) => o.end.diff(o.start, 'minutes').minutes === 60)).toBe(true);
  });

  it('applies EXDATE (with TZID and in UTC) and RDATE, and UNTIL in UTC is inclusive', () => {
    const occ = expandSeries(
      {
        start: { dateTime: '2026-01-05T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-01-05T10:30:00-05:00', timeZone: 'America/New_York' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260126T150000Z', 'EXDATE;TZID=America/New_York:20260112T100000', 'EXDATE:20260119T150000Z', 'RDATE;TZID=America/New_York:20260107T140000'],
      },
      'UTC',
      null,
      utc('2027-01-01'),
    );
    expect(starts(occ)).toEqual(['2026-01-05T10:00:00-05:00', '2026-01-07T14:00:00-05:00', '2026-01-26T10:00:00-05:00']);
  });

  it('all-day series use date keys and whole days; a date-only UNTIL includes that day', () => {
    const occ = expandSeries({ start: { date: '2026-03-02' }, end: { date: '2026-03-03' }, recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20260316'] }, 'America/Los_Angeles', null, utc('2027-01-01'));
    expect(keys(occ)).toEqual(['20260302', '20260309', '20260316']);
    expect(occ.map((o) => o.end.toISODate())).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
  });

  it('windows an open series: an occurrence ending exactly at `from` is out, one starting at `to` is out', () => {
    const series = { start: { dateTime: '2026-03-02T09:00:00Z' }, end: { dateTime: '2026-03-02T10:00:00Z' }, recurrence: ['RRULE:FREQ=DAILY'] };
    const occ = expandSeries(series, 'UTC', utc('2026-03-10T10:00:00'), utc('2026-03-12T09:00:00'));
    expect(keys(occ)).toEqual(['20260311T090000Z']);
  });

  it('the last Thursday of each month; the first start counts even if the rule skips it', () => {
    const occ = expandSeries({ start: { dateTime: '2026-01-29T18:00:00-08:00', timeZone: 'America/Los_Angeles' }, end: { dateTime: '2026-01-29T19:00:00-08:00', timeZone: 'America/Los_Angeles' }, recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1TH;COUNT=4'] }, 'UTC', null, utc('2027-01-01'));
    expect(occ.map((o) => o.start.toISODate())).toEqual(['2026-01-29', '2026-02-26', '2026-03-26', '2026-04-30']);
    const odd = expandSeries({ start: { dateTime: '2026-03-04T09:00:00Z' }, end: { dateTime: '2026-03-04T09:30:00Z' }, recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2'] }, 'UTC', null, utc('2027-01-01'));
    expect(odd.map((o) => o.start.toISODate())).toEqual(['2026-03-04', '2026-03-09', '2026-03-16']);
  });

  it('checks rules and knows bounded series', () => {
    expect(() => checkRecurrence(['RRULE:FREQ=SOMETIMES'])).toThrow();
    expect(() => checkRecurrence('RRULE:FREQ=DAILY')).toThrow();
    expect(checkRecurrence(['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:20260101T000000Z'])).toHaveLength(2);
    expect(isBounded(['RRULE:FREQ=DAILY;COUNT=3'])).toBe(true);
    expect(isBounded(['RRULE:FREQ=DAILY', 'EXDATE:20260101T000000Z'])).toBe(false);
  });
});
