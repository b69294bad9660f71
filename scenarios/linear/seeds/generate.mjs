#!/usr/bin/env node
// Generates larkspur_linear.json: the Linear workspace of Larkspur, a fictional company that makes "Tandem", a
// shared-calendar and booking product. Every person, team and issue here is invented.
//
//   node scenarios/linear/seeds/generate.mjs          writes larkspur_linear.json next to this file
//   node scenarios/linear/seeds/generate.mjs --check  exits 1 if larkspur_linear.json differs from what it generates
//   node scenarios/linear/seeds/generate.mjs --scale N  prints a seed with about N issues to stdout (for benchmarks)
//
// Deterministic: the only randomness is a seeded PRNG. Times are UTC, all before 2026-01-15T17:00Z (the replica clock).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let prngState = 20260115;
function rand() {
  let t = (prngState = (prngState + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randInt = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const hex = (n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
const iso = (ms) => new Date(ms).toISOString();
const START = Date.UTC(2025, 6, 1, 9, 0, 0);
const END = Date.UTC(2026, 0, 15, 16, 0, 0);
const at = (frac) => iso(START + Math.floor((END - START) * frac));
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40).replace(/-$/, '');

export function generate(targetIssues = 300) {
  prngState = 20260115;
  const ORG = { id: 'org-larkspur', name: 'Larkspur', urlKey: 'larkspur', createdAt: at(0), updatedAt: at(0), userCount: 0 };

  // ---- people: [key, name, email local part, admin]
  const FIRST = ['Amara', 'Bruno', 'Chiara', 'Dev', 'Esme', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jalen', 'Kasia', 'Luca', 'Mirela', 'Nikhil', 'Odette', 'Pavel', 'Quinn', 'Rosa', 'Soren', 'Talia', 'Umar', 'Vera', 'Wiremu', 'Xin', 'Yusuf', 'Zofia', 'Ayo', 'Bea', 'Cyrus', 'Dalia', 'Emeka', 'Freya', 'Gideon', 'Hana', 'Ivo', 'Jun', 'Keira', 'Lior', 'Mateo', 'Noor', 'Otto', 'Priya'];
  const LAST = ['Okafor', 'Lindgren', 'Moretti', 'Patel', 'Laurent', 'Haddad', 'Vogel', 'Sato', 'Costa', 'Brooks', 'Nowak', 'Ricci', 'Popescu', 'Rao', 'Dubois', 'Novak', 'Harper', 'Alvarez', 'Berg', 'Cohen', 'Siddiqui', 'Petrova', 'Ngata', 'Liu', 'Demir', 'Kowalska', 'Adebayo', 'Quinlan', 'Farahani', 'Mansour', 'Eze', 'Holm', 'Stein', 'Kim', 'Marin', 'Park', 'Doyle', 'Ben-David', 'Rojas', 'Aziz', 'Lund', 'Menon'];
  const users = [];
  users.push({ id: 'user-ops-bot', name: 'Tandem Ops Agent', displayName: 'opsagent', email: 'ops-agent@larkspur.example', admin: false, app: false });
  FIRST.forEach((f, i) => {
    const name = `${f} ${LAST[i]}`;
    users.push({ id: `user-${f.toLowerCase()}`, name, displayName: f.toLowerCase(), email: `${f.toLowerCase()}.${LAST[i].toLowerCase().replace(/[^a-z]/g, '')}@larkspur.example`, admin: i < 3 });
  });
  users.forEach((u, i) => Object.assign(u, {
    organizationId: ORG.id, active: i !== users.length - 1, guest: false, initials: u.name.split(' ').map((w) => w[0]).join('').slice(0, 2).toUpperCase(),
    timezone: pick(['Europe/Berlin', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles']),
    url: `https://linear.app/larkspur/profiles/${u.displayName}`, avatarBackgroundColor: `#${hex(6)}`, createdAt: at(0.001 * i), updatedAt: at(0.001 * i),
  }));
  ORG.userCount = users.length;

  // ---- teams
  const TEAMS = [
    ['team-core', 'Core Platform', 'CORE', '#5e6ad2'], ['team-web', 'Web App', 'WEB', '#26b5ce'], ['team-mob', 'Mobile', 'MOB', '#f2994a'],
    ['team-pay', 'Payments', 'PAY', '#4cb782'], ['team-sup', 'Support Engineering', 'SUP', '#eb5757'], ['team-data', 'Data & Insights', 'DATA', '#bb87fc'],
    ['team-des', 'Design', 'DES', '#f7c8c1'],
  ];
  const teams = TEAMS.map(([id, name, key, color], i) => ({ id, name, key, displayName: name, color, organizationId: ORG.id, description: `${name} team at Larkspur`, private: false, timezone: 'Europe/Berlin', cyclesEnabled: i < 4, createdAt: at(0.002 + i * 0.001), updatedAt: at(0.002 + i * 0.001) }));

  // ---- memberships: the ops agent is in every team; every person in one or two teams
  const team_memberships = [];
  const members = Object.fromEntries(teams.map((t) => [t.id, []]));
  const join_ = (teamId, userId, owner = false) => {
    if (members[teamId].includes(userId)) return;
    members[teamId].push(userId);
    team_memberships.push({ id: `tm-${teamId.slice(5)}-${userId.slice(5)}`, teamId, userId, owner, sortOrder: members[teamId].length, createdAt: at(0.01), updatedAt: at(0.01) });
  };
  teams.forEach((t) => join_(t.id, 'user-ops-bot'));
  users.slice(1).forEach((u, i) => {
    join_(teams[i % teams.length].id, u.id, i < teams.length);
    if (i % 3 === 0) join_(teams[(i + 2) % teams.length].id, u.id);
  });

  // ---- workflow states per team
  const STATES = [['Triage', 'triage', '#fc7840'], ['Backlog', 'backlog', '#bec2c8'], ['Todo', 'unstarted', '#e2e2e2'], ['In Progress', 'started', '#f2c94c'], ['In Review', 'started', '#0f783c'], ['Done', 'completed', '#5e6ad2'], ['Canceled', 'canceled', '#95a2b3'], ['Duplicate', 'canceled', '#95a2b3']];
  const workflow_states = [];
  const stateOf = {};
  for (const t of teams) {
    STATES.forEach(([name, type, color], pos) => {
      const id = `state-${t.key.toLowerCase()}-${slug(name)}`;
      workflow_states.push({ id, teamId: t.id, name, type, color, position: pos, createdAt: t.createdAt, updatedAt: t.createdAt });
      stateOf[`${t.key}:${name}`] = id;
    });
  }
  // An obsolete state, kept unarchived, that clean-up scenarios retire.
  workflow_states.push({ id: 'state-sup-waiting-on-customer', teamId: 'team-sup', name: 'Waiting on Customer', type: 'started', color: '#a0a0a0', position: 8, createdAt: at(0.05), updatedAt: at(0.05) });
  stateOf['SUP:Waiting on Customer'] = 'state-sup-waiting-on-customer';

  // ---- labels: workspace labels and a few team labels
  const issue_labels = [];
  const label = (id, name, color, teamId = null, extra = {}) => issue_labels.push({ id, name, color, teamId, organizationId: ORG.id, isGroup: false, creatorId: 'user-amara', createdAt: at(0.02), updatedAt: at(0.02), ...extra });
  label('label-bug', 'Bug', '#eb5757');
  label('label-feature', 'Feature', '#bb87fc');
  label('label-improvement', 'Improvement', '#4ea7fc');
  label('label-tech-debt', 'tech-debt', '#95a2b3');
  label('label-security', 'security', '#f2994a');
  label('label-performance', 'performance', '#26b5ce');
  label('label-customer', 'customer-reported', '#4cb782');
  label('label-regression', 'regression', '#eb5757');
  label('label-flaky', 'flaky-test', '#f7c8c1');
  label('label-needs-repro', 'needs-repro', '#bec2c8');
  label('label-a11y', 'accessibility', '#5e6ad2', 'team-web');
  label('label-ios', 'iOS', '#bec2c8', 'team-mob');
  label('label-android', 'Android', '#4cb782', 'team-mob');
  label('label-pci', 'PCI', '#f2c94c', 'team-pay');
  label('label-old-sprint', 'sprint-42-leftover', '#95a2b3');
  const LABEL_POOL = ['label-bug', 'label-feature', 'label-improvement', 'label-tech-debt', 'label-performance', 'label-customer', 'label-flaky', 'label-needs-repro'];

  // ---- cycles for teams with cycles enabled: 2-week cycles over the seed period
  const cycles = [];
  for (const t of teams.filter((x) => x.cyclesEnabled)) {
    for (let n = 1; n <= 6; n++) {
      const s = Date.UTC(2025, 9, 6) + (n - 1) * 14 * 864e5;
      cycles.push({ id: `cycle-${t.key.toLowerCase()}-${n}`, teamId: t.id, number: n, name: `Cycle ${n}`, startsAt: iso(s), endsAt: iso(s + 14 * 864e5), completedAt: s + 14 * 864e5 < END ? iso(s + 14 * 864e5) : null, createdAt: iso(s - 864e5), updatedAt: iso(s - 864e5) });
    }
  }

  // ---- issues: keyed issues that scenarios name, then generated ones
  const issues = [];
  const assoc = [];
  const nextNum = Object.fromEntries(teams.map((t) => [t.key, 0]));
  const PRI = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];
  const teamByKey = Object.fromEntries(teams.map((t) => [t.key, t]));
  function addIssue(teamKey, title, o = {}) {
    const t = teamByKey[teamKey];
    const number = ++nextNum[teamKey];
    const identifier = `${teamKey}-${number}`;
    const createdAt = o.createdAt ?? at(0.1 + 0.85 * (issues.length / Math.max(targetIssues, 1)));
    const priority = o.priority ?? randInt(0, 4);
    const row = {
      id: o.id ?? uuid(), identifier, number, title, description: o.description ?? null, teamId: t.id,
      stateId: stateOf[`${teamKey}:${o.state ?? 'Backlog'}`], assigneeId: o.assigneeId === undefined ? null : o.assigneeId,
      creatorId: o.creatorId ?? pick(members[t.id]), parentId: o.parentId ?? null, cycleId: o.cycleId ?? null,
      priority, priorityLabel: PRI[priority], prioritySortOrder: priority === 0 ? 5 : priority, estimate: o.estimate ?? null, dueDate: o.dueDate ?? null,
      branchName: `${identifier.toLowerCase()}-${slug(title)}`, url: `https://linear.app/larkspur/issue/${identifier}/${slug(title)}`,
      sortOrder: number, boardOrder: 0, labelIds: [], previousIdentifiers: [], reactionData: [], createdAt, updatedAt: o.updatedAt ?? createdAt,
      archivedAt: o.archivedAt ?? null,
    };
    issues.push(row);
    for (const l of o.labels ?? []) assoc.push({ issue_id: row.id, issue_label_id: l });
    return row;
  }
  const K = {};
  const key = (name, row) => (K[name] = row);
  // Payments: double-charge incident and its follow-ups
  key('pay-double', addIssue('PAY', 'Card charged twice when checkout retries after timeout', { id: 'issue-pay-double-charge', state: 'In Progress', priority: 1, assigneeId: 'user-dev', labels: ['label-bug', 'label-customer'], description: 'Customers report two charges when the 3-D Secure step times out and the client retries.' }));
  key('pay-idem', addIssue('PAY', 'Add idempotency keys to the charge endpoint', { id: 'issue-pay-idempotency', state: 'Todo', priority: 2, assigneeId: null, labels: ['label-improvement'] }));
  key('pay-refund', addIssue('PAY', 'Refund tool for duplicate charges', { id: 'issue-pay-refund-tool', state: 'Backlog', priority: 3, assigneeId: 'user-ines' }));
  key('pay-webhook', addIssue('PAY', 'Webhook signature check fails for EU merchants', { id: 'issue-pay-webhook-sig', state: 'Triage', priority: 0, labels: ['label-bug'] }));
  key('pay-pci', addIssue('PAY', 'Rotate PCI audit credentials', { id: 'issue-pay-pci-rotate', state: 'Todo', priority: 2, assigneeId: 'user-umar', labels: ['label-pci', 'label-security'], dueDate: '2026-01-30' }));
  // Core platform: migration epic with sub-issues
  key('core-epic', addIssue('CORE', 'Migrate booking store to Postgres 17', { id: 'issue-core-pg17', state: 'In Progress', priority: 2, assigneeId: 'user-bruno', description: 'Umbrella issue for the Postgres 17 migration.' }));
  key('core-sub1', addIssue('CORE', 'Dual-write bookings to the new cluster', { id: 'issue-core-dual-write', state: 'Done', priority: 2, assigneeId: 'user-bruno', parentId: 'issue-core-pg17' }));
  key('core-sub2', addIssue('CORE', 'Backfill historical bookings', { id: 'issue-core-backfill', state: 'In Progress', priority: 2, assigneeId: 'user-chiara', parentId: 'issue-core-pg17' }));
  key('core-sub3', addIssue('CORE', 'Cut over reads to the new cluster', { id: 'issue-core-cutover', state: 'Todo', priority: 1, assigneeId: null, parentId: 'issue-core-pg17' }));
  key('core-sub4', addIssue('CORE', 'Decommission the old booking database', { id: 'issue-core-decommission', state: 'Backlog', priority: 3, assigneeId: null, parentId: 'issue-core-pg17' }));
  key('core-flaky', addIssue('CORE', 'Flaky test: BookingLockTest times out on CI', { id: 'issue-core-flaky-lock', state: 'Backlog', priority: 4, labels: ['label-flaky'] }));
  key('core-rate', addIssue('CORE', 'Rate limiter drops requests during deploys', { id: 'issue-core-rate-limiter', state: 'Triage', priority: 0, labels: ['label-bug', 'label-regression'] }));
  // Web
  key('web-tz', addIssue('WEB', 'Calendar shows events an hour off after DST change', { id: 'issue-web-dst', state: 'Todo', priority: 1, assigneeId: 'user-greta', labels: ['label-bug', 'label-customer'] }));
  key('web-contrast', addIssue('WEB', 'Low contrast on booking confirmation buttons', { id: 'issue-web-contrast', state: 'Backlog', priority: 3, labels: ['label-a11y'] }));
  key('web-dark', addIssue('WEB', 'Dark mode for the scheduling page', { id: 'issue-web-dark-mode', state: 'Backlog', priority: 4, labels: ['label-feature'] }));
  key('web-export', addIssue('WEB', 'Export bookings to CSV', { id: 'issue-web-csv-export', state: 'In Review', priority: 3, assigneeId: 'user-hiro', labels: ['label-feature'] }));
  // Mobile
  key('mob-crash', addIssue('MOB', 'iOS app crashes when opening a shared calendar link', { id: 'issue-mob-ios-crash', state: 'Triage', priority: 0, labels: ['label-bug', 'label-ios'] }));
  key('mob-push', addIssue('MOB', 'Push reminders arrive after the event starts on Android', { id: 'issue-mob-push-late', state: 'Todo', priority: 2, assigneeId: 'user-jalen', labels: ['label-bug', 'label-android'] }));
  key('mob-dup', addIssue('MOB', 'Crash on launch from shared calendar deep link', { id: 'issue-mob-ios-crash-dup', state: 'Triage', priority: 0, labels: ['label-ios'] }));
  // Support engineering: triage queue
  key('sup-login', addIssue('SUP', 'Customer cannot log in with Google SSO (Acme Dental)', { id: 'issue-sup-sso', state: 'Triage', priority: 0, labels: ['label-customer'] }));
  key('sup-invoice', addIssue('SUP', 'Invoice PDF shows wrong VAT number', { id: 'issue-sup-vat', state: 'Triage', priority: 0, labels: ['label-customer'] }));
  key('sup-wait1', addIssue('SUP', 'Booking widget blank on Safari 16 (Harbor Yoga)', { id: 'issue-sup-safari', state: 'Waiting on Customer', priority: 3, assigneeId: 'user-kasia' }));
  key('sup-wait2', addIssue('SUP', 'Reminder emails land in spam (Northgate Clinic)', { id: 'issue-sup-spam', state: 'Waiting on Customer', priority: 3, assigneeId: 'user-luca' }));
  // Data
  key('data-dash', addIssue('DATA', 'Weekly bookings dashboard double-counts cancellations', { id: 'issue-data-dashboard', state: 'Todo', priority: 2, assigneeId: 'user-mirela', labels: ['label-bug'] }));
  key('data-etl', addIssue('DATA', 'Nightly ETL exceeds its two-hour window', { id: 'issue-data-etl-window', state: 'Backlog', priority: 3, labels: ['label-performance'] }));
  // Design
  key('des-onboard', addIssue('DES', 'Redesign onboarding checklist', { id: 'issue-des-onboarding', state: 'In Progress', priority: 3, assigneeId: 'user-odette' }));
  // Old leftovers with the sprint label
  for (const [teamKey, title] of [['WEB', 'Tidy up legacy date picker styles'], ['CORE', 'Remove unused feature flags from 2024'], ['MOB', 'Update splash screen assets'], ['DATA', 'Drop the staging_events_old table']]) {
    addIssue(teamKey, title, { state: 'Backlog', priority: 4, labels: ['label-old-sprint', 'label-tech-debt'] });
  }
  // An archived issue (hidden unless includeArchived)
  addIssue('WEB', 'Old marketing banner experiment', { id: 'issue-web-archived-banner', state: 'Canceled', priority: 0, archivedAt: at(0.5) });

  // Generated filler issues with sub-issues
  const VERBS = ['Fix', 'Investigate', 'Improve', 'Add', 'Refactor', 'Document', 'Speed up', 'Clean up', 'Support', 'Audit'];
  const THINGS = ['availability search', 'recurring bookings', 'staff calendar sync', 'invoice emails', 'team permissions', 'booking reminders', 'time-zone picker', 'public booking page', 'waitlist', 'payment retries', 'webhooks', 'audit log', 'CSV import', 'rate limits', 'search index', 'holiday calendars', 'client notes', 'mobile widget', 'OAuth consent screen', 'analytics export'];
  const STATE_NAMES = ['Backlog', 'Backlog', 'Todo', 'Todo', 'In Progress', 'In Review', 'Done', 'Done', 'Canceled'];
  const keys = teams.map((t) => t.key);
  const rootsOf = Object.fromEntries(teams.map((t) => [t.id, issues.filter((i) => i.teamId === t.id && !i.parentId)]));
  while (issues.length < targetIssues) {
    const teamKey = pick(keys);
    const t = teamByKey[teamKey];
    const roots = rootsOf[t.id];
    const parent = rand() < 0.15 && roots.length ? pick(roots) : null;
    const labels = rand() < 0.6 ? [pick(LABEL_POOL)] : [];
    const cyc = cycles.filter((c) => c.teamId === t.id);
    addIssue(teamKey, `${pick(VERBS)} ${pick(THINGS)}${rand() < 0.3 ? ` for ${pick(['enterprise', 'EU', 'mobile', 'new'])} customers` : ''}`, {
      state: pick(STATE_NAMES), assigneeId: rand() < 0.7 ? pick(members[t.id].slice(1).length ? members[t.id].slice(1) : members[t.id]) : null,
      parentId: parent?.id ?? null, labels, estimate: rand() < 0.5 ? pick([1, 2, 3, 5, 8]) : null, cycleId: cyc.length && rand() < 0.4 ? pick(cyc).id : null,
      dueDate: rand() < 0.15 ? iso(Date.UTC(2026, 0, 1) + randInt(0, 90) * 864e5).slice(0, 10) : null,
    });
    if (!parent) rootsOf[t.id].push(issues[issues.length - 1]);
  }

  // ---- relations
  const issue_relations = [];
  const relate = (id, a, b, type) => issue_relations.push({ id, issueId: a.id, relatedIssueId: b.id, type, issueTitle: a.title, relatedIssueTitle: b.title, createdAt: at(0.9), updatedAt: at(0.9) });
  relate('rel-idem-blocks-double', K['pay-idem'], K['pay-double'], 'blocks');
  relate('rel-dual-blocks-cutover', K['core-sub1'], K['core-sub3'], 'blocks');
  relate('rel-backfill-blocks-cutover', K['core-sub2'], K['core-sub3'], 'blocks');
  relate('rel-web-dark-related-contrast', K['web-dark'], K['web-contrast'], 'related');
  for (let i = 0; i < 20; i++) {
    const a = pick(issues), b = pick(issues);
    if (a.id !== b.id) relate(`rel-gen-${i}`, a, b, pick(['related', 'blocks', 'related']));
  }

  // ---- comments: a thread on the incident, plus generated ones
  const comments = [];
  const comment = (id, issue, userId, body, frac, parentId = null) => comments.push({ id, issueId: issue.id, userId, parentId, body, url: `${issue.url}#comment-${id.slice(-8)}`, reactionData: [], createdAt: at(frac), updatedAt: at(frac) });
  comment('comment-double-1', K['pay-double'], 'user-dev', 'Reproduced with a test card: the retry creates a second PaymentIntent.', 0.95);
  comment('comment-double-2', K['pay-double'], 'user-ines', 'Support has 14 tickets about this so far; refunds are manual for now.', 0.951);
  comment('comment-double-3', K['pay-double'], 'user-dev', 'Workaround deployed: retries disabled for 3-D Secure. Proper fix needs idempotency keys.', 0.952, 'comment-double-1');
  comment('comment-cutover-1', K['core-sub3'], 'user-bruno', 'Cutover window proposed: Sunday 02:00 UTC.', 0.96);
  comment('comment-sso-1', K['sup-login'], 'user-kasia', 'Customer says it started after they rotated their Google Workspace certificate. TODO: confirm with them.', 0.97);
  const PHRASES = ['Looking into this today.', 'Can we get a repro?', 'I think this overlaps with the search work.', 'Moving to next cycle.', 'Shipped behind a flag.', 'Needs design input first.', 'Blocked on the API change.', 'Verified on staging.'];
  for (let i = 0; i < 120; i++) {
    const issue = pick(issues);
    comment(`comment-gen-${String(i).padStart(3, '0')}`, issue, pick(members[issue.teamId]), pick(PHRASES), 0.2 + 0.7 * (i / 120));
  }

  const labelsOf = new Map();
  for (const a of assoc) labelsOf.set(a.issue_id, [...(labelsOf.get(a.issue_id) ?? []), a.issue_label_id]);
  return {
    // Linear keeps each team's count of the issues created in it on the team's row.
    organizations: [ORG], users, teams: teams.map((t) => ({ ...t, issueCount: issues.filter((i) => i.teamId === t.id).length })), team_memberships, workflow_states, issue_labels, cycles,
    issues: issues.map((i) => ({ ...i, labelIds: labelsOf.get(i.id) ?? [] })),
    issue_label_issue_association: assoc, comments, issue_relations,
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'larkspur_linear.json');
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const scale = process.argv.indexOf('--scale');
  if (scale > 0) {
    process.stdout.write(JSON.stringify(generate(Number(process.argv[scale + 1]))));
  } else {
    const text = JSON.stringify(generate(), null, 1) + '\n';
    if (process.argv.includes('--check')) {
      const same = existsSync(out) && readFileSync(out, 'utf8') === text;
      if (!same) console.error(`${out} differs from what generate.mjs writes`);
      process.exit(same ? 0 : 1);
    }
    writeFileSync(out, text);
    console.log(`wrote ${out}`);
  }
}
