import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from '../../../../src/replicas/calendar/quickAdd.ts';

// Wednesday 2026-03-25 09:00 in San Francisco.
const now = DateTime.fromISO('2026-03-25T09:00:00', { zone: 'America/Los_Angeles' });

describe('parseQuickAdd', () => {
  it.each([
    ['Dinner with Ana tomorrow at 7pm', { summary: 'Dinner with Ana', start: { dateTime: '2026-03-26T19:00:00-07:00' }, end: { dateTime: '2026-03-26T20:00:00-07:00' } }],
    ['Standup review friday 9:30am-10am', { summary: 'Standup review', start: { dateTime: '2026-03-27T09:30:00-07:00' }, end: { dateTime: '2026-03-27T10:00:00-07:00' } }],
    ['Budget sync April 2 14:00 at Room 4', { summary: 'Budget sync', location: 'Room 4', start: { dateTime: '2026-04-02T14:00:00-07:00' } }],
    ['Holiday party 12/18', { summary: 'Holiday party', start: { date: '2026-12-18' }, end: { date: '2026-12-19' } }],
    ['Pay rent', { summary: 'Pay rent', start: { date: '2026-03-25' }, end: { date: '2026-03-26' } }],
    ['Retro next wednesday 3pm', { summary: 'Retro', start: { dateTime: '2026-04-01T15:00:00-07:00' } }],
  ])('%s', (text, expected) => {
    expect(parseQuickAdd(text, now)).toMatchObject(expected);
  });
});
