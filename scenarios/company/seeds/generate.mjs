#!/usr/bin/env node
// Generates fernbrook.json: Fernbrook Systems, a fictional 40-person software company that makes "Conduit", a
// data-pipeline platform, from Portland, New York and Dublin — in all five replicas at once. Every person, customer,
// incident, file and message here is invented; addresses use the reserved .example domain.
//
//   node scenarios/company/seeds/generate.mjs          writes fernbrook.json next to this file
//   node scenarios/company/seeds/generate.mjs --check  prints the row count of every table of every service, and
//                                                      exits 1 if fernbrook.json differs from what it generates
//   node scenarios/company/seeds/generate.mjs --keys   prints the ids of the records scenarios rely on
//
// One organisation, five systems: each person has the same name and address in Slack, Box, Google Calendar, Linear
// and MailHub, and each system's own id for them (ids are hashes of the person's key, so adding a person shifts no
// other id). Records point at each other the way real ones do: Linear issues link Slack permalinks, Calendar events
// attach Box files, mails and Slack messages name Linear issues and paste Box shared links. A test resolves every
// such reference to a seeded record (test/unit/scenarios/companySeed.test.ts).
//
// The scenarios' clock is Monday 2026-03-09 09:00 in Portland (16:00Z). The US moved to summer time the day before,
// Dublin and London move on 2026-03-29: this week and the next, Dublin is 7 hours ahead of Portland, not 8.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, 'fernbrook.json');

export const DOMAIN = 'fernbrook.example';
export const SLACK_DOMAIN = 'fernbrook';
export const LINEAR_ORG_KEY = 'fernbrook';
export const CLOCK = '2026-03-09T16:00:00Z';
const NOW = Date.parse(CLOCK);
const DAY = 864e5;

// ---------------------------------------------------------------------------------------------------------------
// Determinism: a seeded PRNG for the background volume, and hashes of keys for every id.

function prng(seed) {
  let state = seed >>> 0;
  const rand = () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, int: (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)), pick: (list) => list[Math.floor(rand() * list.length)], chance: (p) => rand() < p };
}

const digest = (key) => createHash('sha256').update(key).digest();
const hex = (key, n) => digest(key).toString('hex').slice(0, n);
const b36 = (key, n) => BigInt('0x' + hex(key, 24)).toString(36).toUpperCase().padStart(n, '0').slice(-n);
const digits = (key, n) => (BigInt('0x' + hex(key, 24)) % 10n ** BigInt(n)).toString().padStart(n, '0');

const ids = {
  slackUser: (k) => `U0${b36(`slack-user:${k}`, 9)}`,
  slackChannel: (k) => `C0${b36(`slack-channel:${k}`, 9)}`,
  slackDm: (k) => `D0${b36(`slack-dm:${k}`, 9)}`,
  slackGroup: (k) => `G0${b36(`slack-group:${k}`, 9)}`,
  boxUser: (k) => `1${digits(`box-user:${k}`, 9)}`,
  boxFolder: (k) => `2${digits(`box-folder:${k}`, 11)}`,
  boxFile: (k) => `3${digits(`box-file:${k}`, 11)}`,
  boxVersion: (k) => `4${digits(`box-version:${k}`, 11)}`,
  boxComment: (k) => `5${digits(`box-comment:${k}`, 8)}`,
  boxTask: (k) => `6${digits(`box-task:${k}`, 8)}`,
  calendarUser: (k) => `1${digits(`calendar-user:${k}`, 20)}`,
  uuid: (k) => {
    const h = hex(`uuid:${k}`, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  },
  eventId: (k) => `fb${hex(`event:${k}`, 20)}`,
};

/** Slack's `ts`: the second of the message and a counter, unique per channel. */
const usedTs = new Set();
function slackTs(ms, key) {
  let micro = Number(digits(`ts:${key}`, 6));
  let ts;
  do ts = `${Math.floor(ms / 1000)}.${String(micro++ % 1e6).padStart(6, '0')}`;
  while (usedTs.has(ts));
  usedTs.add(ts);
  return ts;
}

const iso = (ms) => new Date(ms).toISOString();
const ZONES = { pdx: 'America/Los_Angeles', nyc: 'America/New_York', dub: 'Europe/Dublin', lon: 'Europe/London' };
/** A wall-clock time in a city, as an instant in ms. */
const local = (city, text) => DateTime.fromISO(text, { zone: ZONES[city] ?? city }).toMillis();
const slug = (s) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60).replace(/-$/, '');
const sha1 = (text) => createHash('sha1').update(text, 'utf8').digest('hex');
const bytes = (text) => Buffer.byteLength(text, 'utf8');

// ---------------------------------------------------------------------------------------------------------------
// The organisation. [key, name, title, department, team, city, manager, flags]
// Teams: plat (Platform), ing (Ingest), con (Console), data (Data), sec (Security), sup (Support) in Linear; the
// others are departments without a Linear team.

const PEOPLE = [
  ['rosalind.achterberg', 'Rosalind Achterberg', 'Chief Executive Officer', 'Executive', null, 'pdx', null, { slackRole: 'owner' }],
  ['tomasz.wierzbicki', 'Tomasz Wierzbicki', 'Chief Technology Officer', 'Engineering', null, 'pdx', 'rosalind.achterberg', {}],
  ['grace.odhiambo', 'Grace Odhiambo', 'VP Customer', 'Customer', null, 'nyc', 'rosalind.achterberg', {}],
  ['elena.vasquez', 'Elena Vasquez', 'Head of Product', 'Product', null, 'pdx', 'rosalind.achterberg', {}],
  ['maya.okonkwo', 'Maya Okonkwo', 'Engineering Manager, Platform', 'Engineering', 'plat', 'pdx', 'tomasz.wierzbicki', { persona: true }],
  ['alex.chen', 'Alex Chen', 'Senior Platform Engineer', 'Engineering', 'plat', 'pdx', 'maya.okonkwo', {}],
  ['kieran.walsh', 'Kieran Walsh', 'Platform Engineer', 'Engineering', 'plat', 'dub', 'maya.okonkwo', {}],
  ['nadia.petrenko', 'Nadia Petrenko', 'Site Reliability Engineer', 'Engineering', 'plat', 'dub', 'maya.okonkwo', {}],
  ['seun.adeyemi', 'Seun Adeyemi', 'Platform Engineer', 'Engineering', 'plat', 'pdx', 'maya.okonkwo', {}],
  ['hugo.lefevre', 'Hugo Lefèvre', 'Staff Engineer', 'Engineering', 'plat', 'dub', 'tomasz.wierzbicki', {}],
  ['declan.byrne', 'Declan Byrne', 'Engineering Lead, Ingest', 'Engineering', 'ing', 'dub', 'tomasz.wierzbicki', { persona: true }],
  ['ines.moreau', 'Inès Moreau', 'Backend Engineer', 'Engineering', 'ing', 'dub', 'declan.byrne', {}],
  ['rahul.mehta', 'Rahul Mehta', 'Backend Engineer', 'Engineering', 'ing', 'nyc', 'declan.byrne', {}],
  ['beatriz.santos', 'Beatriz Santos', 'Senior Backend Engineer', 'Engineering', 'ing', 'dub', 'declan.byrne', {}],
  ['lucia.ferreira', 'Lucía Ferreira', 'Backend Engineer', 'Engineering', 'ing', 'dub', 'declan.byrne', { newStarter: true }],
  ['sofia.lindqvist', 'Sofia Lindqvist', 'Engineering Lead, Console', 'Engineering', 'con', 'pdx', 'tomasz.wierzbicki', { persona: true }],
  ['marcus.boateng', 'Marcus Boateng', 'Frontend Engineer', 'Engineering', 'con', 'pdx', 'sofia.lindqvist', {}],
  ['yuki.tanabe', 'Yuki Tanabe', 'Frontend Engineer', 'Engineering', 'con', 'pdx', 'sofia.lindqvist', {}],
  ['sam.porter', 'Sam Porter', 'Frontend Engineer', 'Engineering', 'con', 'nyc', 'sofia.lindqvist', {}],
  ['dmitri.volkov', 'Dmitri Volkov', 'Frontend Contractor', 'Engineering', 'con', 'nyc', 'sofia.lindqvist', { guest: true }],
  ['ayesha.siddiqui', 'Ayesha Siddiqui', 'Data Engineering Lead', 'Engineering', 'data', 'nyc', 'tomasz.wierzbicki', {}],
  ['lars.eriksen', 'Lars Eriksen', 'Analytics Engineer', 'Engineering', 'data', 'dub', 'ayesha.siddiqui', {}],
  ['tessa.nguyen', 'Tessa Nguyen', 'QA Lead', 'Engineering', 'con', 'pdx', 'sofia.lindqvist', {}],
  ['viktor.hale', 'Viktor Hale', 'Security Engineer', 'Engineering', 'sec', 'dub', 'tomasz.wierzbicki', {}],
  ['noah.kim', 'Noah Kim', 'Product Manager, Console', 'Product', 'con', 'pdx', 'elena.vasquez', {}],
  ['chiara.bianchi', 'Chiara Bianchi', 'Product Designer', 'Product', 'con', 'dub', 'elena.vasquez', {}],
  ['farah.haddad', 'Farah Haddad', 'Head of Support', 'Support', 'sup', 'dub', 'grace.odhiambo', { persona: true }],
  ['liam.oconnor', "Liam O'Connor", 'Support Engineer', 'Support', 'sup', 'dub', 'farah.haddad', {}],
  ['zoe.adams', 'Zoe Adams', 'Support Engineer', 'Support', 'sup', 'nyc', 'farah.haddad', {}],
  ['pedro.alves', 'Pedro Alves', 'Support Engineer', 'Support', 'sup', 'pdx', 'farah.haddad', {}],
  ['jonah.reyes', 'Jonah Reyes', 'Customer Success Manager', 'Customer', null, 'nyc', 'grace.odhiambo', { persona: true }],
  ['alexandra.chen', 'Alex Chen', 'Account Executive', 'Sales', null, 'nyc', 'olivia.brennan', {}],
  ['olivia.brennan', 'Olivia Brennan', 'Sales Director', 'Sales', null, 'nyc', 'grace.odhiambo', {}],
  ['mateo.garcia', 'Mateo García', 'Solutions Engineer', 'Sales', null, 'nyc', 'olivia.brennan', {}],
  ['samantha.porter', 'Samantha Porter', 'Product Marketing Manager', 'Marketing', null, 'pdx', 'elena.vasquez', {}],
  ['isla.mcgregor', 'Isla McGregor', 'Content Lead', 'Marketing', null, 'dub', 'samantha.porter', {}],
  ['priya.natarajan', 'Priya Natarajan', 'People Operations Lead', 'People', null, 'pdx', 'rosalind.achterberg', { persona: true, slackRole: 'admin', boxRole: 'admin', linearAdmin: true }],
  ['ben.whitaker', 'Ben Whitaker', 'IT Administrator', 'People', null, 'pdx', 'priya.natarajan', { slackRole: 'admin', boxRole: 'admin', linearAdmin: true }],
  ['hannah.schultz', 'Hannah Schultz', 'Finance Manager', 'Finance', null, 'dub', 'rosalind.achterberg', {}],
  ['omar.farouk', 'Omar Farouk', 'FP&A Analyst', 'Finance', null, 'pdx', 'hannah.schultz', {}],
  ['bram.osterhout', 'Bram Osterhout', 'Site Reliability Engineer (left January 2026)', 'Engineering', 'plat', 'dub', 'maya.okonkwo', { inactive: true }],
];

export const people = PEOPLE.map(([key, name, title, department, team, city, manager, flags]) => ({
  key, name, title, department, team, city, manager, ...flags,
  email: `${key}@${DOMAIN}`,
  first: name.split(' ')[0],
  zone: ZONES[city],
  slack: ids.slackUser(key),
  box: ids.boxUser(key),
  calendar: ids.calendarUser(key),
  linear: ids.uuid(`linear-user:${key}`),
  mail: key,
}));
const P = Object.fromEntries(people.map((p) => [p.key, p]));
const byFirst = (first) => people.find((p) => p.first === first);
const active = people.filter((p) => !p.inactive);
const teamOf = (team) => active.filter((p) => p.team === team);
const personas = people.filter((p) => p.persona);

/** The identity of a person in each service: a suite's `acting_user` object. */
export const identity = (key) => ({ slack: P[key].slack, box: P[key].box, calendar: P[key].email, linear: P[key].linear, mail: P[key].mail });

// Customers and other correspondents outside the company.
const EXT = {
  imogen: { name: 'Imogen Clarke', email: 'imogen.clarke@harrowvale.example', company: 'Harrow & Vale Logistics', title: 'Director of Operations', zone: 'Europe/London' },
  raj: { name: 'Raj Bhattacharya', email: 'raj.bhattacharya@harrowvale.example', company: 'Harrow & Vale Logistics', title: 'Head of IT', zone: 'Europe/London' },
  fiona: { name: 'Fiona MacLeod', email: 'fiona.macleod@saltire-shipping.example', company: 'Saltire Shipping', title: 'Platform Manager', zone: 'Europe/London' },
  daniel: { name: 'Daniel Osei', email: 'daniel.osei@copperline.example', company: 'Copperline Retail', title: 'VP Engineering', zone: 'America/Chicago' },
  aisha: { name: 'Aisha Rahman', email: 'aisha.rahman@meridianhealth.example', company: 'Meridian Health Network', title: 'Director of Data Platforms', zone: 'America/New_York' },
  marco: { name: 'Marco Bellini', email: 'marco.bellini@pelicanair.example', company: 'Pelican Air Cargo', title: 'Integration Lead', zone: 'Europe/Rome' },
  gwen: { name: 'Gwen Harrow', email: 'gwen.harrow@harrowgate-foods.example', company: 'Harrowgate Foods', title: 'Operations Analyst', zone: 'Europe/London' },
  statuspage: { name: 'Fernbrook Status', email: `status@${DOMAIN}` },
  linearBot: { name: 'Linear', email: 'notifications@linear.example' },
  boxBot: { name: 'Box', email: 'noreply@box.example' },
  newsletter: { name: 'Data Engineering Weekly', email: 'editor@dataeng-weekly.example' },
  vendor: { name: 'Kafkaesque Cloud Billing', email: 'billing@kafkaesque-cloud.example' },
  phish: { name: 'IT Helpdesk', email: 'it-helpdesk@fernbrook-support.example' },
};
export const customers = EXT;

// ---------------------------------------------------------------------------------------------------------------
// Cross-service references, all built by these helpers so every one points at a real record.

// The replica's own shared-link token is `f` + the file id padded to 12 digits (src/replicas/box/itemUpdate.ts), so
// seeded links look like the links the replica makes.
const refs = {
  slackPermalink: (channelId, ts) => `https://${SLACK_DOMAIN}.slack.com/archives/${channelId}/p${ts.replace('.', '')}`,
  boxShared: (fileId) => `https://app.box.com/s/${`f${fileId.padStart(12, '0')}`.slice(-24)}`,
  boxFileUrl: (fileId) => `https://app.box.com/file/${fileId}`,
  linearUrl: (identifier, title) => `https://linear.app/${LINEAR_ORG_KEY}/issue/${identifier}/${slug(title)}`,
};

/** Keys → ids of the records scenarios rely on (printed by --keys). */
const K = {};

// ---------------------------------------------------------------------------------------------------------------
// Box: the company's files. Folders by path; files with real text content and their versions.

