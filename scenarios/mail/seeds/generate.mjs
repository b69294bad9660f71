#!/usr/bin/env node
// Generates the MailHub corpus of Brightwater Logistics, a fictional freight and warehousing company. Every person,
// company, address, phone number and event here is invented (addresses use the reserved .example domain, phone
// numbers the UK drama ranges 020 7946 0xxx / 0161 496 0xxx).
//
//   node scenarios/mail/seeds/generate.mjs            writes mailhub.json (default corpus) and mailhub_scaled.json
//   node scenarios/mail/seeds/generate.mjs --facts    also prints the figures the suite's answer checks rely on
//   node scenarios/mail/seeds/generate.mjs --check    exits 1 if the files differ from what it generates
//
// Deterministic: one seeded PRNG per corpus; both corpora share every hand-written ("keyed") record and differ only
// in the amount of generated background mail (default: ~450 messages for the main persona; scaled: over 10,000,
// spread over a longer period). The replica clock starts on Monday 2026-03-16 09:00 UTC, after every message.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DOMAIN = 'brightwater.example';

function prng(seed) {
  let state = seed >>> 0;
  const rand = () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, int: (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)), pick: (list) => list[Math.floor(rand() * list.length)] };
}

// ---------------------------------------------------------------------------------------------------------------
// The organisation. [id, name, title, department, office, manager, time zone, flags]

const PEOPLE = [
  ['helena.brandt', 'Helena Brandt', 'Chief Executive Officer', 'Executive', 'London HQ', null, 'Europe/London'],
  ['marcus.oyelaran', 'Marcus Oyelaran', 'Chief Operating Officer', 'Executive', 'London HQ', 'helena.brandt', 'Europe/London'],
  ['ingrid.solberg', 'Ingrid Solberg', 'Chief Financial Officer', 'Finance', 'London HQ', 'helena.brandt', 'Europe/London'],
  ['rafael.duarte', 'Rafael Duarte', 'Chief Technology Officer', 'Engineering', 'Berlin Office', 'helena.brandt', 'Europe/Berlin'],
  ['claire.dubois', 'Claire Dubois', 'Legal Counsel', 'Legal', 'London HQ', 'helena.brandt', 'Europe/London'],
  ['amara.osei', 'Amara Osei', 'Operations Manager', 'Operations', 'London HQ', 'marcus.oyelaran', 'Europe/London', { mailbox: true }],
  ['jonas.whitfield', 'Jonas Whitfield', 'Engineering Lead, Lighthouse', 'Engineering', 'Berlin Office', 'rafael.duarte', 'Europe/Berlin', { mailbox: true }],
  ['lucia.moreno', 'Lucia Moreno', 'Sales Director', 'Sales', 'Chicago Office', 'marcus.oyelaran', 'America/Chicago', { mailbox: true }],
  ['theo.nakamura', 'Theo Nakamura', 'Finance Analyst', 'Finance', 'Singapore Office', 'ingrid.solberg', 'Asia/Singapore', { mailbox: true }],
  ['kofi.mensah', 'Kofi Mensah', 'Warehouse Supervisor, Northgate', 'Operations', 'Northgate Depot', 'amara.osei', 'Europe/London'],
  ['elena.petrova', 'Elena Petrova', 'Logistics Coordinator', 'Operations', 'London HQ', 'amara.osei', 'Europe/London'],
  ['daniel.fairweather', 'Daniel Fairweather', 'Fleet Coordinator', 'Operations', 'Northgate Depot', 'amara.osei', 'Europe/London'],
  ['sunita.rao', 'Sunita Rao', 'Inventory Analyst', 'Operations', 'London HQ', 'amara.osei', 'Europe/London'],
  ['bram.koster', 'Bram Koster', 'Former Shift Lead', 'Operations', 'Northgate Depot', 'amara.osei', 'Europe/London', { inactive: true }],
  ['pablo.reyes', 'Pablo Reyes', 'Driver Lead', 'Operations', 'Northgate Depot', 'daniel.fairweather', 'Europe/London'],
  ['joy.mwangi', 'Joy Mwangi', 'Dispatcher', 'Operations', 'London HQ', 'elena.petrova', 'Europe/London'],
  ['greta.hoffmann', 'Greta Hoffmann', 'Health & Safety Officer', 'Operations', 'Northgate Depot', 'marcus.oyelaran', 'Europe/London'],
  ['mei.zhou', 'Mei Zhou', 'Backend Engineer', 'Engineering', 'Berlin Office', 'jonas.whitfield', 'Europe/Berlin'],
  ['oliver.grant', 'Oliver Grant', 'Frontend Engineer', 'Engineering', 'London HQ', 'jonas.whitfield', 'Europe/London'],
  ['fatima.haddad', 'Fatima Haddad', 'QA Engineer', 'Engineering', 'Berlin Office', 'jonas.whitfield', 'Europe/Berlin'],
  ['nils.eriksen', 'Nils Eriksen', 'DevOps Engineer', 'Engineering', 'Berlin Office', 'jonas.whitfield', 'Europe/Berlin'],
  ['ivan.morales', 'Ivan Morales', 'IT Administrator', 'Engineering', 'London HQ', 'rafael.duarte', 'Europe/London'],
  ['grace.adeyemi', 'Grace Adeyemi', 'Account Executive', 'Sales', 'Chicago Office', 'lucia.moreno', 'America/Chicago'],
  ['tomas.novak', 'Tomas Novak', 'Account Manager', 'Sales', 'London HQ', 'lucia.moreno', 'Europe/London'],
  ['aisha.karimi', 'Aisha Karimi', 'Sales Operations Analyst', 'Sales', 'Chicago Office', 'lucia.moreno', 'America/Chicago'],
  ['yusuf.demir', 'Yusuf Demir', 'Marketing Manager', 'Marketing', 'London HQ', 'lucia.moreno', 'Europe/London'],
  ['nora.kelly', 'Nora Kelly', 'Content Lead', 'Marketing', 'London HQ', 'yusuf.demir', 'Europe/London'],
  ['paul.lindgren', 'Paul Lindgren', 'Accounts Payable Specialist', 'Finance', 'London HQ', 'ingrid.solberg', 'Europe/London'],
  ['rosa.ferreira', 'Rosa Ferreira', 'Financial Controller', 'Finance', 'London HQ', 'ingrid.solberg', 'Europe/London'],
  ['hannah.whitlock', 'Hannah Whitlock', 'HR Business Partner', 'People', 'London HQ', 'marcus.oyelaran', 'Europe/London'],
  ['samir.qureshi', 'Samir Qureshi', 'Recruiter', 'People', 'London HQ', 'hannah.whitlock', 'Europe/London'],
  ['ben.okafor', 'Ben Okafor', 'Customer Support Lead', 'Support', 'London HQ', 'marcus.oyelaran', 'Europe/London'],
  ['lena.schubert', 'Lena Schubert', 'Support Agent', 'Support', 'Berlin Office', 'ben.okafor', 'Europe/Berlin'],
  ['ravi.shah', 'Ravi Shah', 'Support Agent', 'Support', 'London HQ', 'ben.okafor', 'Europe/London'],
  ['wren.castillo', 'Wren Castillo', 'Logistics Coordinator', 'Operations', 'London HQ', 'amara.osei', 'Europe/London'],
];

