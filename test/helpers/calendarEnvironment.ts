import type { SeedTables } from '../../src/engine/index.ts';
import { calendar } from '../../src/replicas/calendar/index.ts';
import { authHeaders, jsonResult, withReplicaEnvironment, type ReplicaTestEnvironment } from './replicaEnvironment.ts';

export const CALENDAR_BASE = 'https://www.googleapis.com/calendar/v3/';

export interface CalendarTestEnvironment extends ReplicaTestEnvironment {
  /** Sends `METHOD path` (below the v3 base; query in the path) with an optional JSON body. */
  request(method: string, path: string, body?: unknown, options?: { token?: string | null }): Promise<{ status: number; body: any }>;
}

/** A Calendar environment per test (acting as u_ana unless told), clock at `clock`. */
export function withCalendarEnvironment(
  seed: SeedTables,
  options: { actingUserId?: string | null; template?: string; clock?: string } = {},
): CalendarTestEnvironment {
  const base = withReplicaEnvironment({
    replicas: [calendar],
    seed,
    template: options.template ?? 'calendar_unit',
    actingUserId: options.actingUserId === undefined ? 'u_ana' : options.actingUserId,
    clockStart: options.clock ? Date.parse(options.clock) : undefined,
  });
  return Object.assign(base, {
    async request(method: string, path: string, body?: unknown, opts: { token?: string | null } = {}) {
      const headers = authHeaders(opts.token, 'ya29.test');
      if (body !== undefined) headers['content-type'] = 'application/json';
      return jsonResult(await base.send(new Request(`${CALENDAR_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })));
    },
  });
}

/**
 * A small team for the unit tests (our own data). Clock: Monday 2026-03-02 09:00 in New York.
 *
 * | calendar | owner | zone | shared with |
 * |---|---|---|---|
 * | ana@acme.test (primary) | Ana | America/New_York | Ben freeBusyReader |
 * | ben@acme.test (primary) | Ben | Europe/Berlin | Ana reader |
 * | cal_team | Ana | America/New_York | Ben writer, Cy reader |
 * | cal_secret | Ben | Europe/Berlin | nobody |
 * | cy@acme.test (primary) | Cy | Asia/Tokyo | acme.test freeBusyReader |
 *
 * Ana's "Standup" repeats every weekday at 09:00 New York from 2026-03-02 (across the 2026-03-08 DST change); the
 * 2026-03-04 instance moved to 10:00 (an exception). Ana also has an all-day "Offsite" on 2026-03-05.
 */
export const CALENDAR_TEST_CLOCK = '2026-03-02T09:00:00-05:00';

export const calendarTestSeed: SeedTables = {
  calendar_users: [
    { id: 'u_ana', email: 'ana@acme.test', display_name: 'Ana Silva', self: true },
    { id: 'u_ben', email: 'ben@acme.test', display_name: 'Ben Okafor' },
    { id: 'u_cy', email: 'cy@acme.test', display_name: 'Cy Tran' },
  ],
  calendars: [
    { id: 'ana@acme.test', summary: 'ana@acme.test', owner_id: 'u_ana', time_zone: 'America/New_York' },
    { id: 'ben@acme.test', summary: 'ben@acme.test', owner_id: 'u_ben', time_zone: 'Europe/Berlin' },
    { id: 'cal_team', summary: 'Team', description: 'Team events', owner_id: 'u_ana', time_zone: 'America/New_York' },
    { id: 'cal_secret', summary: 'Secret', owner_id: 'u_ben', time_zone: 'Europe/Berlin' },
    { id: 'cy@acme.test', summary: 'cy@acme.test', owner_id: 'u_cy', time_zone: 'Asia/Tokyo' },
  ],
  calendar_list_entries: [
    { id: 'cle_ana', user_id: 'u_ana', calendar_id: 'ana@acme.test', access_role: 'owner', primary: true },
    { id: 'cle_ana_team', user_id: 'u_ana', calendar_id: 'cal_team', access_role: 'owner', color_id: '7' },
    { id: 'cle_ana_ben', user_id: 'u_ana', calendar_id: 'ben@acme.test', access_role: 'reader', hidden: true },
    { id: 'cle_ben', user_id: 'u_ben', calendar_id: 'ben@acme.test', access_role: 'owner', primary: true },
    { id: 'cle_ben_secret', user_id: 'u_ben', calendar_id: 'cal_secret', access_role: 'owner' },
    { id: 'cle_cy_team', user_id: 'u_cy', calendar_id: 'cal_team', access_role: 'reader' },
  ],
  calendar_acl_rules: [
    { id: 'user:ana@acme.test', calendar_id: 'ana@acme.test', role: 'owner', scope_type: 'user', scope_value: 'ana@acme.test' },
    { id: 'user:ben@acme.test', calendar_id: 'ana@acme.test', role: 'freeBusyReader', scope_type: 'user', scope_value: 'ben@acme.test' },
    { id: 'user:ben@acme.test', calendar_id: 'ben@acme.test', role: 'owner', scope_type: 'user', scope_value: 'ben@acme.test' },
    { id: 'user:ana@acme.test', calendar_id: 'ben@acme.test', role: 'reader', scope_type: 'user', scope_value: 'ana@acme.test' },
    { id: 'user:ana@acme.test', calendar_id: 'cal_team', role: 'owner', scope_type: 'user', scope_value: 'ana@acme.test' },
    { id: 'user:ben@acme.test', calendar_id: 'cal_team', role: 'writer', scope_type: 'user', scope_value: 'ben@acme.test' },
    { id: 'user:cy@acme.test', calendar_id: 'cal_team', role: 'reader', scope_type: 'user', scope_value: 'cy@acme.test' },
    { id: 'user:ben@acme.test', calendar_id: 'cal_secret', role: 'owner', scope_type: 'user', scope_value: 'ben@acme.test' },
    { id: 'user:cy@acme.test', calendar_id: 'cy@acme.test', role: 'owner', scope_type: 'user', scope_value: 'cy@acme.test' },
    { id: 'domain:acme.test', calendar_id: 'cy@acme.test', role: 'freeBusyReader', scope_type: 'domain', scope_value: 'acme.test' },
  ],
  calendar_events: [
    {
      id: 'standup',
      calendar_id: 'ana@acme.test',
      summary: 'Standup',
      start: { dateTime: '2026-03-02T09:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-02T09:15:00-05:00', timeZone: 'America/New_York' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      organizer_email: 'ana@acme.test',
      creator_email: 'ana@acme.test',
      updated_at: '2026-02-01T00:00:00Z',
    },
    {
      id: 'standup_20260304T140000Z',
      calendar_id: 'ana@acme.test',
      summary: 'Standup (late)',
      recurring_event_id: 'standup',
      original_start_time: { dateTime: '2026-03-04T09:00:00-05:00', timeZone: 'America/New_York' },
      start: { dateTime: '2026-03-04T10:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-04T10:15:00-05:00', timeZone: 'America/New_York' },
      updated_at: '2026-02-01T00:00:00Z',
    },
    { id: 'offsite', calendar_id: 'ana@acme.test', summary: 'Offsite', start: { date: '2026-03-05' }, end: { date: '2026-03-06' }, location: 'Lake House', updated_at: '2026-02-01T00:00:00Z' },
    {
      id: 'lunch',
      calendar_id: 'ana@acme.test',
      summary: 'Lunch with Ben',
      description: 'Tacos',
      start: { dateTime: '2026-03-03T12:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-03T13:00:00-05:00', timeZone: 'America/New_York' },
      updated_at: '2026-02-01T00:00:00Z',
    },
    {
      id: 'focus',
      calendar_id: 'ana@acme.test',
      summary: 'Focus time',
      transparency: 'transparent',
      start: { dateTime: '2026-03-03T14:00:00-05:00' },
      end: { dateTime: '2026-03-03T16:00:00-05:00' },
      updated_at: '2026-02-01T00:00:00Z',
    },
    {
      id: 'berlin',
      calendar_id: 'ben@acme.test',
      summary: 'Berlin review',
      start: { dateTime: '2026-03-03T15:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-03-03T16:00:00+01:00', timeZone: 'Europe/Berlin' },
      updated_at: '2026-02-01T00:00:00Z',
    },
    {
      id: 'plan',
      calendar_id: 'cal_team',
      summary: 'Planning',
      start: { dateTime: '2026-03-06T11:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-06T12:00:00-05:00', timeZone: 'America/New_York' },
      updated_at: '2026-02-01T00:00:00Z',
    },
    {
      id: 'hidden1',
      calendar_id: 'cal_secret',
      summary: 'Secret',
      start: { dateTime: '2026-03-03T10:00:00+01:00' },
      end: { dateTime: '2026-03-03T11:00:00+01:00' },
    },
  ],
  calendar_event_attendees: [
    { event_id: 'lunch', email: 'ben@acme.test', response_status: 'accepted' },
    { event_id: 'lunch', email: 'ana@acme.test', response_status: 'accepted' },
  ],
  calendar_settings: [
    { id: 1, user_id: 'u_ana', setting_id: 'timezone', value: 'America/New_York' },
    { id: 2, user_id: 'u_ben', setting_id: 'timezone', value: 'Europe/Berlin' },
  ],
  calendar_channels: [{ id: 'chan_old', resource_id: 'res_old', resource_uri: '/calendars/ana@acme.test/events', user_id: 'u_ana', type: 'web_hook', address: 'https://hooks.acme.test/cal' }],
};