function buildBox(R) {
  const box = { box_users: [], box_folders: [], box_files: [], box_file_versions: [], box_comments: [], box_tasks: [], box_collections: [], box_collection_items: [] };
  const created = '2024-09-02T16:00:00.000Z';
  for (const p of people) {
    box.box_users.push({
      id: p.box, type: 'user', name: p.name, login: p.email, status: p.inactive ? 'inactive' : 'active', role: p.boxRole ?? 'user',
      job_title: p.title, language: 'en', timezone: p.zone, created_at: created, modified_at: created,
    });
  }
  const folderId = { '': '0' };
  box.box_folders.push({ id: '0', type: 'folder', name: 'All Files', parent_id: null, description: '', tags: [], item_status: 'active', size: 0, sequence_id: null, etag: null, created_by_id: P['ben.whitaker'].box, modified_by_id: P['ben.whitaker'].box, owned_by_id: P['ben.whitaker'].box, created_at: created, modified_at: created });
  const folder = (path, opts = {}) => {
    if (folderId[path]) return folderId[path];
    const cut = path.lastIndexOf('/');
    const parent = cut < 0 ? '0' : folder(path.slice(0, cut));
    const id = ids.boxFolder(path);
    folderId[path] = id;
    const by = opts.by ?? P['ben.whitaker'];
    const at = opts.at ?? created;
    box.box_folders.push({
      id, type: 'folder', name: path.slice(cut + 1), parent_id: parent, description: opts.description ?? '', tags: [], item_status: opts.trashed ? 'trashed' : 'active', size: 0,
      sequence_id: '0', etag: '0', created_by_id: by.box, modified_by_id: by.box, owned_by_id: by.box, created_at: at, modified_at: at, trashed_at: opts.trashed ? at : null,
    });
    if (opts.key) K[opts.key] = id;
    return id;
  };
  const fileRows = {};
  /** A file with one version per entry of `contents` (the last is current), a week apart, ending at `at`. */
  const file = (path, contents, opts = {}) => {
    const cut = path.lastIndexOf('/');
    const name = path.slice(cut + 1);
    const id = ids.boxFile(path);
    if (fileRows[id]) throw new Error(`box: duplicate file ${path}`);
    const list = Array.isArray(contents) ? contents : [contents];
    const by = opts.by ?? P['ben.whitaker'];
    const lastMs = Date.parse(opts.at ?? '2026-02-02T17:00:00Z');
    list.forEach((content, i) => {
      const t = iso(lastMs - (list.length - 1 - i) * 7 * DAY);
      box.box_file_versions.push({
        id: ids.boxVersion(`${path}#${i + 1}`), type: 'file_version', file_id: id, version_number: String(i + 1), name, size: bytes(content), sha_1: sha1(content),
        content, content_encoding: 'utf8', modified_by_id: by.box, created_at: t, modified_at: t,
      });
    });
    const current = list[list.length - 1];
    const first = iso(lastMs - (list.length - 1) * 7 * DAY);
    const dot = name.lastIndexOf('.');
    const row = {
      id, type: 'file', name, parent_id: folder(path.slice(0, cut)), description: opts.description ?? '', extension: dot > 0 ? name.slice(dot + 1) : '', tags: opts.tags ?? [],
      shared_link: opts.shared ? sharedLink(id, name, opts.shared) : null, item_status: opts.trashed ? 'trashed' : 'active', size: bytes(current), sha_1: sha1(current),
      version_number: String(list.length), comment_count: 0, sequence_id: String(list.length - 1), etag: String(list.length - 1), created_by_id: by.box, modified_by_id: by.box,
      owned_by_id: by.box, created_at: first, modified_at: iso(lastMs), content_created_at: first, content_modified_at: iso(lastMs), trashed_at: opts.trashed ? iso(lastMs) : null,
    };
    box.box_files.push(row);
    fileRows[id] = row;
    if (opts.key) K[opts.key] = id;
    return id;
  };
  const sharedLink = (id, name, access) => {
    const token = `f${id.padStart(12, '0')}`.slice(-24);
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
    return {
      url: `https://app.box.com/s/${token}`, download_url: `https://app.box.com/shared/static/${token}.${ext}`, vanity_url: null, vanity_name: null, access, effective_access: access,
      effective_permission: 'can_download', unshared_at: null, is_password_enabled: false, permissions: { can_download: true, can_preview: true, can_edit: false }, download_count: 2, preview_count: 11,
    };
  };
  let commentN = 0;
  const comment = (fileId, who, message, at) => {
    box.box_comments.push({ id: ids.boxComment(`${fileId}#${++commentN}`), type: 'comment', item_id: fileId, item_type: 'file', file_id: fileId, message, tagged_message: null, is_reply_comment: false, created_by_id: who.box, created_at: at, modified_at: at });
    fileRows[fileId].comment_count++;
  };

  // The tree every team uses.
  for (const path of ['Company/Handbook', 'Company/All-hands', 'Engineering/Platform/Runbooks', 'Engineering/Platform/Handover', 'Engineering/Ingest', 'Engineering/Console', 'Engineering/Data',
    'Engineering/Architecture', 'Engineering/Incidents/2025', 'Engineering/Incidents/2026', 'Releases/3.6', 'Releases/3.7', 'Releases/3.8', 'Customers', 'People/Onboarding', 'People/Offboarding',
    'People/Policies', 'Finance/Budgets', 'Finance/Invoices', 'Reports/Weekly', 'Reports/Monthly', 'Security', 'Marketing/Launches', 'Marketing/Brand', 'Sales/Proposals', 'Archive']) folder(path);
  K.boxHandover = folder('Engineering/Platform/Handover');
  K.boxWeekly = folder('Reports/Weekly');
  K.boxOnboarding = folder('People/Onboarding');
  K.boxDataFolder = folder('Engineering/Data');
  K.boxConsoleFolder = folder('Engineering/Console');

  // --- The INC-2026-014 postmortem, its siblings, and older ones.
  file('Engineering/Incidents/2026/INC-2026-014 postmortem (draft).md', [
    '# INC-2026-014 — EU ingest lag (draft)\n\nStatus: draft, to be reviewed on Wednesday 11 March.\n',
    [
      '# INC-2026-014 — EU ingest lag (draft)',
      '',
      'Status: draft, to be reviewed on Wednesday 11 March.',
      'Incident commander: Nadia Petrenko. Ingest lead on call: Inès Moreau.',
      '',
      '## Summary',
      'On Tuesday 3 March 2026 from 14:20 to 16:05 UTC, events from tenants in eu-west-1 reached their pipelines with a delay of up to 47 minutes.',
      'Harrow & Vale Logistics and Saltire Shipping were affected. No events were lost.',
      '',
      '## Root cause',
      'Broker 7 restarted during a routine patch. The consumer-group rebalance that followed got stuck because the partition',
      'reassignment moved all 1,200 partitions of the EU cluster in a single batch, and consumers kept timing out while it ran.',
      '',
      '## Timeline (UTC)',
      '- 14:12 broker 7 restarts (patch window)',
      '- 14:20 consumer lag alert for eu-west-1',
      '- 14:24 incident declared in #incidents',
      '- 15:31 reassignment cancelled and restarted in batches of 100 partitions',
      '- 16:05 lag back under one minute; incident resolved',
      '',
      '## Action items',
      '| # | Action | Owner | Team |',
      '|---|--------|-------|------|',
      '| 1 | Alert when a consumer-group rebalance takes longer than 5 minutes | Nadia Petrenko | Platform |',
      '| 2 | Cap partition reassignment at 100 partitions per batch | Inès Moreau | Ingest |',
      '| 3 | Post status-page updates automatically when EU lag passes 10 minutes | Farah Haddad | Support |',
      '',
      'Follow-up already open: ING-131 (the lag itself) and PLAT-104 (broker restarts trigger the stuck rebalance).',
      '',
    ].join('\n'),
  ], { by: P['nadia.petrenko'], at: '2026-03-05T11:40:00Z', key: 'boxPostmortem014', shared: 'company' });
  file('Engineering/Incidents/2026/INC-2026-013 postmortem.md', '# INC-2026-013 — docs site 502s\n\nOn Monday 2 March 2026, 17:02–17:10 UTC, docs.fernbrook.example answered 502 after a CDN configuration push.\nCause: an origin rule pointed at the retired docs bucket. Action: CDN config changes now need a second reviewer (done).\n', { by: P['alex.chen'], at: '2026-03-03T09:00:00Z', key: 'boxPostmortem013' });
  file('Engineering/Incidents/2026/INC-2026-012 postmortem.md', '# INC-2026-012 — schema registry timeouts\n\nTuesday 24 February 2026, 09:40–10:15 UTC. The schema registry cache was cold after a deploy; producers timed out.\nAction items: warm the cache on start (ING-116, done).\n', { by: P['beatriz.santos'], at: '2026-02-26T10:00:00Z' });
  file('Engineering/Incidents/2026/INC-2026-011 postmortem.md', '# INC-2026-011 — Console slow for large pipelines\n\nThursday 19 February 2026. Pipeline graphs with more than 500 nodes took over 30 s to render. Tracked in CON-119.\n', { by: P['yuki.tanabe'], at: '2026-02-23T18:00:00Z' });
  file('Engineering/Incidents/2025/INC-2025-031 postmortem.md', '# INC-2025-031 — ingest lag (November)\n\nA similar rebalance problem in the US cluster, 12 November 2025. Mitigated by restarting consumers.\n', { by: P['bram.osterhout'], at: '2025-11-14T12:00:00Z' });
  file('Engineering/Incidents/Postmortem template.md', '# INC-YYYY-NNN — title\n\n## Summary\n## Root cause\n## Timeline (UTC)\n## Action items\n| # | Action | Owner | Team |\n', { by: P['maya.okonkwo'], at: '2025-06-10T16:00:00Z' });

  // --- Releases.
  const notes38 = (extra) => `# Conduit 3.8 release notes (draft)\n\nRelease date: Thursday 19 March 2026. Code freeze: Tuesday 10 March.\n\n## Highlights\n- Faster backpressure on the HTTP source (ING-128)\n- Kafka brokers upgraded to 3.9 (PLAT-101)\n${extra}\n## Fixes\n- Pipeline graphs with more than 500 nodes render again (CON-119)\n`;
  file('Releases/3.8/Conduit 3.8 release notes (draft).md', [notes38(''), notes38('- Retry budget for the S3 sink (ING-135)\n')], { by: P['declan.byrne'], at: '2026-03-05T14:00:00Z', key: 'boxNotes38', shared: 'company' });
  file('Releases/3.8/Release notes draft - OLD.md', '# Conduit 3.8 notes (old outline, superseded)\n\nRelease date: 12 March 2026 (moved).\n', { by: P['declan.byrne'], at: '2026-02-10T14:00:00Z', key: 'boxNotes38Old' });
  file('Releases/3.8/Go-no-go checklist.md', '# 3.8 go/no-go checklist\n\n- [ ] All `release: 3.8` issues done or moved to 3.9\n- [ ] QA sign-off (Tessa)\n- [ ] Release notes final (Declan)\n- [ ] Status page maintenance window booked (Farah)\n', { by: P['declan.byrne'], at: '2026-03-02T10:00:00Z', key: 'boxChecklist38' });
  file('Releases/3.7/Conduit 3.7 release notes.md', '# Conduit 3.7 release notes\n\nReleased Thursday 5 February 2026.\n\n- Console: pipeline search\n- Ingest: gzip for the HTTP source\n', { by: P['declan.byrne'], at: '2026-02-05T15:00:00Z' });
  file('Releases/3.6/Conduit 3.6 release notes.md', '# Conduit 3.6 release notes\n\nReleased Thursday 11 December 2025.\n', { by: P['declan.byrne'], at: '2025-12-11T15:00:00Z' });

  // --- Customers. Harrow & Vale's decks (v3 is the latest; v2 is the stale copy) and a namesake customer.
  const deck = (v, extra) => `Harrow & Vale Logistics — Q1 2026 Quarterly Business Review (deck v${v})\n\nSlide 1: Agenda\nSlide 2: Usage — 4.1 billion events in Q1 (+18%)\nSlide 3: Incidents this quarter — INC-2026-014\nSlide 4: Roadmap — EU region capacity, SAML SSO\n${extra}`;
  file('Customers/Harrow & Vale/QBR 2026-Q1 deck v2.pptx', deck(2, ''), { by: P['jonah.reyes'], at: '2026-02-20T16:00:00Z', key: 'boxDeckV2', shared: 'company' });
  file('Customers/Harrow & Vale/QBR 2026-Q1 deck v3.pptx', deck(3, 'Slide 5: Open issues and owners\nSlide 6: Renewal timeline (contract ends 30 June 2026)\n'), { by: P['jonah.reyes'], at: '2026-03-04T15:30:00Z', key: 'boxDeckV3', shared: 'company' });
  file('Customers/Harrow & Vale/Account plan.md', '# Harrow & Vale — account plan\n\nStakeholders: Imogen Clarke (Director of Operations, sponsor), Raj Bhattacharya (Head of IT).\nRenewal: 30 June 2026. Risks: EU lag (INC-2026-014), throughput report gaps (DATA-52).\n', { by: P['jonah.reyes'], at: '2026-02-12T15:00:00Z', key: 'boxAccountPlanHV' });
  file('Customers/Harrow & Vale/Contract summary.md', '# Contract summary\n\nTerm: 1 July 2024 – 30 June 2026. Tier: Enterprise. SLA: 99.9%, event delay under 5 minutes.\n', { by: P['olivia.brennan'], at: '2024-07-01T15:00:00Z' });
  file('Customers/Harrowgate Foods/QBR 2026-Q1 deck.pptx', 'Harrowgate Foods — Q1 2026 review\n\nSlide 1: Usage\nSlide 2: Roadmap\n', { by: P['alexandra.chen'], at: '2026-03-02T15:00:00Z', key: 'boxDeckHarrowgate' });
  file('Customers/Saltire Shipping/Account plan.md', '# Saltire Shipping — account plan\n\nContact: Fiona MacLeod (Platform Manager). SSO through their own IdP (SAML). Open: SUP-88.\n', { by: P['jonah.reyes'], at: '2026-02-18T15:00:00Z' });
  file('Customers/Saltire Shipping/Weekly sync notes.md', '# Saltire weekly sync\n\n2026-02-26: asked for an SSO certificate-rotation runbook.\n2026-03-05: reported slow dashboards in the morning (London).\n', { by: P['jonah.reyes'], at: '2026-03-05T15:00:00Z' });
  file('Customers/Copperline Retail/Account plan.md', '# Copperline Retail — account plan\n\nContact: Daniel Osei (VP Engineering). Risk: duplicate webhook deliveries (SUP-93). Renewal 31 May 2026.\n', { by: P['olivia.brennan'], at: '2026-02-16T15:00:00Z' });
  file('Customers/Meridian Health Network/Requirements.md', '# Meridian Health — requirements\n\n1. SAML SSO for Console (CON-117)\n2. Data residency in us-east\n3. Audit log export\n', { by: P['mateo.garcia'], at: '2026-02-25T15:00:00Z' });
  file('Customers/Pelican Air Cargo/Integration notes.md', '# Pelican Air Cargo — integration\n\nMarco Bellini leads their integration. They push 2,000 requests/s at peak and asked for a higher API rate limit (SUP-94).\n', { by: P['mateo.garcia'], at: '2026-03-03T15:00:00Z' });

  // --- People: the onboarding checklist scenarios follow, an offboarding checklist, policies.
  file('People/Onboarding/Engineering onboarding checklist.md', [
    '# Engineering onboarding checklist',
    '',
    'For the manager, before the first day:',
    '1. Slack: invite them to #eng, #incidents, #conduit-releases and their team channel.',
    '2. Linear: add them to their team.',
    "3. Google Calendar: add them to their team's standup and planning series.",
    '4. Box: create a folder for them under People/Onboarding named after them, and put a copy of this checklist in it.',
    '5. Mail: send them a welcome note with their onboarding buddy in copy.',
    '',
  ].join('\n'), { by: P['priya.natarajan'], at: '2026-01-12T17:00:00Z', key: 'boxOnboardingChecklist' });
  file('People/Offboarding/Offboarding checklist.md', [
    '# Offboarding checklist (managers)',
    '',
    '1. Reassign their open Linear issues and take them out of their Linear team.',
    '2. Remove them from private Slack channels.',
    '3. Take them off recurring meetings after their last day.',
    '4. Move their working documents into their team\'s Handover folder in Box.',
    '5. Tell the team by mail who owns what now.',
    '',
  ].join('\n'), { by: P['priya.natarajan'], at: '2026-01-12T17:00:00Z', key: 'boxOffboardingChecklist' });
  file('People/Policies/Travel policy.md', '# Travel policy\n\nBook through the travel desk; economy for flights under 6 hours.\n', { by: P['priya.natarajan'], at: '2025-08-01T17:00:00Z' });
  file('People/Policies/Holidays 2026.md', '# Office holidays 2026\n\nDublin: 1 Jan, 2 Feb, 17 Mar (St Patrick\'s Day), 6 Apr, 4 May, 1 Jun, 3 Aug, 26 Oct, 25–26 Dec.\nPortland and New York: 1 Jan, 19 Jan, 16 Feb, 25 May, 3 Jul, 7 Sep, 26 Nov, 25 Dec.\n', { by: P['priya.natarajan'], at: '2025-12-01T17:00:00Z', key: 'boxHolidays' });

  // --- Platform: Kieran's working notes (to hand over), runbooks.
  file('Engineering/Platform/Kieran - working notes.md', '# Kieran — working notes\n\n- PLAT-98: staging brokers VPC move — Terraform plan in branch kw/vpc-move\n- PLAT-95: cert rotation — gateway list in runbook\n- PLAT-101: Kafka 3.9 upgrade plan — rolling, one broker per hour\n', { by: P['kieran.walsh'], at: '2026-03-06T12:00:00Z', key: 'boxKieranNotes' });
  file('Engineering/Platform/Kieran - VPC migration plan.md', '# Staging VPC migration plan\n\n1. Create peering\n2. Move brokers one by one\n3. Cut DNS\n', { by: P['kieran.walsh'], at: '2026-02-27T12:00:00Z', key: 'boxKieranVpc', shared: 'company' });
  file('Engineering/Platform/Runbooks/Consumer group rebalance.md', '# Runbook: consumer-group rebalance\n\nIf lag grows during a rebalance, cancel the reassignment and restart it in batches of 100.\n', { by: P['nadia.petrenko'], at: '2026-03-04T12:00:00Z', key: 'boxRunbookRebalance' });
  file('Engineering/Platform/Runbooks/Broker restart.md', '# Runbook: broker restart\n\nDrain leadership first; restart one broker at a time.\n', { by: P['kieran.walsh'], at: '2025-10-04T12:00:00Z' });
  file('Engineering/Platform/Runbooks/TLS certificate rotation.md', '# Runbook: TLS certificate rotation\n\nGateways: gw-us-1, gw-us-2, gw-eu-1. Rotate 14 days before expiry.\n', { by: P['kieran.walsh'], at: '2025-12-04T12:00:00Z' });

  // --- Console → Data: the billing export project's folder.
  const billing = 'Engineering/Console/Billing export';
  K.boxBillingFolder = folder(billing, { by: P['noah.kim'], at: '2026-01-20T17:00:00Z', description: 'Usage-based billing export (project)' });
  file(`${billing}/Billing export - PRD.md`, '# Billing export — PRD\n\nCustomers download their monthly usage as CSV and through an API, reconciled with invoices.\nOwner: Console team (until the hand-over to Data).\n', { by: P['noah.kim'], at: '2026-01-22T17:00:00Z', key: 'boxBillingPrd' });
  file(`${billing}/CSV column spec.csv`, 'column,type,description\ntenant_id,string,Tenant\npipeline_id,string,Pipeline\nevents,integer,Events processed\ngb_in,decimal,Gigabytes in\nperiod,date,Billing month\n', { by: P['marcus.boateng'], at: '2026-02-03T17:00:00Z' });
  file(`${billing}/Reconciliation notes.md`, '# Reconciliation\n\nInvoices come from the billing system nightly; usage from the metering topic.\n', { by: P['lars.eriksen'], at: '2026-02-17T17:00:00Z' });

  // --- Security: the access review sheet.
  file('Security/Q1 access review.csv', [
    'system,account,owner,last_login,status',
    'Slack,bram.osterhout@fernbrook.example,Bram Osterhout,2026-01-30,stale',
    'Box,bram.osterhout@fernbrook.example,Bram Osterhout,2026-01-29,stale',
    'Linear,dmitri.volkov@fernbrook.example,Dmitri Volkov,2026-03-06,ok',
    'AWS,ci-deploy-legacy,Platform,2025-08-14,stale',
    'AWS,maya.okonkwo,Maya Okonkwo,2026-03-06,ok',
    'GitHub,old-release-bot,Ingest,2025-11-02,stale',
    'Grafana,kieran.walsh@fernbrook.example,Kieran Walsh,2026-03-06,ok',
    '',
  ].join('\n'), { by: P['viktor.hale'], at: '2026-03-04T10:00:00Z', key: 'boxAccessReview', shared: 'company' });

  // --- Reports: last week's Platform weekly is the template for this one.
  file('Reports/Weekly/Platform weekly 2026-W09.md', '# Platform weekly — 2026-W09 (23–27 February)\n\n## Completed\n- PLAT-88 Rotate staging credentials\n- PLAT-91 Broker disk alerts\n\n## Incidents\n- INC-2026-012 schema registry timeouts\n\n## Customer escalations\n- none\n', { by: P['maya.okonkwo'], at: '2026-03-02T18:00:00Z', key: 'boxWeeklyW09' });
  file('Reports/Weekly/Platform weekly 2026-W08.md', '# Platform weekly — 2026-W08 (16–20 February)\n\n## Completed\n- PLAT-84 Terraform module for topics\n\n## Incidents\n- INC-2026-011 Console slow for large pipelines\n', { by: P['maya.okonkwo'], at: '2026-02-23T18:00:00Z' });

  // --- Finance.
  file('Finance/Budgets/Engineering headcount plan 2026.csv', 'team,current,open_roles,planned_q2\nPlatform,6,1,7\nIngest,5,0,5\nConsole,6,1,7\nData,2,1,3\nSecurity,1,1,2\n', { by: P['hannah.schultz'], at: '2026-02-27T10:00:00Z', key: 'boxHeadcount' });
  file('Finance/Invoices/Kafkaesque Cloud - February 2026.txt', 'Invoice KC-2026-02-4471\nManaged Kafka, February 2026: USD 18,420.00\n', { by: P['omar.farouk'], at: '2026-03-02T10:00:00Z' });

  // --- Background volume: meeting notes per team per week, specs, design docs, all-hands decks.
  const TEAM_FOLDERS = { plat: 'Engineering/Platform', ing: 'Engineering/Ingest', con: 'Engineering/Console', data: 'Engineering/Data', sec: 'Security', sup: 'Customers' };
  const TOPICS = ['throughput', 'retention', 'schema evolution', 'cost per event', 'partition sizing', 'dashboards', 'alert fatigue', 'release cadence', 'test coverage', 'on-call load'];
  const weekStarts = [];
  for (let t = Date.UTC(2025, 10, 3); t < NOW - 3 * DAY; t += 7 * DAY) weekStarts.push(t);
  for (const [team, path] of Object.entries(TEAM_FOLDERS)) {
    if (team === 'sup') continue;
    const members = teamOf(team);
    for (const ws of weekStarts) {
      for (const offset of [1, 3]) {
        const day = DateTime.fromMillis(ws + offset * DAY, { zone: 'UTC' }).toISODate();
        const who = R.pick(members);
        const topic = R.pick(TOPICS);
        file(`${path}/Notes/${team.toUpperCase()} sync ${day}.md`, `# ${team.toUpperCase()} team sync — ${day}\n\nPresent: ${members.map((m) => m.first).join(', ')}\nTopic: ${topic}\n\n- ${who.first} to follow up on ${topic}\n- Next sync in a few days\n`, { by: who, at: iso(ws + offset * DAY + R.int(15, 23) * 36e5) });
      }
    }
  }
  const RFCS = ['Exactly-once sinks', 'Tenant isolation for the EU cluster', 'Replacing the schema registry', 'Pipeline graph virtualisation', 'Cold storage tiering', 'Per-tenant rate limits', 'Audit log export', 'Multi-region failover'];
  RFCS.forEach((title, i) => file(`Engineering/Architecture/RFC-${String(41 + i).padStart(3, '0')} ${title}.md`, `# RFC-${41 + i}: ${title}\n\nStatus: ${R.pick(['draft', 'accepted', 'superseded'])}\nAuthor: ${R.pick(active.filter((p) => p.team)).name}\n\n## Motivation\n${title} keeps coming up in planning.\n`, { by: R.pick(active.filter((p) => p.team)), at: iso(Date.UTC(2025, 9, 1) + i * 17 * DAY) }));
  for (const month of ['2025-11', '2025-12', '2026-01', '2026-02']) {
    file(`Company/All-hands/All-hands ${month}.pptx`, `Fernbrook all-hands, ${month}\n\nSlide 1: Numbers\nSlide 2: Customers\nSlide 3: Roadmap\n`, { by: P['rosalind.achterberg'], at: `${month}-25T18:00:00Z` });
    file(`Reports/Monthly/Engineering report ${month}.md`, `# Engineering report ${month}\n\nIncidents, releases and hiring for ${month}.\n`, { by: P['tomasz.wierzbicki'], at: `${month}-28T18:00:00Z` });
  }
  for (const name of ['Benefits overview.md', 'Expense policy.md', 'Code of conduct.md', 'Security awareness.md', 'Remote work.md']) file(`Company/Handbook/${name}`, `# ${name.replace('.md', '')}\n\nFernbrook's ${name.replace('.md', '').toLowerCase()}.\n`, { by: P['priya.natarajan'], at: '2025-07-01T17:00:00Z' });
  for (const [i, name] of ['Harrow & Vale', 'Saltire Shipping', 'Copperline Retail', 'Meridian Health Network', 'Pelican Air Cargo', 'Harrowgate Foods'].entries()) {
    for (const m of ['2025-12', '2026-01', '2026-02']) file(`Customers/${name}/Usage ${m}.csv`, `date,events,gb_in\n${m}-01,${1e6 * (i + 3)},${12 * (i + 1)}\n${m}-15,${1.1e6 * (i + 3)},${13 * (i + 1)}\n`, { by: P['lars.eriksen'], at: `${m}-28T12:00:00Z` });
  }
  for (let i = 1; i <= 24; i++) file(`Sales/Proposals/Proposal ${String(i).padStart(2, '0')} - ${R.pick(['Aurora', 'Bramble', 'Cinder', 'Delta', 'Ember', 'Fjord'])} ${R.pick(['Logistics', 'Retail', 'Health', 'Freight', 'Energy'])}.md`, `# Proposal\n\nConduit ${R.pick(['Team', 'Business', 'Enterprise'])} tier, ${R.int(2, 40)} pipelines.\n`, { by: R.pick([P['alexandra.chen'], P['olivia.brennan'], P['mateo.garcia']]), at: iso(Date.UTC(2025, 8, 1) + i * 7 * DAY) });
  for (let i = 1; i <= 12; i++) file(`Marketing/Brand/Logo variant ${i}.svg`, `<svg xmlns="http://www.w3.org/2000/svg"><title>Fernbrook logo ${i}</title></svg>`, { by: P['isla.mcgregor'], at: iso(Date.UTC(2025, 5, 1) + i * DAY) });
  file('Marketing/Launches/Conduit 3.8 launch blog (draft).md', '# Conduit 3.8: faster, steadier ingest\n\nDraft for 19 March.\n', { by: P['isla.mcgregor'], at: '2026-03-04T12:00:00Z' });
  file('Archive/Old onboarding checklist (2024).md', '# Onboarding (2024)\n\nSuperseded by People/Onboarding.\n', { by: P['priya.natarajan'], at: '2024-03-01T12:00:00Z' });
  file('Archive/Conduit 3.8 release notes (draft).md', '# Conduit 3.8 release notes (draft)\n\nAn early copy moved here by mistake; the live draft is in Releases/3.8.\n', { by: P['declan.byrne'], at: '2026-01-28T12:00:00Z', key: 'boxNotes38Archive' });

  // Comments on the documents people discuss.
  comment(K.boxPostmortem014, P['ines.moreau'], 'Batch size of 100 was what worked during the incident; happy to own item 2.', '2026-03-05T13:10:00Z');
  comment(K.boxPostmortem014, P['farah.haddad'], 'For item 3 we need status-page API access from the alerting side.', '2026-03-05T14:02:00Z');
  comment(K.boxDeckV3, P['maya.okonkwo'], 'Slide 3: say that no events were lost.', '2026-03-04T18:00:00Z');
  comment(K.boxNotes38, P['tessa.nguyen'], 'QA sign-off depends on CON-119.', '2026-03-05T16:00:00Z');
  return { box, folderId, fileRows, sharedLink };
}