const emailOf = (pid) => `${pid}@${DOMAIN}`;
const person = Object.fromEntries(PEOPLE.map(([id, name]) => [id, { id, name, email: emailOf(id) }]));
const PERSONAS = PEOPLE.filter((p) => p[7]?.mailbox).map((p) => p[0]);

// External correspondents.
const EXT = {
  anneliese: { name: 'Anneliese Brook', email: 'anneliese.brook@ferrowind.example', company: 'Ferrowind Forklifts', title: 'Account Manager', phone: '+44 20 7946 0321' },
  ferrowindBilling: { name: 'Ferrowind Billing', email: 'billing@ferrowind.example', company: 'Ferrowind Forklifts' },
  viktor: { name: 'Viktor Sand', email: 'viktor.sand@coldhaven.example', company: 'Coldhaven Storage', title: 'Key Account Lead', phone: '+44 20 7946 0654' },
  mira: { name: 'Mira Jansen', email: 'mira.jansen@tallyho-packaging.example', company: 'Tallyho Packaging', title: 'Sales Representative', phone: '+44 161 496 0777' },
  sander: { name: 'Sander Quist', email: 'sander.quist@liftline.example', company: 'Liftline Equipment', title: 'Sales Engineer', phone: '+44 20 7946 0123' },
  dana: { name: 'Dana Whitcombe', email: 'dana.whitcombe@ostara-foods.example', company: 'Ostara Foods', title: 'Supply Chain Manager', phone: '+44 161 496 0222' },
  digest: { name: 'Ops Weekly', email: 'digest@ops-weekly.example' },
  promo: { name: 'CrateWorld Deals', email: 'deals@crateworld.example' },
  alerts: { name: 'Brightwater Shipment Alerts', email: `alerts@${DOMAIN}` },
  expenses: { name: 'Brightwater Expenses', email: `expenses@${DOMAIN}` },
  phish: { name: 'Mailbox Security Team', email: 'security@brightwater-support.example' },
};

const CUSTOMERS = [
  ['Ostara Foods', 'ostara-foods.example', 'Dana Whitcombe'],
  ['Pinecrest Pharmacy', 'pinecrest.example', 'Owen Marsh'],
  ['Bluefin Grocers', 'bluefin-grocers.example', 'Tess Alvarado'],
  ['Marigold Bakeries', 'marigold-bakeries.example', 'Idris Pemberton'],
  ['Copperleaf Hardware', 'copperleaf.example', 'Sinead Farrow'],
  ['Saltmarsh Brewing', 'saltmarsh-brewing.example', 'Hugo Lindqvist'],
  ['Juniper Pet Supply', 'juniper-pets.example', 'Carmen Oduya'],
];
const DEPOTS = ['Northgate', 'Riverside', 'Eastfield', 'Harbour Road'];
const ISSUES = ['late delivery', 'damaged pallets', 'missing cartons', 'wrong delivery address', 'temperature excursion'];

// ---------------------------------------------------------------------------------------------------------------
// Builders

function iso(y, mo, d, h = 9, mi = 0) {
  return new Date(Date.UTC(y, mo - 1, d, h, mi, 0)).toISOString();
}

