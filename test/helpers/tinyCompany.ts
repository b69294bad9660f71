import type { SeedFile } from '../../src/engine/index.ts';

/**
 * A two-person company in all five replicas, as a nested multi-service seed: Ada and Bob have the same name and
 * address everywhere and each system's own id for them. Small on purpose: tests of the multi-service plumbing
 * (identities per service, initEnv, serve's default environment, the closed world across services).
 */
export const TINY_COMPANY = 'tiny_company';

export const ada = { email: 'ada@tiny.example', slack: 'U0ADA', box: '1001', calendar: 'cal-ada', linear: '6d1c1f55-0000-4000-8000-00000000ada1', mail: 'ada' };
export const bob = { email: 'bob@tiny.example', slack: 'U0BOB', box: '1002', calendar: 'cal-bob', linear: '6d1c1f55-0000-4000-8000-00000000b0b2', mail: 'bob' };

/** Ada acts in every service under her own id there. */
export const adaEverywhere = { slack: ada.slack, box: ada.box, calendar: ada.calendar, linear: ada.linear, mail: ada.mail };

const t = '2026-01-10T09:00:00Z';
const people = [
  { ...ada, name: 'Ada Lovelace' },
  { ...bob, name: 'Bob Stone' },
];

export const tinyCompanySeed: SeedFile = {
  slack: {
    teams: [{ team_id: 'T0TINY', team_name: 'Tiny Co', domain: 'tinyco' }],
    users: people.map((p) => ({ user_id: p.slack, username: p.mail, email: p.email, real_name: p.name })),
    user_teams: people.map((p) => ({ user_id: p.slack, team_id: 'T0TINY' })),
    channels: [{ channel_id: 'C0GENERAL', channel_name: 'general', team_id: 'T0TINY' }],
    channel_members: people.map((p) => ({ channel_id: 'C0GENERAL', user_id: p.slack })),
  },
  box: {
    box_users: people.map((p) => ({ id: p.box, name: p.name, login: p.email, role: p.mail === 'ada' ? 'admin' : 'user', created_at: t, modified_at: t })),
    box_folders: [{ id: '0', name: 'All Files', parent_id: null, owned_by_id: ada.box, created_at: t, modified_at: t }],
  },
  calendar: {
    calendar_users: people.map((p) => ({ id: p.calendar, email: p.email, display_name: p.name, time_zone: 'UTC' })),
    calendars: people.map((p) => ({ id: p.email, summary: p.name, owner_id: p.calendar, time_zone: 'UTC' })),
    calendar_list_entries: people.map((p) => ({ id: `${p.calendar}:${p.email}`, user_id: p.calendar, calendar_id: p.email, access_role: 'owner', primary: true })),
  },
  linear: {
    organizations: [{ id: '6d1c1f55-0000-4000-8000-000000000001', name: 'Tiny Co', urlKey: 'tinyco' }],
    users: people.map((p) => ({ id: p.linear, name: p.name, displayName: p.mail, email: p.email, organizationId: '6d1c1f55-0000-4000-8000-000000000001' })),
  },
  mail: {
    people: people.map((p) => ({ person_id: p.mail, display_name: p.name, email: p.email, has_mailbox: true })),
    folders: people.map((p) => ({ folder_id: `${p.mail}-inbox`, owner_id: p.mail, display_name: 'Inbox', well_known: 'inbox' })),
  },
};

/** A suite over the tiny company: one test names two of its services and acts as Ada in each. */
export const tinyCompanySuite = {
  format: 'difflab-suite/1',
  id: 'tiny-company',
  name: 'Tiny company',
  services: ['slack', 'box', 'calendar', 'linear', 'mail'],
  seed: TINY_COMPANY,
  acting_user: adaEverywhere,
  clock: '2026-01-12T09:00:00Z',
  tests: [
    {
      id: 'folder-and-post',
      title: 'Make a folder and say so',
      prompt: 'Create a Box folder "Plans" and post "Plans folder is up" in #general.',
      services: ['slack', 'box'],
      assertions: [
        { diff_type: 'added', entity: 'box.box_folders', where: { name: 'Plans' }, expected_count: 1 },
        { diff_type: 'added', entity: 'slack.messages', where: { message_text: { i_contains: 'plans folder' } }, expected_count: 1 },
      ],
      solution: 'solutions/folder-and-post.js',
    },
  ],
};

export const folderAndPostSolution = `
const auth = { Authorization: 'Bearer any-token', 'Content-Type': 'application/json' };
const folder = await (await fetch('https://api.box.com/2.0/folders', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Plans', parent: { id: '0' } }) })).json();
const posted = await (await fetch('https://slack.com/api/chat.postMessage', { method: 'POST', headers: auth, body: JSON.stringify({ channel: 'general', text: 'Plans folder is up' }) })).json();
console.log(folder.id, posted.ok);
`;