// ---------------------------------------------------------------------------------------------------------------
// Slack: the workspace. Channels with their members, the story's messages (keyed), then five weeks of chatter.

const BOTS = [
  { key: 'conduit-alerts', name: 'Conduit Alerts', username: 'conduit-alerts' },
  { key: 'linear-app', name: 'Linear', username: 'linear' },
];

function buildSlack(R, boxOut) {
  const slack = { teams: [], users: [], user_teams: [], channels: [], channel_members: [], channel_events: [], messages: [], message_reactions: [] };
  const TEAM = 'T0FERNBRK1';
  slack.teams.push({ team_id: TEAM, team_name: 'Fernbrook Systems', domain: SLACK_DOMAIN, created_at: '2023-04-03T16:00:00.000Z' });
  for (const p of people) {
    slack.users.push({
      user_id: p.slack, username: p.key.replace('.', '').slice(0, 20), email: p.email, real_name: p.name, display_name: p.key === 'alexandra.chen' ? 'Alex Chen (Sales)' : p.first,
      timezone: p.zone, title: p.title, phone: null, status_text: p.key === 'maya.okonkwo' ? 'PTO 18–20 March' : null, status_emoji: p.key === 'maya.okonkwo' ? ':palm_tree:' : null,
      is_bot: false, is_active: !p.inactive, created_at: '2023-04-03T16:00:00.000Z', updated_at: '2026-01-05T16:00:00.000Z',
    });
    slack.user_teams.push({ user_id: p.slack, team_id: TEAM, role: p.guest ? 'guest' : (p.slackRole ?? 'member') });
  }
  for (const b of BOTS) {
    const id = ids.slackUser(`bot:${b.key}`);
    K[`slackBot_${b.key}`] = id;
    slack.users.push({ user_id: id, username: b.username, email: null, real_name: b.name, display_name: b.name, timezone: 'UTC', title: null, phone: null, status_text: null, status_emoji: null, is_bot: true, is_active: true, created_at: '2023-05-01T16:00:00.000Z', updated_at: '2023-05-01T16:00:00.000Z' });
    slack.user_teams.push({ user_id: id, team_id: TEAM, role: 'member' });
  }
  const bot = (k) => ({ slack: ids.slackUser(`bot:${k}`), first: BOTS.find((b) => b.key === k).name });

  const everyone = active.filter((p) => !p.newStarter || true);
  const eng = active.filter((p) => p.department === 'Engineering' || p.key === 'noah.kim' || p.key === 'elena.vasquez' || p.key === 'chiara.bianchi');
  const members = (keys) => keys.map((k) => P[k]);
  // [key, name, private, archived, purpose, topic, members]
  const CHANNELS = [
    ['general', 'general', false, false, 'Company-wide announcements', 'Conduit 3.8 ships Thursday 19 March', active],
    ['random', 'random', false, false, 'Everything else', null, active.filter((p) => !p.guest)],
    ['eng', 'eng', false, false, 'Engineering-wide', null, eng.filter((p) => !p.newStarter)],
    ['incidents', 'incidents', false, false, 'Declared incidents, one thread each', 'Current: none. Last: INC-2026-015', [...eng.filter((p) => !p.newStarter && !p.guest), ...teamOf('sup'), P['grace.odhiambo'], P['jonah.reyes']]],
    ['conduit-releases', 'conduit-releases', false, false, 'Release coordination', '3.8: freeze Tue 10 Mar · go/no-go Thu 12 Mar · release Thu 19 Mar', [...eng.filter((p) => !p.newStarter && !p.guest), P['farah.haddad'], P['isla.mcgregor'], P['samantha.porter']]],
    ['team-platform', 'team-platform', false, false, 'Platform team', null, [...teamOf('plat'), P['tomasz.wierzbicki']]],
    ['team-ingest', 'team-ingest', false, false, 'Ingest team', null, [...teamOf('ing').filter((p) => !p.newStarter), P['tomasz.wierzbicki']]],
    ['team-console', 'team-console', false, false, 'Console team', null, teamOf('con')],
    ['team-data', 'team-data', false, false, 'Data team', null, [...teamOf('data'), P['noah.kim']]],
    ['platform-oncall', 'platform-oncall', true, false, 'Platform on-call handovers', null, [...teamOf('plat'), P['declan.byrne']]],
    ['support-escalations', 'support-escalations', false, false, 'Support → engineering escalations', null, [...teamOf('sup'), P['maya.okonkwo'], P['declan.byrne'], P['sofia.lindqvist'], P['jonah.reyes'], P['grace.odhiambo']]],
    ['cs-harrow-vale', 'cs-harrow-vale', true, false, 'Harrow & Vale account', null, members(['jonah.reyes', 'grace.odhiambo', 'olivia.brennan', 'maya.okonkwo', 'ines.moreau', 'lars.eriksen'])],
    ['cs-saltire', 'cs-saltire', true, false, 'Saltire Shipping account', null, members(['jonah.reyes', 'grace.odhiambo', 'farah.haddad', 'liam.oconnor', 'marcus.boateng'])],
    ['customer-feedback', 'customer-feedback', false, false, 'What customers ask for', null, [...members(['jonah.reyes', 'grace.odhiambo', 'olivia.brennan', 'alexandra.chen', 'mateo.garcia', 'elena.vasquez', 'noah.kim', 'sofia.lindqvist']), ...teamOf('sup')]],
    ['product', 'product', false, false, 'Product and design', null, members(['elena.vasquez', 'noah.kim', 'chiara.bianchi', 'sofia.lindqvist', 'declan.byrne', 'maya.okonkwo', 'ayesha.siddiqui', 'samantha.porter'])],
    ['proj-billing-export', 'proj-billing-export', false, false, 'Usage-based billing export', 'Owner: Console team · PRD in Box', members(['noah.kim', 'sofia.lindqvist', 'marcus.boateng', 'yuki.tanabe', 'ayesha.siddiqui', 'lars.eriksen', 'hannah.schultz'])],
    ['leadership', 'leadership', true, false, 'Leadership team', null, members(['rosalind.achterberg', 'tomasz.wierzbicki', 'grace.odhiambo', 'elena.vasquez', 'priya.natarajan', 'hannah.schultz'])],
    ['people-ops', 'people-ops', true, false, 'People operations', null, members(['priya.natarajan', 'ben.whitaker', 'rosalind.achterberg'])],
    ['security', 'security', true, false, 'Security reviews and access', null, members(['viktor.hale', 'tomasz.wierzbicki', 'ben.whitaker', 'maya.okonkwo', 'priya.natarajan'])],
    ['sales', 'sales', false, false, 'Pipeline and deals', null, members(['olivia.brennan', 'alexandra.chen', 'mateo.garcia', 'jonah.reyes', 'grace.odhiambo'])],
    ['marketing', 'marketing', false, false, 'Launches and content', null, members(['samantha.porter', 'isla.mcgregor', 'elena.vasquez'])],
    ['dublin-office', 'dublin-office', false, false, 'Dublin office', null, active.filter((p) => p.city === 'dub')],
    ['portland-office', 'portland-office', false, false, 'Portland office', null, active.filter((p) => p.city === 'pdx')],
    ['proj-ingest-v2', 'proj-ingest-v2', false, true, 'Ingest v2 (shipped in 3.5)', null, teamOf('ing').filter((p) => !p.newStarter)],
    ['incident-2025-11-ingest-lag', 'incident-2025-11-ingest-lag', false, true, 'INC-2025-031 war room', null, members(['nadia.petrenko', 'ines.moreau', 'bram.osterhout', 'maya.okonkwo'])],
    ['social', 'social', false, false, 'Lunch, runs and board games', null, active.filter((p) => !p.guest)],
  ];
  const channelId = {};
  const memberSet = {};
  for (const [key, name, priv, archived, purpose, topic, list] of CHANNELS) {
    const id = ids.slackChannel(key);
    channelId[key] = id;
    K[`slack_${key}`] = id;
    const uniq = [...new Map(list.map((p) => [p.key, p])).values()];
    memberSet[key] = uniq;
    slack.channels.push({ channel_id: id, channel_name: name, team_id: TEAM, topic_text: topic, purpose_text: purpose, is_private: priv, is_dm: false, is_gc: false, is_archived: archived, creator_id: (uniq[0] ?? P['ben.whitaker']).slack, created_at: '2024-01-08T16:00:00.000Z', updated_at: '2024-01-08T16:00:00.000Z' });
    for (const p of uniq) slack.channel_members.push({ channel_id: id, user_id: p.slack, joined_at: '2024-01-08T16:00:00.000Z' });
  }
  // Bots sit in the channels they post to.
  for (const c of ['incidents', 'platform-oncall', 'team-platform', 'team-ingest', 'conduit-releases']) slack.channel_members.push({ channel_id: channelId[c], user_id: bot('conduit-alerts').slack, joined_at: '2024-01-08T16:00:00.000Z' });
  for (const c of ['team-platform', 'team-ingest', 'team-console', 'support-escalations']) slack.channel_members.push({ channel_id: channelId[c], user_id: bot('linear-app').slack, joined_at: '2024-01-08T16:00:00.000Z' });
  // Direct messages and a group DM.
  const dm = (key, a, b) => {
    const id = ids.slackDm(key);
    channelId[key] = id;
    K[`slack_${key}`] = id;
    memberSet[key] = [a, b];
    slack.channels.push({ channel_id: id, channel_name: `dm-${a.slack.toLowerCase()}-${b.slack.toLowerCase()}`, team_id: TEAM, topic_text: null, purpose_text: null, is_private: true, is_dm: true, is_gc: false, is_archived: false, creator_id: a.slack, created_at: '2024-02-01T16:00:00.000Z', updated_at: '2024-02-01T16:00:00.000Z' });
    for (const p of [a, b]) slack.channel_members.push({ channel_id: id, user_id: p.slack, joined_at: '2024-02-01T16:00:00.000Z' });
  };
  dm('dm-maya-kieran', P['maya.okonkwo'], P['kieran.walsh']);
  dm('dm-maya-jonah', P['maya.okonkwo'], P['jonah.reyes']);
  dm('dm-declan-beatriz', P['declan.byrne'], P['beatriz.santos']);
  dm('dm-farah-liam', P['farah.haddad'], P['liam.oconnor']);
  dm('dm-priya-ben', P['priya.natarajan'], P['ben.whitaker']);
  {
    const id = ids.slackGroup('leads');
    channelId.leads = id;
    memberSet.leads = members(['maya.okonkwo', 'declan.byrne', 'sofia.lindqvist', 'ayesha.siddiqui']);
    slack.channels.push({ channel_id: id, channel_name: 'mpdm-maya--declan--sofia--ayesha-1', team_id: TEAM, topic_text: null, purpose_text: 'Group messaging', is_private: true, is_dm: false, is_gc: true, is_archived: false, creator_id: P['maya.okonkwo'].slack, created_at: '2024-03-01T16:00:00.000Z', updated_at: '2024-03-01T16:00:00.000Z' });
    for (const p of memberSet.leads) slack.channel_members.push({ channel_id: id, user_id: p.slack, joined_at: '2024-03-01T16:00:00.000Z' });
    K.slack_leads = id;
  }

  const byTs = {};
  /** One message; `at` is an ISO instant. Returns its ts. */
  const post = (channel, who, at, text, opts = {}) => {
    const ms = Date.parse(at);
    if (!(ms < NOW)) throw new Error(`slack: message after the clock: ${at}`);
    const ts = slackTs(ms, opts.key ?? `${channel}:${at}:${text.slice(0, 20)}`);
    const row = { message_id: ts, ts, channel_id: channelId[channel], user_id: who.slack, parent_id: opts.thread ?? null, type: 'message', subtype: null, message_text: text, blocks: null, attachments: null, created_at: iso(ms), updated_at: iso(ms) };
    slack.messages.push(row);
    byTs[ts] = row;
    if (opts.key) K[opts.key] = ts;
    for (const [emoji, users] of Object.entries(opts.reactions ?? {})) for (const u of users) slack.message_reactions.push({ message_id: ts, user_id: u.slack, reaction_type: emoji, created_at: iso(ms + 60e3) });
    return ts;
  };
  const link = (channel, ts) => refs.slackPermalink(channelId[channel], ts);
  const boxLink = (key) => refs.boxShared(K[key]);
  const U = (k) => `<@${P[k].slack}>`;

  // --- #incidents: last week's three incidents (the weekly report counts them) and earlier ones.
  const older = [
    ['INC-2026-009', '2026-02-10T13:05:00Z', 'nadia.petrenko', 'Kafka disk usage above 90% on the US cluster; adding brokers.'],
    ['INC-2026-010', '2026-02-13T19:40:00Z', 'alex.chen', 'Webhook deliveries delayed for US tenants (queue backlog).'],
    ['INC-2026-011', '2026-02-19T17:15:00Z', 'yuki.tanabe', 'Console slow for pipelines with more than 500 nodes.'],
    ['INC-2026-012', '2026-02-24T09:45:00Z', 'beatriz.santos', 'Schema registry timeouts after deploy.'],
  ];
  for (const [id, at, who, text] of older) {
    const root = post('incidents', P[who], at, `:rotating_light: *${id}* declared — ${text} I'm IC.`, { key: `slackInc_${id}` });
    post('incidents', P[who], iso(Date.parse(at) + 55 * 60e3), `${id} resolved. Postmortem to follow in Box (Engineering/Incidents/2026).`, { thread: root });
  }
  const inc13 = post('incidents', P['alex.chen'], '2026-03-02T17:04:00Z', ':rotating_light: *INC-2026-013* declared — docs.fernbrook.example answering 502 after a CDN config push. I\'m IC.', { key: 'slackInc_INC-2026-013' });
  post('incidents', P['alex.chen'], '2026-03-02T17:12:00Z', 'INC-2026-013 resolved at 17:10 UTC: reverted the origin rule.', { thread: inc13 });
  const inc14 = post('incidents', P['nadia.petrenko'], '2026-03-03T14:24:00Z',
    ':rotating_light: *INC-2026-014* declared — EU ingest lag above 20 minutes for tenants on eu-west-1. Harrow & Vale and Saltire Shipping confirmed affected. I\'m IC, Inès is on the ingest side. Updates in this thread.',
    { key: 'slackInc_INC-2026-014', reactions: { eyes: [P['ines.moreau'], P['maya.okonkwo'], P['declan.byrne']] } });
  post('incidents', P['ines.moreau'], '2026-03-03T14:41:00Z', 'Consumer group for eu-west-1 is stuck in rebalance since broker 7 restarted at 14:12. Reassignment is moving all 1,200 partitions at once.', { thread: inc14 });
  post('incidents', P['farah.haddad'], '2026-03-03T14:52:00Z', 'Status page updated: "Delayed event processing in EU".', { thread: inc14 });
  post('incidents', P['ines.moreau'], '2026-03-03T15:33:00Z', 'Cancelled the reassignment and restarted it in batches of 100. Lag is coming down.', { thread: inc14 });
  K.slackInc14Resolved = post('incidents', P['nadia.petrenko'], '2026-03-03T16:09:00Z',
    `Resolved at 16:05 UTC. Root cause: the consumer-group rebalance got stuck after broker 7 restarted. The lag itself is tracked in ING-131 (${refs.linearUrl('ING-131', 'EU ingest lag during partition rebalance (INC-2026-014)')}). Postmortem draft: ${boxLink('boxPostmortem014')}`,
    { thread: inc14, key: 'slackInc14Resolved', reactions: { white_check_mark: [P['maya.okonkwo'], P['farah.haddad']] } });
  const inc15 = post('incidents', P['marcus.boateng'], '2026-03-06T15:12:00Z',
    ':rotating_light: *INC-2026-015* declared — Console login failing for Saltire Shipping: SAML assertions rejected since their IdP rotated its signing certificate. Tracking in CON-112.',
    { key: 'slackInc_INC-2026-015' });
  post('incidents', P['liam.oconnor'], '2026-03-06T15:30:00Z', 'Support side is SUP-88. Fiona from Saltire is on the ticket.', { thread: inc15 });
  post('incidents', P['marcus.boateng'], '2026-03-06T17:45:00Z', 'Mitigated: we accept the new certificate for Saltire manually. Proper fix (reading the IdP metadata again on failure) stays in CON-112.', { thread: inc15 });

  // --- #conduit-releases: the 3.8 plan.
  K.slackRelease38 = post('conduit-releases', P['declan.byrne'], '2026-03-05T11:20:00Z',
    `*Conduit 3.8 plan*: code freeze Tuesday 10 March, go/no-go Thursday 12 March at 15:00 UTC, release Thursday 19 March. Release issues carry the \`release: 3.8\` label in Linear. Notes draft: ${boxLink('boxNotes38')}`,
    { key: 'slackRelease38', reactions: { '+1': [P['maya.okonkwo'], P['sofia.lindqvist'], P['tessa.nguyen']] } });
  post('conduit-releases', P['tessa.nguyen'], '2026-03-05T16:05:00Z', 'QA sign-off for 3.8 needs CON-119 fixed first.', { thread: K.slackRelease38 });
  post('conduit-releases', P['declan.byrne'], '2026-02-06T10:00:00Z', 'Conduit 3.7 is out. Thanks all!', { reactions: { tada: [P['maya.okonkwo'], P['sofia.lindqvist']] } });

  // --- #team-platform: Kieran leaves; who takes what.
  K.slackKieranLeaving = post('team-platform', P['maya.okonkwo'], '2026-03-06T17:30:00Z',
    `Heads-up: ${U('kieran.walsh')}'s last day is Friday 13 March. ${U('nadia.petrenko')} takes over his open issues, except PLAT-101 (the Kafka 3.9 upgrade), which goes to ${U('seun.adeyemi')}. Kieran, please put your working notes in Engineering/Platform/Handover in Box before you go.`,
    { key: 'slackKieranLeaving', reactions: { pray: [P['kieran.walsh']], saluting_face: [P['nadia.petrenko'], P['seun.adeyemi']] } });
  post('team-platform', P['kieran.walsh'], '2026-03-06T17:42:00Z', 'Will do. It has been a blast, thank you all.', { thread: K.slackKieranLeaving });
  // Who is on call is in the on-call calendar; this is the handover ritual.
  post('platform-oncall', P['alex.chen'], '2026-03-02T16:30:00Z', 'Handover: quiet week apart from INC-2026-013. Nadia has the pager from Monday 9 March.');

  // --- #team-ingest: a new starter.
  K.slackNewStarter = post('team-ingest', P['declan.byrne'], '2026-03-06T10:15:00Z', `Lucía Ferreira joins us as a backend engineer on Monday 16 March :tada: ${U('beatriz.santos')} is her onboarding buddy.`, { key: 'slackNewStarter', reactions: { tada: [P['ines.moreau'], P['rahul.mehta'], P['beatriz.santos']] } });
  post('team-ingest', P['declan.byrne'], '2026-03-04T09:00:00Z', 'Reminder: no Ingest standup on Tuesday 17 March, the Dublin office is closed for St Patrick\'s Day.');

  // --- #proj-billing-export: the project moves to the Data team.
  K.slackBillingMove = post('proj-billing-export', P['noah.kim'], '2026-03-05T18:10:00Z',
    'Decision from Thursday\'s product review: the billing export project moves from the Console team to the Data team, starting this sprint. Ayesha\'s team owns it from now on; the Console issues move over to Data in Linear.',
    { key: 'slackBillingMove', reactions: { '+1': [P['ayesha.siddiqui'], P['sofia.lindqvist']] } });
  post('proj-billing-export', P['ayesha.siddiqui'], '2026-03-05T18:30:00Z', 'Thanks! Lars will be our point person.', { thread: K.slackBillingMove });

  // --- Customers.
  K.slackDeckV3 = post('cs-harrow-vale', P['jonah.reyes'], '2026-03-04T15:45:00Z', `Imogen wants the Q1 QBR in the week of the 16th. Deck v3 is up: ${boxLink('boxDeckV3')}`, { key: 'slackDeckV3' });
  post('cs-harrow-vale', P['jonah.reyes'], '2026-02-20T16:10:00Z', `First cut of the QBR deck (v2): ${boxLink('boxDeckV2')}`);
  post('cs-harrow-vale', P['lars.eriksen'], '2026-03-04T16:20:00Z', 'Their throughput report gap is DATA-52; I can have it fixed before the QBR.', { thread: K.slackDeckV3 });
  post('cs-saltire', P['liam.oconnor'], '2026-03-06T16:00:00Z', 'Saltire cannot log in to Console since this morning (London). See INC-2026-015 / SUP-88.');
  K.slackSamlAsk = post('customer-feedback', P['jonah.reyes'], '2026-03-02T19:00:00Z', 'Meridian Health asked again about SAML SSO for Console — that is CON-117. Third time this quarter.', { key: 'slackSamlAsk' });
  post('customer-feedback', P['zoe.adams'], '2026-03-03T20:00:00Z', 'Copperline says webhooks were delivered twice again overnight.', { key: 'slackCopperlineDupes' });
  post('support-escalations', P['farah.haddad'], '2026-03-06T15:05:00Z', 'Escalating Saltire\'s Console login failures to Console on-call: SUP-88.');
  post('security', P['viktor.hale'], '2026-03-04T10:30:00Z', `Q1 access review sheet: ${boxLink('boxAccessReview')} — please check the accounts marked stale by Friday.`);
  post('general', P['priya.natarajan'], '2026-03-02T17:00:00Z', 'Reminder: the Dublin office is closed on Tuesday 17 March for St Patrick\'s Day.');
  post('general', P['rosalind.achterberg'], '2026-02-27T19:00:00Z', 'February all-hands deck is in Box under Company/All-hands. Thanks for a great month!');
  post('dm-maya-kieran', P['kieran.walsh'], '2026-03-06T18:00:00Z', 'Notes for the handover are in Box already (Engineering/Platform, the two "Kieran - …" docs). I will move them into Handover if you prefer.');
  post('dm-maya-jonah', P['jonah.reyes'], '2026-03-05T21:00:00Z', 'Imogen asked for an RCA of last Tuesday. Can you send me the postmortem when it is ready?');
  post('leads', P['sofia.lindqvist'], '2026-03-05T19:00:00Z', 'CON-119 should land Monday, so 3.8 QA is not blocked for long.');
  post('dm-priya-ben', P['priya.natarajan'], '2026-03-05T19:30:00Z', 'Lucía\'s accounts are ready? She starts on the 16th.');
  post('dm-priya-ben', P['ben.whitaker'], '2026-03-05T19:40:00Z', 'Yes: Slack, Box, Linear, Google and mail are provisioned. Her manager adds her to channels and teams.');
  post('incident-2025-11-ingest-lag', P['bram.osterhout'], '2025-11-12T10:00:00Z', 'War room for INC-2025-031. Restarting consumers one by one.');
  post('proj-ingest-v2', P['declan.byrne'], '2025-09-30T10:00:00Z', 'Ingest v2 is fully rolled out. Archiving this channel soon.');

  // --- Five weeks of chatter in every channel, with threads and reactions.
  const CHATTER = {
    general: ['Happy Monday!', 'Lunch & learn on Thursday: {topic}.', 'Office wifi is back.', 'Welcome to everyone who joined this month!', 'Reminder: expenses are due on the 5th.'],
    random: ['Anyone up for a run at lunch?', 'Coffee machine on 3 is fixed.', 'Photo from the board game night :game_die:', 'Which podcast are you all listening to?', 'Rain again in Portland.'],
    eng: ['PSA: CI runners are being replaced tonight.', 'Who owns the {topic} dashboard?', 'Reviewed the RFC on {topic}, comments in the doc.', 'Flaky test in the ingest suite again.', 'Node 22 upgrade for the Console is merged.'],
    'team-platform': ['Broker disk at 71% on us-east.', 'PR for {topic} is up.', 'Who has capacity for a review?', 'Pager was quiet last night.', 'Terraform plan looks clean.'],
    'team-ingest': ['Deployed the HTTP source fix to staging.', 'Lag graphs look healthy after the change.', 'Pairing on {topic} this afternoon.', 'Schema registry cache warm-up works.', 'Standup notes are in Box.'],
    'team-console': ['New empty states are live on staging.', 'Design review for {topic} at 2pm.', 'Bundle size down 12%.', 'Storybook is deployed.', 'Graph virtualisation spike is promising.'],
    'team-data': ['Nightly job finished in 41 minutes.', 'dbt models for {topic} are merged.', 'Warehouse costs dipped this week.', 'Who wants to review the usage model?', 'Backfill done.'],
    'platform-oncall': ['Pager: disk alert on broker 3, resolved.', 'Quiet night.', 'Rebalance alert fired at 03:00, it recovered by itself.', 'Acked a cert expiry warning for gw-eu-1.'],
    'support-escalations': ['Ticket volume normal today.', 'Customer asks about {topic}.', 'Escalation closed.', 'Can someone from Ingest look at a lag question?'],
    'cs-harrow-vale': ['Imogen confirmed their volume forecast for Q2.', 'Raj asked about IP allow-listing.', 'Usage is up 18% this quarter.'],
    'cs-saltire': ['Weekly sync moved to Thursday.', 'Fiona is happy with the new dashboards.', 'They are testing the 3.8 beta.'],
    'customer-feedback': ['Request: {topic} per tenant.', 'Two prospects asked about data residency.', 'Positive note from Pelican about the API docs.'],
    product: ['Roadmap review moved to Thursday.', 'Notes on {topic} in Box.', 'User interviews next week.', 'Pricing page draft is ready.'],
    'proj-billing-export': ['CSV spec is in Box.', 'Reconciliation numbers match for January.', 'Open question: do we include deleted pipelines?'],
    leadership: ['Q1 numbers look on track.', 'Board prep on Friday.', 'Hiring plan approved.'],
    'people-ops': ['Benefits enrolment closes on the 20th.', 'New laptop order is in.', 'Reviewing the travel policy.'],
    security: ['Phishing test results are in.', 'MFA now required for Box.', 'Rotated the CI deploy key.'],
    sales: ['Closed a Team tier deal with an energy company.', 'Pipeline review on Tuesday.', 'Demo script updated for 3.8.'],
    marketing: ['Blog draft for 3.8 is in Box.', 'Webinar registrations: 140.', 'New case study with Pelican.'],
    'dublin-office': ['Cake in the kitchen!', 'Office closed on St Patrick\'s Day.', 'Heating is fixed.'],
    'portland-office': ['Parking garage closed Friday.', 'Team lunch on Wednesday.', 'Bike room has new racks.'],
    social: ['Board games on Friday :game_die:', 'Who wants to join the 10k in April?', 'Photos from the hike are up.'],
    'conduit-releases': ['3.7.2 patch is out.', 'Release checklist updated.', 'Beta feedback thread for 3.8.'],
    incidents: [],
    leads: ['Headcount numbers for Hannah by Wednesday.', 'Planning poker at 10?'],
  };
  const REPLIES = ['+1', 'Thanks!', 'On it.', 'Nice.', 'Agreed.', 'Can you share the link?', 'Looking now.', 'Done.', 'Good catch.', 'Let\'s talk at standup.'];
  const EMOJI = ['+1', 'eyes', 'tada', 'white_check_mark', 'raised_hands', 'joy', 'pray'];
  const start = Date.UTC(2026, 1, 2);
  for (const [channel, lines] of Object.entries(CHATTER)) {
    if (!lines.length) continue;
    const who = memberSet[channel].filter((p) => !p.inactive);
    const n = ['general', 'random', 'eng', 'team-platform', 'team-ingest', 'team-console'].includes(channel) ? 190 : 85;
    for (let i = 0; i < n; i++) {
      const author = R.pick(who);
      const dayMs = start + Math.floor(R.rand() * ((NOW - start) / DAY - 0.5)) * DAY;
      const localDay = DateTime.fromMillis(dayMs, { zone: 'UTC' }).setZone(author.zone, { keepLocalTime: false }).startOf('day');
      const t = localDay.plus({ hours: R.int(8, 17), minutes: R.int(0, 59) }).toMillis();
      if (t >= NOW - 30 * 60e3) continue;
      const text = R.pick(lines).replace('{topic}', R.pick(['throughput', 'retention', 'schema evolution', 'cost per event', 'partition sizing', 'alerting', 'tenant limits']));
      const reactions = R.chance(0.3) ? { [R.pick(EMOJI)]: [...new Set(Array.from({ length: R.int(1, 3) }, () => R.pick(who)))] } : {};
      const root = post(channel, author, iso(t), text, { key: `chatter:${channel}:${i}`, reactions });
      if (R.chance(0.22)) {
        const replies = R.int(1, 4);
        for (let j = 1; j <= replies; j++) {
          const rt = t + j * R.int(3, 40) * 60e3;
          if (rt >= NOW) break;
          post(channel, R.pick(who), iso(rt), R.pick(REPLIES), { thread: root, key: `chatter:${channel}:${i}:${j}` });
        }
      }
    }
  }
  slack.messages.sort((a, b) => a.channel_id.localeCompare(b.channel_id) || Number(a.ts) - Number(b.ts));
  return { slack, channelId, memberSet, link };
}