function build(size) {
  const R = prng(size === 'scaled' ? 20260316 : 20260315);
  const db = {
    people: [], mailbox_settings: [], categories: [], folders: [], messages: [], attachments: [], rules: [], calendars: [], events: [],
    event_attendees: [], contacts: [], contact_groups: [], contact_group_members: [], todo_lists: [], todo_tasks: [], boards: [],
    board_buckets: [], board_tasks: [],
  };
  const facts = {};

  for (const [id, name, title, dept, office, manager, tz, flags = {}] of PEOPLE) {
    db.people.push({
      person_id: id, display_name: name, email: emailOf(id), job_title: title, department: dept, office_location: office,
      phone: `+44 20 7946 0${String(100 + db.people.length).padStart(3, '0')}`, manager_id: manager, time_zone: tz,
      is_active: !flags.inactive, has_mailbox: Boolean(flags.mailbox),
    });
  }

  // Mailbox settings, folders and calendars of each persona.
  const SETTINGS = {
    'amara.osei': { time_zone: 'Europe/London', working_hours_start: '09:00', working_hours_end: '17:30', signature: 'Amara Osei\nOperations Manager, Brightwater Logistics\n+44 20 7946 0105' },
    'jonas.whitfield': { time_zone: 'Europe/Berlin', working_hours_start: '08:00', working_hours_end: '16:00', signature: 'Jonas Whitfield · Engineering Lead, Lighthouse' },
    'lucia.moreno': {
      time_zone: 'America/Chicago', working_hours_start: '08:30', working_hours_end: '17:00', auto_reply_status: 'scheduled',
      auto_reply_internal: "I'm at the Midwest Freight Expo until 27 March with limited access to email. For urgent sales matters please contact Grace Adeyemi (grace.adeyemi@brightwater.example).",
      auto_reply_external: "Thank you for your message. I'm away until 27 March; Grace Adeyemi will help with anything urgent.",
      auto_reply_start: '2026-03-13T00:00:00.000Z', auto_reply_end: '2026-03-28T00:00:00.000Z',
    },
    'theo.nakamura': { time_zone: 'Asia/Singapore', working_hours_start: '09:00', working_hours_end: '18:00' },
  };
  const SETTING_DEFAULTS = {
    language: 'en-GB', date_format: 'yyyy-MM-dd', time_format: 'HH:mm', working_days: ['mon', 'tue', 'wed', 'thu', 'fri'], signature: null,
    auto_reply_status: 'disabled', auto_reply_internal: null, auto_reply_external: null, auto_reply_audience: 'all', auto_reply_start: null, auto_reply_end: null,
  };
  const folderIds = {};
  for (const pid of PERSONAS) {
    db.mailbox_settings.push({ ...SETTING_DEFAULTS, person_id: pid, ...SETTINGS[pid] });
    folderIds[pid] = {};
    for (const [wk, label] of [['inbox', 'Inbox'], ['sent', 'Sent Items'], ['drafts', 'Drafts'], ['deleted', 'Deleted Items'], ['archive', 'Archive'], ['junk', 'Junk Email']]) {
      const fid = `fld_${pid.split('.')[0]}_${wk}`;
      folderIds[pid][wk] = fid;
      db.folders.push({ folder_id: fid, owner_id: pid, parent_id: null, display_name: label, well_known: wk, created_at: '2025-01-06T09:00:00.000Z' });
    }
    db.calendars.push({ calendar_id: `cal_${pid.split('.')[0]}`, owner_id: pid, name: 'Calendar', is_default: true });
    db.todo_lists.push({ list_id: `tdl_${pid.split('.')[0]}_tasks`, owner_id: pid, name: 'Tasks', is_default: true, created_at: '2025-01-06T09:00:00.000Z' });
  }
  const amaraFolder = (key, name, parent = null) => {
    const fid = `fld_amara_${key}`;
    db.folders.push({ folder_id: fid, owner_id: 'amara.osei', parent_id: parent, display_name: name, well_known: null, created_at: '2025-02-03T09:00:00.000Z' });
    folderIds['amara.osei'][key] = fid;
    return fid;
  };
  amaraFolder('newsletters', 'Newsletters');
  const projects = amaraFolder('projects', 'Projects');
  amaraFolder('lighthouse', 'Lighthouse', projects);
  amaraFolder('northgate', 'Northgate', projects);
  const vendors = amaraFolder('vendors', 'Vendors');
  amaraFolder('ferrowind', 'Ferrowind', vendors);
  amaraFolder('receipts', 'Receipts');
  amaraFolder('oldpromos', 'Old promos');

  for (const [name, color] of [['Finance', 'green'], ['Customers', 'blue'], ['Urgent', 'red'], ['Lighthouse', 'purple']]) {
    db.categories.push({ owner_id: 'amara.osei', name, color });
  }

  // Messages --------------------------------------------------------------------------------------------------
  let seq = 0;
  const F = folderIds;
  /** One message as stored in `owner`'s mailbox. */
  function put(owner, folder, m) {
    const row = {
      message_id: m.id ?? `msg_${owner.split('.')[0]}_${String(++seq).padStart(5, '0')}`,
      owner_id: owner, folder_id: F[owner][folder], thread_id: m.thread, in_reply_to: m.inReplyTo ?? null, subject: m.subject,
      body: m.body, from_email: m.from.email, from_name: m.from.name, to_recipients: m.to.map((x) => x.email ?? x),
      cc_recipients: (m.cc ?? []).map((x) => x.email ?? x), bcc_recipients: [], sent_at: m.at, received_at: m.at,
      is_read: m.read ?? true, is_draft: false, importance: m.importance ?? 'normal', flag_status: m.flag ?? 'none', flag_due_at: null,
      categories: m.categories ?? [], has_attachments: Boolean(m.attachments?.length), created_at: m.at, updated_at: m.at,
    };
    db.messages.push(row);
    for (const [i, a] of (m.attachments ?? []).entries()) {
      db.attachments.push({ attachment_id: `att_${row.message_id}_${i + 1}`, message_id: row.message_id, name: a.name, content_type: a.type, size: a.content.length, content: a.content });
    }
    return row;
  }
  /** A message between people: the sender's Sent copy (if a persona) and each persona recipient's copy. */
  function mail(m) {
    const out = {};
    const senderPid = Object.keys(person).find((k) => person[k].email === m.from.email);
    if (senderPid && PERSONAS.includes(senderPid)) out[senderPid] = put(senderPid, 'sent', { ...m, id: m.id && `${m.id}_s`, read: true });
    for (const r of [...m.to, ...(m.cc ?? [])]) {
      const pid = Object.keys(person).find((k) => person[k].email === (r.email ?? r));
      if (pid && PERSONAS.includes(pid) && pid !== senderPid) {
        out[pid] = put(pid, (m.folders ?? {})[pid] ?? 'inbox', { ...m, id: m.id && (pid === 'amara.osei' ? m.id : `${m.id}_${pid.split('.')[0]}`), read: (m.readBy ?? {})[pid] ?? m.read ?? true });
      }
    }
    return out;
  }
  const P = person;
  const A = P['amara.osei'];

  // Keyed messages (scenarios rely on these) ------------------------------------------------------------------
  mail({ id: 'msg_k_doorcode', thread: 'thr_k_doorcode', at: iso(2025, 12, 9, 7, 42), from: P['kofi.mensah'], to: [A], subject: 'Side entrance at Northgate',
    body: "Morning Amara,\n\nQuick one before I forget: facilities changed the keypad at the Northgate side entrance over the weekend. The new code for the side door is 4417, effective immediately. Please don't forward it outside the team.\n\nKofi" });
  mail({ id: 'msg_k_renewal', thread: 'thr_k_renewal', at: iso(2026, 2, 11, 10, 5), from: EXT.anneliese, to: [A], subject: 'Maintenance contract FW-MC-2231 renewal',
    body: 'Dear Amara,\n\nA reminder that your forklift maintenance contract FW-MC-2231 renews automatically on 30 April 2026. If you wish to change the service level or cancel, we need written notice at least 30 days before that date.\n\nKind regards,\nAnneliese Brook\nAccount Manager, Ferrowind Forklifts\n+44 20 7946 0321' });
  mail({ id: 'msg_k_quote', thread: 'thr_k_quote', at: iso(2026, 3, 10, 14, 20), from: EXT.sander, to: [A], read: false, subject: 'Quote: two electric counterbalance forklifts',
    body: 'Hello Amara,\n\nFollowing our call, please find our quote for two electric counterbalance forklifts (2.5 t) with a five-year service plan: GBP 58,400 in total, delivery within six weeks of order.\n\nBest regards,\nSander Quist\nSales Engineer, Liftline Equipment\nDirect: +44 20 7946 0123\nsander.quist@liftline.example',
    attachments: [{ name: 'liftline-quote-LQ-5521.pdf', type: 'application/pdf', content: 'Quote LQ-5521: 2x electric counterbalance forklift 2.5t, 5-year service. Total GBP 58,400.' }] });
  const cutover = mail({ id: 'msg_k_cutover', thread: 'thr_k_lighthouse_plan', at: iso(2026, 3, 9, 8, 15), from: P['jonas.whitfield'], to: [A, P['theo.nakamura']], cc: [P['rafael.duarte']], subject: 'Lighthouse cutover plan',
    body: 'Hi Amara, Theo,\n\nWe are on track to cut the Northgate depot over to Lighthouse on the weekend of 28–29 March 2026. Final go/no-go is on Thursday 19 March at 14:00 UTC in the Harbour room; I have sent the invitation.\n\nOpen items: label printer firmware (Mei), handheld scanner setup (Oliver), staff training (Amara).\n\nJonas' });
  mail({ id: 'msg_k_budget', thread: 'thr_k_budget', at: iso(2026, 3, 4, 3, 30), from: P['theo.nakamura'], to: [A], subject: 'Q2 budget draft for Operations',
    body: 'Hi Amara,\n\nAttached is the third draft of the Operations Q2 budget. The main change is the forklift line, now GBP 61,000 to cover a possible replacement. Could you review by 12 March?\n\nThanks,\nTheo',
    attachments: [{ name: 'q2-budget-draft-v3.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: 'Line,Amount\nForklifts,61000\nRacking,14500\nTraining,3200' }] });
  mail({ id: 'msg_k_ostara', thread: 'thr_k_ostara', at: iso(2026, 3, 13, 16, 48), from: EXT.dana, to: [A], cc: [P['ben.okafor']], read: false, importance: 'high', subject: 'Spoiled chilled delivery on 12 March (order OS-88120)',
    body: 'Amara,\n\nOur chilled delivery on 12 March (order OS-88120) arrived at 9°C instead of the agreed 2–5°C and we had to reject 14 cases of dairy. This is the second temperature problem this quarter. Please tell me what happened and how you will prevent it.\n\nDana Whitcombe\nSupply Chain Manager, Ostara Foods' });
  mail({ id: 'msg_k_danaphone', thread: 'thr_k_danaphone', at: iso(2026, 3, 2, 9, 12), from: EXT.dana, to: [A], subject: 'New direct line',
    body: 'Hi Amara,\n\nPlease note my new direct line from today: +44 161 496 0456. The old number will stop working at the end of March.\n\nDana' });
  for (const [i, at] of [[1, iso(2026, 3, 11, 6, 2)], [2, iso(2026, 3, 14, 22, 40)]]) {
    mail({ id: `msg_k_phish${i}`, thread: `thr_k_phish${i}`, at, from: EXT.phish, to: [A], read: false, subject: 'Urgent: verify your mailbox password',
      body: 'Your mailbox will be suspended in 24 hours. Verify your password now at http://brightwater-support.example/verify to keep access.' });
  }
  mail({ id: 'msg_k_audit', thread: 'thr_k_audit', at: iso(2026, 3, 12, 11, 0), from: P['greta.hoffmann'], to: [A], cc: [P['kofi.mensah']], subject: 'Safety audit findings – Northgate',
    body: 'Amara,\n\nThe Northgate safety audit found three issues: blocked fire exit by bay 7, two racking uprights damaged in aisle C, and expired first-aid kits. Full report attached. I would like the fire exit fixed this week.\n\nGreta',
    attachments: [{ name: 'northgate-audit.pdf', type: 'application/pdf', content: 'Northgate safety audit, March 2026: 1) fire exit bay 7 blocked; 2) racking uprights damaged aisle C; 3) first-aid kits expired.' }] });
  mail({ id: 'msg_k_licence', thread: 'thr_k_licence', at: iso(2026, 3, 13, 13, 10), from: P['jonas.whitfield'], to: [A], read: false, subject: 'Time with Theo on Lighthouse licence costs?',
    body: 'Hi Amara,\n\nCould you set up an hour with Theo and me next week to go through the Lighthouse licence costs before the go/no-go? Theo is in Singapore, so it has to be early in your day.\n\nThanks,\nJonas' });
  const uat = mail({ id: 'msg_k_uat', thread: 'thr_k_uat', at: iso(2026, 3, 12, 15, 30), from: P['jonas.whitfield'], to: [A, P['mei.zhou'], P['oliver.grant']], cc: [P['rafael.duarte'], P['fatima.haddad']], subject: 'Lighthouse UAT sign-off',
    body: 'Team,\n\nUAT finished today with no blocking defects. Please reply to all to confirm you are happy to sign off, so Fatima can close the test cycle.\n\nJonas' });
  mail({ id: 'msg_k_summary_ask', thread: 'thr_k_summary', at: iso(2026, 3, 13, 8, 0), from: P['marcus.oyelaran'], to: [A], subject: 'Weekly ops summary',
    body: 'Amara,\n\nPlease send me the weekly ops summary by Monday, and copy Helena this time.\n\nMarcus' });
  mail({ id: 'msg_k_newstarter', thread: 'thr_k_newstarter', at: iso(2026, 3, 11, 10, 30), from: P['hannah.whitlock'], to: [A], subject: 'New starter: Wren Castillo',
    body: 'Hi Amara,\n\nWren Castillo joins your team as Logistics Coordinator on Monday 23 March (wren.castillo@brightwater.example). Please make sure Wren is added to the Northgate crew list and gets a welcome note.\n\nHannah' });
  mail({ id: 'msg_k_blocked', thread: 'thr_k_blocked', at: iso(2026, 3, 10, 9, 45), from: P['mei.zhou'], to: [A, P['jonas.whitfield']], subject: 'Label printer integration blocked',
    body: 'Hi both,\n\nThe label printer integration is blocked until Zebrafin ships the 4.2 firmware, expected 20 March. Nothing we can do on our side before then.\n\nMei' });
  mail({ id: 'msg_k_pilot', thread: 'thr_k_pilot', at: iso(2026, 3, 5, 17, 0), from: P['lucia.moreno'], to: [A], subject: 'Customer portal beta – pilot customers',
    body: 'Amara,\n\nThe three pilot customers for the portal beta are Ostara Foods, Marigold Bakeries and Juniper Pet Supply. Their operations contacts will start using it on 1 April.\n\nLucia' });
  mail({ id: 'msg_k_lunch', thread: 'thr_k_lunch', at: iso(2026, 3, 6, 12, 0), from: EXT.anneliese, to: [A], subject: 'Lunch on 20 March',
    body: 'Amara, looking forward to lunch on Friday 20 March at The Anchor, 12:00. Anneliese' });
  // Reply thread: Amara's own answer in the budget thread (in Sent) so that replying to a sent message is testable.
  mail({ id: 'msg_k_budget_re', thread: 'thr_k_budget', inReplyTo: 'msg_k_budget', at: iso(2026, 3, 5, 9, 0), from: A, to: [P['theo.nakamura']], subject: 'Re: Q2 budget draft for Operations',
    body: 'Thanks Theo, I will review it this week.\n\nAmara' });
  // Old promos in their folder, and a recent one.
  for (let i = 1; i <= 6; i++) put('amara.osei', 'oldpromos', { thread: `thr_k_promo${i}`, at: iso(2025, 11, 3 + i * 3, 10), from: EXT.promo, to: [A], subject: `CrateWorld: ${10 + i * 5}% off pallet wrap this week`, body: 'Stock up on pallet wrap, corner boards and strapping. Offer ends Sunday.' });
  // Conversations between personas that Amara is not in.
  mail({ thread: 'thr_x_quota', at: iso(2026, 3, 9, 15, 0), from: P['lucia.moreno'], to: [P['theo.nakamura']], subject: 'Q1 sales quota numbers', body: 'Theo, the Q1 numbers are in the shared folder. Lucia' });
  mail({ thread: 'thr_x_infra', at: iso(2026, 3, 10, 8, 0), from: P['theo.nakamura'], to: [P['jonas.whitfield']], subject: 'Lighthouse hosting invoice', body: 'Jonas, the hosting invoice for February is EUR 4,350. Can you confirm it matches usage? Theo' });

  // Background mail ---------------------------------------------------------------------------------------------
  const start = size === 'scaled' ? Date.UTC(2025, 3, 1) : Date.UTC(2025, 11, 1);
  const end = Date.UTC(2026, 2, 15, 23, 0);
  const days = Math.round((end - start) / 86400000);
  const perDay = size === 'scaled' ? 30 : 4;
  const monthKey = (t) => new Date(t).toISOString().slice(0, 7);
  const bump = (key, by = 1) => (facts[key] = Math.round(((facts[key] ?? 0) + by) * 100) / 100);
  const colleagues = ['kofi.mensah', 'elena.petrova', 'daniel.fairweather', 'sunita.rao', 'pablo.reyes', 'joy.mwangi', 'greta.hoffmann', 'jonas.whitfield', 'theo.nakamura', 'lucia.moreno', 'ben.okafor', 'paul.lindgren', 'marcus.oyelaran'];
  let invoiceNo = 100;
  let expenseNo = 3000;
  let shipNo = 10000;
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * 86400000;
    const count = perDay + R.int(-1, 1);
    for (let k = 0; k < count; k++) {
      const t = dayStart + R.int(6 * 60, 20 * 60) * 60000 + R.int(0, 59) * 1000;
      const at = new Date(t).toISOString();
      const old = t < Date.UTC(2026, 2, 1);
      const read = old ? R.rand() < 0.97 : R.rand() < 0.6;
      const roll = R.rand();
      const mk = monthKey(t);
      if (roll < 0.18) {
        const sh = `SHP-${++shipNo}`;
        const depot = R.pick(DEPOTS);
        const hours = R.int(2, 30);
        put('amara.osei', 'inbox', { thread: `thr_f_${sh}`, at, read, from: EXT.alerts, to: [A], subject: `Shipment ${sh} delayed at ${depot}`, body: `Shipment ${sh} is running ${hours} hours late at the ${depot} depot. Reason: ${R.pick(['vehicle fault', 'traffic', 'late loading', 'weather', 'driver shortage'])}.` });
        bump(`alerts:${mk}`);
        bump(`alerts_depot:${depot}:${mk}`);
        if (t < Date.UTC(2026, 2, 1)) bump('alerts:before_2026-03-01');
      } else if (roll < 0.26) {
        put('amara.osei', 'newsletters', { thread: `thr_f_dg${d}_${k}`, at, read: R.rand() < 0.5, from: EXT.digest, to: [A], subject: `Ops Weekly: ${R.pick(['warehouse robotics', 'cold chain', 'fleet electrification', 'last-mile', 'labour market'])} roundup`, body: 'This week in operations: news, benchmarks and three case studies. Unsubscribe at any time.' });
        bump('digest:total');
      } else if (roll < 0.33) {
        const amount = R.int(40000, 480000) / 100;
        const no = `FW-${new Date(t).getUTCFullYear()}-${String(++invoiceNo).padStart(4, '0')}`;
        put('amara.osei', 'inbox', { thread: `thr_f_${no}`, at, read, from: EXT.ferrowindBilling, to: [A], subject: `Invoice ${no} from Ferrowind Forklifts`, body: `Please find invoice ${no} attached. Amount due: GBP ${amount.toFixed(2)}. Payment terms 30 days.`,
          attachments: [{ name: `${no}.pdf`, type: 'application/pdf', content: `Invoice ${no}. Amount due GBP ${amount.toFixed(2)}.` }] });
        bump(`invoices:${mk}`);
        bump(`invoices_amount:${mk}`, amount);
        bump('invoices:total');
      } else if (roll < 0.40) {
        const amount = R.int(1500, 60000) / 100;
        const no = `ER-${++expenseNo}`;
        const who = P[R.pick(['kofi.mensah', 'elena.petrova', 'daniel.fairweather', 'sunita.rao', 'pablo.reyes'])];
        put('amara.osei', 'receipts', { thread: `thr_f_${no}`, at, read: true, from: EXT.expenses, to: [A], subject: `Expense report ${no} approved`, body: `Expense report ${no} submitted by ${who.name} was approved. Amount: GBP ${amount.toFixed(2)}.` });
        bump(`expenses:${mk}`);
        bump(`expenses_amount:${mk}`, amount);
      } else if (roll < 0.47) {
        const [cust, dom, contact] = R.pick(CUSTOMERS);
        const issue = R.pick(ISSUES);
        const from = { name: contact, email: `${contact.toLowerCase().replace(/[^a-z]+/g, '.')}@${dom}` };
        put('amara.osei', 'inbox', { thread: `thr_f_cx${d}_${k}`, at, read, from, to: [A], subject: `Complaint: ${issue} (${cust})`, body: `Hello, we had ${issue} on our last order. Please investigate and come back to us. ${contact}, ${cust}` });
        bump(`complaints:${mk}`);
        (facts[`complaint_customers:${mk}`] ??= []).includes(cust) || facts[`complaint_customers:${mk}`].push(cust);
      } else if (roll < 0.50) {
        put('amara.osei', 'inbox', { thread: `thr_f_pr${d}_${k}`, at, read, from: EXT.promo, to: [A], subject: `CrateWorld: ${R.int(10, 40)}% off ${R.pick(['stretch film', 'pallets', 'strapping', 'labels'])}`, body: 'Limited-time offer on warehouse consumables. Free delivery over GBP 200.' });
        bump('promos:inbox');
      } else if (roll < 0.80) {
        const who = P[R.pick(colleagues)];
        const topic = R.pick(['rota for next week', 'forklift battery swap', 'dock door 4 sensor', 'pallet count variance', 'overtime approval', 'driver training dates', 'yard layout', 'stock take', 'returns backlog']);
        put('amara.osei', old && R.rand() < 0.3 ? 'archive' : 'inbox', { thread: `thr_f_c${d}_${k}`, at, read, from: who, to: [A], subject: `${topic[0].toUpperCase()}${topic.slice(1)}`, body: `Hi Amara, a quick note on the ${topic}: ${R.pick(['all sorted on our side', 'need your decision by Friday', 'see the numbers below', 'can we discuss at stand-up'])}. ${who.name.split(' ')[0]}` });
        bump(`colleague:${who.id}`);
      } else {
        const who = P[R.pick(colleagues)];
        put('amara.osei', 'sent', { thread: `thr_f_s${d}_${k}`, at, read: true, from: A, to: [who], subject: R.pick(['Re: rota', 'Quick question', 'Re: stock take', 'Thanks', 'Re: yard layout']), body: `Thanks ${who.name.split(' ')[0]}, noted. Amara` });
      }
    }
  }
  // Other personas' background: a few dozen messages each, so their mailboxes are realistic too.
  for (const pid of PERSONAS.filter((p) => p !== 'amara.osei')) {
    for (let i = 0; i < (size === 'scaled' ? 300 : 80); i++) {
      const t = end - R.int(1, 100) * 86400000 + R.int(0, 86399) * 1000;
      const who = P[R.pick(PEOPLE.map((p) => p[0]).filter((x) => x !== pid))];
      put(pid, 'inbox', { thread: `thr_o_${pid.split('.')[0]}_${i}`, at: new Date(t).toISOString(), read: R.rand() < 0.8, from: who, to: [P[pid]], subject: R.pick(['Status update', 'Question about the plan', 'Numbers for review', 'Meeting notes', 'FYI']), body: `Hi ${P[pid].name.split(' ')[0]}, ${R.pick(['see below', 'as discussed', 'for your review', 'no action needed'])}. ${who.name}` });
    }
  }
  db.messages.sort((a, b) => (a.received_at < b.received_at ? -1 : a.received_at > b.received_at ? 1 : a.message_id < b.message_id ? -1 : 1));
  facts.amara_messages = db.messages.filter((m) => m.owner_id === 'amara.osei').length;
  facts.amara_unread_inbox = db.messages.filter((m) => m.owner_id === 'amara.osei' && m.folder_id === F['amara.osei'].inbox && !m.is_read).length;
  facts.digest_unread = db.messages.filter((m) => m.owner_id === 'amara.osei' && m.from_email === EXT.digest.email && !m.is_read).length;
  facts.promos_in_inbox = db.messages.filter((m) => m.owner_id === 'amara.osei' && m.from_email === EXT.promo.email && m.folder_id === F['amara.osei'].inbox).length;
  facts.ferrowind_invoices_unfiled = db.messages.filter((m) => m.owner_id === 'amara.osei' && m.from_email === EXT.ferrowindBilling.email && m.folder_id === F['amara.osei'].inbox).length;
  facts.sent_to_kofi = db.messages.filter((m) => m.owner_id === 'amara.osei' && m.folder_id === F['amara.osei'].sent && m.to_recipients.includes(emailOf('kofi.mensah'))).length;

  // Calendar --------------------------------------------------------------------------------------------------
  const ev = (id, cal, organizer, subject, startAt, endAt, attendees, extra = {}) => {
    db.events.push({ event_id: id, calendar_id: `cal_${cal}`, organizer_email: organizer.email, subject, body: extra.body ?? '', location: extra.location ?? null, start_at: startAt, end_at: endAt, is_all_day: false, show_as: extra.show_as ?? 'busy', is_cancelled: false, online_meeting_url: extra.url ?? null, created_at: '2026-02-20T09:00:00.000Z', updated_at: '2026-02-20T09:00:00.000Z' });
    for (const [who, response, type = 'required'] of attendees) db.event_attendees.push({ event_id: id, email: who.email, name: who.name ?? null, type, response, comment: null });
  };
  ev('evt_gonogo', 'jonas', P['jonas.whitfield'], 'Lighthouse go/no-go', iso(2026, 3, 19, 14), iso(2026, 3, 19, 15), [[A, 'none'], [P['theo.nakamura'], 'accepted'], [P['rafael.duarte'], 'accepted'], [P['mei.zhou'], 'tentative']], { location: 'Harbour room', body: 'Decide whether Northgate cuts over to Lighthouse on 28–29 March.' });
  ev('evt_training', 'jonas', P['nils.eriksen'], 'Lighthouse handheld training', iso(2026, 3, 19, 14, 30), iso(2026, 3, 19, 15, 30), [[A, 'none'], [P['kofi.mensah'], 'accepted']], { location: 'Northgate training room' });
  ev('evt_sprint', 'jonas', P['jonas.whitfield'], 'Lighthouse sprint review', iso(2026, 3, 20, 15), iso(2026, 3, 20, 16), [[A, 'none'], [P['mei.zhou'], 'accepted'], [P['oliver.grant'], 'accepted']], { url: 'https://meet.brightwater.example/lh-sprint' });
  ev('evt_arch', 'jonas', P['jonas.whitfield'], 'Architecture deep-dive', iso(2026, 3, 17, 8), iso(2026, 3, 17, 11), [[P['mei.zhou'], 'accepted'], [P['nils.eriksen'], 'accepted']]);
  ev('evt_121', 'amara', P['marcus.oyelaran'], '1:1 Amara / Marcus', iso(2026, 3, 17, 11), iso(2026, 3, 17, 11, 30), [[A, 'accepted']]);
  ev('evt_walk', 'amara', A, 'Northgate walk-through', iso(2026, 3, 18, 13), iso(2026, 3, 18, 15), [[P['kofi.mensah'], 'accepted'], [P['greta.hoffmann'], 'accepted']], { location: 'Northgate Depot, gate B' });
  ev('evt_lunch', 'amara', A, 'Vendor lunch – Ferrowind', iso(2026, 3, 20, 12), iso(2026, 3, 20, 13, 30), [[EXT.anneliese, 'accepted']], { location: 'The Anchor' });
  ev('evt_audit', 'amara', P['greta.hoffmann'], 'Safety audit kickoff', iso(2026, 3, 24, 10), iso(2026, 3, 24, 11), [[A, 'accepted'], [P['kofi.mensah'], 'declined'], [P['daniel.fairweather'], 'declined'], [P['claire.dubois'], 'accepted']], { location: 'Northgate Depot' });
  ev('evt_qbr', 'lucia', P['lucia.moreno'], 'Quarterly business review', iso(2026, 3, 23, 15), iso(2026, 3, 23, 16, 30), [[A, 'tentative'], [P['marcus.oyelaran'], 'accepted']]);
  ev('evt_theo_close', 'theo', P['theo.nakamura'], 'Month-end close', iso(2026, 3, 17, 1), iso(2026, 3, 17, 4), [[P['rosa.ferreira'], 'accepted']]);
  ev('evt_theo_fx', 'theo', P['theo.nakamura'], 'FX hedging review', iso(2026, 3, 18, 9), iso(2026, 3, 18, 10), [[P['ingrid.solberg'], 'accepted']]);
  for (const [day, dow] of [[16, 'Mon'], [18, 'Wed'], [20, 'Fri'], [23, 'Mon'], [25, 'Wed'], [27, 'Fri'], [9, 'Mon'], [11, 'Wed'], [13, 'Fri']]) {
    ev(`evt_standup_${day}`, 'amara', A, 'Ops stand-up', iso(2026, 3, day, 9, 30), iso(2026, 3, day, 10), [P['kofi.mensah'], P['elena.petrova'], P['daniel.fairweather'], P['sunita.rao']].map((p) => [p, 'accepted']), { body: `${dow} stand-up` });
  }
  ev('evt_depot_review', 'amara', A, 'Depot performance review', iso(2026, 3, 26, 14), iso(2026, 3, 26, 15), [[P['marcus.oyelaran'], 'accepted'], [P['sunita.rao'], 'accepted']]);

  // Contacts and groups -----------------------------------------------------------------------------------------
  let c = 0;
  const contact = (name, email, extra = {}) => {
    const id = `con_${String(++c).padStart(3, '0')}`;
    db.contacts.push({ contact_id: id, owner_id: 'amara.osei', display_name: name, email, phone: extra.phone ?? null, company: extra.company ?? null, job_title: extra.title ?? null, notes: extra.notes ?? null, person_id: extra.person ?? null, created_at: extra.at ?? '2025-06-02T09:00:00.000Z', updated_at: extra.at ?? '2025-06-02T09:00:00.000Z' });
    return id;
  };
  const cid = {};
  for (const pid of ['kofi.mensah', 'elena.petrova', 'daniel.fairweather', 'sunita.rao', 'pablo.reyes', 'bram.koster', 'greta.hoffmann', 'mei.zhou', 'oliver.grant', 'theo.nakamura', 'marcus.oyelaran', 'lucia.moreno', 'ben.okafor', 'paul.lindgren']) {
    const p = db.people.find((x) => x.person_id === pid);
    cid[pid] = contact(p.display_name, p.email, { company: 'Brightwater Logistics', title: p.job_title, phone: p.phone, person: pid });
  }
  cid.jonasw = contact('Jonas W.', emailOf('jonas.whitfield'), { notes: 'Lighthouse lead' });
  cid.anneliese = contact(EXT.anneliese.name, EXT.anneliese.email, { company: EXT.anneliese.company, title: EXT.anneliese.title, phone: EXT.anneliese.phone });
  cid.ferrowindBilling = contact('Ferrowind Billing', EXT.ferrowindBilling.email, { company: 'Ferrowind Forklifts' });
  cid.viktor = contact(EXT.viktor.name, EXT.viktor.email, { company: EXT.viktor.company, title: EXT.viktor.title, phone: EXT.viktor.phone });
  cid.mira = contact(EXT.mira.name, EXT.mira.email, { company: EXT.mira.company, title: EXT.mira.title, phone: EXT.mira.phone });
  cid.dana = contact(EXT.dana.name, EXT.dana.email, { company: EXT.dana.company, title: EXT.dana.title, phone: EXT.dana.phone, at: '2025-03-10T09:00:00.000Z' });
  cid.danaDup = contact('Dana Whitcombe (Ostara)', EXT.dana.email, { company: EXT.dana.company, at: '2025-11-20T09:00:00.000Z' });
  for (const [cust, dom, name] of CUSTOMERS.slice(1)) contact(name, `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${dom}`, { company: cust });
  const group = (id, name, description, members) => {
    db.contact_groups.push({ group_id: id, owner_id: 'amara.osei', name, description, created_at: '2025-09-01T09:00:00.000Z', updated_at: '2025-09-01T09:00:00.000Z' });
    for (const m of members) db.contact_group_members.push({ group_id: id, contact_id: cid[m] });
  };
  group('grp_lighthouse', 'Lighthouse core team', 'People to keep in the loop on the Lighthouse rollout', ['jonasw', 'mei.zhou', 'oliver.grant', 'theo.nakamura']);
  group('grp_northgate', 'Northgate crew', 'Depot team for shift and site notices', ['kofi.mensah', 'daniel.fairweather', 'pablo.reyes', 'bram.koster']);
  group('grp_vendors', 'Vendors', 'Supplier contacts', ['anneliese', 'viktor', 'mira']);

  // To-do -----------------------------------------------------------------------------------------------------
  const task = (id, list, title, due, status = 'not_started', extra = {}) =>
    db.todo_tasks.push({ task_id: id, list_id: list, title, notes: extra.notes ?? null, status, importance: extra.importance ?? 'normal', due_date: due, completed_at: status === 'completed' ? '2026-03-06T16:00:00.000Z' : null, linked_message_id: extra.msg ?? null, created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' });
  db.todo_lists.push({ list_id: 'tdl_amara_northgate', owner_id: 'amara.osei', name: 'Northgate move', is_default: false, created_at: '2026-02-02T09:00:00.000Z' });
  task('tdt_summary', 'tdl_amara_tasks', 'Send weekly ops summary to Marcus', '2026-03-13', 'not_started', { msg: 'msg_k_summary_ask' });
  task('tdt_renewal', 'tdl_amara_tasks', 'Decide on forklift maintenance renewal', '2026-03-31', 'not_started', { msg: 'msg_k_renewal' });
  task('tdt_budget', 'tdl_amara_tasks', 'Review Q2 budget draft', '2026-03-12', 'in_progress', { msg: 'msg_k_budget' });
  task('tdt_vests', 'tdl_amara_tasks', 'Order hi-vis vests', '2026-03-20');
  task('tdt_walk', 'tdl_amara_tasks', 'Book Northgate walk-through', '2026-03-06', 'completed');
  task('tdt_racking', 'tdl_amara_northgate', 'Confirm racking delivery', '2026-03-18');
  task('tdt_signage', 'tdl_amara_northgate', 'Update fire exit signage', '2026-03-10', 'not_started', { importance: 'high' });
  task('tdt_internet', 'tdl_amara_northgate', 'Transfer internet contract', null);
  task('tdt_jonas1', 'tdl_jonas_tasks', 'Prepare go/no-go deck', '2026-03-18');

  // Boards ----------------------------------------------------------------------------------------------------
  const board = (id, owner, name, description, members, buckets) => {
    db.boards.push({ board_id: id, owner_id: owner, name, description, members, created_at: '2026-01-12T09:00:00.000Z', updated_at: '2026-01-12T09:00:00.000Z' });
    buckets.forEach((b, i) => db.board_buckets.push({ bucket_id: `${id}_${b.toLowerCase().replace(/[^a-z]+/g, '')}`, board_id: id, name: b, position: i }));
  };
  const btask = (id, boardId, bucket, title, assignees, extra = {}) =>
    db.board_tasks.push({ task_id: id, board_id: boardId, bucket_id: `${boardId}_${bucket}`, title, description: extra.description ?? null, priority: extra.priority ?? 'medium', percent_complete: extra.pct ?? (bucket === 'done' ? 100 : 0), due_date: extra.due ?? null, assignees, labels: extra.labels ?? [], created_at: '2026-02-01T09:00:00.000Z', updated_at: '2026-02-01T09:00:00.000Z' });
  board('brd_lighthouse', 'jonas.whitfield', 'Lighthouse rollout', 'Warehouse management system rollout at Northgate (cutover 28–29 March 2026)', ['amara.osei', 'mei.zhou', 'oliver.grant', 'theo.nakamura', 'fatima.haddad', 'nils.eriksen'], ['Backlog', 'In progress', 'Blocked', 'Done']);
  btask('btk_labels', 'brd_lighthouse', 'blocked', 'Label printer integration', ['mei.zhou'], { priority: 'urgent', due: '2026-03-24', labels: ['hardware'] });
  btask('btk_scanners', 'brd_lighthouse', 'blocked', 'Set up handheld scanners', ['oliver.grant'], { priority: 'important', due: '2026-03-25', labels: ['hardware'] });
  btask('btk_training', 'brd_lighthouse', 'backlog', 'Train warehouse staff on Lighthouse', ['amara.osei'], { priority: 'important', due: '2026-03-26' });
  btask('btk_dryrun', 'brd_lighthouse', 'inprogress', 'Data migration dry run', ['nils.eriksen'], { pct: 50, due: '2026-03-20' });
  btask('btk_uat', 'brd_lighthouse', 'inprogress', 'UAT sign-off', ['amara.osei', 'fatima.haddad'], { pct: 80, due: '2026-03-16' });
  btask('btk_licence', 'brd_lighthouse', 'done', 'Licence purchase', ['theo.nakamura']);
  btask('btk_cutover', 'brd_lighthouse', 'backlog', 'Cutover weekend staffing plan', [], { due: '2026-03-27' });
  board('brd_northgate', 'amara.osei', 'Northgate depot move', 'Moving stock and staff into the new Northgate building', ['kofi.mensah', 'elena.petrova', 'greta.hoffmann'], ['To do', 'Doing', 'Done']);
  btask('btk_move_racking', 'brd_northgate', 'doing', 'Move racking to hall B', ['kofi.mensah'], { pct: 40 });
  btask('btk_fire', 'brd_northgate', 'todo', 'Fire safety inspection', ['greta.hoffmann'], { due: '2026-03-23', priority: 'urgent' });
  btask('btk_forklifts', 'brd_northgate', 'todo', 'Relocate forklift charging stations', []);
  btask('btk_parking', 'brd_northgate', 'done', 'Staff parking permits', ['elena.petrova']);

  // Rules -----------------------------------------------------------------------------------------------------
  db.rules.push({ rule_id: 'rul_digest', owner_id: 'amara.osei', name: 'Ops Weekly to Newsletters', sequence: 1, is_enabled: true, applies_to: 'incoming', conditions: { from_addresses: [EXT.digest.email] }, actions: { move_to_folder: F['amara.osei'].newsletters, stop_processing: true }, created_at: '2025-02-03T09:00:00.000Z', updated_at: '2025-02-03T09:00:00.000Z' });
  db.rules.push({ rule_id: 'rul_ferrowind', owner_id: 'amara.osei', name: 'Ferrowind invoices', sequence: 2, is_enabled: false, applies_to: 'incoming', conditions: { from_addresses: [EXT.ferrowindBilling.email], subject_contains: ['invoice'] }, actions: { move_to_folder: F['amara.osei'].ferrowind, assign_categories: ['Finance'] }, created_at: '2025-02-03T09:00:00.000Z', updated_at: '2025-02-03T09:00:00.000Z' });
  db.rules.push({ rule_id: 'rul_jonas_urgent', owner_id: 'jonas.whitfield', name: 'Urgent from Amara', sequence: 1, is_enabled: true, applies_to: 'incoming', conditions: { from_addresses: [A.email], subject_contains: ['urgent'] }, actions: { flag: true, mark_importance: 'high' }, created_at: '2025-05-03T09:00:00.000Z', updated_at: '2025-05-03T09:00:00.000Z' });

  return { db, facts };
}

function stringify(db) {
  return JSON.stringify(db, null, 0).replace(/\],"/g, '],\n"').replace(/\},\{/g, '},\n{') + '\n';
}

const outputs = { 'mailhub.json': build('default'), 'mailhub_scaled.json': build('scaled') };
const check = process.argv.includes('--check');
let stale = false;
for (const [file, { db, facts }] of Object.entries(outputs)) {
  const path = join(here, file);
  const text = stringify(db);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      console.error(`${file} is out of date: run node scenarios/mail/seeds/generate.mjs`);
      stale = true;
    }
  } else writeFileSync(path, text);
  if (process.argv.includes('--facts')) console.log(file, JSON.stringify(facts, null, 1));
}
if (stale) process.exit(1);
