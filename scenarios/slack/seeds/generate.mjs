#!/usr/bin/env node
// Generates northwind_slack.json: the Slack workspace of Northwind Labs, a fictional company that makes "Atlas",
// a route-planning and fleet analytics product. Every person, customer and event here is invented.
//
//   node scenarios/slack/seeds/generate.mjs          writes northwind_slack.json next to this file
//   node scenarios/slack/seeds/generate.mjs --keys   also prints the ids of the keyed messages (for suite authors)
//   node scenarios/slack/seeds/generate.mjs --check  exits 1 if northwind_slack.json differs from what it generates
//
// Deterministic: the only randomness is a seeded PRNG, so the output is byte-identical on every run.
// Times are UTC. All of them lie between 2025-12-15 and 2026-01-15T16:30Z, before the replica clock starts.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32)

let prngState = 20260115;
function rand() {
  let t = (prngState = (prngState + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randInt = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// ---------------------------------------------------------------------------------------------------------------
// Workspace, people, channels

const TEAM = { team_id: 'T07NWLABS', team_name: 'Northwind Labs', domain: 'northwind-labs', created_at: '2024-03-04T09:00:00.000Z' };
const DOMAIN = 'northwind.example.com';

// key, user_id, username, display_name, real_name, title, timezone, role, flags
const PEOPLE = [
  ['beacon', 'U07BEACON', 'beacon', 'Beacon', 'Beacon Assistant', 'Workspace assistant (bot)', 'Etc/UTC', 'member', { bot: true }],
  ['ingrid', 'U07INGRID', 'ingrid.halvorsen', 'Ingrid', 'Ingrid Halvorsen', 'CEO', 'Europe/Oslo', 'owner'],
  ['maya', 'U07MAYA', 'maya.ekwueme', 'Maya', 'Maya Ekwueme', 'VP Engineering', 'America/New_York', 'admin'],
  ['dan', 'U07DANREYES', 'dan.reyes', 'Dan Reyes', 'Daniel Reyes', 'Engineering Manager, Platform', 'America/Chicago', 'member'],
  ['priyanka', 'U07PRIYANKA', 'priyanka.iyer', 'Priyanka', 'Priyanka Iyer', 'Staff Engineer, Billing', 'Asia/Kolkata', 'member'],
  ['elif', 'U07ELIF', 'elif.demir', 'Elif', 'Elif Demir', 'Backend Engineer', 'Europe/Istanbul', 'member'],
  ['tomasz', 'U07TOMASZ', 'tomasz.wojcik', 'Tomasz', 'Tomasz Wójcik', 'Site Reliability Engineer', 'Europe/Warsaw', 'member'],
  ['wen', 'U07WENZHAO', 'wen.zhao', 'Wen', 'Wen Zhao', 'Site Reliability Engineer', 'America/Los_Angeles', 'member'],
  ['kwame', 'U07KWAME', 'kwame.asante', 'Kwame', 'Kwame Asante', 'Security Engineer', 'Europe/London', 'member'],
  ['hannah', 'U07HANNAH', 'hannah.lindqvist', 'Hannah', 'Hannah Lindqvist', 'Product Manager, Atlas', 'Europe/Stockholm', 'member'],
  ['jonah', 'U07JONAH', 'jonah.feldman', 'Jonah', 'Jonah Feldman', 'Frontend & Mobile Lead', 'America/New_York', 'member'],
  ['aiko', 'U07AIKO', 'aiko.tanaka', 'Aiko', 'Aiko Tanaka', 'Product Designer', 'Asia/Tokyo', 'member'],
  ['samuel', 'U07SAMUEL', 'samuel.adeyemi', 'Sam Adeyemi', 'Samuel Adeyemi', 'Data Engineer', 'Africa/Lagos', 'member'],
  ['lucia', 'U07LUCIA', 'lucia.ferreira', 'Lucía', 'Lucía Ferreira', 'Customer Success Lead', 'America/Sao_Paulo', 'member'],
  ['ravi', 'U07RAVI', 'ravi.menon', 'Ravi', 'Ravi Menon', 'Support Engineer', 'Asia/Kolkata', 'member'],
  ['grace', 'U07GRACE', 'grace.odonnell', 'Grace', "Grace O'Donnell", 'Talent Partner', 'Europe/Dublin', 'member'],
  ['marcus', 'U07MARCUS', 'marcus.bell', 'Marcus', 'Marcus Bell', 'Head of Sales', 'America/Denver', 'member'],
  ['sofia', 'U07SOFIA', 'sofia.marchetti', 'Sofia', 'Sofia Marchetti', 'Product Marketing Manager', 'Europe/Rome', 'member'],
  ['leo', 'U07LEO', 'leo.brandt', 'Leo', 'Leo Brandt', 'Release Engineer', 'Europe/Berlin', 'member'],
  ['nadia', 'U07NADIA', 'nadia.rahman', 'Nadia', 'Nadia Rahman', 'Finance Controller', 'Asia/Dubai', 'member'],
  ['farah', 'U07FARAH', 'farah.haddad', 'Farah', 'Farah Haddad', 'Mobile Engineer', 'Europe/Paris', 'member'],
  ['oscar', 'U07OSCAR', 'oscar.vidal', 'Oscar (contractor)', 'Oscar Vidal', 'QA contractor (Vidal Testing S.L.)', 'Europe/Madrid', 'guest', { guest: true }],
  ['bram', 'U07BRAM', 'bram.verhoeven', 'Bram', 'Bram Verhoeven', 'Former Solutions Engineer', 'Europe/Amsterdam', 'member', { deleted: true }],
];

// Slack profile statuses at the time of the snapshot.
const STATUS = {
  tomasz: ['Out sick', ':face_with_thermometer:'],
  oscar: ['Contract ends Jan 16', ':wave:'],
  aiko: ['Focus time', ':headphones:'],
  ingrid: ['Board prep', ':calendar:'],
};

const U = Object.fromEntries(PEOPLE.map(([key, id]) => [key, id]));
const personByKey = Object.fromEntries(PEOPLE.map((p) => [p[0], p]));

// key, channel_id, channel_name, { private, archived, topic, purpose, members, created, creator }
const CHANNELS = [
  ['general', 'C07GENERAL', 'general', {
    topic: 'Company news and announcements. All-hands every other Thursday 16:00 UTC.',
    purpose: 'Announcements for everyone at Northwind Labs.',
    members: 'everyone', created: '2024-03-04', creator: 'ingrid',
  }],
  ['random', 'C07RANDOM', 'random', {
    topic: 'Board games, lunch plans and pet photos',
    purpose: 'Non-work chatter and water-cooler talk.',
    members: 'everyone', created: '2024-03-04', creator: 'ingrid',
  }],
  ['engineering', 'C07ENGINEER', 'engineering', {
    topic: 'RFCs, deploys and platform news. Deploy window Wed 14:00–16:00 UTC.',
    purpose: 'Engineering-wide discussion: design reviews, RFCs, deploys, tooling.',
    members: ['beacon', 'maya', 'dan', 'priyanka', 'elif', 'tomasz', 'wen', 'kwame', 'jonah', 'samuel', 'leo', 'oscar', 'hannah'],
    created: '2024-03-05', creator: 'maya',
  }],
  ['incidents', 'C07INCIDENT', 'incidents', {
    topic: 'Active: INC-2052 map tiles failing in EU',
    purpose: 'Live incident coordination. One thread per incident, please.',
    members: ['beacon', 'maya', 'dan', 'tomasz', 'wen', 'kwame', 'elif', 'ravi', 'lucia', 'priyanka', 'leo'],
    created: '2024-04-11', creator: 'dan',
  }],
  ['sre-oncall', 'C07ONCALL', 'sre-oncall', {
    topic: 'Primary: Tomasz · Secondary: Kwame (week of Jan 12)',
    purpose: 'On-call rotation, handoffs and pager noise.',
    members: ['beacon', 'dan', 'tomasz', 'wen', 'kwame', 'elif', 'maya'],
    created: '2024-04-11', creator: 'dan',
  }],
  ['launch-atlas', 'C07LAUNCH', 'launch-atlas-2-4', {
    topic: 'Atlas 2.4 launch: GA Tue Feb 3 · code freeze Thu Jan 29',
    purpose: 'Coordination for the Atlas 2.4 release: scope, QA, docs and go-to-market.',
    members: ['beacon', 'hannah', 'leo', 'jonah', 'aiko', 'sofia', 'lucia', 'dan', 'maya', 'marcus'],
    created: '2025-11-20', creator: 'hannah',
  }],
  ['billing', 'C07BILLING', 'billing-migration', {
    private: true,
    topic: 'Ledger v1 → billing-svc. Dry run #2 done; freeze status in pinned post',
    purpose: 'Moving invoicing off the Ledger v1 monolith onto billing-svc. Decisions and freeze notices are posted here.',
    members: ['beacon', 'priyanka', 'elif', 'samuel', 'nadia', 'dan', 'maya'],
    created: '2025-10-27', creator: 'priyanka',
  }],
  ['design', 'C07DESIGN', 'design', {
    topic: 'Compass design system v2 · crits Tuesdays',
    purpose: 'Design critique, the Compass design system and UX research.',
    members: ['aiko', 'jonah', 'hannah', 'sofia', 'farah'],
    created: '2024-05-02', creator: 'aiko',
  }],
  ['custsuccess', 'C07CUSTSUCC', 'customer-success', {
    topic: 'Renewals, escalations and onboarding. Weekly account health on Thursdays.',
    purpose: 'Customer success and support: account health, escalations, onboarding.',
    members: ['beacon', 'lucia', 'ravi', 'marcus', 'hannah', 'kwame', 'maya'],
    created: '2024-03-18', creator: 'lucia',
  }],
  ['hiring', 'C07HIRING', 'hiring', {
    private: true,
    topic: 'Open: Staff SRE, Senior Product Designer',
    purpose: 'Hiring loop logistics. Keep candidate feedback in the ATS, not here.',
    members: ['beacon', 'grace', 'maya', 'dan', 'wen', 'kwame', 'aiko'],
    created: '2024-09-09', creator: 'grace',
  }],
  ['security', 'C07SECURITY', 'security', {
    private: true,
    topic: 'SOC 2 Type II evidence due Jan 30',
    purpose: 'Security programme: audits, access reviews, phishing drills.',
    members: ['beacon', 'kwame', 'maya', 'dan', 'tomasz', 'nadia'],
    created: '2024-06-21', creator: 'kwame',
  }],
  ['data', 'C07DATAPLAT', 'data-platform', {
    topic: 'Warehouse move to Lakeshore · dbt runs at 03:00 UTC',
    purpose: 'Warehouse, pipelines and exports.',
    members: ['beacon', 'samuel', 'priyanka', 'elif', 'dan', 'nadia', 'hannah'],
    created: '2024-07-15', creator: 'samuel',
  }],
  ['mobilesync', 'C07MOBSYNC', 'mobile-offline-sync', {
    topic: 'Offline sync for the driver app — phase 1 shipped in 2.3',
    purpose: 'Driver app offline mode: sync protocol, conflict handling, field tests.',
    members: ['beacon', 'jonah', 'aiko', 'samuel', 'leo', 'hannah', 'oscar', 'wen', 'dan'],
    created: '2025-06-02', creator: 'jonah',
  }],
  ['webinars', 'C07WEBINARS', 'mktg-webinars', {
    topic: 'January webinar: "Routing through winter" — Jan 22',
    purpose: 'Webinar and event planning for marketing.',
    members: ['beacon', 'sofia', 'marcus', 'hannah', 'lucia'],
    created: '2025-02-10', creator: 'sofia',
  }],
  ['beta', 'C07ATLASBETA', 'atlas-beta-feedback', {
    topic: 'Atlas 2.4 beta — closed Jan 9',
    purpose: 'Feedback from the Atlas 2.4 beta customers.',
    members: ['beacon', 'hannah', 'leo', 'lucia', 'ravi', 'oscar', 'jonah'],
    created: '2025-11-24', creator: 'hannah',
  }],
  ['party', 'C07HOLIDAY', 'holiday-party-2025', {
    topic: 'Dec 19, 18:00 — The Lantern Room',
    purpose: 'Planning the 2025 holiday party.',
    members: ['beacon', 'grace', 'sofia', 'ingrid', 'aiko', 'ravi', 'marcus', 'elif', 'leo'],
    created: '2025-11-03', creator: 'grace',
  }],
  ['leadership', 'C07LEADERS', 'leadership', {
    private: true,
    topic: 'Q1 planning',
    purpose: 'Leadership team.',
    members: ['ingrid', 'maya', 'marcus', 'nadia'],
    created: '2024-03-04', creator: 'ingrid',
  }],
  ['atlas23', 'C07ATLAS23', 'launch-atlas-2-3', {
    archived: true,
    topic: 'Atlas 2.3 shipped Sep 30 — archived',
    purpose: 'Coordination for the Atlas 2.3 release.',
    members: ['beacon', 'hannah', 'leo', 'jonah', 'sofia', 'lucia'],
    created: '2025-07-14', creator: 'hannah',
  }],
  ['offsite', 'C07OFFSITE', 'offsite-2025', {
    archived: true,
    topic: 'Offsite done — thanks all!',
    purpose: 'Planning the September 2025 team offsite.',
    members: ['beacon', 'grace', 'ingrid', 'maya', 'sofia', 'marcus'],
    created: '2025-06-16', creator: 'grace',
  }],
  // Direct messages (exactly two members each) and group DMs. Slack's DMs have no name; the replica names them
  // dm-<user id>-<user id> (sorted), so a null name here is filled in that form below.
  ['dm_maya', 'D07BCNMAYA', null, { dm: true, members: ['beacon', 'maya'], created: '2025-09-01', creator: 'maya' }],
  ['dm_tomasz', 'D07BCNTOMASZ', null, { dm: true, members: ['beacon', 'tomasz'], created: '2025-10-06', creator: 'tomasz' }],
  ['dm_hannah', 'D07BCNHANNAH', null, { dm: true, members: ['beacon', 'hannah'], created: '2025-11-21', creator: 'hannah' }],
  ['dm_priyelif', 'D07PRIYELIF', null, { dm: true, members: ['priyanka', 'elif'], created: '2025-10-27', creator: 'priyanka' }],
  ['gdm_staff', 'G07MPSTAFF', 'mpdm-beacon--maya.ekwueme--dan.reyes-1', {
    gc: true, members: ['beacon', 'maya', 'dan'], created: '2025-12-01', creator: 'maya',
  }],
  ['gdm_launchux', 'G07MPLAUNCH', 'mpdm-beacon--hannah.lindqvist--jonah.feldman--aiko.tanaka-1', {
    gc: true, members: ['beacon', 'hannah', 'jonah', 'aiko'], created: '2025-12-08', creator: 'hannah',
  }],
];

const C = Object.fromEntries(CHANNELS.map(([key, id]) => [key, id]));
const channelNameByKey = Object.fromEntries(CHANNELS.map(([key, , name]) => [key, name ?? key]));

// ---------------------------------------------------------------------------------------------------------------
// Messages
//
// A block is a run of top-level messages in one channel starting at a UTC time; each following message comes
// 1–8 minutes later. A message is [author, text, options]; options: key (a name for suite authors), r (reactions:
// {emoji: [user keys]}), thread ([author, text, options] replies, the first 2–25 minutes after the parent, each
// next one 1–15 minutes later; a reply's `at` option pins its time when the story needs a later day).
// In texts, {maya} becomes a user mention <@U…> and {#engineering} a channel link <#C…|name>; the rest is escaped
// as Slack escapes it (& → &amp;).

const blocks = [];
const block = (channel, start, messages) => blocks.push({ channel, start, messages });

// ----- #general ------------------------------------------------------------------------------------------------
block('general', '2025-12-15 08:02', [
  ['ingrid', 'Good morning, Northwind! Three weeks left in the year. Thank you for an incredible Q4 — Atlas 2.3 is now live for 212 fleets, and churn is the lowest it has ever been.', { r: { heart: ['maya', 'hannah', 'lucia', 'grace'], tada: ['dan', 'sofia'] } }],
  ['grace', 'Reminder: the holiday party is this Friday, Dec 19 at The Lantern Room from 18:00. Plus-ones welcome, please RSVP in {#party} by Wednesday.'],
]);
block('general', '2025-12-16 13:30', [
  ['maya', 'Holiday schedule for engineering: deploy freeze from Dec 22 to Jan 2. Only hotfixes approved by the on-call primary go out during that window.', {
    key: 'general-deploy-freeze',
    thread: [
      ['jonah', 'Does the freeze include the marketing site?'],
      ['maya', 'No, the marketing site is deployed by the web team separately. Product surfaces only.'],
      ['sofia', 'Great, we have a blog post scheduled for Dec 30.'],
    ],
  }],
]);
block('general', '2025-12-18 16:00', [
  ['beacon', 'Weekly digest: 41 PRs merged, 2 incidents (INC-2041 resolved), Atlas 2.4 beta has 9 customers enrolled. Full notes in the wiki.'],
  ['ingrid', 'Huge thanks to everyone who jumped on INC-2041 today. Calm, fast and well communicated.', { r: { pray: ['tomasz', 'dan'], '100': ['maya'] } }],
]);
block('general', '2025-12-22 09:15', [
  ['grace', 'The office is closed Dec 24 – Jan 1. Badge access still works if you need it, but the heating will be on a reduced schedule — bring a sweater.', { r: { cold_face: ['ravi', 'leo'], sweat_smile: ['aiko'] } }],
  ['beacon', 'test message, please ignore', { key: 'general-beacon-test' }],
]);
block('general', '2026-01-02 10:05', [
  ['ingrid', 'Happy new year, everyone! Q1 goals: ship Atlas 2.4, finish the billing migration and pass the SOC 2 Type II audit. More at the all-hands on Jan 8.', { r: { tada: ['maya', 'dan', 'priyanka', 'kwame', 'hannah'], rocket: ['leo'] } }],
]);
block('general', '2026-01-08 17:05', [
  ['maya', 'All-hands recap: Atlas 2.4 GA plan, SOC 2 timeline and the new on-call compensation policy are in the deck. Recording is on the intranet.', {
    thread: [
      ['ravi', 'Is the on-call compensation retroactive to January 1?'],
      ['maya', 'Yes, it applies to every shift from Jan 1 onward.'],
      ['wen', 'Thank you for pushing this through!'],
    ],
  }],
  ['beacon', 'Weekly digest: 37 PRs merged, INC-2047 (webhook delays) resolved, Atlas 2.4 beta closes tomorrow.'],
]);
block('general', '2026-01-12 09:20', [
  ['maya', 'Please welcome {farah}, who joins us today as a mobile engineer on Jonah\'s team! Farah spent five years building offline-first apps for field technicians. {jonah}, please get her into {#engineering}, {#mobilesync} and {#launch-atlas} — she\'ll be working on offline sync phase 2.', {
    key: 'general-welcome-farah',
    r: { wave: ['jonah', 'aiko', 'hannah', 'grace', 'wen'], tada: ['ingrid', 'dan'] },
    thread: [
      ['farah', 'Thank you all! Happy to be here. Ask me anything about conflict resolution on flaky networks 🙂'],
      ['jonah', 'Welcome Farah! I\'ll sort the channel invites after my 1:1s.'],
      ['aiko', 'Welcome! Coffee chat this week?'],
    ],
  }],
]);
block('general', '2026-01-14 12:00', [
  ['grace', 'Lunch & learn tomorrow at 12:30 UTC: Kwame on "Phishing in 2026: what actually works". Pizza in the kitchen.', { key: 'general-lunch-learn', r: { pizza: ['ravi', 'leo', 'elif'] } }],
  ['marcus', 'Signed! Tidewater Freight expanded to 340 vehicles — our largest single expansion this year. Thanks to Lucía and Ravi for the onboarding work.', { key: 'general-tidewater-signed', r: { tada: ['ingrid', 'lucia', 'hannah'], moneybag: ['nadia'] } }],
]);

block('general', '2025-12-17 09:00', [
  ['nadia', 'Expense reports for December are due by January 5. Receipts older than 60 days can no longer be reimbursed.', { r: { memo: ['grace'] } }],
  ['grace', 'Benefits enrolment for 2026 closes on December 31. If you change nothing, your current plan rolls over.'],
]);
block('general', '2025-12-19 15:30', [
  ['hannah', 'Atlas 2.4 beta update: nine customers onboarded, first feedback is very positive on multi-depot routing. Details in {#beta}.', { r: { rocket: ['lucia', 'leo'] } }],
]);
block('general', '2026-01-05 08:30', [
  ['grace', 'New year, new desks: the third floor is now the quiet floor. Calls and huddles on the second floor please.'],
  ['leo', 'Does the quiet floor have the good chairs?'],
  ['grace', 'It has *some* of the good chairs. First come, first served.', { r: { joy: ['leo', 'ravi'] } }],
]);
block('general', '2026-01-09 16:00', [
  ['kwame', 'Security reminder: we will never ask for your password over Slack or email. Report anything odd through the phishing report form on the intranet.', { r: { lock: ['maya', 'nadia'] } }],
]);
block('general', '2026-01-13 10:30', [
  ['ingrid', 'Board meeting went well yesterday. Thank you to Nadia and Maya for the prep. The board was especially impressed by the billing migration results.', { r: { clap: ['priyanka', 'elif', 'samuel'] } }],
]);
// ----- #random -------------------------------------------------------------------------------------------------
block('random', '2025-12-15 11:40', [
  ['leo', 'Whoever finished the oat milk and put the empty carton back in the fridge: I know it was an engineer. I have logs.', { r: { joy: ['elif', 'ravi', 'aiko'] } }],
  ['elif', 'Not me, I drink my coffee black like my terminal.'],
  ['ravi', 'I plead the fifth.'],
]);
block('random', '2025-12-16 12:10', [
  ['aiko', 'Ramen Thursday is back! Who\'s in for Tonkotsu House this week?', {
    thread: [
      ['jonah', 'In, remotely in spirit.'],
      ['leo', 'Count me in.'],
      ['ravi', 'Me too, but I\'m 10 minutes late as usual.'],
    ],
  }],
]);
block('random', '2025-12-17 15:25', [
  ['wen', 'PSA: my dog Miso learned to open the treat drawer. Send help.', { r: { dog: ['aiko', 'hannah', 'sofia', 'ravi'], joy: ['tomasz'] } }],
  ['hannah', 'Miso is an SRE at heart: automating away toil.'],
  ['tomasz', 'Next he will write a runbook.'],
]);
block('random', '2025-12-19 10:05', [
  ['sofia', 'Cookie swap results are in: Elif\'s cardamom buns won by a landslide.', { r: { cookie: ['elif', 'aiko', 'grace'], trophy: ['leo'] } }],
  ['elif', 'The secret is more cardamom than seems reasonable.'],
]);
block('random', '2025-12-23 14:00', [
  ['ravi', 'Anyone else working through the holidays? Let\'s do a virtual coffee at 15:00 UTC on the 30th.', {
    thread: [
      ['wen', 'I\'m on call that week anyway, so yes.'],
      ['samuel', 'Count me in.'],
    ],
  }],
]);
block('random', '2025-12-29 16:30', [
  ['samuel', 'Lagos fireworks preview from my balcony last night were unreal.'],
  ['aiko', 'Happy almost new year from Tokyo! We\'re already eating soba.'],
]);
block('random', '2026-01-05 09:00', [
  ['grace', 'Welcome back! The kitchen has a new espresso machine. Please read the laminated instructions before touching the steam wand.', { r: { coffee: ['leo', 'elif', 'kwame', 'priyanka'] } }],
  ['kwame', 'Threat model: someone will still descale it with orange juice.'],
  ['leo', 'And the oat milk supply chain remains compromised.'],
]);
block('random', '2026-01-12 13:15', [
  ['jonah', 'Board game night this Friday (Jan 16), 18:30 in the big meeting room. I\'ll bring Wingspan and Cascadia.', {
    key: 'random-boardgames',
    thread: [
      ['aiko', 'In!'],
      ['leo', 'In, and I\'ll bring snacks.'],
      ['farah', 'New here but I love Cascadia — can I join?'],
      ['jonah', 'Of course, the more the merrier.'],
    ],
  }],
]);
block('random', '2026-01-12 11:30', [
  ['beacon', 'test message, please ignore', { key: 'random-beacon-test' }],
  ['ravi', 'Beacon is practising its small talk again.', { r: { robot_face: ['leo', 'elif'] } }],
]);
block('random', '2026-01-13 12:45', [
  ['hannah', 'Book club picks for February: "The Left Hand of Darkness" or "Project Hail Mary". Vote with emoji.', { r: { snowflake: ['aiko', 'sofia', 'grace'], rocket: ['jonah', 'leo', 'wen', 'elif'] } }],
  ['sofia', 'Rocket is winning, as predicted.'],
]);
block('random', '2026-01-15 08:10', [
  ['leo', 'The oat milk thief has struck again. This is now a P2.', { r: { rotating_light: ['ravi', 'elif', 'tomasz'] } }],
]);

block('random', '2025-12-18 18:05', [
  ['samuel', 'Running club update: we did 10k around the lake in the rain. Next run is Saturday 08:00, all paces welcome.', {
    thread: [
      ['kwame', 'I\'ll join if it\'s not raining sideways again.'],
      ['samuel', 'No promises.'],
    ],
  }],
]);
block('random', '2025-12-22 12:30', [
  ['aiko', 'Sharing my desk plant progress: the monstera has a new leaf and I\'m unreasonably proud.', { r: { seedling: ['hannah', 'sofia', 'grace'] } }],
  ['priyanka', 'Mine has been "about to grow a leaf" since October.'],
]);
block('random', '2026-01-06 17:20', [
  ['ravi', 'Coding playlist recommendations? I\'ve worn out my lo-fi one.', {
    thread: [
      ['jonah', 'Film scores. No lyrics, lots of drama, great for refactoring.'],
      ['elif', 'Turkish psych rock from the 70s.'],
      ['tomasz', 'Rain sounds. I am a simple man.'],
    ],
  }],
]);
block('random', '2026-01-14 17:40', [
  ['grace', 'Reminder: the kitchen fridge gets cleared every Friday at 17:00. Label anything you want to keep.'],
  ['leo', 'Including the oat milk?'],
  ['grace', 'Especially the oat milk.'],
]);
// ----- #engineering --------------------------------------------------------------------------------------------
block('engineering', '2025-12-15 14:02', [
  ['dan', 'Heads-up: Export API v1 will be switched off on March 31. v2 has full parity except for the XML format, which we are dropping. Migration guide is in the docs repo.', { key: 'mention-export-engineering' }],
  ['priyanka', 'Billing still reads invoices through the internal v1 path, but that one is not customer-facing, so it is unaffected.'],
  ['samuel', 'The warehouse loader is the only internal consumer I know of. I\'ll track it in DATA-311.'],
]);
block('engineering', '2025-12-17 10:00', [
  ['dan', 'RFC-019: feature flags. Options: (A) buy a hosted flag vendor, (B) extend config-service with flags and targeting, (C) keep using env vars. Please comment in this thread by Friday.', {
    key: 'rfc019-root',
    r: { eyes: ['maya', 'jonah'] },
    thread: [
      ['maya', 'My bias is B: we already run config-service in every region, and a vendor adds a new data processor to our SOC 2 scope.'],
      ['jonah', 'B works for the web and mobile clients as long as we get a small SDK with local caching.'],
      ['kwame', 'From a security point of view B is simplest: no new vendor review, audit log comes for free.'],
      ['priyanka', 'A would be faster to start with, but B is fine if someone owns the SDK.'],
      ['dan', 'Decision: we go with option B — extend config-service. Jonah owns the client SDK, target end of January. Thanks all!', { key: 'rfc019-decision', r: { white_check_mark: ['maya', 'jonah', 'kwame'] } }],
    ],
  }],
]);
block('engineering', '2025-12-18 09:30', [
  ['elif', 'PSA: the integration test suite now runs in 11 minutes instead of 26 thanks to test sharding. Thanks {leo}!', { r: { rocket: ['dan', 'leo', 'jonah'], zap: ['wen'] } }],
  ['leo', 'The remaining slow part is the map-rendering snapshot tests. Working on it.'],
]);
block('engineering', '2025-12-22 15:00', [
  ['tomasz', 'Reminder: deploy freeze starts today. If you must ship a hotfix, get a 👍 from the on-call primary in {#sre-oncall} first.'],
]);
block('engineering', '2026-01-05 09:45', [
  ['dan', 'Welcome back! This week: (1) Postgres 16 upgrade planning, (2) flag SDK spike, (3) Atlas 2.4 bug bash on Thursday.'],
  ['jonah', 'Flag SDK spike is up as a draft PR. Caching strategy is the open question.'],
]);
block('engineering', '2026-01-06 14:20', [
  ['tomasz', 'Postgres 16 upgrade plan for the main cluster: logical replication to a new cluster, switchover during a maintenance window. Proposal below, comments welcome.', {
    key: 'pg16-root',
    thread: [
      ['kwame', 'Please make sure the new cluster gets the same pgaudit settings, we need them for SOC 2.'],
      ['elif', 'Billing-svc uses advisory locks heavily — can we run its test suite against the new cluster first?'],
      ['tomasz', 'Yes to both. Staging switchover is on Jan 13.'],
      ['dan', 'Production switchover confirmed: Saturday January 24, 02:00–04:00 UTC. Customer success will send the notice.', { key: 'pg16-date' }],
      ['tomasz', 'Runbook is linked from the ticket. Rollback plan is to point pgbouncer back at the old primary.'],
    ],
  }],
]);
block('engineering', '2026-01-07 11:10', [
  ['samuel', 'Does anyone know why the nightly backup verification job alerts every night at 03:10? It looks like it restores into a too-small volume.', {
    thread: [
      ['wen', 'Yes, the verification volume was never resized after the December growth. I\'ll bump it.'],
      ['samuel', 'Thanks!'],
    ],
  }],
]);
block('engineering', '2026-01-08 13:00', [
  ['dan', 'Starting Monday Jan 12, platform standup moves to 10:00 UTC (was 10:30). Same Huddle link.', { key: 'standup-move', r: { '+1': ['elif', 'tomasz', 'priyanka'] } }],
  ['leo', 'Bug bash for Atlas 2.4 found 23 issues, 4 of them blockers. List is in ATL-800..823.'],
]);
block('engineering', '2026-01-12 10:20', [
  ['jonah', 'Flag SDK v0.1 is merged behind a build flag. Web uses it in the settings page now.', { r: { tada: ['dan', 'maya'] } }],
  ['oscar', 'I ran the regression pack against the flag SDK build: all green on Chrome and Safari, two flaky tests on Firefox (filed as QA-77, QA-78).'],
  ['leo', 'Thanks Oscar. Those two are known flakes on the map canvas.'],
]);
block('engineering', '2026-01-13 08:55', [
  ['beacon', 'Deploy window this week: Wednesday 14:00–16:00 UTC. Ping {#sre-oncall} before deploying.', { key: 'deploy-notice-1' }],
  ['beacon', 'Deploy window this week: Wednesday 14:00–16:00 UTC. Ping {#sre-oncall} before deploying.', { key: 'deploy-notice-2' }],
]);
block('engineering', '2026-01-13 15:30', [
  ['tomasz', 'Staging switchover to Postgres 16 done. Replication lag peaked at 3s. Billing-svc tests pass.', { r: { tada: ['elif', 'dan'] } }],
  ['elif', 'Confirmed, the advisory lock tests are green.'],
]);
block('engineering', '2026-01-14 09:00', [
  ['beacon', 'Reminder: platform standup tomorrow at 10:30 UTC, Huddle link in the channel bookmarks.', { key: 'standup-reminder' }],
  ['priyanka', 'Please don\'t merge anything that touches invoices or ledger tables until the freeze is lifted in the billing channel.'],
]);

block('engineering', '2025-12-16 16:40', [
  ['jonah', 'Proposal: we move the web app to Node 22 before the 2.4 branch cut. Node 20 support ends in April.', {
    thread: [
      ['leo', 'CI images are ready for 22, I tested them last week.'],
      ['dan', 'Fine by me, but after the holiday freeze. Target the week of Jan 5.'],
      ['jonah', 'Works. I\'ll open the PR on Jan 5.'],
    ],
  }],
]);
block('engineering', '2025-12-19 11:15', [
  ['kwame', 'Dependabot raised 14 PRs overnight. I merged the security ones; the rest can wait until January.'],
  ['elif', 'Thanks. The ORM bump needs a migration check, I\'ll take that one.'],
]);
block('engineering', '2026-01-07 16:00', [
  ['leo', 'Code review norms draft: PRs under 400 lines, one approving review, two for anything under billing/ or auth/. Feedback welcome.', {
    thread: [
      ['priyanka', 'Two reviews for billing is a yes from me.'],
      ['wen', 'Can we add infra/ to the two-review list?'],
      ['leo', 'Added infra/. I\'ll publish it Friday.'],
    ],
  }],
]);
block('engineering', '2026-01-09 10:30', [
  ['jonah', 'Node 22 is live on the web app. Build times dropped by about 15%.', { r: { zap: ['leo', 'dan'] } }],
  ['wen', 'Memory usage on the SSR pods is down too. Nice.'],
]);
// ----- #incidents ----------------------------------------------------------------------------------------------
block('incidents', '2025-12-18 13:21', [
  ['tomasz', ':rotating_light: INC-2041 — elevated 502s on the route optimisation API in us-east. Investigating.', {
    key: 'inc2041-root',
    thread: [
      ['ravi', 'Brightwater Logistics opened a P1 ticket: their dispatchers cannot generate morning routes.'],
      ['tomasz', 'Root cause found: the 13:10 config push reverted the pgbouncer pool size to 20, pools are exhausted.'],
      ['dan', 'Config rolled back; 502 rate back to baseline at 14:02 UTC.'],
      ['lucia', 'I\'ve updated Brightwater\'s account team and promised a postmortem by Monday.'],
      ['tomasz', 'INC-2041 resolved. Postmortem owner: me, draft due Monday Dec 22.', { key: 'inc2041-resolved', r: { white_check_mark: ['dan', 'lucia'] } }],
    ],
  }],
]);
block('incidents', '2025-12-22 10:30', [
  ['tomasz', 'Postmortem for INC-2041 is published. Action items: config pushes now validated against a schema, pgbouncer pool alarms at 80%.', { r: { '+1': ['maya', 'dan', 'kwame'] } }],
]);
block('incidents', '2025-12-30 03:40', [
  ['kwame', 'INC-2044 — brief spike of failed logins from a single ASN; rate limiting kicked in as designed. No customer impact. Closing.'],
]);
block('incidents', '2026-01-08 10:55', [
  ['wen', ':rotating_light: INC-2047 — webhook deliveries delayed by up to 40 minutes. Investigating the dispatcher queue.', {
    key: 'inc2047-root',
    thread: [
      ['ravi', 'Harbor & Pine Grocers reports missing "delivery completed" events since 10:20 UTC.'],
      ['elif', 'A malformed payload is stuck at the head of the queue and the consumer keeps retrying it. Moving it to a dead-letter queue.'],
      ['wen', 'Backlog draining, ETA 15 minutes.'],
      ['wen', 'INC-2047 resolved at 11:52 UTC. Follow-up: DLQ after 5 retries for every consumer.', { key: 'inc2047-resolved', r: { raised_hands: ['elif', 'ravi'] } }],
    ],
  }],
]);
block('incidents', '2026-01-14 06:20', [
  ['wen', ':rotating_light: INC-2052 — map tiles failing to load for EU customers. Investigating.', {
    key: 'inc2052-root',
    thread: [
      ['kwame', 'The TLS certificate for tiles-eu expired at 06:00 UTC. Rotating now.'],
      ['ravi', 'Tidewater Freight and Kestrel Couriers both report blank maps in the dispatcher view.'],
      ['wen', 'Certificate rotated, tiles load again. INC-2052 resolved at 07:41 UTC.', { key: 'inc2052-resolved' }],
      ['kwame', 'Action item: alert when any certificate expires in under 14 days. I\'ll own it.'],
    ],
  }],
]);

block('incidents', '2026-01-10 15:05', [
  ['elif', 'INC-2049 — geocoding latency p95 at 2.4s for 12 minutes after a provider slowdown. Circuit breaker held, no errors. Closing, no action items.'],
]);
// ----- #sre-oncall ---------------------------------------------------------------------------------------------
block('sre-oncall', '2025-12-15 07:00', [
  ['beacon', 'On-call for the week of Dec 15: primary {elif}, secondary {tomasz}.', { key: 'oncall-dec15' }],
]);
block('sre-oncall', '2025-12-17 22:10', [
  ['elif', 'Pager is quiet so far. One disk alert on metrics-3, cleaned up old WAL files.'],
]);
block('sre-oncall', '2025-12-22 07:00', [
  ['beacon', 'On-call for the week of Dec 22: primary {kwame}, secondary {wen}.', { key: 'oncall-dec22' }],
  ['kwame', 'Got the pager. Holiday freeze rules apply: hotfixes only, with my approval.'],
]);
block('sre-oncall', '2025-12-29 07:00', [
  ['beacon', 'On-call for the week of Dec 29: primary {dan}, secondary {elif}.', { key: 'oncall-dec29' }],
  ['dan', 'I have it. Kwame, thanks for the quiet handover notes.'],
]);
block('sre-oncall', '2026-01-05 07:00', [
  ['beacon', 'On-call for the week of Jan 5: primary {wen}, secondary {tomasz}.', { key: 'oncall-jan5' }],
]);
block('sre-oncall', '2026-01-07 02:15', [
  ['wen', 'Paged for the backup verification job again. Same volume-size issue; snoozed until the resize lands.'],
]);
block('sre-oncall', '2026-01-12 07:00', [
  ['beacon', 'On-call for the week of Jan 12: primary {tomasz}, secondary {kwame}.', {
    key: 'oncall-jan12',
    thread: [
      ['tomasz', 'Got it.'],
      ['tomasz', 'Update: I\'m out sick from today (Tue). {wen} has agreed to take primary for the rest of the week. Thank you Wen!', { key: 'oncall-swap', at: '2026-01-13 06:48' }],
      ['wen', 'Confirmed, I have the primary pager until Monday\'s handoff.', { at: '2026-01-13 07:02' }],
      ['kwame', 'I stay secondary. Get well soon Tomasz.', { at: '2026-01-13 08:15' }],
    ],
  }],
]);
block('sre-oncall', '2026-01-15 03:05', [
  ['wen', 'Backup verification alert fired again at 03:10 — the resize didn\'t stick after the node rotation. Will look in the morning.'],
]);

block('sre-oncall', '2025-12-24 11:30', [
  ['kwame', 'Quiet Christmas Eve so far. One certificate renewal warning on staging, handled.'],
]);
block('sre-oncall', '2026-01-02 09:15', [
  ['dan', 'Handoff notes for Wen: backup verification alert is noisy (volume size), INC-2044 follow-up closed, nothing else open.'],
  ['wen', 'Thanks Dan, got it.'],
]);
block('sre-oncall', '2026-01-09 18:00', [
  ['wen', 'End-of-week summary: 6 pages, 1 incident (INC-2047), 2 false positives from the synthetic checks. I\'ll tune those thresholds.'],
]);
// ----- #launch-atlas-2-4 ---------------------------------------------------------------------------------------
block('launch-atlas', '2025-12-15 10:00', [
  ['hannah', 'Kickoff notes for Atlas 2.4: headline features are multi-depot routing, driver shift templates and the new exports screen. Target GA: Tuesday January 27.', { key: 'launch-kickoff', r: { rocket: ['leo', 'jonah', 'sofia'] } }],
  ['leo', 'Release train: branch cut Jan 15, RC1 Jan 19, code freeze two days before GA.'],
  ['sofia', 'Marketing will prepare the launch blog, a webinar and the in-app tour.'],
]);
block('launch-atlas', '2025-12-16 15:20', [
  ['hannah', 'Release notes for 2.4 must include the Export API v1 deprecation notice, with the March 31 shutdown date.', { key: 'mention-export-launch' }],
  ['jonah', 'Noted. The new exports screen links to the v2 migration guide as well.'],
]);
block('launch-atlas', '2025-12-18 11:00', [
  ['aiko', 'Final designs for the multi-depot picker are up. Main change since crit: depots are grouped by region, with search.', {
    thread: [
      ['jonah', 'Looks great. Grouping by region makes the 50-depot fleets manageable.'],
      ['hannah', 'Approved from product.'],
    ],
  }],
]);
block('launch-atlas', '2026-01-06 09:40', [
  ['leo', 'QA status: multi-depot routing green, shift templates green, exports screen has 3 open bugs.'],
  ['lucia', 'Beta customers love shift templates. Brightwater asked for a bulk-edit option — I told them it\'s on the roadmap, not in 2.4.'],
]);
block('launch-atlas', '2026-01-09 14:10', [
  ['leo', 'Blocker: ATL-812 — route export times out for fleets above 400 vehicles. Fix needs a change in the export worker. I don\'t think we make the Jan 27 date safely.', { key: 'launch-blocker', r: { grimacing: ['hannah', 'jonah'] } }],
]);
block('launch-atlas', '2026-01-12 08:30', [
  ['hannah', 'Proposal: move GA by one week to give QA a full cycle on the ATL-812 fix. Objections by end of day?', {
    key: 'launch-proposal',
    thread: [
      ['leo', '+1, a full regression cycle needs five working days.'],
      ['sofia', 'Fine for marketing as long as we know by tomorrow — the webinar invite goes out Thursday.'],
      ['marcus', 'Two prospects are waiting for multi-depot, but one week is fine.'],
      ['dan', 'Platform has no objection.'],
    ],
  }],
]);
block('launch-atlas', '2026-01-12 17:45', [
  ['hannah', '📌 Locked: Atlas 2.4 GA is Tuesday, February 3, 2026. Code freeze Thursday January 29, RC1 January 22. Thanks for the quick feedback, everyone.', { key: 'launch-date-locked', r: { white_check_mark: ['leo', 'dan'], '+1': ['marcus'] } }],
]);
block('launch-atlas', '2026-01-13 09:00', [
  ['beacon', 'Reminder: Atlas 2.4 GA is on Tuesday, January 27. Launch checklist items are due this Friday.', { key: 'launch-reminder-stale' }],
  ['jonah', 'ATL-812 fix is in review. Export of a 600-vehicle fleet now takes 48 seconds.', { r: { rocket: ['leo', 'hannah'] } }],
]);
block('launch-atlas', '2026-01-14 16:00', [
  ['sofia', 'Launch blog draft is ready for review. Headline: "Atlas 2.4: plan every depot at once".', {
    thread: [
      ['hannah', 'Love the headline. One fix: shift templates are available on all plans, not only Enterprise.'],
      ['sofia', 'Fixed, thanks!'],
    ],
  }],
]);

block('launch-atlas', '2026-01-07 13:00', [
  ['sofia', 'Pricing page update for 2.4: multi-depot routing is on Growth and Enterprise plans; shift templates on all plans.'],
  ['marcus', 'Sales deck is updated to match.'],
]);
block('launch-atlas', '2026-01-08 15:45', [
  ['jonah', 'Translations for 2.4 are in: German, French, Spanish, Portuguese and Japanese. Aiko, could you check the Japanese strings on the depot picker?', {
    thread: [
      ['aiko', 'Two strings are too long for the button width. I\'ll propose shorter ones.'],
      ['jonah', 'Thanks, I\'ll update them when you send them over.'],
    ],
  }],
]);
block('launch-atlas', '2026-01-15 08:00', [
  ['leo', 'Branch cut done: release/2.4 is created. RC1 stays on January 22.', { r: { rocket: ['hannah', 'jonah'] } }],
  ['hannah', 'Thanks Leo. Docs team starts the release notes today.'],
]);
// ----- #billing-migration (private) ----------------------------------------------------------------------------
block('billing', '2025-12-15 09:10', [
  ['priyanka', 'Status: billing-svc shadow mode has been running for two weeks. Invoice totals match Ledger v1 on 99.7% of accounts; the rest are rounding differences on prorated seats.'],
  ['nadia', 'Finance needs the rounding to match Ledger v1 exactly before we cut over. Even a cent per invoice shows up in reconciliation.'],
  ['elif', 'Agreed. I\'ll switch the proration to banker\'s rounding like Ledger v1 does.'],
]);
block('billing', '2025-12-17 14:30', [
  ['priyanka', 'Dry run #1 results: 18,106 invoices, 41 discrepancies, all on annual plans with mid-cycle upgrades.', {
    key: 'billing-dryrun1',
    thread: [
      ['elif', 'Found it: upgrades were credited per day instead of per month. Fix is in PR #2213.'],
      ['samuel', 'The reconciliation report now runs in the warehouse every morning if you want to track it.'],
      ['nadia', 'Thanks. I\'ll review the 41 cases myself for the auditors.'],
    ],
  }],
]);
block('billing', '2025-12-19 10:00', [
  ['dan', 'Reminder that the holiday deploy freeze also covers billing-svc. Next dry run in January.'],
]);
block('billing', '2026-01-05 09:00', [
  ['priyanka', '🧊 Code freeze: no changes to anything that touches invoices, ledger tables or the billing-svc schema until dry run #2 signs off. Hotfixes need my approval or Dan\'s.', { key: 'billing-freeze', r: { '+1': ['elif', 'samuel', 'dan'], ice_cube: ['nadia'] } }],
]);
block('billing', '2026-01-08 15:15', [
  ['samuel', 'Backfilled six months of invoice line items into the warehouse so dry run #2 can be compared line by line.'],
  ['elif', 'Proration fix is deployed to the shadow environment.'],
]);
block('billing', '2026-01-14 11:00', [
  ['priyanka', 'Dry run #2 results: 18,402 invoices, 0 discrepancies. Cutover plan: Ledger v1 read-only on Feb 16, billing-svc primary from Feb 17.', {
    key: 'billing-dryrun2',
    r: { tada: ['elif', 'samuel', 'dan', 'maya'] },
    thread: [
      ['nadia', 'Finance sign-off from me. Nice work, all.'],
      ['dan', 'Engineering sign-off too. Priyanka, I think the freeze can go.'],
      ['priyanka', 'Agreed — I\'ll make the call tomorrow once the last reconciliation report lands.'],
    ],
  }],
]);
block('billing', '2026-01-15 08:30', [
  ['samuel', 'The last reconciliation report landed: clean.'],
]);

block('billing', '2025-12-22 16:00', [
  ['nadia', 'Reviewed the 41 discrepancies from dry run #1: all explained by the proration bug, none by data loss. Notes for the auditors are in the finance folder.'],
]);
block('billing', '2026-01-12 10:00', [
  ['elif', 'Dry run #2 is running now; it takes about four hours for the full invoice set.'],
  ['samuel', 'Line-level comparison job is scheduled to start when it finishes.'],
]);
// ----- #design (the bot is not a member) ------------------------------------------------------------------------
block('design', '2025-12-16 08:00', [
  ['aiko', 'Crit today: Compass v2 colour tokens. Main question is whether dark mode uses the same accent teal or a lighter one.', {
    thread: [
      ['jonah', 'The lighter teal passes contrast on the dark surfaces; the current one doesn\'t.'],
      ['hannah', 'Lighter teal then, as long as brand is okay.'],
      ['sofia', 'Brand is okay with it.'],
      ['aiko', 'Decision: dark mode uses teal-300 as accent. Tokens updated.'],
    ],
  }],
]);
block('design', '2026-01-13 07:30', [
  ['aiko', 'Compass v2 tokens are 80% migrated. The remaining screens are the old reports and the admin console.'],
  ['farah', 'Hi all, joining the design channel as the new mobile engineer — the driver app still uses Compass v1, I\'d love to help plan that migration.'],
]);
block('design', '2026-01-14 08:00', [
  ['aiko', 'Research readout: dispatchers spend 40% of their time in the map view, mostly at 1080p. We should test the new depot picker at that size.'],
]);

block('design', '2025-12-19 09:00', [
  ['aiko', 'Icon set for Compass v2 is done: 184 icons, all on a 20px grid.', { r: { sparkles: ['jonah', 'hannah'] } }],
  ['sofia', 'Can marketing use them on the website too?'],
  ['aiko', 'Yes, I\'ll export an SVG pack.'],
]);
// ----- #customer-success ---------------------------------------------------------------------------------------
block('custsuccess', '2025-12-15 13:00', [
  ['lucia', 'Brightwater Logistics still pulls nightly CSVs through Export API v1. We need to walk them through v2 before March 31 or their finance team breaks.', { key: 'mention-export-cs' }],
  ['ravi', 'I can run the migration session with their IT team. They use the XML format though — that goes away in v2.'],
  ['lucia', 'Then let\'s show them the CSV-with-schema option.'],
]);
block('custsuccess', '2025-12-18 15:40', [
  ['lucia', 'Brightwater is understandably upset about INC-2041. Their renewal is in March, so let\'s be extra attentive.', { r: { '+1': ['marcus', 'ravi'] } }],
]);
block('custsuccess', '2026-01-06 10:00', [
  ['ravi', 'Question for security folks: Harbor & Pine wants SSO login audit logs for the last 90 days. Do we keep them that long?', {
    key: 'cs-sso-question',
    r: { eyes: ['beacon'] },
    thread: [
      ['kwame', 'Yes, we keep authentication logs for 400 days. I can export them as CSV for the customer\'s admin.'],
      ['ravi', 'Perfect, I\'ll open a ticket for you.'],
    ],
  }],
]);
block('custsuccess', '2026-01-07 14:30', [
  ['marcus', 'Tidewater Freight wants to expand to 340 vehicles if onboarding can be done in two weeks.'],
  ['lucia', 'Doable. Ravi and I will run it, kickoff Monday.'],
]);
block('custsuccess', '2026-01-09 11:20', [
  ['lucia', 'Atlas 2.4 beta wrap-up: 9 customers, NPS 61. Top requests: bulk-edit for shifts, better export performance.'],
]);
block('custsuccess', '2026-01-12 16:00', [
  ['ravi', 'Kestrel Couriers asked if they can keep Export API v1 past March 31. I said no, but offered a migration call.', { key: 'mention-export-cs-kestrel' }],
]);
block('custsuccess', '2026-01-15 09:05', [
  ['lucia', 'I\'m writing this week\'s account health note. Which customers were affected by incidents this week? Please reply in this thread.', { key: 'cs-health-question' }],
]);

block('custsuccess', '2025-12-15 09:40', [
  ['bram', 'Last day today — my accounts are handed over to Lucía. It has been a pleasure working with all of you!', { r: { heart: ['lucia', 'ravi', 'marcus'] } }],
]);
block('custsuccess', '2025-12-17 10:20', [
  ['ravi', 'Support queue before the holidays: 23 open tickets, 2 urgent. Both urgent ones are data import questions from Tidewater.'],
]);
block('custsuccess', '2026-01-13 14:00', [
  ['lucia', 'Tidewater onboarding day 2: 210 of 340 vehicles imported, driver app rolled out to the first two depots.', {
    thread: [
      ['ravi', 'Their telematics feed sends odometer in miles for the US depots and km for Canada. I added a per-depot unit setting.'],
      ['marcus', 'Their COO mentioned this in the call, they were pleased it was handled so fast.'],
      ['lucia', 'Great work Ravi.'],
    ],
  }],
]);
// ----- #hiring (private) ---------------------------------------------------------------------------------------
block('hiring', '2025-12-16 09:30', [
  ['grace', 'Staff SRE pipeline: 14 applicants, 5 phone screens done, 2 moving to onsite.'],
  ['maya', 'Great. Please keep the loop to four interviews max.'],
]);
block('hiring', '2026-01-09 10:00', [
  ['grace', 'Staff SRE onsite for candidate R.K. is on Friday January 16, 14:00–17:00 UTC. Panel: {wen} (systems design), {kwame} (security), {dan} (hiring manager). Could the panel please coordinate prep in a group DM?', { key: 'hiring-panel' }],
  ['dan', 'Thanks Grace. I\'ll send the rubric.'],
]);
block('hiring', '2026-01-13 15:00', [
  ['grace', 'Senior Product Designer role is live. {aiko}, can you share it with your network?', {
    thread: [
      ['aiko', 'Shared on my profile and in two design communities.'],
      ['grace', 'Thank you!'],
    ],
  }],
]);

block('hiring', '2026-01-07 11:00', [
  ['grace', 'Senior Product Designer job description is drafted. {aiko}, {maya}: please review by Friday.'],
  ['aiko', 'Reviewed. I added the portfolio review step.'],
]);
// ----- #security (private) -------------------------------------------------------------------------------------
block('security', '2025-12-16 11:00', [
  ['kwame', 'SOC 2 Type II: the auditor wants evidence for 12 controls by January 30. I\'ll share the tracker.'],
  ['nadia', 'Finance controls (vendor payments, access to the bank portal) are ready.'],
]);
block('security', '2026-01-06 12:00', [
  ['kwame', 'Phishing simulation results: 7% click rate, down from 19% in June. Two people entered credentials; they\'ll get the short training.', {
    thread: [
      ['maya', 'Big improvement. Let\'s share the aggregate number at all-hands.'],
      ['kwame', 'Will do, no names of course.'],
    ],
  }],
]);
block('security', '2026-01-12 13:00', [
  ['kwame', 'Quarterly access review starts today. Managers will get a list of their reports\' production access to confirm. Contractors\' access ends with their contract: Oscar\'s engagement ends on January 16.', { key: 'security-oscar' }],
  ['tomasz', 'Production SSH access for the old bastion is removed as of today.'],
]);

block('security', '2026-01-14 09:30', [
  ['kwame', 'Laptop disk encryption check: 41 of 42 machines compliant. The last one is a loaner, fixed today.'],
  ['dan', 'Thanks Kwame.'],
]);
// ----- #data-platform ------------------------------------------------------------------------------------------
block('data', '2025-12-15 16:00', [
  ['samuel', 'Our warehouse loader still calls Export API v1 for the fuel-usage table. DATA-311 tracks moving it to v2 before the March shutdown.', { key: 'mention-export-data' }],
  ['priyanka', 'If you move it, please keep the invoice snapshot job on the old schedule.'],
]);
block('data', '2025-12-19 09:00', [
  ['samuel', 'Lakeshore warehouse migration: 38 of 52 dbt models moved. The slow ones are the route-history aggregates.', {
    thread: [
      ['elif', 'Are the route-history tables partitioned by day?'],
      ['samuel', 'By month today. Switching to day partitions cuts the build from 40 to 9 minutes.'],
    ],
  }],
]);
block('data', '2026-01-07 09:30', [
  ['samuel', 'dbt runs moved to 03:00 UTC to stay out of the backup window.'],
  ['nadia', 'Does that change when the revenue dashboard refreshes?'],
  ['samuel', 'It refreshes by 04:30 UTC instead of 04:00. Same day, same numbers.'],
]);
block('data', '2026-01-13 10:10', [
  ['hannah', 'Could we get a weekly export of multi-depot adoption once 2.4 is out?'],
  ['samuel', 'Sure — I\'ll add it to the product metrics dashboard.'],
]);

block('data', '2026-01-09 14:00', [
  ['samuel', 'DATA-311 is done: the warehouse loader now uses the v2 exports with the CSV-with-schema format.', { r: { white_check_mark: ['dan', 'priyanka'] } }],
  ['dan', 'Great, one less internal dependency before March.'],
]);
// ----- #mobile-offline-sync ------------------------------------------------------------------------------------
block('mobilesync', '2025-12-15 15:10', [
  ['jonah', 'Phase 1 retro: offline route caching shipped in 2.3, crash-free sessions at 99.4%. Biggest pain: conflict resolution when two dispatchers edit the same stop.'],
  ['oscar', 'Field test in the low-coverage area: sync resumed correctly after 35 minutes offline on both test devices.'],
]);
block('mobilesync', '2025-12-17 09:20', [
  ['jonah', 'Phase 2 scoping thread: what do we carry into the next phase? Candidates: stop-level conflict resolution, photo proof-of-delivery offline, background sync on Android 15.', {
    key: 'offline-phase2-thread',
    thread: [
      ['aiko', 'Proof-of-delivery offline is the most requested item in driver interviews. I\'d prioritise it.'],
      ['samuel', 'If photos sync later we need the upload queue to report to the warehouse, otherwise the delivery SLA metrics are wrong.'],
      ['leo', 'QA needs a network-shaping rig for this. I can set it up in January.'],
      ['hannah', 'Agreed on proof-of-delivery plus conflict resolution. Background sync can wait for phase 3. Let\'s start phase 2 in a fresh channel in January.'],
      ['jonah', 'Great. I\'ll write the phase 2 brief over the break.'],
    ],
  }],
]);
block('mobilesync', '2026-01-05 10:40', [
  ['jonah', 'Phase 2 brief is drafted: proof-of-delivery offline, stop-level conflict resolution, target Atlas 2.5.', { r: { '+1': ['aiko', 'hannah', 'samuel'] } }],
  ['wen', 'From the backend side the upload queue needs a retention limit, otherwise phones fill up. Let\'s talk.'],
]);
block('mobilesync', '2026-01-12 14:00', [
  ['oscar', 'Last field test report from me before my contract ends: 3 sync conflicts reproduced, all on stops edited within 10 seconds of each other.'],
  ['jonah', 'Super useful, thanks Oscar.'],
]);

block('mobilesync', '2026-01-08 11:00', [
  ['leo', 'Network-shaping rig is set up in the QA lab: we can now simulate 2G, packet loss and full dead zones.', { r: { raised_hands: ['jonah', 'aiko'] } }],
  ['jonah', 'Perfect timing for phase 2.'],
]);
// ----- #mktg-webinars ------------------------------------------------------------------------------------------
block('webinars', '2025-12-16 10:30', [
  ['sofia', 'January webinar: "Routing through winter" on January 22. Speakers: Hannah and a customer. Marcus, could Tidewater\'s ops lead join?', {
    thread: [
      ['marcus', 'I\'ll ask. They loved the winter routing rules.'],
      ['marcus', 'They said yes!', { at: '2025-12-17 17:20' }],
    ],
  }],
]);
block('webinars', '2025-12-18 14:00', [
  ['sofia', 'Can we mention the Export API v1 sunset in the January webinar, or is that too technical for this audience?', {
    key: 'mention-export-webinars',
    thread: [
      ['hannah', 'A single slide at the end is enough, with a link to the migration guide.'],
      ['sofia', 'Perfect, I\'ll add it after the Q&A.'],
    ],
  }],
]);
block('webinars', '2026-01-14 10:15', [
  ['sofia', 'Quick one: does anyone know the final GA date for Atlas 2.4? I need it for the webinar invite that goes out tomorrow.', { key: 'webinar-ga-question' }],
  ['lucia', 'I saw some discussion about moving it, not sure where it landed.'],
]);

block('webinars', '2026-01-08 10:00', [
  ['sofia', 'Registrations for "Routing through winter": 164 so far. Goal is 250.'],
  ['marcus', 'I\'ll push it in the newsletter to prospects.'],
]);
// ----- #atlas-beta-feedback ------------------------------------------------------------------------------------
block('beta', '2025-12-16 12:00', [
  ['hannah', 'Welcome, beta team! Nine customers are enrolled. Please log feedback here with the customer name in the first line.'],
  ['lucia', 'Brightwater Logistics: multi-depot routing saves their planners about an hour a day.'],
  ['ravi', 'Kestrel Couriers: shift templates are confusing when a driver works two depots.'],
]);
block('beta', '2026-01-05 15:00', [
  ['oscar', 'Test report: exports screen freezes for 20+ seconds for fleets above 400 vehicles (ATL-812).'],
  ['leo', 'Confirmed, tracking it as a launch blocker.'],
]);
block('beta', '2026-01-09 17:00', [
  ['hannah', 'The beta is closed. Thank you all — summary sent to customer success. This channel can be archived once the last tickets are triaged.', { key: 'beta-closed', r: { pray: ['lucia', 'ravi', 'leo'] } }],
]);

block('beta', '2025-12-22 14:20', [
  ['lucia', 'Harbor & Pine Grocers: shift templates saved their scheduler half a day per week.'],
  ['ravi', 'Kestrel Couriers follow-up: the two-depot confusion is fixed in build 2.4.0-beta.3.'],
]);
// ----- #holiday-party-2025 -------------------------------------------------------------------------------------
block('party', '2025-12-15 12:00', [
  ['grace', 'RSVP count so far: 38. Vegetarian options confirmed, two vegan, one gluten-free.'],
  ['sofia', 'I\'ll do the photo booth props.'],
  ['ingrid', 'I\'ll give a short toast, I promise it will be short.'],
]);
block('party', '2025-12-20 10:00', [
  ['grace', 'Thank you all for a lovely evening! Photos are in the shared album.', { r: { heart: ['sofia', 'aiko', 'ravi', 'leo', 'elif'] } }],
  ['aiko', 'The karaoke was legendary.'],
]);

block('party', '2025-12-17 14:00', [
  ['marcus', 'Who is bringing the speaker for the karaoke corner?'],
  ['leo', 'I have one. It\'s loud.'],
]);
// ----- #leadership (private, the bot is not a member) -----------------------------------------------------------
block('leadership', '2025-12-17 17:00', [
  ['ingrid', 'Q1 plan draft is in the leadership folder. Please review before Friday.'],
  ['nadia', 'Budget version with the two new hires is attached there too.'],
]);
block('leadership', '2026-01-09 17:30', [
  ['marcus', 'Two enterprise prospects asked whether Export API v1 stays available for them. I told them no, per the engineering plan.'],
  ['maya', 'Correct. March 31 is firm.'],
]);

// ----- archived channels ---------------------------------------------------------------------------------------
block('atlas23', '2025-12-15 09:00', [
  ['hannah', 'Archiving this channel — Atlas 2.3 retro notes are in the wiki. See you in {#launch-atlas}.'],
]);
block('offsite', '2025-12-15 09:30', [
  ['grace', 'Final offsite survey results: 4.6/5. Favourite session: the customer panel.'],
]);

// ----- DMs and group DMs ---------------------------------------------------------------------------------------
block('dm_maya', '2025-12-19 16:10', [
  ['maya', 'Could you send me a short digest of the launch channel every Friday afternoon?'],
  ['beacon', 'Will do: every Friday at 15:00 UTC, key decisions and open blockers.'],
]);
block('dm_maya', '2026-01-09 15:00', [
  ['beacon', 'Launch digest: ATL-812 (export timeout above 400 vehicles) is a blocker; the team is discussing a date change.'],
  ['maya', 'Thanks. Keep me posted if the date moves.'],
]);
block('dm_tomasz', '2026-01-05 07:05', [
  ['tomasz', 'Please ping me when the weekly rotation post goes out, I keep missing it.'],
  ['beacon', 'Sure, I\'ll DM you every Monday right after posting it.'],
]);
block('dm_tomasz', '2026-01-12 07:01', [
  ['beacon', 'The rotation for the week of Jan 12 is posted: you are primary, Kwame is secondary.'],
]);
block('dm_hannah', '2026-01-08 09:00', [
  ['hannah', 'Remind me on Thursdays to chase the release notes for 2.4, please.'],
  ['beacon', 'Reminder set for Thursdays at 09:00 UTC.'],
]);
block('dm_hannah', '2026-01-15 09:00', [
  ['beacon', 'Reminder: chase the Atlas 2.4 release notes.'],
  ['hannah', 'Thanks! On it.'],
]);
block('dm_priyelif', '2026-01-14 11:30', [
  ['elif', 'Zero discrepancies 🎉 I honestly did not expect that on the first try after the proration fix.'],
  ['priyanka', 'Me neither. Let\'s not tell Nadia how nervous we were.'],
  ['elif', 'Our secret.'],
]);
block('dm_maya', '2026-01-14 15:30', [
  ['maya', 'Anything I should know before tomorrow\'s staff meeting?'],
  ['beacon', 'Billing dry run #2 had zero discrepancies, Atlas 2.4 GA moved to February 3, and INC-2052 (EU map tiles) was resolved in under two hours.'],
]);
block('gdm_staff', '2026-01-06 16:00', [
  ['maya', 'Beacon, please keep a running list of who is covering for whom while Tomasz is on leave later this month.'],
  ['dan', 'Tomasz is out Jan 26–30. Wen covers Postgres follow-ups, Elif covers the pgbouncer work.'],
  ['beacon', 'Noted: Jan 26–30, Wen covers Postgres follow-ups and Elif covers pgbouncer.'],
]);
block('gdm_launchux', '2026-01-10 10:00', [
  ['hannah', 'Quick sync on the in-app tour for 2.4: do we want three steps or five?'],
  ['aiko', 'Three. Depot picker, shift templates, exports.'],
  ['jonah', 'Three is easier to localise as well.'],
  ['hannah', 'Three it is.'],
]);

// ---------------------------------------------------------------------------------------------------------------
// Build the rows

const CUTOFF = Date.parse('2026-01-15T16:30:00Z');

function parseUtc(s) {
  const ms = Date.parse(s.replace(' ', 'T') + ':00Z');
  if (Number.isNaN(ms)) throw new Error(`bad time ${s}`);
  return ms;
}

// Slack stores message text with &, < and > escaped (they are its markup characters), then mentions as <@U…>.
function renderText(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\{#([a-z_0-9-]+)\}/g, (_, key) => {
      const id = C[key];
      if (!id) throw new Error(`unknown channel key ${key}`);
      return `<#${id}|${channelNameByKey[key]}>`;
    })
    .replace(/\{([a-z]+)\}/g, (_, key) => {
      const id = U[key];
      if (!id) throw new Error(`unknown user key ${key}`);
      return `<@${id}>`;
    });
}

const usedTs = new Set();
function makeTs(ms) {
  const seconds = Math.floor(ms / 1000);
  let micro = randInt(100, 999) * 1000 + randInt(0, 999);
  let ts = `${seconds}.${String(micro).padStart(6, '0')}`;
  while (usedTs.has(ts)) ts = `${seconds}.${String(++micro).padStart(6, '0')}`;
  usedTs.add(ts);
  return ts;
}

const messages = [];
const reactions = [];
const keyed = {};

function addMessage(channelKey, author, text, at, parentTs, opts = {}) {
  if (!U[author]) throw new Error(`unknown author ${author}`);
  if (at >= CUTOFF) throw new Error(`message after cutoff in ${channelKey}: ${new Date(at).toISOString()}`);
  const ts = makeTs(at);
  messages.push({
    at,
    row: {
      message_id: ts,
      ts,
      channel_id: C[channelKey],
      user_id: U[author],
      message_text: renderText(text),
      parent_id: parentTs,
      type: 'message',
      created_at: new Date(at).toISOString(),
    },
  });
  if (opts.key) {
    if (keyed[opts.key]) throw new Error(`duplicate key ${opts.key}`);
    keyed[opts.key] = ts;
  }
  for (const [emoji, users] of Object.entries(opts.r ?? {})) {
    for (const u of users) {
      if (!U[u]) throw new Error(`unknown reactor ${u}`);
      reactions.push({ message_id: ts, user_id: U[u], reaction_type: emoji, created_at: new Date(at + randInt(60, 7200) * 1000).toISOString() });
    }
  }
  return ts;
}

for (const b of blocks) {
  if (!C[b.channel]) throw new Error(`unknown channel ${b.channel}`);
  let at = parseUtc(b.start) + randInt(0, 59) * 1000;
  for (const [author, text, opts = {}] of b.messages) {
    const ts = addMessage(b.channel, author, text, at, null, opts);
    let replyAt = at + randInt(2, 25) * 60_000 + randInt(0, 59) * 1000;
    for (const [rAuthor, rText, rOpts = {}] of opts.thread ?? []) {
      if (rOpts.at) replyAt = parseUtc(rOpts.at) + randInt(0, 59) * 1000;
      addMessage(b.channel, rAuthor, rText, replyAt, ts, rOpts);
      replyAt += randInt(1, 15) * 60_000 + randInt(0, 59) * 1000;
    }
    at += randInt(1, 8) * 60_000 + randInt(0, 59) * 1000;
  }
}

// A few extra reactions from the PRNG on social messages, so the data is not only the hand-placed ones.
const socialEmoji = ['+1', 'joy', 'heart', 'sparkles', 'raised_hands'];
const socialPool = messages.filter((m) => [C.random, C.general].includes(m.row.channel_id) && m.row.parent_id === null && m.row.user_id !== U.beacon);
const socialReactors = ['aiko', 'ravi', 'leo', 'elif', 'grace', 'sofia', 'hannah', 'samuel'];
for (let i = 0; i < 12; i++) {
  const m = socialPool[randInt(0, socialPool.length - 1)];
  const u = U[socialReactors[randInt(0, socialReactors.length - 1)]];
  const emoji = socialEmoji[randInt(0, socialEmoji.length - 1)];
  if (u === m.row.user_id) continue;
  if (reactions.some((r) => r.message_id === m.row.message_id && r.user_id === u && r.reaction_type === emoji)) continue;
  reactions.push({ message_id: m.row.message_id, user_id: u, reaction_type: emoji, created_at: new Date(m.at + randInt(60, 3600) * 1000).toISOString() });
}

messages.sort((a, b) => a.at - b.at);

const joinedOn = {
  farah: '2026-01-12',
  oscar: '2025-11-03',
  leo: '2025-02-17',
  sofia: '2024-11-04',
  wen: '2024-08-19',
  grace: '2024-06-03',
};
const userCreated = (key) => `${joinedOn[key] ?? '2024-03-04'}T09:00:00.000Z`;

const users = PEOPLE.map(([key, user_id, username, display_name, real_name, title, timezone, , flags = {}]) => ({
  user_id,
  username,
  email: flags.bot ? `beacon-bot@${DOMAIN}` : `${username}@${DOMAIN}`,
  real_name,
  display_name,
  timezone,
  title,
  status_text: STATUS[key]?.[0] ?? null,
  status_emoji: STATUS[key]?.[1] ?? null,
  is_bot: Boolean(flags.bot),
  is_active: !flags.deleted,
  created_at: userCreated(key),
}));

const userTeams = PEOPLE.map(([, user_id, , , , , , role]) => ({ user_id, team_id: TEAM.team_id, role }));

// Everyone who is active and not a guest is in #general and #random.
const activeKeys = PEOPLE.filter(([, , , , , , , , f = {}]) => !f.deleted && !f.guest).map(([k]) => k);
const channels = [];
const channelMembers = [];
for (const [key, channel_id, channel_name, o] of CHANNELS) {
  const members = o.members === 'everyone' ? activeKeys : o.members;
  if (o.dm && members.length !== 2) throw new Error(`DM ${key} must have two members`);
  for (const m of members) if (!U[m]) throw new Error(`unknown member ${m} of ${key}`);
  const created = `${o.created}T09:00:00.000Z`;
  channels.push({
    channel_id,
    channel_name: channel_name ?? `dm-${members.map((m) => U[m]).sort().join('-')}`,
    team_id: TEAM.team_id,
    topic_text: o.topic ?? null,
    purpose_text: o.purpose ?? null,
    is_private: Boolean(o.private || o.dm || o.gc),
    is_dm: Boolean(o.dm),
    is_gc: Boolean(o.gc),
    is_archived: Boolean(o.archived),
    creator_id: U[o.creator],
    created_at: created,
  });
  for (const m of members) {
    const joined = [created, userCreated(m)].sort().at(-1);
    channelMembers.push({ channel_id, user_id: U[m], joined_at: joined });
  }
}

// Every author must be able to post where they posted.
const memberSet = new Set(channelMembers.map((m) => `${m.channel_id}/${m.user_id}`));
const inactive = new Set(users.filter((u) => !u.is_active).map((u) => u.user_id));
for (const { row } of messages) {
  if (inactive.has(row.user_id)) continue; // deactivated people left their channels; their messages stay
  if (!memberSet.has(`${row.channel_id}/${row.user_id}`)) throw new Error(`${row.user_id} posted in ${row.channel_id} without being a member`);
}

const seed = {
  teams: [TEAM],
  users,
  user_teams: userTeams,
  channels,
  channel_members: channelMembers,
  messages: messages.map((m) => m.row),
  message_reactions: reactions,
};

const out = join(dirname(fileURLToPath(import.meta.url)), 'northwind_slack.json');
const text = JSON.stringify(seed, null, 1) + '\n';
if (process.argv.includes('--check')) {
  // Exit 1 when the committed seed is not what this script generates (someone edited one but not the other).
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (current !== text) {
    console.error(`${out} is out of date: run node scenarios/slack/seeds/generate.mjs`);
    process.exit(1);
  }
  console.log(`${out} is up to date`);
  process.exit(0);
}
writeFileSync(out, text);

const threads = new Set(seed.messages.filter((m) => m.parent_id).map((m) => m.parent_id));
console.log(
  `wrote ${out}: ${users.length} users, ${channels.length} channels, ${channelMembers.length} memberships, ` +
    `${seed.messages.length} messages, ${threads.size} threads, ${reactions.length} reactions`,
);
if (process.argv.includes('--keys')) {
  for (const [k, ts] of Object.entries(keyed)) console.log(`${k.padEnd(28)} ${ts}`);
}