// ---------------------------------------------------------------------------------------------------------------
// Linear: six teams, their states and labels, the story's issues at fixed numbers, and the rest of each team's
// history around them (numbers are contiguous per team, as in Linear).

export const LINEAR_TEAMS = [
  ['plat', 'Platform', 'PLAT', '#5e6ad2', 110],
  ['ing', 'Ingest', 'ING', '#26b5ce', 140],
  ['con', 'Console', 'CON', '#f2994a', 120],
  ['data', 'Data', 'DATA', '#4cb782', 60],
  ['sup', 'Support', 'SUP', '#eb5757', 95],
  ['sec', 'Security', 'SEC', '#bb87fc', 30],
];

function buildLinear(R, slackOut) {
  const lin = { organizations: [], users: [], teams: [], team_memberships: [], workflow_states: [], issue_labels: [], cycles: [], issues: [], issue_label_issue_association: [], comments: [], issue_relations: [] };
  const ORG = ids.uuid('linear-org');
  const created = '2023-05-01T16:00:00.000Z';
  lin.organizations.push({ id: ORG, name: 'Fernbrook Systems', urlKey: LINEAR_ORG_KEY, createdAt: created, updatedAt: created, userCount: people.length });
  for (const p of people) {
    lin.users.push({
      id: p.linear, name: p.name, displayName: p.key === 'alexandra.chen' ? 'alexandra' : p.key.split('.')[0], email: p.email, organizationId: ORG, active: !p.inactive, admin: Boolean(p.linearAdmin),
      app: false, guest: Boolean(p.guest), initials: p.name.split(' ').map((w) => w[0]).join('').slice(0, 2).toUpperCase(), timezone: p.zone, url: `https://linear.app/${LINEAR_ORG_KEY}/profiles/${p.key.split('.')[0]}`,
      createdAt: created, updatedAt: created,
    });
  }
  const team = {};
  for (const [key, name, tkey, color] of LINEAR_TEAMS) {
    const id = ids.uuid(`linear-team:${key}`);
    team[key] = { id, key: tkey, name };
    K[`linearTeam_${key}`] = id;
    lin.teams.push({ id, name, key: tkey, displayName: name, organizationId: ORG, description: `${name} team`, color, private: false, timezone: key === 'ing' || key === 'sup' || key === 'sec' ? 'Europe/Dublin' : 'America/Los_Angeles', cyclesEnabled: ['plat', 'ing', 'con'].includes(key), createdAt: created, updatedAt: created });
  }
  const membersOf = {};
  const join_ = (teamKey, p, owner = false) => {
    membersOf[teamKey] ??= [];
    if (membersOf[teamKey].includes(p)) return;
    membersOf[teamKey].push(p);
    lin.team_memberships.push({ id: ids.uuid(`linear-membership:${teamKey}:${p.key}`), teamId: team[teamKey].id, userId: p.linear, owner, sortOrder: membersOf[teamKey].length, createdAt: created, updatedAt: created, archivedAt: p.inactive ? '2026-01-30T17:00:00.000Z' : null });
  };
  for (const p of people) if (p.team && !p.newStarter) join_(p.team, p, /Lead|Manager/.test(p.title));
  for (const k of ['tomasz.wierzbicki']) for (const t of ['plat', 'ing', 'con', 'data', 'sec']) join_(t, P[k]);
  join_('sup', P['jonah.reyes']);
  join_('con', P['elena.vasquez']);
  join_('sec', P['ben.whitaker']);
  join_('sup', P['maya.okonkwo']);

  const STATES = [['Triage', 'triage', '#fc7840'], ['Backlog', 'backlog', '#bec2c8'], ['Todo', 'unstarted', '#e2e2e2'], ['In Progress', 'started', '#f2c94c'], ['In Review', 'started', '#0f783c'], ['Done', 'completed', '#5e6ad2'], ['Canceled', 'canceled', '#95a2b3'], ['Duplicate', 'canceled', '#95a2b3']];
  const stateId = {};
  for (const [tk] of LINEAR_TEAMS) {
    STATES.forEach(([name, type, color], position) => {
      const id = ids.uuid(`linear-state:${tk}:${name}`);
      stateId[`${tk}:${name}`] = id;
      lin.workflow_states.push({ id, teamId: team[tk].id, name, type, color, position, createdAt: created, updatedAt: created });
    });
  }
  const labelId = {};
  const label = (name, color, opts = {}) => {
    const id = ids.uuid(`linear-label:${name}`);
    labelId[name] = id;
    lin.issue_labels.push({ id, name, color, description: opts.description ?? null, organizationId: ORG, teamId: opts.team ? team[opts.team].id : null, parentId: opts.parent ? labelId[opts.parent] : null, isGroup: Boolean(opts.group), creatorId: P['declan.byrne'].linear, createdAt: created, updatedAt: created });
  };
  for (const [n, c] of [['Bug', '#eb5757'], ['Feature', '#bb87fc'], ['Improvement', '#4ea7fc'], ['tech-debt', '#95a2b3'], ['incident-followup', '#f2994a'], ['oncall', '#fc7840'], ['security', '#eb5757'], ['flaky-test', '#f7c8c1']]) label(n, c);
  label('Customer', '#4cb782', { group: true, description: 'The customer who asked or is affected' });
  for (const c of ['Harrow & Vale', 'Saltire Shipping', 'Copperline Retail', 'Meridian Health', 'Pelican Air Cargo', 'Harrowgate Foods']) label(c, '#4cb782', { parent: 'Customer' });
  label('Release', '#5e6ad2', { group: true });
  for (const r of ['release: 3.7', 'release: 3.8', 'release: 3.9']) label(r, '#5e6ad2', { parent: 'Release' });
  label('project: billing-export', '#26b5ce', { description: 'Usage-based billing export' });
  K.linearLabels = labelId;
  K.linearStates = stateId;

  // Cycles: two weeks, Mondays; cycle 15 is this one.
  const cycleId = {};
  for (const tk of ['plat', 'ing', 'con']) {
    for (let n = 10; n <= 16; n++) {
      const s = Date.UTC(2025, 11, 29) + (n - 10) * 14 * DAY; // cycle 15 starts Monday 9 March
      const id = ids.uuid(`linear-cycle:${tk}:${n}`);
      cycleId[`${tk}:${n}`] = id;
      lin.cycles.push({ id, teamId: team[tk].id, number: n, name: `Cycle ${n}`, startsAt: iso(s), endsAt: iso(s + 14 * DAY), completedAt: s + 14 * DAY < NOW ? iso(s + 14 * DAY) : null, createdAt: iso(s - 7 * DAY), updatedAt: iso(s - 7 * DAY) });
    }
  }
  const currentCycle = (tk) => lin.cycles.find((c) => c.teamId === team[tk].id && Date.parse(c.startsAt) <= NOW && NOW < Date.parse(c.endsAt));

  const PRI = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];
  const issueAt = {};
  const issueRow = {};
  const story = {};
  /** A story issue at a fixed number: its fields, labels, and times. */
  const keyed = (identifier, title, o) => (story[identifier] = { title, ...o });
  const inc14Link = slackOut.link('incidents', K['slackInc_INC-2026-014']);
  const inc15Link = slackOut.link('incidents', K['slackInc_INC-2026-015']);
  const kieranLink = slackOut.link('team-platform', K.slackKieranLeaving);
  // Ingest
  keyed('ING-131', 'EU ingest lag during partition rebalance (INC-2026-014)', { state: 'In Progress', priority: 1, assignee: 'ines.moreau', creator: 'nadia.petrenko', labels: ['Bug', 'incident-followup', 'Harrow & Vale', 'Saltire Shipping', 'release: 3.8'], created: '2026-03-03T16:12:00Z', updated: '2026-03-06T10:00:00Z', cycle: 15,
    description: `Events from eu-west-1 tenants were delayed by up to 47 minutes on 3 March while the consumer group rebalanced.\n\nSlack thread: ${inc14Link}\nPostmortem draft: ${refs.boxShared(K.boxPostmortem014)}` });
  keyed('ING-133', 'Ingest lag for EU tenants', { state: 'Duplicate', priority: 0, assignee: null, creator: 'zoe.adams', labels: ['Bug'], created: '2026-03-03T15:02:00Z', updated: '2026-03-03T17:00:00Z', description: 'Harrow & Vale reports delayed events since 14:20 UTC.' });
  keyed('ING-128', 'Backpressure on the HTTP source under bursty load', { state: 'Done', priority: 2, assignee: 'rahul.mehta', labels: ['Improvement', 'release: 3.8'], created: '2026-02-09T10:00:00Z', completed: '2026-03-04T15:00:00Z', cycle: 14 });
  keyed('ING-135', 'Retry budget for the S3 sink', { state: 'In Review', priority: 2, assignee: 'rahul.mehta', labels: ['Improvement', 'release: 3.8'], created: '2026-02-16T10:00:00Z', updated: '2026-03-06T12:00:00Z', cycle: 15 });
  keyed('ING-137', 'Schema registry cache eviction under memory pressure', { state: 'Todo', priority: 2, assignee: 'beatriz.santos', labels: ['Bug', 'release: 3.8'], created: '2026-02-25T10:00:00Z', cycle: 15 });
  keyed('ING-139', 'Document the EU partition map', { state: 'Backlog', priority: 4, assignee: null, labels: ['tech-debt'], created: '2026-03-06T10:30:00Z', description: 'A good first issue for a new team member: write down which tenants live on which partitions of the EU cluster.' });
  keyed('ING-116', 'Warm the schema registry cache on start', { state: 'Done', priority: 2, assignee: 'beatriz.santos', labels: ['incident-followup', 'release: 3.8'], created: '2026-02-24T12:00:00Z', completed: '2026-03-02T12:00:00Z', cycle: 14 });
  // Platform: Kieran's open issues (three to Nadia, PLAT-101 to Seun) and the rest
  keyed('PLAT-104', 'Broker restarts trigger a stuck consumer-group rebalance', { state: 'In Progress', priority: 1, assignee: 'kieran.walsh', labels: ['Bug', 'incident-followup'], created: '2026-03-04T09:00:00Z', cycle: 15, description: `Seen in INC-2026-014 (${inc14Link}).` });
  keyed('PLAT-98', 'Move staging brokers to the new VPC', { state: 'In Progress', priority: 3, assignee: 'kieran.walsh', labels: ['tech-debt'], created: '2026-02-12T09:00:00Z', cycle: 15, description: `Plan: ${refs.boxShared(K.boxKieranVpc)}` });
  keyed('PLAT-101', 'Upgrade Kafka brokers to 3.9', { state: 'Todo', priority: 2, assignee: 'kieran.walsh', labels: ['Improvement', 'release: 3.8'], created: '2026-02-19T09:00:00Z', cycle: 15 });
  keyed('PLAT-95', 'Rotate TLS certificates for internal gateways', { state: 'Todo', priority: 2, assignee: 'kieran.walsh', labels: ['security'], created: '2026-02-05T09:00:00Z', dueDate: '2026-03-20' });
  keyed('PLAT-90', 'Grafana dashboards for consumer lag', { state: 'Done', priority: 3, assignee: 'kieran.walsh', labels: ['Improvement'], created: '2026-01-28T09:00:00Z', completed: '2026-02-20T09:00:00Z' });
  keyed('PLAT-106', 'On-call runbook: consumer-group rebalance', { state: 'Backlog', priority: 3, assignee: null, labels: ['oncall'], created: '2026-03-05T09:00:00Z', description: `Came out of the offboarding planning: ${kieranLink}` });
  keyed('PLAT-107', 'Pager alert for broker disk above 85%', { state: 'Triage', priority: 0, assignee: null, labels: ['oncall'], created: '2026-03-08T22:10:00Z', description: 'Raised by Conduit Alerts over the weekend: broker 3 disk at 86% on us-east.' });
  keyed('PLAT-102', 'Terraform state locking for the topics module', { state: 'Done', priority: 3, assignee: 'alex.chen', labels: ['tech-debt'], created: '2026-02-20T09:00:00Z', completed: '2026-03-03T19:00:00Z' });
  keyed('PLAT-103', 'Broker disk usage alerts per cluster', { state: 'Done', priority: 2, assignee: 'nadia.petrenko', labels: ['oncall', 'release: 3.8'], created: '2026-02-23T09:00:00Z', completed: '2026-03-05T11:00:00Z' });
  keyed('PLAT-99', 'Gateway p99 latency dashboard', { state: 'Done', priority: 3, assignee: 'seun.adeyemi', labels: ['Improvement'], created: '2026-02-16T09:00:00Z', completed: '2026-03-06T20:00:00Z' });
  keyed('PLAT-100', 'Remove the legacy ci-deploy key', { state: 'In Review', priority: 2, assignee: 'alex.chen', labels: ['security'], created: '2026-02-18T09:00:00Z' });
  // Console
  keyed('CON-112', 'Console login fails after the IdP rotates its signing certificate', { state: 'In Progress', priority: 1, assignee: 'marcus.boateng', labels: ['Bug', 'Saltire Shipping', 'release: 3.8'], created: '2026-03-06T15:20:00Z', cycle: 15, description: `INC-2026-015: ${inc15Link}` });
  keyed('CON-117', 'SAML SSO for Console', { state: 'Backlog', priority: 3, assignee: null, labels: ['Feature', 'Meridian Health'], created: '2026-01-15T18:00:00Z', updated: '2026-03-02T19:05:00Z', description: `Enterprise customers want SAML single sign-on for Console users.\n\nLatest ask: ${slackOut.link('customer-feedback', K.slackSamlAsk)}` });
  keyed('CON-119', 'Pipeline graph renders blank for more than 500 nodes', { state: 'In Review', priority: 1, assignee: 'yuki.tanabe', labels: ['Bug', 'release: 3.8'], created: '2026-02-19T18:00:00Z', updated: '2026-03-05T16:10:00Z', cycle: 15, description: `Blocks QA sign-off for 3.8: ${slackOut.link('conduit-releases', K.slackRelease38)}` });
  keyed('CON-115', 'Dark mode for the pipeline graph', { state: 'Backlog', priority: 4, assignee: null, labels: ['Feature'], created: '2026-02-10T18:00:00Z' });
  keyed('CON-108', 'Pipeline search returns archived pipelines', { state: 'Done', priority: 3, assignee: 'sam.porter', labels: ['Bug', 'release: 3.8'], created: '2026-02-02T18:00:00Z', completed: '2026-03-03T18:00:00Z' });
  // The billing export project, still in Console
  const BILLING = [
    ['CON-96', 'Billing export: monthly usage CSV', 'Done', 'marcus.boateng', '2026-01-21', '2026-02-18'],
    ['CON-99', 'Billing export: API endpoint for usage', 'In Progress', 'yuki.tanabe', '2026-01-23', null],
    ['CON-101', 'Billing export: reconcile with invoices', 'Todo', null, '2026-01-27', null],
    ['CON-104', 'Billing export: handle deleted pipelines', 'Backlog', null, '2026-02-03', null],
    ['CON-107', 'Billing export: per-tenant download page', 'Todo', 'marcus.boateng', '2026-02-09', null],
    ['CON-110', 'Billing export: usage email summary', 'Backlog', null, '2026-02-24', null],
    ['CON-114', 'Billing export: timezone of the billing period', 'Canceled', null, '2026-02-26', null],
  ];
  for (const [identifier, title, state, assignee, c, done] of BILLING) keyed(identifier, title, { state, priority: 3, assignee, labels: ['Feature', 'project: billing-export'], created: `${c}T18:00:00Z`, completed: done ? `${done}T18:00:00Z` : null, canceled: state === 'Canceled' ? '2026-03-02T18:00:00Z' : null });
  K.billingIssues = BILLING.map((b) => b[0]);
  // Data
  keyed('DATA-52', 'Harrow & Vale: daily throughput report misses late events', { state: 'Todo', priority: 2, assignee: 'lars.eriksen', labels: ['Bug', 'Harrow & Vale'], created: '2026-02-27T12:00:00Z', updated: '2026-03-04T16:25:00Z', description: `Events that arrive after midnight are left out of the daily report. Discussed in ${slackOut.link('cs-harrow-vale', K.slackDeckV3)}` });
  keyed('DATA-47', 'Billing export: usage model in the warehouse', { state: 'Done', priority: 3, assignee: 'lars.eriksen', labels: ['project: billing-export'], created: '2026-02-02T12:00:00Z', completed: '2026-02-27T12:00:00Z' });
  keyed('DATA-55', 'Harrow & Vale: Q1 usage numbers for the QBR', { state: 'Done', priority: 3, assignee: 'lars.eriksen', labels: ['Harrow & Vale'], created: '2026-03-02T12:00:00Z', completed: '2026-03-04T12:00:00Z' });
  // Support
  keyed('SUP-88', 'Saltire: Console SSO login failures', { state: 'In Progress', priority: 1, assignee: 'liam.oconnor', labels: ['Saltire Shipping'], created: '2026-03-06T15:25:00Z', description: `Customer cannot log in since their IdP certificate rotation. Engineering: CON-112. Incident thread: ${inc15Link}` });
  keyed('SUP-91', 'Harrow & Vale: delayed events in the EU region', { state: 'Done', priority: 2, assignee: 'zoe.adams', labels: ['Harrow & Vale'], created: '2026-03-03T14:35:00Z', completed: '2026-03-03T16:30:00Z' });
  keyed('SUP-93', 'Copperline: webhook deliveries duplicated', { state: 'Todo', priority: 2, assignee: 'zoe.adams', labels: ['Bug', 'Copperline Retail'], created: '2026-03-03T20:10:00Z' });
  keyed('SUP-94', 'Pelican Air: raise the API rate limit to 2,500 requests/s', { state: 'Triage', priority: 0, assignee: null, labels: ['Pelican Air Cargo'], created: '2026-03-06T09:30:00Z' });
  keyed('SUP-85', 'Harrow & Vale: IP allow-list for the EU endpoints', { state: 'Todo', priority: 3, assignee: 'pedro.alves', labels: ['Harrow & Vale'], created: '2026-02-24T09:30:00Z' });
  keyed('SUP-80', 'Harrowgate Foods: password reset emails delayed', { state: 'Todo', priority: 3, assignee: 'pedro.alves', labels: ['Harrowgate Foods'], created: '2026-02-20T09:30:00Z' });
  // Security
  keyed('SEC-27', 'Q1 access review', { state: 'In Progress', priority: 2, assignee: 'viktor.hale', labels: ['security'], created: '2026-03-02T09:30:00Z', description: `The review sheet: ${refs.boxShared(K.boxAccessReview)}` });
  keyed('SEC-24', 'Revoke access for Bram Osterhout', { state: 'Done', priority: 2, assignee: 'ben.whitaker', labels: ['security'], created: '2026-01-30T09:30:00Z', completed: '2026-02-02T09:30:00Z' });
  K.storyIssues = Object.keys(story);

  // Fill each team's numbers 1..N: story issues where fixed, generated history elsewhere.
  const VERBS = ['Fix', 'Investigate', 'Improve', 'Add', 'Refactor', 'Document', 'Speed up', 'Clean up', 'Support', 'Audit'];
  const THINGS = {
    plat: ['broker autoscaling', 'Terraform modules', 'gateway TLS', 'consumer lag alerts', 'disk alerts', 'staging cluster', 'DNS failover', 'secrets rotation', 'topic quotas', 'cost dashboards'],
    ing: ['HTTP source', 'S3 sink', 'schema registry', 'partition assignment', 'retry budgets', 'dead-letter queue', 'gzip decoding', 'JSON parsing', 'Avro support', 'event ordering'],
    con: ['pipeline graph', 'pipeline search', 'empty states', 'settings page', 'tenant switcher', 'audit log view', 'API keys page', 'onboarding tour', 'billing page', 'alerts page'],
    data: ['nightly usage job', 'warehouse costs', 'dbt models', 'usage dashboards', 'late events', 'backfills', 'data quality checks', 'retention jobs'],
    sup: ['ticket macros', 'status page', 'SLA report', 'escalation runbook', 'customer onboarding', 'help-center articles'],
    sec: ['MFA coverage', 'audit logging', 'pen-test findings', 'dependency scanning', 'access reviews', 'secrets scanning'],
  };
  const WEIGHTED = ['Backlog', 'Backlog', 'Todo', 'Todo', 'In Progress', 'In Review', 'Done', 'Done', 'Done', 'Done', 'Canceled'];
  const teamStart = Date.UTC(2025, 3, 1);
  for (const [tk, , tkey, , count] of LINEAR_TEAMS) {
    const members = (membersOf[tk] ?? []).filter((p) => !p.inactive && p.key !== 'tomasz.wierzbicki');
    for (let n = 1; n <= count; n++) {
      const identifier = `${tkey}-${n}`;
      const s = story[identifier];
      // Numbers grow with time: number n of count was created around teamStart + (n/count) of the way to now.
      const base = teamStart + (NOW - 5 * DAY - teamStart) * (n / count);
      let o;
      if (s) {
        o = { ...s, assignee: s.assignee ? P[s.assignee] : null, creator: s.creator ? P[s.creator] : (s.assignee ? P[s.assignee] : members[0]) };
      } else {
        const state = base < Date.UTC(2025, 11, 1) ? R.pick(['Done', 'Done', 'Done', 'Canceled', 'Backlog']) : R.pick(WEIGHTED);
        const created = iso(base + R.int(0, 20) * 36e5);
        const labels = R.chance(0.5) ? [R.pick(['Bug', 'Improvement', 'Feature', 'tech-debt'])] : [];
        if (R.chance(0.12)) labels.push(R.pick(['release: 3.7', 'release: 3.9']));
        o = {
          title: `${R.pick(VERBS)} ${R.pick(THINGS[tk])}${R.chance(0.25) ? ` for ${R.pick(['EU', 'enterprise', 'large', 'new'])} tenants` : ''}`,
          state, priority: R.int(0, 4), assignee: R.chance(0.75) && members.length ? R.pick(members) : null, creator: R.pick(members.length ? members : [P['tomasz.wierzbicki']]),
          labels, created, estimate: R.chance(0.5) ? R.pick([1, 2, 3, 5, 8]) : null,
          completed: state === 'Done' ? iso(Math.min(NOW - 2 * 36e5, Date.parse(created) + R.int(2, 30) * DAY)) : null,
          canceled: state === 'Canceled' ? iso(Math.min(NOW - 2 * 36e5, Date.parse(created) + R.int(2, 20) * DAY)) : null,
        };
        // Nothing but the story completes issues last week (Mon 2 – Sun 8 March), so the weekly report's answer is
        // exactly the story's: move generated completions out of that week.
        if (o.completed && Date.parse(o.completed) >= Date.UTC(2026, 2, 2) && Date.parse(o.completed) < Date.UTC(2026, 2, 9)) o.completed = iso(Date.UTC(2026, 1, 27, 18));
        if (o.completed && Date.parse(o.completed) < Date.parse(o.created)) o.completed = iso(Date.parse(o.created) + 36e5);
      }
      const createdAt = o.created;
      const updatedAt = o.updated ?? o.completed ?? o.canceled ?? createdAt;
      const id = s ? ids.uuid(`linear-issue:${identifier}`) : ids.uuid(`linear-issue:${identifier}:${o.title}`);
      const priority = o.priority ?? 0;
      const cycle = o.cycle ? cycleId[`${tk}:${o.cycle}`] : null;
      const row = {
        id, identifier, number: n, title: o.title, description: o.description ?? null, teamId: team[tk].id, stateId: stateId[`${tk}:${o.state}`], assigneeId: o.assignee?.linear ?? null,
        creatorId: o.creator.linear, parentId: null, cycleId: cycle, projectId: null, priority, priorityLabel: PRI[priority], prioritySortOrder: priority === 0 ? 5 : priority, estimate: o.estimate ?? null,
        dueDate: o.dueDate ?? null, boardOrder: 0, sortOrder: n, branchName: `${identifier.toLowerCase()}-${slug(o.title)}`, labelIds: o.labels.map((l) => labelId[l]), url: refs.linearUrl(identifier, o.title),
        startedAt: ['In Progress', 'In Review', 'Done'].includes(o.state) ? createdAt : null, completedAt: o.completed ?? null, canceledAt: o.canceled ?? (o.state === 'Duplicate' ? updatedAt : null),
        trashed: false, createdAt, updatedAt, archivedAt: null,
      };
      lin.issues.push(row);
      issueRow[identifier] = row;
      issueAt[identifier] = id;
      for (const l of o.labels) lin.issue_label_issue_association.push({ issue_id: id, issue_label_id: labelId[l] });
    }
  }
  K.linearIssues = Object.fromEntries(Object.keys(story).map((i) => [i, issueAt[i]]));

  // Relations.
  const relate = (a, b, type) => lin.issue_relations.push({ id: ids.uuid(`linear-relation:${a}:${b}:${type}`), issueId: issueAt[a], relatedIssueId: issueAt[b], type, issueTitle: issueRow[a].title, relatedIssueTitle: issueRow[b].title, createdAt: issueRow[a].updatedAt, updatedAt: issueRow[a].updatedAt });
  relate('ING-133', 'ING-131', 'duplicate');
  relate('PLAT-104', 'ING-131', 'related');
  relate('SUP-91', 'ING-131', 'related');
  relate('SUP-88', 'CON-112', 'related');
  relate('CON-119', 'ING-131', 'related');
  relate('DATA-47', 'CON-101', 'blocks');

  // Comments.
  let cn = 0;
  const comment = (identifier, who, body, at) => {
    const row = issueRow[identifier];
    const id = ids.uuid(`linear-comment:${identifier}:${++cn}`);
    lin.comments.push({ id, issueId: row.id, userId: who.linear, parentId: null, body, url: `${row.url}#comment-${id.slice(0, 8)}`, reactionData: [], createdAt: at, updatedAt: at });
  };
  comment('ING-131', P['ines.moreau'], 'Mitigated by restarting the reassignment in batches of 100. Proper fix: cap the batch size in the reassignment tool.', '2026-03-04T09:30:00Z');
  comment('ING-131', P['jonah.reyes'], 'Harrow & Vale asked for an RCA; I will send it once the postmortem is reviewed.', '2026-03-05T21:10:00Z');
  comment('CON-112', P['marcus.boateng'], 'Workaround in place for Saltire. Fix: refetch IdP metadata when signature validation fails.', '2026-03-06T17:50:00Z');
  comment('SUP-88', P['liam.oconnor'], 'Fiona confirmed the workaround works for her team.', '2026-03-06T18:30:00Z');
  comment('CON-117', P['noah.kim'], 'Not planned before Q3 unless sales says otherwise.', '2026-02-11T18:00:00Z');
  comment('PLAT-101', P['kieran.walsh'], 'Plan: rolling upgrade, one broker an hour, starting with staging.', '2026-03-02T12:00:00Z');
  const PHRASES = ['Looking into this today.', 'Can we get a repro?', 'Moving to next cycle.', 'Shipped behind a flag.', 'Needs design input first.', 'Blocked on the API change.', 'Verified on staging.', 'Closing, see the PR.'];
  for (let i = 0; i < 380; i++) {
    const row = R.pick(lin.issues);
    const tk = LINEAR_TEAMS.find((t) => team[t[0]].id === row.teamId)[0];
    const who = R.pick((membersOf[tk] ?? [P['tomasz.wierzbicki']]).filter((p) => !p.inactive));
    const at = Math.min(NOW - 36e5, Date.parse(row.createdAt) + R.int(1, 240) * 36e5);
    comment(row.identifier, who, R.pick(PHRASES), iso(at));
  }
  return { lin, team, stateId, labelId, issueRow, currentCycle };
}

