#!/usr/bin/env node
// Generates harborlight_calendar.json: the Google Calendar data of Harborlight, a fictional 28-person company that
// builds "Beacon", a logistics dashboard, from offices in San Francisco, New York, Lisbon, Berlin, Lagos, Bengaluru
// and Tokyo. Every person and event is invented.
//
//   node scenarios/calendar/seeds/generate.mjs          writes harborlight_calendar.json next to this file
//   node scenarios/calendar/seeds/generate.mjs --check  exits 1 if harborlight_calendar.json differs from its output
//
// Deterministic: the only randomness is a seeded PRNG. The scenarios' clock is Wednesday 2026-03-25 09:00 in
// San Francisco (16:00Z). Europe moves to summer time on Sunday 2026-03-29, the US already did on 2026-03-08, so
// "next week" the Lisbon and Berlin offices are an hour closer to California than this week — on purpose.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';

let prngState = 20260325;
function rand() {
  let t = (prngState = (prngState + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

const DOMAIN = 'harborlight.example';
const CREATED = '2025-11-03T17:00:00.000Z';

// key, display name, time zone, role in the company
const PEOPLE = [
  ['priya', 'Priya Nair', 'America/Los_Angeles', 'Chief of Staff'],
  ['helena', 'Helena Brandt', 'America/Los_Angeles', 'CEO'],
  ['marco', 'Marco Rossi', 'America/New_York', 'VP Engineering'],
  ['kenji', 'Kenji Watanabe', 'Asia/Tokyo', 'Head of APAC'],
  ['joao', 'João Almeida', 'Europe/Lisbon', 'Lisbon Office Lead'],
  ['aiko', 'Aiko Mori', 'Asia/Tokyo', 'Design Lead'],
  ['tunde', 'Tunde Bakare', 'Africa/Lagos', 'Data Engineer'],
  ['ines', 'Inês Carvalho', 'Europe/Lisbon', 'Product Designer'],
  ['lena', 'Lena Vogel', 'Europe/Berlin', 'Backend Engineer'],
  ['arjun', 'Arjun Rao', 'Asia/Kolkata', 'Site Reliability Engineer'],
  ['sam', 'Sam Whitaker', 'America/Los_Angeles', 'Frontend Engineer'],
  ['grace', 'Grace Kim', 'America/New_York', 'Product Manager'],
  ['omar', 'Omar Haddad', 'Europe/Berlin', 'Security Engineer'],
  ['yuki', 'Yuki Sato', 'Asia/Tokyo', 'Customer Success'],
  ['chidi', 'Chidi Okeke', 'Africa/Lagos', 'Support Lead'],
  ['nora', 'Nora Lindahl', 'Europe/Berlin', 'Recruiter'],
  ['diego', 'Diego Marín', 'America/Los_Angeles', 'Sales Lead'],
  ['fatima', 'Fatima Zahra', 'Europe/Lisbon', 'Finance Manager'],
  ['ravi', 'Ravi Iyer', 'Asia/Kolkata', 'Mobile Engineer'],
  ['hannah', 'Hannah Cole', 'America/New_York', 'Marketing Lead'],
  ['ben', 'Ben Adler', 'America/Los_Angeles', 'Engineering Manager'],
  ['mei', 'Mei Chen', 'America/Los_Angeles', 'QA Engineer'],
  ['pavel', 'Pavel Novak', 'Europe/Berlin', 'Platform Engineer'],
  ['zara', 'Zara Ahmed', 'America/New_York', 'Legal Counsel'],
  ['kofi', 'Kofi Mensah', 'Africa/Lagos', 'Field Operations'],
  ['lucas', 'Lucas Moreau', 'Europe/Lisbon', 'Data Scientist'],
  ['emi', 'Emi Tanaka', 'Asia/Tokyo', 'Partnerships'],
  ['victor', 'Victor Hale', 'America/New_York', 'Board Liaison (contractor)'],
];
const email = (k) => `${k}@${DOMAIN}`;
const person = Object.fromEntries(PEOPLE.map(([k, name, tz, title]) => [k, { id: `u_${k}`, email: email(k), name, tz, title }]));

const seed = {
  calendar_users: [],
  calendars: [],
  calendar_list_entries: [],
  calendar_acl_rules: [],
  calendar_events: [],
  calendar_event_attendees: [],
  calendar_settings: [],
  calendar_channels: [],
};

// ---------------------------------------------------------------------------------------------------------------
// People, primary calendars, settings. Everyone shares free/busy with the company domain (a common default).

let settingId = 1;
for (const [k, name, tz] of PEOPLE) {
  const p = person[k];
  seed.calendar_users.push({ id: p.id, email: p.email, display_name: name, self: k === 'priya', time_zone: tz, created_at: CREATED, updated_at: CREATED });
  seed.calendars.push({ id: p.email, summary: p.email, description: null, owner_id: p.id, time_zone: tz, etag: `"etag_${k}_cal"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_list_entries.push({ id: `cle_${k}_primary`, user_id: p.id, calendar_id: p.email, access_role: 'owner', primary: true, selected: true, hidden: false, deleted: false, etag: `"etag_cle_${k}"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_acl_rules.push({ id: `user:${p.email}`, calendar_id: p.email, role: 'owner', scope_type: 'user', scope_value: p.email, etag: `"etag_acl_${k}_owner"`, created_at: CREATED, updated_at: CREATED });
  if (k !== 'victor') seed.calendar_acl_rules.push({ id: `domain:${DOMAIN}`, calendar_id: p.email, role: 'freeBusyReader', scope_type: 'domain', scope_value: DOMAIN, etag: `"etag_acl_${k}_domain"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_settings.push({ id: settingId++, user_id: p.id, setting_id: 'timezone', value: tz, etag: `"etag_set_${k}_tz"` });
}
// Priya's own preferences, and Helena lets her assistant-in-practice read her calendar.
seed.calendar_settings.push(
  { id: settingId++, user_id: 'u_priya', setting_id: 'weekStart', value: '1', etag: '"etag_set_priya_week"' },
  { id: settingId++, user_id: 'u_priya', setting_id: 'format24HourTime', value: 'false', etag: '"etag_set_priya_24h"' },
  { id: settingId++, user_id: 'u_priya', setting_id: 'locale', value: 'en', etag: '"etag_set_priya_locale"' },
);
for (const k of ['helena', 'marco', 'kenji']) {
  seed.calendar_acl_rules.push({ id: `user:${email('priya')}`, calendar_id: email(k), role: k === 'helena' ? 'writer' : 'reader', scope_type: 'user', scope_value: email('priya'), etag: `"etag_acl_${k}_priya"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_list_entries.push({ id: `cle_priya_${k}`, user_id: 'u_priya', calendar_id: email(k), access_role: k === 'helena' ? 'writer' : 'reader', primary: false, selected: k === 'helena', hidden: false, deleted: false, etag: `"etag_cle_priya_${k}"`, created_at: CREATED, updated_at: CREATED });
}

// ---------------------------------------------------------------------------------------------------------------
// Shared calendars: [id, summary, description, owner, zone, shares {key|'domain': role}, Priya's entry {role, colorId, hidden}]

const SHARED = [
  ['cal_company', 'Company Events', 'All-hands, holidays and socials', 'priya', 'America/Los_Angeles', { domain: 'reader', helena: 'writer' }, { colorId: '9' }],
  ['cal_engineering', 'Engineering', 'Standups, planning and incident reviews', 'marco', 'America/New_York', { domain: 'reader', priya: 'writer', ben: 'writer' }, { colorId: '16' }],
  ['cal_design', 'Design Studio', 'Critiques and research sessions', 'aiko', 'Asia/Tokyo', { priya: 'reader', ines: 'writer' }, { colorId: '23' }],
  ['cal_oncall', 'On-call Rotation', 'Primary and secondary on-call shifts', 'priya', 'UTC', { arjun: 'writer', pavel: 'writer', lena: 'reader' }, { colorId: '4' }],
  ['cal_interviews', 'Interviews', 'Candidate interviews (confidential)', 'priya', 'America/Los_Angeles', { nora: 'writer' }, {}],
  ['cal_ooo', 'Out of Office', 'Vacations and leave', 'priya', 'America/Los_Angeles', { domain: 'reader' }, { colorId: '11' }],
  ['cal_launch', 'Beacon 3.0 Launch', 'Launch milestones and reviews', 'priya', 'America/Los_Angeles', { grace: 'writer', hannah: 'reader' }, { colorId: '6' }],
  ['cal_board', 'Board & Investors', 'Board meetings and investor updates', 'helena', 'America/Los_Angeles', { priya: 'writer', victor: 'reader' }, {}],
  ['cal_lisbon', 'Lisbon Office', 'Office holidays and visits in Lisbon', 'joao', 'Europe/Lisbon', { domain: 'reader' }, { hidden: true }],
  ['cal_offsite_2025', 'Offsite 2025 (archive)', 'Planning for last year\'s offsite', 'priya', 'Europe/Lisbon', {}, { colorId: '19' }],
  ['cal_book_club', 'Book Club', 'Monthly reading group', 'sam', 'America/Los_Angeles', { priya: 'reader', mei: 'writer' }, {}],
];
for (const [id, summary, description, owner, tz, shares, entry] of SHARED) {
  seed.calendars.push({ id, summary, description, owner_id: `u_${owner}`, time_zone: tz, etag: `"etag_${id}"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_acl_rules.push({ id: `user:${email(owner)}`, calendar_id: id, role: 'owner', scope_type: 'user', scope_value: email(owner), etag: `"etag_acl_${id}_owner"`, created_at: CREATED, updated_at: CREATED });
  seed.calendar_list_entries.push({ id: `cle_${owner}_${id}`, user_id: `u_${owner}`, calendar_id: id, access_role: 'owner', primary: false, selected: true, hidden: false, deleted: false, etag: `"etag_cle_${owner}_${id}"`, created_at: CREATED, updated_at: CREATED });
  for (const [who, role] of Object.entries(shares)) {
    const scope = who === 'domain' ? { scope_type: 'domain', scope_value: DOMAIN, id: `domain:${DOMAIN}` } : { scope_type: 'user', scope_value: email(who), id: `user:${email(who)}` };
    seed.calendar_acl_rules.push({ id: scope.id, calendar_id: id, role, scope_type: scope.scope_type, scope_value: scope.scope_value, etag: `"etag_acl_${id}_${who}"`, created_at: CREATED, updated_at: CREATED });
    if (who === 'priya') {
      seed.calendar_list_entries.push({ id: `cle_priya_${id}`, user_id: 'u_priya', calendar_id: id, access_role: role, primary: false, selected: !entry.hidden, hidden: !!entry.hidden, deleted: false, color_id: entry.colorId, etag: `"etag_cle_priya_${id}"`, created_at: CREATED, updated_at: CREATED });
    }
  }
  if (owner === 'priya' && entry.colorId) seed.calendar_list_entries.find((e) => e.id === `cle_priya_${id}`).color_id = entry.colorId;
}
// Priya subscribed to the domain-readable Lisbon calendar but hid it.
seed.calendar_list_entries.push({ id: 'cle_priya_cal_lisbon', user_id: 'u_priya', calendar_id: 'cal_lisbon', access_role: 'reader', primary: false, selected: false, hidden: true, deleted: false, etag: '"etag_cle_priya_lisbon"', created_at: CREATED, updated_at: CREATED });

// ---------------------------------------------------------------------------------------------------------------
// Events. Times are written in the event's own zone with its offset, as Google's clients send them.

const T = (local, tz) => ({ dateTime: DateTime.fromISO(local, { zone: tz }).toISO({ suppressMilliseconds: true }), timeZone: tz });
let order = 0;
function event(id, calendarId, summary, start, end, extra = {}) {
  const { attendees = [], organizer = null, ...rest } = extra;
  const cal = seed.calendars.find((c) => c.id === calendarId);
  const org = organizer ?? seed.calendar_users.find((u) => u.id === cal.owner_id).email;
  const updated = DateTime.fromISO('2026-03-01T12:00:00Z').plus({ minutes: order++ * 7 }).toISO();
  seed.calendar_events.push({
    id,
    calendar_id: calendarId,
    ical_uid: `${id}@${DOMAIN}`,
    summary,
    description: null,
    location: null,
    status: 'confirmed',
    start,
    end,
    creator_email: org,
    organizer_email: org,
    sequence: 0,
    etag: `"etag_${id}"`,
    html_link: `https://www.google.com/calendar/event?eid=${id}`,
    created_at: '2026-02-15T12:00:00.000Z',
    updated_at: updated,
    ...rest,
  });
  for (const a of attendees) {
    const [who, status] = Array.isArray(a) ? a : [a, 'needsAction'];
    seed.calendar_event_attendees.push({ event_id: id, email: who.includes('@') ? who : email(who), response_status: status });
  }
}
const LA = 'America/Los_Angeles';

// Recurring series.
event('staffsync', email('priya'), 'Weekly staff sync', T('2026-01-05T10:00', LA), T('2026-01-05T11:00', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
  location: 'Pier room',
  attendees: [['priya', 'accepted'], ['helena', 'accepted'], ['marco', 'accepted'], ['grace', 'tentative'], ['diego', 'needsAction']],
});
event('eng_standup', 'cal_engineering', 'Engineering standup', T('2026-02-02T12:30', 'America/New_York'), T('2026-02-02T12:45', 'America/New_York'), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  attendees: ['marco', 'ben', 'sam', 'lena', 'pavel', 'arjun', 'mei'],
});
// Good Friday standup is cancelled; Thursday's moved to 13:00 New York for the demo.
event('eng_standup_20260403T163000Z', 'cal_engineering', 'Engineering standup', T('2026-04-03T12:30', 'America/New_York'), T('2026-04-03T12:45', 'America/New_York'), {
  status: 'cancelled', recurring_event_id: 'eng_standup', original_start_time: T('2026-04-03T12:30', 'America/New_York'),
});
event('eng_standup_20260402T163000Z', 'cal_engineering', 'Engineering standup + sprint demo', T('2026-04-02T13:00', 'America/New_York'), T('2026-04-02T13:45', 'America/New_York'), {
  recurring_event_id: 'eng_standup', original_start_time: T('2026-04-02T12:30', 'America/New_York'),
});
event('design_crit', 'cal_design', 'Design critique', T('2026-01-08T17:00', 'Europe/Lisbon'), T('2026-01-08T18:00', 'Europe/Lisbon'), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
  description: 'Bring work in progress; Figma links in the doc.',
  attendees: ['aiko', 'ines', 'priya', 'grace', 'sam'],
});
event('one_on_one_kenji', email('priya'), '1:1 Priya / Kenji', T('2026-01-06T17:00', LA), T('2026-01-06T17:30', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
  attendees: [['priya', 'accepted'], ['kenji', 'accepted']],
});
event('lisbon_tokyo_sync', email('joao'), 'Lisbon–Tokyo sync', T('2026-03-04T08:00', 'Europe/Lisbon'), T('2026-03-04T08:45', 'Europe/Lisbon'), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=8'],
  attendees: ['joao', 'kenji', 'aiko', 'ines'],
});
event('oncall_primary', 'cal_oncall', 'Primary on-call: Arjun', { date: '2026-03-23' }, { date: '2026-03-30' }, {
  recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=6'], transparency: 'transparent',
});
event('oncall_secondary', 'cal_oncall', 'Primary on-call: Pavel', { date: '2026-03-30' }, { date: '2026-04-06' }, {
  recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=6'], transparency: 'transparent',
});
event('book_club', 'cal_book_club', 'Book club: "The Dispossessed"', T('2026-01-29T18:00', LA), T('2026-01-29T19:30', LA), {
  recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1TH'], location: 'Library nook',
});
event('board_meeting', 'cal_board', 'Q1 board meeting', T('2026-04-09T09:00', LA), T('2026-04-09T12:00', LA), {
  location: 'Boardroom, SF', attendees: ['helena', 'priya', 'victor', 'marco'],
});
event('investor_update', 'cal_board', 'Investor update call', T('2026-03-31T08:00', LA), T('2026-03-31T08:45', LA), { attendees: ['helena', 'priya'] });

// Company calendar.
event('allhands_march', 'cal_company', 'All-hands: March', T('2026-03-26T09:00', LA), T('2026-03-26T10:00', LA), { location: 'Zoom + SF atrium', description: 'Q1 results and Beacon 3.0 timeline.' });
event('holiday_good_friday', 'cal_company', 'Company holiday: Good Friday', { date: '2026-04-03' }, { date: '2026-04-04' }, { transparency: 'transparent' });
event('social_tapas', 'cal_company', 'Lisbon tapas night', T('2026-03-27T19:30', 'Europe/Lisbon'), T('2026-03-27T22:00', 'Europe/Lisbon'), { location: 'Taberna da Rua' });
event('offsite_kickoff_old', 'cal_offsite_2025', 'Offsite 2025 kickoff', T('2025-10-06T09:00', 'Europe/Lisbon'), T('2025-10-06T12:00', 'Europe/Lisbon'));
event('offsite_dinner_old', 'cal_offsite_2025', 'Offsite 2025 dinner', T('2025-10-07T20:00', 'Europe/Lisbon'), T('2025-10-07T23:00', 'Europe/Lisbon'));
event('lisbon_holiday', 'cal_lisbon', 'Feriado: Liberty Day (office closed)', { date: '2026-04-25' }, { date: '2026-04-26' });

// Launch calendar.
event('launch_go_no_go', 'cal_launch', 'Beacon 3.0 go/no-go', T('2026-04-07T10:00', LA), T('2026-04-07T11:00', LA), { attendees: ['priya', 'grace', 'marco', 'hannah'] });
event('launch_day', 'cal_launch', 'Beacon 3.0 launch day', { date: '2026-04-14' }, { date: '2026-04-15' });
event('launch_press', 'cal_launch', 'Press briefing (draft)', T('2026-04-13T08:00', LA), T('2026-04-13T09:00', LA), { status: 'tentative', description: 'Placeholder until PR confirms.' });

// Out of office.
event('ooo_lena', 'cal_ooo', 'Lena — vacation', { date: '2026-03-30' }, { date: '2026-04-04' });
event('ooo_tunde', 'cal_ooo', 'Tunde — conference (Nairobi)', { date: '2026-04-01' }, { date: '2026-04-03' });

// Interviews.
event('interview_backend_1', 'cal_interviews', 'Interview: backend candidate (A. Novak)', T('2026-03-30T14:00', LA), T('2026-03-30T15:00', LA), { attendees: ['nora', 'ben', 'priya'] });
event('interview_design_1', 'cal_interviews', 'Interview: design candidate (R. Lima)', T('2026-03-31T09:00', LA), T('2026-03-31T10:00', LA), { attendees: ['nora', 'aiko'] });

// Priya's own one-offs.
event('priya_dentist', email('priya'), 'Dentist', T('2026-03-27T15:00', LA), T('2026-03-27T16:00', LA), { visibility: 'private' });
event('priya_focus', email('priya'), 'Focus block', T('2026-03-26T13:00', LA), T('2026-03-26T15:00', LA), { transparency: 'transparent' });
event('priya_vendor', email('priya'), 'Vendor review: Parcelwise', T('2026-03-30T11:00', LA), T('2026-03-30T12:00', LA), { location: 'Zoom', attendees: [['priya', 'accepted'], 'diego', 'fatima'] });
event('priya_old_draft', email('priya'), 'DRAFT - do not use', T('2026-03-24T08:00', LA), T('2026-03-24T08:30', LA));
event('priya_old_draft2', email('priya'), 'DRAFT - planning placeholder', T('2026-04-01T08:00', LA), T('2026-04-01T08:30', LA));

// Everyone else: a working week of meetings next week (Mon 2026-03-30 – Fri 04-03) in their own business hours,
// plus a few this week, so free/busy questions have real answers.
const TITLES = ['Roadmap review', 'Customer call', 'Pairing session', 'Hiring sync', 'Metrics review', 'Planning', 'Office hours', 'Vendor call', 'Deep work', 'Team retro'];
for (const [k, , tz] of PEOPLE) {
  if (k === 'priya') continue;
  const days = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'];
  let n = 0;
  for (const day of days) {
    const slots = [9, 10, 11, 13, 14, 15, 16].filter(() => rand() < 0.3);
    for (const h of slots) {
      const long = rand() < 0.3;
      const start = `${day}T${String(h).padStart(2, '0')}:00`;
      const end = long ? `${day}T${String(h + 1).padStart(2, '0')}:30` : `${day}T${String(h).padStart(2, '0')}:45`;
      event(`evt_${k}_${n++}`, email(k), pick(TITLES), T(start, tz), T(end, tz));
    }
  }
}
// Fixed blocks the free-slot scenarios rely on (on top of the random ones).
event('evt_kenji_fixed', email('kenji'), 'APAC partner dinner', T('2026-03-31T18:00', 'Asia/Tokyo'), T('2026-03-31T21:00', 'Asia/Tokyo'));
event('evt_joao_fixed', email('joao'), 'Lisbon office walkthrough', T('2026-03-31T09:00', 'Europe/Lisbon'), T('2026-03-31T12:00', 'Europe/Lisbon'));
event('evt_helena_fixed', email('helena'), 'Customer summit', { date: '2026-04-02' }, { date: '2026-04-03' });

// ---------------------------------------------------------------------------------------------------------------
// Added for the long-horizon scenarios (14–20 calls). Written after everything above and without the PRNG, so the
// rows above keep their ids and times. Nothing here touches Priya's calendar before April 7, so the free-slot
// scenarios of this week and next keep their answers.

// All-day "HOLD" placeholders people left on calendars: some already over, one today, some ahead; a timed hold and
// one on a calendar Priya only edits (Marco's Engineering) that a clean-up of her own calendars must not touch.
event('hold_planning_days', email('priya'), 'HOLD: Q2 planning days', { date: '2026-03-16' }, { date: '2026-03-18' });
event('hold_recruiter_call', email('priya'), 'HOLD: recruiter call', T('2026-03-18T10:00', LA), T('2026-03-18T10:30', LA));
event('hold_lisbon_trip', email('priya'), 'HOLD: Lisbon trip', { date: '2026-05-11' }, { date: '2026-05-16' });
event('hold_party_venue', 'cal_company', 'HOLD: summer party venue', { date: '2026-03-20' }, { date: '2026-03-21' });
event('hold_q2_kickoff', 'cal_company', 'HOLD: Q2 kickoff', { date: '2026-05-05' }, { date: '2026-05-06' });
event('hold_beta_feedback', 'cal_launch', 'HOLD: beta feedback day', { date: '2026-03-12' }, { date: '2026-03-13' });
event('hold_launch_retro', 'cal_launch', 'HOLD: launch retro', { date: '2026-04-28' }, { date: '2026-04-29' }, { transparency: 'transparent' });
event('hold_moving_day', 'cal_ooo', 'HOLD: Priya moving day', { date: '2026-03-25' }, { date: '2026-03-26' });
event('hold_hack_week', 'cal_engineering', 'HOLD: hack week', { date: '2026-03-09' }, { date: '2026-03-14' });

// The leadership offsite (Tuesday–Thursday after the launch) and the series it collides with.
event('leadership_offsite', 'cal_company', 'Leadership offsite (Sintra)', { date: '2026-04-21' }, { date: '2026-04-24' }, { location: 'Sintra, Portugal', transparency: 'transparent' });
event('budget_checkin', email('priya'), 'Budget check-in: Priya / Fatima', T('2026-04-08T08:00', LA), T('2026-04-08T08:30', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'], attendees: [['priya', 'accepted'], ['fatima', 'accepted']],
});
event('ops_review', email('priya'), 'Ops metrics review', T('2026-04-07T13:00', LA), T('2026-04-07T13:45', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU,TH'], attendees: [['priya', 'accepted'], 'marco', 'ben', 'arjun'],
});
// The offsite's Tuesday review was already pulled forward to the Monday.
event('ops_review_20260421T200000Z', email('priya'), 'Ops metrics review', T('2026-04-20T13:00', LA), T('2026-04-20T13:45', LA), {
  recurring_event_id: 'ops_review', original_start_time: T('2026-04-21T13:00', LA),
});
event('partner_pipeline', email('priya'), 'Partner pipeline review', T('2026-04-08T11:00', LA), T('2026-04-08T11:30', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'], attendees: [['priya', 'accepted'], ['diego', 'accepted'], 'emi'],
});
event('launch_comms', 'cal_launch', 'Launch comms sync', T('2026-04-09T10:00', LA), T('2026-04-09T10:30', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8'], attendees: [['priya', 'accepted'], 'grace', 'hannah'],
});
event('oncall_handoff', 'cal_oncall', 'On-call handoff', T('2026-04-08T16:00', 'UTC'), T('2026-04-08T16:30', 'UTC'), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'], attendees: ['arjun', 'pavel', 'lena'],
});
event('friday_demo', 'cal_company', 'Friday demo hour', T('2026-03-06T15:00', LA), T('2026-03-06T16:00', LA), {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=FR'], location: 'SF atrium + Zoom',
});

// The rest of the year's company holidays (US calendar, plus the spring recharge day).
for (const [id, name, day] of [
  ['holiday_recharge', 'Recharge day', '2026-05-14'],
  ['holiday_memorial', 'Memorial Day', '2026-05-25'],
  ['holiday_juneteenth', 'Juneteenth', '2026-06-19'],
  ['holiday_independence', 'Independence Day (observed)', '2026-07-03'],
  ['holiday_labor', 'Labor Day', '2026-09-07'],
  ['holiday_thanksgiving', 'Thanksgiving', '2026-11-26'],
  ['holiday_thanksgiving_fri', 'Day after Thanksgiving', '2026-11-27'],
  ['holiday_christmas', 'Christmas Day', '2026-12-25'],
]) {
  event(id, 'cal_company', `Company holiday: ${name}`, { date: day }, { date: DateTime.fromISO(day).plus({ days: 1 }).toISODate() }, { transparency: 'transparent' });
}

// Diego (sales) still has access to two of Priya's calendars and a renewal meeting after his last day.
event('parcelwise_renewal', email('priya'), 'Parcelwise renewal negotiation', T('2026-04-15T10:00', LA), T('2026-04-15T11:00', LA), {
  location: 'Zoom', attendees: [['priya', 'accepted'], ['diego', 'accepted'], 'fatima'],
});
for (const [cal, who, role] of [['cal_launch', 'arjun', 'reader'], ['cal_launch', 'diego', 'reader'], ['cal_interviews', 'diego', 'reader']]) {
  seed.calendar_acl_rules.push({ id: `user:${email(who)}`, calendar_id: cal, role, scope_type: 'user', scope_value: email(who), etag: `"etag_acl_${cal}_${who}"`, created_at: CREATED, updated_at: CREATED });
}

// An old watch channel Priya opened on the launch calendar.
seed.calendar_channels.push({ id: 'chan_launch_legacy', resource_id: 'res_launch_legacy', resource_uri: '/calendars/cal_launch/events', type: 'web_hook', address: 'https://hooks.harborlight.example/calendar/launch', expiration: 1775000000000, token: 'launch-legacy', params: { ttl: '86400' }, payload: false, user_id: 'u_priya', created_at: '2026-03-01T10:00:00.000Z' });

// ---------------------------------------------------------------------------------------------------------------

const out = JSON.stringify(seed, null, 1) + '\n';
const file = join(dirname(fileURLToPath(import.meta.url)), 'harborlight_calendar.json');
if (process.argv.includes('--check')) {
  const same = existsSync(file) && readFileSync(file, 'utf8') === out;
  if (!same) console.error('harborlight_calendar.json is stale: run node scenarios/calendar/seeds/generate.mjs');
  process.exit(same ? 0 : 1);
}
writeFileSync(file, out);
console.log(`wrote ${file}: ${Object.entries(seed).map(([t, rows]) => `${t} ${rows.length}`).join(', ')}`);