// ---------------------------------------------------------------------------------------------------------------
// Google Calendar: everyone's primary calendar, team and company calendars, the story's meetings and series, and
// six weeks of ordinary meetings. Times are written in the organiser's zone with its offset, as clients send them.

function buildCalendar(R, boxOut) {
  const cal = { calendar_users: [], calendars: [], calendar_list_entries: [], calendar_acl_rules: [], calendar_events: [], calendar_event_attendees: [], calendar_settings: [], calendar_channels: [] };
  const created = '2024-09-02T16:00:00.000Z';
  let settingId = 1;
  for (const p of people) {
    cal.calendar_users.push({ id: p.calendar, email: p.email, display_name: p.name, self: false, time_zone: p.zone, created_at: created, updated_at: created });
    cal.calendars.push({ id: p.email, summary: p.email, description: null, location: null, owner_id: p.calendar, time_zone: p.zone, deleted: false, etag: `"${hex(`etag:${p.key}`, 12)}"`, created_at: created, updated_at: created });
    cal.calendar_list_entries.push({ id: `${p.key}:${p.email}`, user_id: p.calendar, calendar_id: p.email, access_role: 'owner', primary: true, selected: true, hidden: false, deleted: false, etag: `"${hex(`cle:${p.key}`, 12)}"`, created_at: created, updated_at: created });
    cal.calendar_acl_rules.push({ id: `user:${p.email}`, calendar_id: p.email, role: 'owner', scope_type: 'user', scope_value: p.email, deleted: false, etag: `"${hex(`acl:${p.key}`, 12)}"`, created_at: created, updated_at: created });
    if (!p.guest) cal.calendar_acl_rules.push({ id: `domain:${DOMAIN}`, calendar_id: p.email, role: 'freeBusyReader', scope_type: 'domain', scope_value: DOMAIN, deleted: false, etag: `"${hex(`acld:${p.key}`, 12)}"`, created_at: created, updated_at: created });
    if (p.persona) {
      cal.calendar_settings.push({ id: settingId++, user_id: p.calendar, setting_id: 'timezone', value: p.zone, etag: `"${hex(`set:${p.key}`, 12)}"` });
      cal.calendar_settings.push({ id: settingId++, user_id: p.calendar, setting_id: 'weekStart', value: '1', etag: `"${hex(`setw:${p.key}`, 12)}"` });
    }
  }
  // Shared calendars: [key, summary, description, owner, zone, writers, readers: 'domain' | keys, subscribers]
  const teamKeys = (t) => teamOf(t).filter((p) => !p.newStarter).map((p) => p.key);
  const SHARED = [
    ['company', 'Fernbrook Company', 'All-hands, holidays and office events', 'priya.natarajan', 'pdx', ['rosalind.achterberg', 'ben.whitaker'], 'domain', personas.map((p) => p.key)],
    ['engineering', 'Engineering', 'Engineering all-hands and reviews', 'tomasz.wierzbicki', 'pdx', ['maya.okonkwo', 'declan.byrne', 'sofia.lindqvist', 'ayesha.siddiqui'], 'domain', ['maya.okonkwo', 'declan.byrne']],
    ['platform', 'Platform Team', 'Platform standups and planning', 'maya.okonkwo', 'pdx', teamKeys('plat'), 'domain', ['maya.okonkwo']],
    ['ingest', 'Ingest Team', 'Ingest standups and planning', 'declan.byrne', 'dub', teamKeys('ing'), 'domain', ['declan.byrne']],
    ['console', 'Console Team', 'Console standups and project syncs', 'sofia.lindqvist', 'pdx', teamKeys('con'), 'domain', ['maya.okonkwo']],
    ['data', 'Data Team', 'Data team meetings', 'ayesha.siddiqui', 'nyc', [...teamKeys('data'), 'sofia.lindqvist'], 'domain', ['maya.okonkwo', 'sofia.lindqvist']],
    ['oncall', 'Platform On-call', 'Who holds the Platform pager each week (Monday to Sunday)', 'maya.okonkwo', 'pdx', ['nadia.petrenko'], 'domain', ['maya.okonkwo', 'declan.byrne', 'farah.haddad']],
    ['ooo', 'Out of Office', 'Vacations, conferences and leave', 'priya.natarajan', 'pdx', active.filter((p) => !p.guest).map((p) => p.key), 'domain', personas.map((p) => p.key)],
    ['releases', 'Releases', 'Release milestones, freezes and go/no-go meetings', 'declan.byrne', 'dub', ['maya.okonkwo', 'sofia.lindqvist', 'tessa.nguyen'], 'domain', ['maya.okonkwo', 'declan.byrne', 'farah.haddad']],
    ['customers', 'Customer Meetings', 'Calls and reviews with customers', 'grace.odhiambo', 'nyc', ['jonah.reyes', 'olivia.brennan', 'farah.haddad'], 'domain', ['jonah.reyes', 'farah.haddad']],
  ];
  const calId = {};
  for (const [key, summary, description, owner, city, writers, readers, subscribers] of SHARED) {
    const id = `c_${hex(`calendar:${key}`, 26)}@group.calendar.google.com`;
    calId[key] = id;
    K[`calendar_${key}`] = id;
    cal.calendars.push({ id, summary, description, location: null, owner_id: P[owner].calendar, time_zone: ZONES[city], deleted: false, etag: `"${hex(`etag:${key}`, 12)}"`, created_at: created, updated_at: created });
    const acl = (scopeType, scopeValue, role) => cal.calendar_acl_rules.push({ id: `${scopeType}:${scopeValue}`, calendar_id: id, role, scope_type: scopeType, scope_value: scopeValue, deleted: false, etag: `"${hex(`acl:${key}:${scopeValue}`, 12)}"`, created_at: created, updated_at: created });
    acl('user', P[owner].email, 'owner');
    for (const w of writers) if (w !== owner) acl('user', P[w].email, 'writer');
    if (readers === 'domain') acl('domain', DOMAIN, 'reader');
    for (const s of new Set([owner, ...subscribers])) {
      const role = s === owner ? 'owner' : writers.includes(s) ? 'writer' : 'reader';
      cal.calendar_list_entries.push({ id: `${s}:${id}`, user_id: P[s].calendar, calendar_id: id, access_role: role, primary: false, selected: true, hidden: false, deleted: false, etag: `"${hex(`cle:${s}:${key}`, 12)}"`, created_at: created, updated_at: created });
    }
  }
  // An old calendar nobody uses any more.
  {
    const id = `c_${hex('calendar:ingest-v2', 26)}@group.calendar.google.com`;
    cal.calendars.push({ id, summary: 'Ingest v2 launch (archive)', description: 'Shipped in 3.5', location: null, owner_id: P['declan.byrne'].calendar, time_zone: ZONES.dub, deleted: false, etag: '"ingestv2"', created_at: created, updated_at: created });
    cal.calendar_acl_rules.push({ id: `user:${P['declan.byrne'].email}`, calendar_id: id, role: 'owner', scope_type: 'user', scope_value: P['declan.byrne'].email, deleted: false, etag: '"ingestv2acl"', created_at: created, updated_at: created });
    cal.calendar_list_entries.push({ id: `declan.byrne:${id}`, user_id: P['declan.byrne'].calendar, calendar_id: id, access_role: 'owner', primary: false, selected: false, hidden: true, deleted: false, etag: '"ingestv2cle"', created_at: created, updated_at: created });
    calId.ingestV2 = id;
  }

  const T = (city, text) => ({ dateTime: DateTime.fromISO(text, { zone: ZONES[city] ?? city }).toISO({ suppressMilliseconds: true }), timeZone: ZONES[city] ?? city });
  const D = (date) => ({ date });
  let order = 0;
  /** One event row (and its attendees). `calendar` is a shared calendar key or a person's key (their primary). */
  const event = (key, calendar, summary, start, end, o = {}) => {
    const calendarId = calId[calendar] ?? P[calendar]?.email;
    if (!calendarId) throw new Error(`calendar: no calendar ${calendar}`);
    const id = o.id ?? ids.eventId(key);
    const organizer = o.organizer ?? (P[calendar] ?? P[SHARED.find((s) => s[0] === calendar)?.[3]]);
    const updated = iso(Math.min(NOW - 36e5, Date.parse('2026-02-01T12:00:00Z') + order++ * 37 * 60e3));
    cal.calendar_events.push({
      id, calendar_id: calendarId, ical_uid: `${o.recurringOf ?? id}@google.com`, summary, description: o.description ?? null, location: o.location ?? null, status: o.status ?? 'confirmed',
      visibility: o.visibility ?? 'default', transparency: o.transparency ?? 'opaque', event_type: o.eventType ?? 'default', start, end, recurrence: o.recurrence ?? null,
      recurring_event_id: o.recurringOf ?? null, original_start_time: o.originalStart ?? null, creator_email: organizer.email, organizer_email: organizer.email, organizer_display_name: organizer.name,
      attachments: o.attachments ?? null, reminders: { useDefault: true }, sequence: 0, etag: `"${hex(`etag:event:${id}`, 12)}"`, html_link: `https://www.google.com/calendar/event?eid=${id}`,
      created_at: '2026-01-05T12:00:00.000Z', updated_at: updated,
    });
    for (const a of o.attendees ?? []) {
      const [who, status] = Array.isArray(a) ? a : [a, 'accepted'];
      const person = typeof who === 'string' ? (P[who] ?? EXT[who]) : who;
      cal.calendar_event_attendees.push({ event_id: id, email: person.email, display_name: person.name, response_status: status, organizer: person.email === organizer.email ? true : null });
    }
    if (o.key !== false) K[`event_${key}`] = id;
    return id;
  };
  const instanceId = (master, startUtc) => `${master}_${startUtc.replace(/[-:]/g, '').replace(/\.\d+/, '')}`;
  const attach = (fileKey, name) => ({ fileUrl: refs.boxShared(K[fileKey]), title: name, mimeType: 'text/markdown', iconLink: 'https://app.box.com/favicon.ico' });

  // --- Release 3.8.
  event('gonogo38', 'releases', 'Conduit 3.8 go/no-go', T('dub', '2026-03-12T15:00'), T('dub', '2026-03-12T15:30'), {
    organizer: P['declan.byrne'], description: `Decide whether 3.8 ships on 19 March. Checklist and notes in Box: ${refs.boxShared(K.boxNotes38)}`,
    attendees: ['declan.byrne', 'maya.okonkwo', 'sofia.lindqvist', 'ayesha.siddiqui', 'tessa.nguyen', 'elena.vasquez', ['farah.haddad', 'tentative']],
    attachments: [attach('boxNotes38', 'Conduit 3.8 release notes (draft).md')],
  });
  event('freeze38', 'releases', 'Code freeze: Conduit 3.8', D('2026-03-10'), D('2026-03-11'), { transparency: 'transparent' });
  event('release38', 'releases', 'Conduit 3.8 release', D('2026-03-19'), D('2026-03-20'), { transparency: 'transparent' });
  event('release37', 'releases', 'Conduit 3.7 release', D('2026-02-05'), D('2026-02-06'), { transparency: 'transparent' });
  event('gonogo37', 'releases', 'Conduit 3.7 go/no-go', T('dub', '2026-01-29T15:00'), T('dub', '2026-01-29T15:30'), { organizer: P['declan.byrne'], attendees: ['declan.byrne', 'maya.okonkwo', 'sofia.lindqvist', 'tessa.nguyen'] });

  // --- INC-2026-014 postmortem review, with the draft attached.
  event('pmreview014', 'maya.okonkwo', 'INC-2026-014 postmortem review', T('pdx', '2026-03-11T10:00'), T('pdx', '2026-03-11T10:45'), {
    description: 'Review of the EU ingest lag postmortem (draft in Box: Engineering/Incidents/2026/INC-2026-014 postmortem (draft).md).',
    attendees: ['maya.okonkwo', 'nadia.petrenko', 'ines.moreau', 'declan.byrne', 'farah.haddad', ['hugo.lefevre', 'tentative'], 'alex.chen'],
    attachments: [attach('boxPostmortem014', 'INC-2026-014 postmortem (draft).md')],
  });
  event('pmreview013', 'maya.okonkwo', 'INC-2026-013 postmortem review', T('pdx', '2026-03-04T11:00'), T('pdx', '2026-03-04T11:30'), {
    description: `Doc: ${refs.boxShared(K.boxPostmortem013)}`, attendees: ['maya.okonkwo', 'alex.chen', 'seun.adeyemi'],
  });
  // Give the INC-2026-013 postmortem a shared link to match the event that points at it.
  const pm13 = boxOut.fileRows[K.boxPostmortem013];
  pm13.shared_link = boxOut.sharedLink(pm13.id, pm13.name, 'company');

  // --- Team series. Platform: standup, weekly (one occurrence cancelled), 1:1s.
  const plat = teamOf('plat').map((p) => p.key);
  event('platstandup', 'platform', 'Platform standup', T('pdx', '2026-01-05T09:30'), T('pdx', '2026-01-05T09:45'), { organizer: P['maya.okonkwo'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'], attendees: plat });
  const platWeekly = event('platweekly', 'platform', 'Platform weekly', T('pdx', '2026-01-07T11:00'), T('pdx', '2026-01-07T12:00'), { organizer: P['maya.okonkwo'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'], attendees: [...plat, 'tomasz.wierzbicki'] });
  event('platweekly-0318', 'platform', 'Platform weekly', T('pdx', '2026-03-18T11:00'), T('pdx', '2026-03-18T12:00'), {
    id: instanceId(platWeekly, '2026-03-18T18:00:00Z'), status: 'cancelled', recurringOf: platWeekly, originalStart: T('pdx', '2026-03-18T11:00'), organizer: P['maya.okonkwo'],
  });
  for (const [k, day, time] of [['kieran.walsh', 'TU', '08:00'], ['nadia.petrenko', 'TH', '08:30'], ['alex.chen', 'MO', '13:00'], ['seun.adeyemi', 'FR', '10:00']]) {
    const first = { MO: '2026-01-05', TU: '2026-01-06', TH: '2026-01-08', FR: '2026-01-09' }[day];
    const end = DateTime.fromISO(`${first}T${time}`).plus({ minutes: 30 }).toFormat("yyyy-MM-dd'T'HH:mm");
    event(`oneonone-maya-${k.split('.')[0]}`, 'maya.okonkwo', `1:1 Maya / ${P[k].first}`, T('pdx', `${first}T${time}`), T('pdx', end), {
      recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=${day}`], attendees: ['maya.okonkwo', k],
    });
  }
  // Ingest: standup (no occurrence on St Patrick's Day) and fortnightly planning.
  const ing = teamOf('ing').filter((p) => !p.newStarter).map((p) => p.key);
  const ingStandup = event('ingstandup', 'ingest', 'Ingest standup', T('dub', '2026-01-05T10:00'), T('dub', '2026-01-05T10:15'), { organizer: P['declan.byrne'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'], attendees: ing });
  event('ingstandup-0317', 'ingest', 'Ingest standup', T('dub', '2026-03-17T10:00'), T('dub', '2026-03-17T10:15'), {
    id: instanceId(ingStandup, '2026-03-17T10:00:00Z'), status: 'cancelled', recurringOf: ingStandup, originalStart: T('dub', '2026-03-17T10:00'), organizer: P['declan.byrne'],
  });
  event('ingplanning', 'ingest', 'Ingest planning', T('dub', '2026-01-05T14:00'), T('dub', '2026-01-05T15:00'), { organizer: P['declan.byrne'], recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO'], attendees: [...ing, 'noah.kim'] });
  event('ingreview', 'ingest', 'Ingest code review hour', T('dub', '2026-01-06T15:00'), T('dub', '2026-01-06T16:00'), { organizer: P['declan.byrne'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'], attendees: ing });
  event('oneonone-declan-ines', 'declan.byrne', '1:1 Declan / Inès', T('dub', '2026-01-07T11:00'), T('dub', '2026-01-07T11:30'), { recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'], attendees: ['declan.byrne', 'ines.moreau'] });
  // Console and Data.
  const con = teamOf('con').map((p) => p.key);
  event('constandup', 'console', 'Console standup', T('pdx', '2026-01-05T10:00'), T('pdx', '2026-01-05T10:15'), { organizer: P['sofia.lindqvist'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'], attendees: con });
  event('billingsync', 'console', 'Billing export sync', T('pdx', '2026-01-22T11:00'), T('pdx', '2026-01-22T11:30'), {
    organizer: P['sofia.lindqvist'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'], description: `Project folder in Box: Engineering/Console/Billing export`,
    attendees: ['sofia.lindqvist', 'noah.kim', 'marcus.boateng', 'yuki.tanabe', 'ayesha.siddiqui', 'lars.eriksen'],
  });
  event('datasync', 'data', 'Data team sync', T('nyc', '2026-01-06T10:00'), T('nyc', '2026-01-06T10:45'), { organizer: P['ayesha.siddiqui'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'], attendees: teamOf('data').map((p) => p.key) });
  // Engineering and company.
  event('engallhands', 'engineering', 'Engineering all-hands', T('pdx', '2026-01-08T09:00'), T('pdx', '2026-01-08T10:00'), { organizer: P['tomasz.wierzbicki'], recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=1TH'], location: 'Zoom' });
  event('allhands', 'company', 'Company all-hands', T('pdx', '2026-01-30T09:00'), T('pdx', '2026-01-30T10:00'), { organizer: P['rosalind.achterberg'], recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1FR'], location: 'Zoom + Portland atrium' });
  event('stpatricks', 'company', "Dublin office closed: St Patrick's Day", D('2026-03-17'), D('2026-03-18'), { transparency: 'transparent' });
  event('dublinsocial', 'company', 'Dublin office social', T('dub', '2026-03-13T17:30'), T('dub', '2026-03-13T20:00'), { location: 'The Long Hall', organizer: P['hannah.schultz'] });

  // --- On-call: one all-day event per week (Monday to the next Monday).
  const ROTA = [['2026-02-09', 'seun.adeyemi'], ['2026-02-16', 'kieran.walsh'], ['2026-02-23', 'nadia.petrenko'], ['2026-03-02', 'alex.chen'], ['2026-03-09', 'nadia.petrenko'], ['2026-03-16', 'seun.adeyemi'], ['2026-03-23', 'kieran.walsh'], ['2026-03-30', 'hugo.lefevre'], ['2026-04-06', 'alex.chen']];
  for (const [monday, who] of ROTA) {
    const next = DateTime.fromISO(monday).plus({ days: 7 }).toISODate();
    event(`oncall-${monday}`, 'oncall', `On-call: ${P[who].name}`, D(monday), D(next), { transparency: 'transparent', organizer: P['maya.okonkwo'], description: `Primary: ${P[who].name} (${P[who].email})` });
  }
  K.oncallRota = ROTA;

  // --- Out of office.
  event('ooo-maya', 'ooo', 'Maya Okonkwo — PTO', D('2026-03-18'), D('2026-03-21'), { transparency: 'transparent', organizer: P['maya.okonkwo'] });
  event('pto-maya', 'maya.okonkwo', 'PTO', T('pdx', '2026-03-18T00:00'), T('pdx', '2026-03-21T00:00'), { eventType: 'outOfOffice', description: 'Out of office' });
  event('ooo-rahul', 'ooo', 'Rahul Mehta — KafkaConf', D('2026-03-12'), D('2026-03-14'), { transparency: 'transparent', organizer: P['rahul.mehta'] });
  event('ooo-sofia', 'ooo', 'Sofia Lindqvist — vacation', D('2026-03-23'), D('2026-03-28'), { transparency: 'transparent', organizer: P['sofia.lindqvist'] });
  event('ooo-kieran', 'ooo', 'Kieran Walsh — last day (Friday)', D('2026-03-13'), D('2026-03-14'), { transparency: 'transparent', organizer: P['kieran.walsh'] });

  // --- Customers. Jonah's week of the 16th is what the QBR slot has to fit around.
  event('saltiresync', 'customers', 'Saltire weekly sync', T('lon', '2026-01-08T15:00'), T('lon', '2026-01-08T15:30'), { organizer: P['jonah.reyes'], recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'], attendees: ['jonah.reyes', 'liam.oconnor', 'fiona'] });
  event('pelican-onboarding', 'jonah.reyes', 'Pelican Air: API onboarding call', T('nyc', '2026-03-17T12:30'), T('nyc', '2026-03-17T13:30'), { attendees: ['jonah.reyes', 'mateo.garcia', 'marco'] });
  event('jonah-forecast', 'jonah.reyes', 'Forecast review', T('nyc', '2026-03-17T10:30'), T('nyc', '2026-03-17T11:00'), { attendees: ['jonah.reyes', 'olivia.brennan'] });
  event('jonah-copperline', 'jonah.reyes', 'Copperline renewal prep', T('nyc', '2026-03-18T11:00'), T('nyc', '2026-03-18T12:00'), { attendees: ['jonah.reyes', 'olivia.brennan', 'alexandra.chen'] });
  event('qbr-hv-q4', 'customers', 'Harrow & Vale Q4 QBR', T('lon', '2025-12-10T15:00'), T('lon', '2025-12-10T16:00'), { organizer: P['jonah.reyes'], attendees: ['jonah.reyes', 'maya.okonkwo', 'imogen', 'raj'] });
  event('harrowgate-review', 'customers', 'Harrowgate Foods quarterly review', T('lon', '2026-03-19T14:00'), T('lon', '2026-03-19T15:00'), { organizer: P['alexandra.chen'], attendees: ['alexandra.chen', 'gwen'] });

  // --- Six weeks of ordinary meetings for everyone, in their working hours. The personas' week of the 16th is
  // kept to the story's meetings above, so the slots scenarios look for have one answer.
  const TITLES = ['Roadmap review', 'Pairing session', 'Design review', 'Hiring sync', 'Metrics review', 'Office hours', 'Vendor call', 'Focus time', 'Retro', 'Interview', 'Coffee chat', 'Spec review'];
  const days = [];
  for (let t = Date.UTC(2026, 1, 23); t < Date.UTC(2026, 3, 4); t += DAY) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(DateTime.fromMillis(t, { zone: 'UTC' }).toISODate());
  }
  for (const p of active.filter((x) => !x.newStarter && !x.guest)) {
    let n = 0;
    for (const day of days) {
      if (p.persona && day >= '2026-03-16' && day <= '2026-03-20') continue;
      if (p.key === 'maya.okonkwo' && day >= '2026-03-18' && day <= '2026-03-20') continue;
      for (const h of [9, 11, 14, 15, 16]) {
        if (!R.chance(0.16)) continue;
        const mates = active.filter((x) => x !== p && x.team === p.team && !x.newStarter && !x.guest && !x.persona);
        const who = mates.length && R.chance(0.7) ? [p, R.pick(mates)] : [p];
        const long = R.chance(0.35);
        const s = `${day}T${String(h).padStart(2, '0')}:00`;
        const e = long ? `${day}T${String(h + 1).padStart(2, '0')}:00` : `${day}T${String(h).padStart(2, '0')}:30`;
        const title = R.pick(TITLES);
        event(`filler:${p.key}:${n++}`, p.key, title, T(p.city, s), T(p.city, e), { attendees: who.length > 1 ? who.map((x) => x.key) : [], key: false, transparency: title === 'Focus time' ? 'transparent' : 'opaque' });
      }
    }
  }
  return { cal, calId };
}

// ---------------------------------------------------------------------------------------------------------------
// MailHub: the directory (everyone), five mailboxes (the personas), the story's mails and five weeks of mail.

function buildMail(R, { slackOut, linOut }) {
  const db = { people: [], mailbox_settings: [], categories: [], folders: [], messages: [], attachments: [], rules: [], contacts: [], contact_groups: [], contact_group_members: [], todo_lists: [], todo_tasks: [] };
  for (const p of people) {
    db.people.push({
      person_id: p.mail, display_name: p.name, email: p.email, job_title: p.title, department: p.department, office_location: { pdx: 'Portland', nyc: 'New York', dub: 'Dublin' }[p.city],
      phone: `+1 503 555 0${String(100 + db.people.length).padStart(3, '0')}`, manager_id: p.manager, time_zone: p.zone, is_active: !p.inactive, has_mailbox: Boolean(p.persona), updated_at: '2026-01-05T16:00:00.000Z',
    });
  }
  const F = {};
  for (const p of personas) {
    db.mailbox_settings.push({
      person_id: p.mail, time_zone: p.zone, language: 'en-US', date_format: 'yyyy-MM-dd', time_format: 'HH:mm', working_hours_start: '09:00', working_hours_end: '17:30',
      working_days: ['mon', 'tue', 'wed', 'thu', 'fri'], signature: `${p.name}\n${p.title}, Fernbrook Systems`, auto_reply_status: 'disabled', auto_reply_internal: null, auto_reply_external: null,
      auto_reply_audience: 'all', auto_reply_start: null, auto_reply_end: null, updated_at: '2026-01-05T16:00:00.000Z',
    });
    F[p.mail] = {};
    for (const [wk, label] of [['inbox', 'Inbox'], ['sent', 'Sent Items'], ['drafts', 'Drafts'], ['deleted', 'Deleted Items'], ['archive', 'Archive'], ['junk', 'Junk Email']]) {
      const id = `fld_${p.key.split('.')[0]}_${wk}`;
      F[p.mail][wk] = id;
      db.folders.push({ folder_id: id, owner_id: p.mail, parent_id: null, display_name: label, well_known: wk, created_at: '2024-09-02T16:00:00.000Z', updated_at: '2024-09-02T16:00:00.000Z' });
    }
    for (const [k, name] of [['notifications', 'Notifications'], ['customers', 'Customers']]) {
      const id = `fld_${p.key.split('.')[0]}_${k}`;
      F[p.mail][k] = id;
      db.folders.push({ folder_id: id, owner_id: p.mail, parent_id: null, display_name: name, well_known: null, created_at: '2024-09-02T16:00:00.000Z', updated_at: '2024-09-02T16:00:00.000Z' });
    }
    db.todo_lists.push({ list_id: `tdl_${p.key.split('.')[0]}`, owner_id: p.mail, name: 'Tasks', is_default: true, created_at: '2024-09-02T16:00:00.000Z', updated_at: '2024-09-02T16:00:00.000Z' });
    db.categories.push({ owner_id: p.mail, name: 'Follow up', color: 'orange' }, { owner_id: p.mail, name: 'Customers', color: 'blue' });
  }
  // Jonah's and Farah's customer contacts, and Jonah's group for Harrow & Vale.
  let contactN = 0;
  const contact = (owner, x) => {
    const id = `con_${owner.split('.')[0]}_${String(++contactN).padStart(3, '0')}`;
    db.contacts.push({ contact_id: id, owner_id: owner, display_name: x.name, email: x.email, phone: null, company: x.company ?? 'Fernbrook Systems', job_title: x.title ?? null, notes: null, person_id: null, created_at: '2025-06-01T16:00:00.000Z', updated_at: '2025-06-01T16:00:00.000Z' });
    return id;
  };
  const hv = ['imogen', 'raj'].map((k) => contact('jonah.reyes', EXT[k]));
  for (const k of ['fiona', 'daniel', 'aisha', 'marco', 'gwen']) contact('jonah.reyes', EXT[k]);
  for (const k of ['fiona', 'daniel', 'marco', 'imogen']) contact('farah.haddad', EXT[k]);
  db.contact_groups.push({ group_id: 'grp_jonah_hv', owner_id: 'jonah.reyes', name: 'Harrow & Vale stakeholders', description: 'QBR and renewal contacts', created_at: '2025-06-01T16:00:00.000Z', updated_at: '2025-06-01T16:00:00.000Z' });
  for (const c of hv) db.contact_group_members.push({ group_id: 'grp_jonah_hv', contact_id: c });

  let seq = 0;
  const isPersona = (email) => personas.find((p) => p.email === email);
  /** A message in one mailbox. */
  const put = (owner, folder, m, id) => {
    if (!(Date.parse(m.at) < NOW)) throw new Error(`mail: message after the clock: ${m.subject}`);
    const row = {
      message_id: id ?? `msg_${owner.key.split('.')[0]}_${String(++seq).padStart(5, '0')}`, owner_id: owner.mail, folder_id: F[owner.mail][folder], thread_id: m.thread, in_reply_to: m.inReplyTo ?? null,
      subject: m.subject, body: m.body, from_email: m.from.email, from_name: m.from.name, to_recipients: m.to.map((x) => x.email), cc_recipients: (m.cc ?? []).map((x) => x.email), bcc_recipients: [],
      sent_at: m.at, received_at: m.at, is_read: m.read ?? true, is_draft: false, importance: m.importance ?? 'normal', flag_status: m.flag ?? 'none', flag_due_at: null, categories: m.categories ?? [],
      has_attachments: Boolean(m.attachments?.length), created_at: m.at, updated_at: m.at,
    };
    db.messages.push(row);
    for (const [i, a] of (m.attachments ?? []).entries()) db.attachments.push({ attachment_id: `att_${row.message_id}_${i + 1}`, message_id: row.message_id, name: a.name, content_type: a.type, size: bytes(a.content), content: a.content });
    return row;
  };
  /** A mail: the sender's Sent copy if they have a mailbox, and each recipient persona's copy. */
  const mail = (m) => {
    const out = {};
    const sender = isPersona(m.from.email);
    if (sender) out[sender.key] = put(sender, 'sent', { ...m, read: true }, m.id && `${m.id}_sent`);
    for (const r of [...m.to, ...(m.cc ?? [])]) {
      const p = isPersona(r.email);
      if (p && p !== sender && !out[p.key]) out[p.key] = put(p, m.folder?.[p.key] ?? 'inbox', m, m.id && `${m.id}_${p.key.split('.')[0]}`);
    }
    if (m.id) K[`mail_${m.id}`] = Object.fromEntries(Object.entries(out).map(([k, r]) => [k, r.message_id]));
    return out;
  };
  const at = (city, text) => iso(local(city, text));
  const sig = (p) => `\n\n${p.name ?? p.first}`;

  // --- The story.
  mail({ id: 'qbr_request', thread: 'thr_qbr_hv', at: at('lon', '2026-03-04T10:12'), from: EXT.imogen, to: [P['jonah.reyes']], cc: [P['maya.okonkwo'], EXT.raj], subject: 'Q1 QBR — dates',
    body: `Hi Jonah,\n\nCould we hold our Q1 QBR the week of the 16th? Tuesday 17, Wednesday 18 or Thursday 19 March would work for us, any full hour between 15:00 and 17:00 London time. Raj will join. We'd like Maya there for the engineering part.\n\nBest,\nImogen Clarke\nDirector of Operations, Harrow & Vale Logistics` });
  mail({ id: 'rca_request', thread: 'thr_rca_hv', at: at('lon', '2026-03-05T09:40'), from: EXT.imogen, to: [P['jonah.reyes']], cc: [P['maya.okonkwo']], subject: "RCA for Tuesday's delays?", importance: 'high',
    body: `Jonah,\n\nOur operations team saw events arrive up to 45 minutes late on Tuesday afternoon. Could you send us a root-cause analysis and what you are changing so it does not happen again?\n\nThanks,\nImogen` });
  mail({ id: 'new_starter', thread: 'thr_new_starter', at: at('pdx', '2026-03-05T10:05'), from: P['priya.natarajan'], to: [P['declan.byrne']], cc: [P['beatriz.santos']], subject: 'New starter: Lucía Ferreira (Monday 16 March)',
    body: `Hi Declan,\n\nLucía Ferreira (lucia.ferreira@${DOMAIN}) joins Ingest as a backend engineer on Monday 16 March; Beatriz is her onboarding buddy. IT has created her accounts everywhere. Please go through the engineering onboarding checklist in Box (People/Onboarding) before she starts.\n\nThanks,\nPriya` });
  mail({ id: 'saltire_login', thread: 'thr_saltire_login', at: at('lon', '2026-03-06T09:55'), from: EXT.fiona, to: [P['farah.haddad']], cc: [P['jonah.reyes']], subject: "Urgent: our team can't log in to Console", importance: 'high',
    body: `Hello Farah,\n\nSince we rotated our IdP signing certificate this morning nobody at Saltire can log in to Console ("SAML assertion rejected"). Can you help urgently?\n\nFiona MacLeod\nPlatform Manager, Saltire Shipping` });
  mail({ id: 'saltire_login_re', thread: 'thr_saltire_login', inReplyTo: 'msg_farah_saltire', at: at('dub', '2026-03-06T15:40'), from: P['farah.haddad'], to: [EXT.fiona], cc: [P['jonah.reyes']], subject: "Re: Urgent: our team can't log in to Console",
    body: `Hi Fiona,\n\nWe are on it: this is tracked as SUP-88 on our side, and our Console team has a workaround in place for you now. I will send you an update once the permanent fix is scheduled.\n\nFarah` });
  mail({ id: 'saml_timeline', thread: 'thr_saml', at: at('nyc', '2026-03-02T13:20'), from: EXT.aisha, to: [P['jonah.reyes']], subject: 'SAML SSO — any timeline?',
    body: `Hi Jonah,\n\nFollowing up on SAML SSO for Console (you mentioned it is tracked as CON-117). Our security review needs a date. Is it on the roadmap for this half?\n\nAisha Rahman\nDirector of Data Platforms, Meridian Health Network` });
  mail({ id: 'copperline_dupes', thread: 'thr_copperline', at: at('America/Chicago', '2026-03-03T14:05'), from: EXT.daniel, to: [P['jonah.reyes']], cc: [P['olivia.brennan']], subject: 'Duplicate webhooks — again', importance: 'high',
    body: `Jonah,\n\nWe received every webhook twice between 02:00 and 04:00 last night. This is the third time. Frankly we are starting to look at alternatives before our renewal in May. Our delivery log is attached.\n\nDaniel Osei\nVP Engineering, Copperline Retail`,
    attachments: [{ name: 'copperline-webhook-log-2026-03-03.txt', type: 'text/plain', content: 'delivery_id,event,received_at\nwh_88121,order.created,2026-03-03T02:14:07Z\nwh_88121,order.created,2026-03-03T02:14:09Z\nwh_88122,order.paid,2026-03-03T02:31:40Z\nwh_88122,order.paid,2026-03-03T02:31:41Z\n' }] });
  mail({ id: 'pelican_limit', thread: 'thr_pelican', at: at('Europe/Rome', '2026-03-06T09:10'), from: EXT.marco, to: [P['farah.haddad']], subject: 'Rate limit increase for our integration',
    body: `Hi Farah,\n\nOur peak is now about 2,300 requests per second and we hit your 2,000/s limit every morning. Could you raise it to 2,500/s? This is SUP-94 in your portal.\n\nMarco Bellini\nIntegration Lead, Pelican Air Cargo` });
  mail({ id: 'weekly_ask', thread: 'thr_weekly', at: at('pdx', '2026-03-06T16:00'), from: P['tomasz.wierzbicki'], to: [P['maya.okonkwo']], subject: 'Platform weekly for last week',
    body: `Hi Maya,\n\nPlease put the Platform weekly for last week (2–6 March) in Box with the others and mail me the link by Monday noon: what Platform completed, which incidents we declared, and which customer escalations reached you.\n\nThanks,\nTomasz` });
  mail({ id: 'headcount', thread: 'thr_headcount', at: at('dub', '2026-03-05T12:00'), from: P['hannah.schultz'], to: [P['maya.okonkwo'], P['declan.byrne']], subject: 'Headcount plan 2026 — please confirm',
    body: `Hi both,\n\nThe headcount plan is in Box (Finance/Budgets/Engineering headcount plan 2026.csv). Please confirm your team's open roles by Wednesday.\n\nHannah` });
  mail({ id: 'kieran_bye', thread: 'thr_kieran', at: at('dub', '2026-03-06T17:10'), from: P['kieran.walsh'], to: [P['maya.okonkwo']], subject: 'Handover',
    body: `Hi Maya,\n\nMy notes are in Box under Engineering/Platform ("Kieran - working notes" and the VPC plan). Everything open is in Linear under my name.\n\nKieran` });
  mail({ id: 'saltire_thread', thread: 'thr_saltire_thread', at: at('dub', '2026-03-06T16:10'), from: P['farah.haddad'], to: [P['liam.oconnor']], subject: 'Saltire escalation',
    body: `Liam, you own Saltire's login problem (SUP-88) today. The incident thread is ${slackOut.link('incidents', K['slackInc_INC-2026-015'])} and Fiona's mail is in the shared inbox.\n\nFarah` });
  mail({ id: 'qbr_forward', thread: 'thr_qbr_internal', at: at('nyc', '2026-03-04T12:00'), from: P['jonah.reyes'], to: [P['maya.okonkwo']], subject: 'Harrow & Vale QBR',
    body: `Maya, Imogen wants you at the QBR (her mail has the dates). The deck is discussed here: ${slackOut.link('cs-harrow-vale', K.slackDeckV3)}\n\nJonah` });
  mail({ id: 'harrowgate_deck', thread: 'thr_harrowgate', at: at('lon', '2026-03-03T11:00'), from: EXT.gwen, to: [P['jonah.reyes']], subject: 'Our review deck',
    body: `Hi Jonah,\n\nCould you send over the deck for our quarterly review with Alex? Thanks!\n\nGwen Harrow\nHarrowgate Foods` });
  mail({ id: 'status_inc14', thread: 'thr_status_inc14', at: '2026-03-03T16:20:00Z', from: EXT.statuspage, to: [P['farah.haddad'], P['jonah.reyes']], subject: '[Resolved] Delayed event processing in EU',
    body: 'Between 14:20 and 16:05 UTC on 3 March, events for EU tenants were delayed. The issue is resolved. Incident: INC-2026-014.' });
  mail({ id: 'phish', thread: 'thr_phish', at: '2026-03-08T03:12:00Z', from: EXT.phish, to: [P['maya.okonkwo'], P['declan.byrne'], P['jonah.reyes'], P['farah.haddad'], P['priya.natarajan']], subject: 'Action required: confirm your password', read: false,
    body: 'Your Fernbrook password expires today. Confirm it at http://fernbrook-support.example/login to keep your access.' });

  // --- Linear notifications for issues assigned to each persona's team members, and Box comment notices.
  const issues = linOut.lin.issues;
  for (const p of personas) {
    const teamIssues = issues.filter((i) => p.team && i.teamId === linOut.team[p.team]?.id && Date.parse(i.createdAt) > Date.UTC(2026, 0, 20));
    for (const i of teamIssues.slice(-45)) {
      const atMs = Math.min(NOW - 36e5, Date.parse(i.createdAt) + 5 * 60e3);
      put(p, 'notifications', { thread: `thr_lin_${i.identifier}_${p.key}`, at: iso(atMs), from: EXT.linearBot, to: [p], subject: `[Linear] ${i.identifier}: ${i.title}`,
        body: `${i.identifier} was created in ${linOut.team[p.team].name}.\n\n${i.url}`, read: R.chance(0.7) });
    }
  }
  // --- Internal threads and newsletters: five weeks of ordinary mail in every mailbox.
  const SUBJECTS = ['Quick question', 'Notes from today', 'Planning for next sprint', 'Interview feedback', 'Offsite ideas', 'Budget question', 'Re: Access request', 'Lunch Thursday?', 'Draft for review', 'Customer call recap', 'Conference talk', 'Hiring update'];
  const LINES = ['Can you take a look when you have a minute?', 'Sharing my notes below.', 'Let me know what you think.', 'Happy to discuss at our next 1:1.', 'I have put the draft in Box.', 'No rush on this one.'];
  for (const p of personas) {
    const colleagues = active.filter((x) => x !== p && !x.guest);
    for (let i = 0; i < 150; i++) {
      const t = Date.UTC(2026, 1, 2) + R.rand() * (NOW - Date.UTC(2026, 1, 2) - 36e5);
      const other = R.pick(colleagues);
      const inbound = R.chance(0.65);
      const subject = R.pick(SUBJECTS);
      const m = { thread: `thr_${p.key.split('.')[0]}_${i}`, at: iso(t), subject, body: `Hi ${inbound ? p.first : other.first},\n\n${R.pick(LINES)}${sig(inbound ? other : p)}`, read: R.chance(0.85) };
      if (inbound) put(p, R.chance(0.2) ? 'archive' : 'inbox', { ...m, from: other, to: [p] });
      else put(p, 'sent', { ...m, from: p, to: [other] });
    }
    for (let w = 0; w < 5; w++) {
      put(p, 'inbox', { thread: `thr_news_${p.key}_${w}`, at: iso(Date.UTC(2026, 1, 6) + w * 7 * DAY), from: EXT.newsletter, to: [p], subject: `Data Engineering Weekly #${212 + w}`, body: 'This week: streaming joins, cost control, and a Kafka tiered-storage deep dive.', read: R.chance(0.3) });
    }
  }
  // Customer mail for Jonah and Farah: routine check-ins with the five customers.
  const CUSTOMER_LINES = ['Thanks for the call today.', 'Sharing our usage forecast for next quarter.', 'Could you confirm the maintenance window?', 'Our team enjoyed the 3.7 release.', 'Invoice received, thank you.'];
  for (const p of [P['jonah.reyes'], P['farah.haddad']]) {
    for (let i = 0; i < 60; i++) {
      const x = R.pick([EXT.imogen, EXT.raj, EXT.fiona, EXT.daniel, EXT.aisha, EXT.marco]);
      const t = Date.UTC(2026, 0, 12) + R.rand() * (Date.UTC(2026, 1, 27) - Date.UTC(2026, 0, 12));
      put(p, 'customers', { thread: `thr_cust_${p.key.split('.')[0]}_${i}`, at: iso(t), from: x, to: [p], subject: `${x.company}: ${R.pick(['check-in', 'usage', 'maintenance window', 'invoice', 'feedback'])}`, body: `Hi ${p.first},\n\n${R.pick(CUSTOMER_LINES)}\n\n${x.name}` });
    }
  }
  db.messages.sort((a, b) => a.owner_id.localeCompare(b.owner_id) || a.received_at.localeCompare(b.received_at) || a.message_id.localeCompare(b.message_id));
  return { db };
}

// ---------------------------------------------------------------------------------------------------------------
// Assembly, output and checks.

export function generate() {
  for (const k of Object.keys(K)) delete K[k];
  usedTs.clear();
  const boxOut = buildBox(prng(20260309));
  const slackOut = buildSlack(prng(20260310), boxOut);
  const linOut = buildLinear(prng(20260311), slackOut);
  const calOut = buildCalendar(prng(20260312), boxOut);
  const mailOut = buildMail(prng(20260313), { slackOut, linOut });
  return { slack: slackOut.slack, box: boxOut.box, calendar: calOut.cal, linear: linOut.lin, mail: mailOut.db };
}

export const keys = () => ({ ...K });

/** One row a line: the file stays diffable and about a third smaller than indented JSON. */
export function serialise(seed) {
  const services = Object.entries(seed).map(([service, tables]) => {
    const body = Object.entries(tables).map(([table, rows]) => `  ${JSON.stringify(table)}: [${rows.length ? '\n' + rows.map((r) => `   ${JSON.stringify(r)}`).join(',\n') + '\n  ' : ''}]`);
    return ` ${JSON.stringify(service)}: {\n${body.join(',\n')}\n }`;
  });
  return `{\n${services.join(',\n')}\n}\n`;
}

function counts(seed) {
  const lines = [];
  let total = 0;
  for (const [service, tables] of Object.entries(seed)) {
    const n = Object.values(tables).reduce((a, r) => a + r.length, 0);
    total += n;
    lines.push(`${service.padEnd(9)} ${String(n).padStart(6)} rows  ${Object.entries(tables).map(([t, r]) => `${t} ${r.length}`).join(', ')}`);
  }
  lines.push(`${'total'.padEnd(9)} ${String(total).padStart(6)} rows`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seed = generate();
  const text = serialise(seed);
  if (process.argv.includes('--keys')) {
    process.stdout.write(JSON.stringify({ people: Object.fromEntries(people.map((p) => [p.key, identity(p.key)])), ...keys() }, null, 1) + '\n');
  } else if (process.argv.includes('--check')) {
    console.log(counts(seed));
    const same = existsSync(OUT) && readFileSync(OUT, 'utf8') === text;
    console.log(same ? `${OUT}: up to date (${(text.length / 1e6).toFixed(2)} MB)` : `${OUT} differs from what generate.mjs writes`);
    process.exit(same ? 0 : 1);
  } else {
    writeFileSync(OUT, text);
    console.log(counts(seed));
    console.log(`wrote ${OUT} (${(text.length / 1e6).toFixed(2)} MB)`);
  }
}
