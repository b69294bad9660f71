#!/usr/bin/env node
// Generates kestrel_box.json: the Box account of Kestrel Trail Outfitters, a fictional maker of hiking and camping
// gear. Every person, company, number and document here is invented.
//
//   node scenarios/box/seeds/generate.mjs          writes kestrel_box.json next to this file
//   node scenarios/box/seeds/generate.mjs --keys   also prints the ids of the keyed items (for suite authors)
//   node scenarios/box/seeds/generate.mjs --check  exits 1 if kestrel_box.json differs from what it generates
//
// Deterministic: the only randomness is a seeded PRNG, so the output is byte-identical on every run. Times are UTC
// and lie between 2024-01-08 and 2026-01-16, before the replica clock (2026-01-20T09:00Z).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let prngState = 20260120;
function rand() {
  let t = (prngState = (prngState + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randInt = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rand() * list.length)];

// ---------------------------------------------------------------------------------------------------------------
// People

const USERS = [
  ['priya', '41000001', 'Priya Raman', 'priya.raman@kestreltrail.example', 'admin', 'Operations Director'],
  ['jonas', '41000002', 'Jonas Whitfield', 'jonas.whitfield@kestreltrail.example', 'user', 'Finance Lead'],
  ['aiko', '41000003', 'Aiko Brennan', 'aiko.brennan@kestreltrail.example', 'user', 'Marketing Manager'],
  ['dmitri', '41000004', 'Dmitri Volkov', 'dmitri.volkov@kestreltrail.example', 'user', 'Engineering Lead'],
  ['lena', '41000005', 'Lena Ortiz', 'lena.ortiz@kestreltrail.example', 'user', 'People & HR Partner'],
  ['sam', '41000006', 'Sam Okafor', 'sam.okafor@kestreltrail.example', 'user', 'Legal Counsel'],
];
const U = Object.fromEntries(USERS.map(([key, id]) => [key, id]));

// ---------------------------------------------------------------------------------------------------------------
// Time helpers

const DAY = 86400000;
const BASE = Date.UTC(2024, 0, 8, 9, 0, 0);
const END = Date.UTC(2026, 0, 16, 17, 0, 0);
const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
const at = (y, m, d, h = 10) => iso(Date.UTC(y, m - 1, d, h, 0, 0));
const randomTime = () => iso(BASE + Math.floor(rand() * (END - BASE) / 60000) * 60000);

// ---------------------------------------------------------------------------------------------------------------
// Ids: Box ids are decimal strings

let folderSeq = 120000100;
let fileSeq = 330000100;
let versionSeq = 440000100;
let commentSeq = 550000100;
let taskSeq = 660000100;
const keys = {};

const folders = [{ id: '0', type: 'folder', name: 'All Files', parent_id: null, description: '', tags: [], item_status: 'active', size: 0, sequence_id: null, etag: null, created_by_id: null, modified_by_id: null, owned_by_id: U.priya, created_at: null, modified_at: null }];
const files = [];
const versions = [];
const comments = [];
const tasks = [];
const folderByPath = new Map([['', '0']]);

/** Creates folders along `path` ("Finance/Invoices/2025") as needed; returns the last one's id. */
function folder(path, extra = {}) {
  let parent = '0';
  let sofar = '';
  for (const part of path.split('/')) {
    sofar = sofar ? `${sofar}/${part}` : part;
    if (!folderByPath.has(sofar)) {
      const id = String(folderSeq++);
      const created = extra.created_at ?? at(2024, 1, 8 + (folders.length % 20));
      folders.push({
        id, type: 'folder', name: part, parent_id: parent, description: '', tags: [], item_status: 'active', size: 0,
        sequence_id: '0', etag: '0', created_by_id: extra.by ?? U.priya, modified_by_id: extra.by ?? U.priya, owned_by_id: U.priya,
        created_at: created, modified_at: created,
      });
      folderByPath.set(sofar, id);
    }
    parent = folderByPath.get(sofar);
  }
  const row = folders.find((f) => f.id === parent);
  if (extra.description !== undefined) row.description = extra.description;
  if (extra.tags) row.tags = extra.tags;
  if (extra.key) keys[extra.key] = parent;
  return parent;
}

const sha1 = (text) => createHash('sha1').update(text, 'utf8').digest('hex');
const bytes = (text) => Buffer.byteLength(text, 'utf8');

/**
 * A file in `path` with one version per entry of `contents` (the last is current). Options: by, at (time of the
 * last version), description, tags, key, status.
 */
function file(path, name, contents, opts = {}) {
  const list = Array.isArray(contents) ? contents : [contents];
  const id = String(fileSeq++);
  const by = opts.by ?? U.priya;
  const last = opts.at ?? randomTime();
  const lastMs = Date.parse(last);
  list.forEach((content, i) => {
    const t = iso(lastMs - (list.length - 1 - i) * 7 * DAY);
    versions.push({
      id: String(versionSeq++), type: 'file_version', file_id: id, version_number: String(i + 1), name, size: bytes(content),
      sha_1: sha1(content), content, content_encoding: 'utf8', modified_by_id: by, created_at: t, modified_at: t,
    });
  });
  const current = list[list.length - 1];
  const created = iso(lastMs - (list.length - 1) * 7 * DAY);
  const dot = name.lastIndexOf('.');
  files.push({
    id, type: 'file', name, parent_id: folder(path), description: opts.description ?? '', extension: dot > 0 ? name.slice(dot + 1) : '',
    tags: opts.tags ?? [], shared_link: opts.shared_link ?? null, item_status: opts.status ?? 'active', size: bytes(current), sha_1: sha1(current),
    version_number: String(list.length), comment_count: 0, sequence_id: String(list.length - 1), etag: String(list.length - 1),
    created_by_id: by, modified_by_id: by, owned_by_id: U.priya, created_at: created, modified_at: last, content_created_at: created,
    content_modified_at: last, trashed_at: opts.status === 'trashed' ? last : null,
  });
  if (opts.key) keys[opts.key] = id;
  return id;
}

function comment(fileId, by, message, when, key) {
  const id = String(commentSeq++);
  comments.push({ id, type: 'comment', item_id: fileId, item_type: 'file', file_id: fileId, message, tagged_message: null, is_reply_comment: false, created_by_id: by, created_at: when, modified_at: when });
  if (key) keys[key] = id;
  return id;
}

function task(fileId, by, message, opts = {}) {
  const id = String(taskSeq++);
  tasks.push({
    id, type: 'task', item_id: fileId, item_type: 'file', message, action: opts.action ?? 'review', completion_rule: opts.rule ?? 'all_assignees',
    due_at: opts.due ?? null, is_completed: opts.done ?? false, created_by_id: by, created_at: opts.at ?? randomTime(),
  });
  if (opts.key) keys[opts.key] = id;
  return id;
}

const csv = (header, rows) => [header.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n';
const money = (n) => n.toFixed(2);

// ---------------------------------------------------------------------------------------------------------------
// Folder tree (descriptions where a real team would write them)

folder('Finance', { description: 'Budgets, invoices, expense reports and quarterly reports', key: 'finance' });
folder('Finance/Budgets', { key: 'budgets' });
folder('Finance/Invoices/2025', { key: 'invoices2025' });
folder('Finance/Invoices/2024', { key: 'invoices2024' });
folder('Finance/Expense Reports', { key: 'expenses' });
folder('Finance/Reports/Q3 2025', { key: 'reportsQ3' });
folder('Finance/Reports/Q4 2025', { key: 'reportsQ4' });
folder('Finance/Vendor Contarcts', { key: 'vendorContracts' });
folder('Finance/Tax', {});
keys.reports = folderByPath.get('Finance/Reports');
folder('HR', { description: 'People team', key: 'hr' });
folder('HR/Policies', { key: 'hrPolicies' });
folder('HR/Onboarding', { key: 'onboarding' });
folder('HR/Compensation', { key: 'compensation', description: 'Restricted: pay and bonus data' });
folder('HR/Recruiting/Candidates', { key: 'candidates' });
folder('HR/Training', {});
folder('Marketing', { key: 'marketing' });
folder('Marketing/Brand', { key: 'brand' });
folder('Marketing/Campaigns/Spring 2026', { key: 'spring2026' });
folder('Marketing/Campaigns/Holiday 2025', { key: 'holiday2025' });
folder('Marketing/Press', { key: 'press' });
folder('Marketing/Social Media', { key: 'social' });
folder('Product', { key: 'product' });
folder('Product/Specs', { key: 'specs' });
folder('Product/Trailhead Launch', { key: 'trailhead', description: 'Launch of the Trailhead 2 tent line, March 2026' });
folder('Product/Research/Field Tests', { key: 'fieldTests' });
folder('Product/Research/Customer Interviews', { key: 'interviews' });
folder('Operations', { key: 'operations' });
folder('Operations/Inventory', { key: 'inventory' });
folder('Operations/Suppliers', { key: 'suppliers' });
folder('Operations/Safety', { key: 'safety' });
folder('Operations/Logistics', { key: 'logistics' });
folder('Legal', { key: 'legal' });
folder('Legal/Contracts', { key: 'contracts' });
folder('Legal/Confidential', { key: 'confidential', description: 'Do not share outside Legal' });
folder('Legal/NDAs', { key: 'ndas' });
folder('Engineering', { key: 'engineering' });
folder('Engineering/Meeting Notes', { key: 'meetingNotes' });
folder('Engineering/Design Docs', { key: 'designDocs' });
folder('Engineering/Releases', { key: 'releases' });
folder('Sales', { key: 'sales' });
folder('Sales/Regions', { key: 'regions' });
folder('Sales/Customers', { key: 'customers' });
folder('Archive', { key: 'archive', description: 'Old material kept for reference' });
folder('Archive/Marketing', { key: 'archiveMarketing' });
folder('Archive/2023', { key: 'archive2023' });
folder('Archive/Empty Box A', { key: 'emptyA' });
folder('Archive/old stuff', { key: 'emptyB' });
folder('Templates', { key: 'templates' });

// ---------------------------------------------------------------------------------------------------------------
// Finance

const DEPTS = [
  ['Operations', 'Priya Raman', 612000], ['Logistics', 'Priya Raman', 845500], ['Marketing', 'Aiko Brennan', 498000],
  ['Engineering', 'Dmitri Volkov', 731250], ['People', 'Lena Ortiz', 212400], ['Legal', 'Sam Okafor', 158900], ['Finance', 'Jonas Whitfield', 187300],
];
file('Finance/Budgets', 'dept_budget_2026.csv', [
  csv(['department', 'owner', 'fy2026_budget_usd'], DEPTS.map(([d, o, b]) => [d, o, b - 25000])),
  csv(['department', 'owner', 'fy2026_budget_usd'], DEPTS.map(([d, o, b]) => [d, o, b])),
], { by: U.jonas, at: at(2026, 1, 9), key: 'deptBudget', tags: ['budget', 'fy2026'] });
file('Finance/Budgets', 'dept_budget_2025.csv', csv(['department', 'owner', 'fy2025_budget_usd'], DEPTS.map(([d, o, b]) => [d, o, Math.round(b * 0.91)])), { by: U.jonas, at: at(2025, 1, 10) });
file('Finance/Budgets', 'budget_notes_DRAFT_old.txt', 'Early thoughts on FY2026. Superseded by dept_budget_2026.csv.\n', { by: U.jonas, at: at(2025, 10, 2) });

const VENDORS = [
  ['Alpine Textiles GmbH', 'fabric', '2023-03-01', '2025-08-31', 'Anke Vogel', '+49 89 5550 1201'],
  ['Cedar Ridge Plastics', 'buckles and clips', '2024-01-15', '2026-12-31', 'Mark Delaney', '+1 503 555 0142'],
  ['Harbor Freight Lines', 'ocean freight', '2022-06-01', '2025-05-31', 'Tessa Park', '+1 206 555 0199'],
  ['Northloop Zippers', 'zippers', '2024-07-01', '2027-06-30', 'Ivo Marsh', '+1 612 555 0107'],
  ['Summit Poles Ltd', 'aluminium poles', '2023-09-01', '2025-11-30', 'Rhys Owen', '+44 29 5550 0133'],
  ['Bluewater Coatings', 'waterproof coatings', '2025-02-01', '2028-01-31', 'Lina Haas', '+1 207 555 0165'],
];
file('Finance/Vendor Contarcts', 'vendor_list.csv', csv(['vendor', 'supplies', 'contract_start', 'contract_end', 'contact', 'phone'], VENDORS), { by: U.jonas, at: at(2025, 12, 1), key: 'vendorList' });
for (const [vendor, supplies, start, end] of VENDORS) {
  const slug = vendor.split(' ')[0].toLowerCase();
  file('Finance/Vendor Contarcts', `contract_${slug}.txt`, `SUPPLY AGREEMENT\nParties: Kestrel Trail Outfitters and ${vendor}\nScope: supply of ${supplies}\nTerm: ${start} to ${end}\nPayment: net 45\n`, { by: U.sam, at: at(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 2), key: `contract_${slug}` });
}

const CUSTOMERS_INV = ['REI Co-op Northwest', 'Basecamp Outdoors', 'Trail & Tarn', 'Ridgeway Sports', 'Evergreen Expeditions', 'Moraine Supply'];
for (let i = 1; i <= 24; i++) {
  const customer = CUSTOMERS_INV[i % CUSTOMERS_INV.length];
  const amount = randInt(18, 260) * 50;
  const month = ((i - 1) % 12) + 1;
  file('Finance/Invoices/2025', `INV-2025-${String(i).padStart(4, '0')}.txt`, `INVOICE INV-2025-${String(i).padStart(4, '0')}\nBill to: ${customer}\nDate: 2025-${String(month).padStart(2, '0')}-15\nTotal due: USD ${money(amount)}\nTerms: net 30\n`, { by: U.jonas, at: at(2025, month, 15) });
}
for (let i = 1; i <= 12; i++) {
  file('Finance/Invoices/2024', `INV-2024-${String(i).padStart(4, '0')}.txt`, `INVOICE INV-2024-${String(i).padStart(4, '0')}\nBill to: ${CUSTOMERS_INV[i % 6]}\nDate: 2024-${String(i).padStart(2, '0')}-15\nTotal due: USD ${money(randInt(10, 200) * 50)}\n`, { by: U.jonas, at: at(2024, i, 15) });
}
// An invoice saved in the wrong place.
file('', 'INV-2025-0025.txt', 'INVOICE INV-2025-0025\nBill to: Moraine Supply\nDate: 2025-12-19\nTotal due: USD 6450.00\nTerms: net 30\n', { by: U.jonas, at: at(2025, 12, 19), key: 'strayInvoice' });

const EXPENSE_ROWS = [
  ['2025-11-03', 'Priya Raman', 'travel', '412.50', 'Flight to Denver supplier visit'],
  ['2025-11-04', 'Priya Raman', 'lodging', '289.00', 'Hotel Denver 2 nights'],
  ['2025-11-10', 'Dmitri Volkov', 'software', '1200.00', 'CAD licence renewal'],
  ['2025-11-14', 'Aiko Brennan', 'events', '875.25', 'Booth deposit Outdoor Retailer'],
  ['2025-11-21', 'Lena Ortiz', 'training', '340.00', 'First aid course x4'],
  ['2025-11-26', 'Jonas Whitfield', 'meals', '96.75', 'Team lunch quarter close'],
];
file('Finance/Expense Reports', 'expense_report_2025-11.csv', csv(['date', 'employee', 'category', 'amount_usd', 'note'], EXPENSE_ROWS), { by: U.jonas, at: at(2025, 12, 2), key: 'expenseNov' });
for (let m = 1; m <= 10; m++) {
  const rows = Array.from({ length: randInt(4, 8) }, () => [`2025-${String(m).padStart(2, '0')}-${String(randInt(1, 28)).padStart(2, '0')}`, pick(USERS)[2], pick(['travel', 'meals', 'software', 'training', 'events']), money(randInt(20, 900) + 0.25 * randInt(0, 3)), 'misc']);
  file('Finance/Expense Reports', `expense_report_2025-${String(m).padStart(2, '0')}.csv`, csv(['date', 'employee', 'category', 'amount_usd', 'note'], rows), { by: U.jonas, at: at(2025, m + 1, 2) });
}

const Q4 = ['Q4_revenue_summary.txt', 'Q4_cash_flow.csv', 'Q4_board_deck.txt'];
file('Finance/Reports/Q4 2025', Q4[0], 'Q4 2025 revenue: USD 4.82M (+11% YoY). Strongest line: Trailhead tents. Weakest: cooking kits.\n', { by: U.jonas, at: at(2026, 1, 12), key: 'q4Revenue' });
file('Finance/Reports/Q4 2025', Q4[1], csv(['month', 'inflow_usd', 'outflow_usd'], [['Oct', 1510000, 1320000], ['Nov', 1688000, 1401000], ['Dec', 1622000, 1555000]]), { by: U.jonas, at: at(2026, 1, 12), key: 'q4Cash' });
file('Finance/Reports/Q4 2025', Q4[2], 'Board deck outline, Q4 2025\n1. Revenue\n2. Margin\n3. Trailhead 2 launch readiness\n', { by: U.jonas, at: at(2026, 1, 13), key: 'q4Deck' });
const q3deck = 'Board deck outline, Q3 2025\n1. Revenue 4.31M\n2. Inventory write-down\n3. Hiring plan\n';
file('Finance/Reports/Q3 2025', 'Q3_board_deck.txt', q3deck, { by: U.jonas, at: at(2025, 10, 14), key: 'q3Deck' });
file('Finance/Reports/Q3 2025', 'Q3_board_deck (1).txt', q3deck, { by: U.jonas, at: at(2025, 10, 15), key: 'q3DeckDup1' });
file('Finance/Reports/Q3 2025', 'Q3_board_deck copy.txt', q3deck, { by: U.aiko, at: at(2025, 10, 20), key: 'q3DeckDup2' });
file('Finance/Reports/Q3 2025', 'Q3_board_deck_v2_notes.txt', 'Notes for v2 of the Q3 deck: add the inventory write-down detail slide.\n', { by: U.jonas, at: at(2025, 10, 16), key: 'q3DeckNotes' });
file('Finance/Reports/Q3 2025', 'Q3_revenue_summary.txt', 'Q3 2025 revenue: USD 4.31M (+6% YoY).\n', { by: U.jonas, at: at(2025, 10, 10) });
file('Finance/Tax', 'sales_tax_nexus_2025.txt', 'States with sales tax nexus in 2025: WA, OR, CO, CA, NY, MN.\n', { by: U.jonas, at: at(2025, 7, 1) });
file('Finance/Tax', 'tmp_export_DELETE_ME.csv', 'id,value\n1,foo\n2,bar\n', { by: U.dmitri, at: at(2026, 1, 14), key: 'tmpExport' });

// ---------------------------------------------------------------------------------------------------------------
// HR

const REMOTE_V1 = '# Remote Work Policy\n\nEmployees may work remotely up to 2 days per week with manager approval.\nCore hours: 10:00-15:00 local time.\n';
file('HR/Policies', 'remote_work_policy.md', REMOTE_V1, { by: U.lena, at: at(2025, 3, 3), key: 'remotePolicy', tags: ['policy'] });
file('HR/Policies', 'pto_policy.md', '# Paid Time Off\n\nFull-time staff accrue 1.75 days of PTO per month (21 days per year). Up to 5 unused days carry over.\n', { by: U.lena, at: at(2025, 1, 6), tags: ['policy'], key: 'ptoPolicy' });
file('HR/Policies', 'expense_policy.md', '# Expense Policy\n\nMeals up to USD 60/day while travelling. Receipts required above USD 25. Submit within 30 days.\n', { by: U.jonas, at: at(2025, 2, 1), tags: ['policy'], key: 'expensePolicy' });
file('HR/Policies', 'code_of_conduct.md', '# Code of Conduct\n\nBe respectful. Report concerns to people@kestreltrail.example.\n', { by: U.lena, at: at(2024, 5, 1), tags: ['policy'] });
file('HR/Policies', 'remote_work_policy_OLD_2023.md', '# Remote Work Policy (2023)\n\nRemote work by exception only.\n', { by: U.lena, at: at(2024, 2, 1) });
file('HR/Onboarding', 'new_hire_checklist.md', '# New hire checklist\n\n- Laptop ordered\n- Accounts created\n- Safety briefing booked\n- Buddy assigned\n', { by: U.lena, at: at(2025, 9, 9), key: 'checklist' });
file('HR/Onboarding', 'welcome_letter_template.txt', 'Welcome to Kestrel Trail Outfitters, {{name}}! Your first day is {{date}}.\n', { by: U.lena, at: at(2025, 9, 9) });
const STAFF = [
  ['E001', 'Priya Raman', 'Operations', 'Director', 148000], ['E002', 'Jonas Whitfield', 'Finance', 'Lead', 126000], ['E003', 'Aiko Brennan', 'Marketing', 'Manager', 112000],
  ['E004', 'Dmitri Volkov', 'Engineering', 'Lead', 139000], ['E005', 'Lena Ortiz', 'People', 'Partner', 98000], ['E006', 'Sam Okafor', 'Legal', 'Counsel', 131000],
  ['E007', 'Kofi Mensah', 'Logistics', 'Coordinator', 71000], ['E008', 'Rosa Lindgren', 'Engineering', 'Engineer', 118000],
];
file('HR/Compensation', 'salary_bands_2026.csv', csv(['band', 'min_usd', 'max_usd'], [['L1', 55000, 72000], ['L2', 70000, 95000], ['L3', 92000, 125000], ['L4', 120000, 160000]]), { by: U.lena, at: at(2025, 12, 15) });
// Payroll data saved into Marketing by mistake, under a harmless name.
file('Marketing/Social Media', 'q1_numbers.csv', csv(['employee_id', 'name', 'department', 'title', 'base_salary_usd'], STAFF), { by: U.lena, at: at(2026, 1, 6), key: 'misfiledPayroll' });
for (const [n, role] of [['A. Chen', 'Warehouse Associate'], ['B. Ferraro', 'Product Designer'], ['C. Ngata', 'Account Executive'], ['D. Ilic', 'Warehouse Associate'], ['E. Sato', 'Backend Engineer'], ['F. Kaur', 'Marketing Coordinator']]) {
  file('HR/Recruiting/Candidates', `${n.replace('. ', '_')}_${role.replace(/ /g, '_')}.txt`, `Candidate: ${n}\nRole: ${role}\nStage: ${pick(['screen', 'onsite', 'offer'])}\n`, { by: U.lena });
}
file('HR/Training', 'first_aid_schedule.csv', csv(['date', 'site', 'seats'], [['2026-02-04', 'Portland warehouse', 12], ['2026-02-18', 'Denver office', 8]]), { by: U.lena, at: at(2026, 1, 5) });
file('HR/Training', 'forklift_certification_list.csv', csv(['employee', 'certified_until'], [['Kofi Mensah', '2026-06-30'], ['A. Chen', '2025-12-31'], ['Tomas Reyes', '2027-03-31']]), { by: U.priya, at: at(2025, 11, 1) });

// ---------------------------------------------------------------------------------------------------------------
// Marketing

file('Marketing/Brand', 'brand_guidelines_2026.pdf', 'KESTREL BRAND GUIDELINES 2026 (text export)\nPrimary colour: Ridge Green #2F5D50\nLogo clear space: 1x the height of the K.\n', { by: U.aiko, at: at(2025, 12, 10), tags: ['marketing'], key: 'brandGuide' });
file('Marketing/Brand', 'logo_usage.txt', 'Never stretch the logo. Minimum width 24px on screen.\n', { by: U.aiko, at: at(2025, 6, 2) });
file('Marketing/Brand', 'color_palette.csv', csv(['name', 'hex'], [['Ridge Green', '#2F5D50'], ['Ember', '#D9622B'], ['Granite', '#5B6770'], ['Snowfield', '#F4F6F5']]), { by: U.aiko, at: at(2025, 6, 2) });
const mplan = '# Marketing Plan 2026\n\nGoals: grow direct-to-consumer revenue 18%. Launch Trailhead 2 in March.\nChannels: email, trail-community events, creator partnerships.\n';
file('Marketing', 'Marketing Plan 2026.txt', mplan, { by: U.aiko, at: at(2025, 12, 18), key: 'mplan' });
file('Marketing', 'Marketting Plan 2026.txt', mplan, { by: U.aiko, at: at(2025, 12, 19), key: 'mplanTypo' });
file('Marketing/Campaigns/Spring 2026', 'spring_campaign_brief.txt', 'Spring 2026: "Go Further" campaign. Budget USD 140,000. Hero product: Trailhead 2 tent.\n', { by: U.aiko, at: at(2026, 1, 8), key: 'springBrief' });
file('Marketing/Campaigns/Spring 2026', 'influencer_shortlist.csv', csv(['handle', 'platform', 'followers'], [['@ridgeline_rae', 'instagram', 182000], ['@thruhike_tom', 'youtube', 96000], ['@campcraft', 'tiktok', 240000]]), { by: U.aiko, at: at(2026, 1, 9) });
file('Marketing/Campaigns/Holiday 2025', 'holiday_results.csv', csv(['channel', 'spend_usd', 'revenue_usd'], [['email', 12000, 188000], ['paid_social', 54000, 210000], ['search', 31000, 164000]]), { by: U.aiko, at: at(2026, 1, 7), key: 'holidayResults' });
file('Marketing/Campaigns/Holiday 2025', 'holiday_brief.txt', 'Holiday 2025 brief: gift guides, 20% off sleeping bags.\n', { by: U.aiko, at: at(2025, 10, 1) });
file('Marketing/Press', 'press_kit_trailhead2.txt', 'PRESS KIT: Trailhead 2 tent\nWeight 1.6 kg, two-person, 3-season. MSRP USD 429. Available March 10, 2026.\n', { by: U.aiko, at: at(2026, 1, 13), key: 'pressKit' });
file('Marketing/Press', 'press_release_draft_v1.txt', 'DRAFT v1: Kestrel announces Trailhead 2.\n', { by: U.aiko, at: at(2025, 12, 1) });
for (const [n, t] of [['OLD_campaign_2023_summer.txt', 'Summer 2023 campaign recap.'], ['OLD_social_calendar_2024.csv', 'date,post\n2024-01-05,New year hikes\n'], ['OLD_brand_colors_v1.txt', 'Legacy palette (retired).']]) {
  file('Marketing', n, `${t}\n`, { by: U.aiko, at: at(2024, 3, 1), key: n });
}
for (let w = 1; w <= 8; w++) file('Marketing/Social Media', `social_posts_week_${String(w).padStart(2, '0')}.csv`, csv(['day', 'platform', 'caption'], [['Mon', 'instagram', 'Trail tip'], ['Wed', 'tiktok', 'Gear check'], ['Fri', 'instagram', 'Weekend route']]), { by: U.aiko, at: at(2025, 10 + Math.floor(w / 5), 1 + w) });

// ---------------------------------------------------------------------------------------------------------------
// Product

const SPECS = [
  ['spec_TH2.txt', 'Trailhead 2 Tent', 'Two-person three-season tent. Packed weight 1.6 kg. Poles: Summit 8.5mm aluminium.'],
  ['spec_EMB1.txt', 'Ember Camp Stove', 'Canister stove, 3100 W, boils 1 L in 3m20s.'],
  ['spec_GLD4.txt', 'Glide 40 Backpack', '40 L pack, 1.1 kg, ventilated back panel, Northloop zippers.'],
];
for (const [name, product, body] of SPECS) file('Product/Specs', name, `${product}\n\n${body}\n`, { by: U.dmitri, at: at(2025, 11, 20), key: name });
file('Product/Trailhead Launch', 'launch_plan.txt', 'Trailhead 2 launch plan\nLaunch date: 2026-03-10\nRetail partners: REI Co-op Northwest, Basecamp Outdoors\n', { by: U.priya, at: at(2026, 1, 10), key: 'launchPlan' });
file('Product/Trailhead Launch', 'launch_checklist.csv', csv(['item', 'owner', 'status'], [['Retail samples shipped', 'Priya Raman', 'done'], ['Press kit final', 'Aiko Brennan', 'done'], ['Warranty page live', 'Dmitri Volkov', 'open'], ['Customs docs EU', 'Kofi Mensah', 'open']]), { by: U.priya, at: at(2026, 1, 14), key: 'launchChecklist' });
file('Product/Trailhead Launch', 'launch_faq_draft.txt', 'Q: Is Trailhead 2 freestanding? A: Yes.\n', { by: U.aiko, at: at(2026, 1, 11), key: 'launchFaq' });
const FIELD = [];
for (let i = 1; i <= 14; i++) {
  const rows = Array.from({ length: 6 }, (_, k) => [`T${i}-${k + 1}`, pick(['Mt Hood', 'Rockies', 'Cascades', 'Sierra']), randInt(-12, 24), pick(['pass', 'pass', 'pass', 'fail']), pick(['', 'seam leak', 'zip snag', 'pole flex'])]);
  FIELD.push(file('Product/Research/Field Tests', `field_test_${String(i).padStart(2, '0')}.csv`, csv(['run', 'site', 'temp_c', 'result', 'issue'], rows), { by: U.dmitri, at: at(2025, 4 + Math.floor(i / 3), 1 + i) }));
}
const INTERVIEW_TOPICS = ['pack weight', 'tent setup time', 'stove fuel', 'zip durability', 'price', 'colour options'];
for (let i = 1; i <= 12; i++) {
  file('Product/Research/Customer Interviews', `interview_${String(i).padStart(2, '0')}.txt`, `Interview ${i}\nParticipant: hiker #${100 + i}\nMain topic: ${INTERVIEW_TOPICS[i % 6]}\nQuote: "${pick(['Lighter is always better.', 'Setup in the rain matters most.', 'I would pay more for durability.', 'Colours are fine.'])}"\n`, { by: U.aiko, at: at(2025, 8, i + 1) });
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

const INVENTORY = [
  ['TH2-GRN', 'Trailhead 2 Tent (green)', 420, 150], ['TH2-ORG', 'Trailhead 2 Tent (ember)', 95, 150], ['EMB1', 'Ember Camp Stove', 610, 200],
  ['GLD4-M', 'Glide 40 Backpack M', 88, 120], ['GLD4-L', 'Glide 40 Backpack L', 240, 120], ['SLP-20', 'Drift 20F Sleeping Bag', 45, 80],
  ['POLE-85', 'Spare pole set 8.5mm', 1300, 300], ['MUG-TI', 'Titanium mug', 260, 100],
];
file('Operations/Inventory', 'inventory_2026-01.csv', csv(['sku', 'product', 'on_hand', 'reorder_point'], INVENTORY), { by: U.priya, at: at(2026, 1, 15), key: 'inventoryJan' });
for (let m = 1; m <= 12; m++) file('Operations/Inventory', `inventory_2025-${String(m).padStart(2, '0')}.csv`, csv(['sku', 'product', 'on_hand', 'reorder_point'], INVENTORY.map(([s, p, , r]) => [s, p, randInt(60, 900), r])), { by: U.priya, at: at(2025, m, 28) });
file('Operations/Suppliers', 'supplier_contacts.csv', [
  csv(['supplier', 'contact', 'phone', 'email'], VENDORS.map(([v, , , , c, ph]) => [v, c, ph, `${c.split(' ')[0].toLowerCase()}@${v.split(' ')[0].toLowerCase()}.example`])),
], { by: U.priya, at: at(2025, 12, 2), key: 'supplierContacts' });
const INCIDENTS = [
  ['INC-101', '2025-10-02', 'Portland warehouse', 'low', 'closed', 'Pallet wrap cut on hand'],
  ['INC-102', '2025-10-19', 'Portland warehouse', 'high', 'open', 'Forklift near-miss at dock 3'],
  ['INC-103', '2025-11-07', 'Denver office', 'low', 'closed', 'Slip in kitchen'],
  ['INC-104', '2025-11-30', 'Portland warehouse', 'high', 'closed', 'Racking collapse bay 12 (no injuries)'],
  ['INC-105', '2025-12-11', 'Portland warehouse', 'medium', 'open', 'Blocked fire exit B'],
  ['INC-106', '2026-01-08', 'Reno fulfilment', 'high', 'open', 'Conveyor guard missing line 2'],
];
file('Operations/Safety', 'incident_log_2025.csv', csv(['id', 'date', 'site', 'severity', 'status', 'summary'], INCIDENTS), { by: U.priya, at: at(2026, 1, 9), key: 'incidentLog', tags: ['safety'] });
file('Operations/Safety', 'Q3_safety_incident_report.txt', 'Q3 2025 safety report\nIncidents: 4 (1 high). Lost-time injuries: 0.\nOpen action: retrain dock staff on pedestrian lanes.\n', { by: U.priya, at: at(2025, 10, 8), key: 'q3Safety', tags: ['safety'] });
file('Operations/Safety', 'evacuation_plan_portland.txt', 'Assembly point: north parking lot. Wardens: Kofi Mensah, A. Chen.\n', { by: U.priya, at: at(2025, 4, 4), tags: ['safety'] });
file('Operations/Safety', 'ppe_requirements.md', '# PPE\nSteel-toe boots and hi-vis in all warehouse zones.\n', { by: U.priya, at: at(2025, 4, 4) });
file('Operations/Logistics', 'carrier_rates_2026.csv', csv(['carrier', 'zone', 'rate_per_kg_usd'], [['Harbor Freight Lines', 'transpacific', 1.85], ['Pinecrest Trucking', 'west', 0.42], ['Pinecrest Trucking', 'mountain', 0.51]]), { by: U.priya, at: at(2026, 1, 4) });
file('Operations/Logistics', 'shipping_schedule_q1.csv', csv(['week', 'origin', 'destination', 'containers'], [['2026-W03', 'Ningbo', 'Portland', 3], ['2026-W06', 'Ningbo', 'Portland', 4], ['2026-W09', 'Ho Chi Minh City', 'Portland', 2]]), { by: U.priya, at: at(2026, 1, 2) });

// ---------------------------------------------------------------------------------------------------------------
// Legal

file('Legal/NDAs', 'untitled.txt', 'MUTUAL NON-DISCLOSURE AGREEMENT\nBetween Kestrel Trail Outfitters and Granite Peak Analytics LLC\nEffective 2025-12-01 for 3 years.\n', { by: U.sam, at: at(2025, 12, 1), key: 'untitledNda' });
file('Legal/NDAs', 'NDA - Basecamp Outdoors.txt', 'MUTUAL NON-DISCLOSURE AGREEMENT\nBetween Kestrel Trail Outfitters and Basecamp Outdoors\n', { by: U.sam, at: at(2025, 6, 1) });
file('Legal/NDAs', 'NDA - Bluewater Coatings.txt', 'MUTUAL NON-DISCLOSURE AGREEMENT\nBetween Kestrel Trail Outfitters and Bluewater Coatings\n', { by: U.sam, at: at(2025, 2, 1) });
const link = (id, access) => ({ url: `https://app.box.com/s/kestrel${id}`, download_url: null, vanity_url: null, vanity_name: null, access, effective_access: access, effective_permission: 'can_download', unshared_at: null, is_password_enabled: false, permissions: { can_download: true, can_preview: true, can_edit: false }, download_count: 3, preview_count: 9 });
file('Legal/Confidential', 'litigation_hold_notice.txt', 'Litigation hold: retain all Summit Poles correspondence.\n', { by: U.sam, at: at(2025, 12, 5), key: 'litHold', shared_link: link('lh1', 'open') });
file('Legal/Confidential', 'settlement_terms_draft.txt', 'Draft settlement terms (privileged).\n', { by: U.sam, at: at(2025, 12, 8), key: 'settlement', shared_link: link('st1', 'company') });
file('Legal/Confidential', 'board_minutes_2025-11.txt', 'Board minutes November 2025 (confidential).\n', { by: U.sam, at: at(2025, 11, 28), key: 'boardMinutes' });
file('Legal/Contracts', 'retail_agreement_rei_nw.txt', 'Retail agreement with REI Co-op Northwest, 2025-2027.\n', { by: U.sam, at: at(2025, 1, 20) });
file('Legal/Contracts', 'warranty_terms.md', '# Warranty\nTents and packs: 5 years. Stoves: 2 years.\n', { by: U.sam, at: at(2025, 3, 1) });

// ---------------------------------------------------------------------------------------------------------------
// Engineering

for (let i = 0; i < 24; i++) {
  const day = new Date(Date.UTC(2025, 9, 6) + i * 3 * DAY);
  const d = day.toISOString().slice(0, 10);
  file('Engineering/Meeting Notes', `${d} eng sync.txt`, `Engineering sync ${d}\nAttendees: Dmitri, Rosa, Priya\nNotes: ${pick(['pole supplier samples reviewed', 'zip failure rates down', 'stove ignition redesign', 'pack frame CAD review'])}.\n`, { by: U.dmitri, at: iso(day.getTime() + 11 * 3600000) });
}
file('Engineering/Meeting Notes', '2026-01-15 launch readiness.txt', 'Launch readiness 2026-01-15\nAction items:\n1. Dmitri: publish the warranty page for Trailhead 2.\n2. Kofi: file EU customs documents.\n3. Aiko: final review of the press kit.\n', { by: U.dmitri, at: at(2026, 1, 15, 16), key: 'readinessNotes' });
for (const [n, t] of [['design_pole_hub_v3.md', 'Pole hub v3: injection-moulded, 14 g.'], ['design_stove_ignition.md', 'Piezo ignition module, 20k clicks.'], ['design_pack_frame.md', 'Frame: 7075 aluminium stays.'], ['design_tent_fly_coating.md', 'Silicone/PU hybrid coating from Bluewater.']]) file('Engineering/Design Docs', n, `# ${n.replace('.md', '')}\n\n${t}\n`, { by: U.dmitri, at: at(2025, 9, 12) });
for (let r = 1; r <= 6; r++) file('Engineering/Releases', `firmware_release_notes_1.${r}.md`, `# Ember smart-stove firmware 1.${r}\n\n- Fixes ${pick(['ignition retry', 'battery gauge', 'bluetooth pairing'])}\n`, { by: U.dmitri, at: at(2025, r + 2, 14) });

// ---------------------------------------------------------------------------------------------------------------
// Sales

const REGIONS = [['Pacific Northwest', 1840000], ['Mountain West', 1215000], ['California', 1960500], ['Northeast', 870000], ['Midwest', 642000], ['EU (online)', 311000]];
file('Sales/Regions', 'sales_by_region_2025.csv', csv(['region', 'revenue_usd'], REGIONS), { by: U.priya, at: at(2026, 1, 6), key: 'salesByRegion' });
for (const [r] of REGIONS) file('Sales/Regions', `${r.replace(/[^A-Za-z]+/g, '_').replace(/_$/, '')}_accounts.txt`, `Key accounts in ${r}: ${pick(CUSTOMERS_INV)}, ${pick(CUSTOMERS_INV)}\n`, { by: U.priya, at: at(2025, 12, 20) });
const CUSTOMER_ROWS = [
  ['C-001', 'REI Co-op Northwest', 'US', 'wholesale'], ['C-002', 'Basecamp Outdoors', 'US', 'wholesale'], ['C-003', 'Trail & Tarn', 'UK', 'wholesale'],
  ['C-004', 'Bergwelt Sport', 'Germany', 'wholesale'], ['C-005', 'Ridgeway Sports', 'US', 'wholesale'], ['C-006', 'Gipfelglück GmbH', 'Germany', 'online'],
  ['C-007', 'Evergreen Expeditions', 'Canada', 'wholesale'], ['C-008', 'Alpenpfad Outdoor', 'Germany', 'wholesale'], ['C-009', 'Moraine Supply', 'US', 'wholesale'],
  ['C-010', 'Fjellstua AS', 'Norway', 'online'],
];
file('Sales/Customers', 'customer_list.csv', csv(['customer_id', 'name', 'country', 'channel'], CUSTOMER_ROWS), { by: U.priya, at: at(2026, 1, 3), key: 'customerList' });
for (const [, name] of CUSTOMER_ROWS.slice(0, 6)) file('Sales/Customers', `account_plan_${name.split(' ')[0].toLowerCase().replace(/[^a-z]/g, '')}.txt`, `Account plan: ${name}\nTarget 2026: +${randInt(5, 25)}%\n`, { by: U.priya, at: at(2025, 12, 12) });

// ---------------------------------------------------------------------------------------------------------------
// Archive and templates

for (const y of ['budget_2023.csv', 'catalog_2023.txt', 'price_list_2023.csv']) file('Archive/2023', y, `${y} (archived)\n`, { by: U.priya, at: at(2024, 1, 10) });
file('Archive/Marketing', 'campaign_2022_recap.txt', 'Winter 2022 campaign recap.\n', { by: U.aiko, at: at(2024, 1, 10) });
file('Templates', 'project_charter_template.md', '# Project charter\n\nGoal:\nOwner:\nMilestones:\nRisks:\n', { by: U.priya, at: at(2025, 2, 2), key: 'charterTemplate' });
file('Templates', 'meeting_notes_template.txt', 'Date:\nAttendees:\nNotes:\nAction items:\n', { by: U.priya, at: at(2025, 2, 2) });
file('', 'README - start here.txt', 'Welcome to the Kestrel Trail Outfitters Box. Each department has a top-level folder. Ask Priya for access.\n', { by: U.priya, at: at(2024, 1, 8) });
file('', 'Welcome_Hike_Photo_Credits.txt', 'Cover photos by the trail team, 2024.\n', { by: U.aiko, at: at(2024, 6, 1) });
// Already in the trash.
file('Archive', 'old_org_chart_2022.txt', 'Org chart 2022.\n', { by: U.lena, at: at(2024, 1, 9), status: 'trashed', key: 'trashedOrgChart' });

// ---------------------------------------------------------------------------------------------------------------
// Comments, tasks, collections, hubs

comment(keys.q3Safety, U.jonas, 'Do we have a cost estimate for the dock retraining?', at(2025, 10, 9), 'commentSafetyCost');
comment(keys.deptBudget, U.jonas, 'Logistics jumped because of the Reno fulfilment lease.', at(2026, 1, 9, 15));
comment(keys.pressKit, U.priya, 'Pricing recieved from finance, looks right.', at(2026, 1, 13, 15), 'myTypoComment');
comment(keys.pressKit, U.dmitri, 'test test ignore', at(2026, 1, 13, 16), 'spamComment');
comment(keys.launchPlan, U.aiko, 'Can we add Ridgeway Sports as a launch partner?', at(2026, 1, 11, 9));
comment(keys.remotePolicy, U.lena, 'Leadership approved 3 remote days per week from February 1, 2026.', at(2026, 1, 14, 10), 'remoteDecision');
comment(keys.incidentLog, U.priya, 'INC-104 was closed after the racking inspection.', at(2026, 1, 9, 12));
comment(keys.launchFaq, U.sam, 'Approved by legal, no changes needed.', at(2026, 1, 12, 14), 'faqApproved');
task(keys.launchFaq, U.priya, 'Legal review of the launch FAQ', { key: 'faqTask', due: at(2026, 1, 20), rule: 'any_assignee' });
task(keys.checklist, U.lena, 'Update checklist for 2026 hires', { key: 'checklistTask', due: at(2026, 1, 30) });
task(keys.springBrief, U.priya, 'Approve spring campaign budget', { key: 'springTask', due: at(2026, 1, 23) });
task(keys.q4Deck, U.jonas, 'Review Q4 board deck', { key: 'deckTask', due: at(2026, 1, 21) });

const collections = [{ id: '880000101', type: 'collection', name: 'Favorites', collection_type: 'favorites', user_id: U.priya }];
keys.favorites = collections[0].id;
const collectionItems = [keys.inventoryJan, keys.launchPlan, keys.salesByRegion].map((id, i) => ({ collection_id: collections[0].id, item_type: 'file', item_id: id, added_at: at(2026, 1, 5 + i) }));

const hubs = [
  { id: '770000101', type: 'hubs', title: 'Trailhead 2 Launch', description: 'Everything for the March launch', created_by_id: U.priya, updated_by_id: U.priya, created_at: at(2026, 1, 10), updated_at: at(2026, 1, 10), is_ai_enabled: true, can_non_owners_invite: true, can_shared_link_be_created: true, is_collaboration_restricted_to_enterprise: false, view_count: 14 },
  { id: '770000102', type: 'hubs', title: 'Policies', description: 'Company policies', created_by_id: U.lena, updated_by_id: U.lena, created_at: at(2025, 6, 1), updated_at: at(2025, 6, 1), is_ai_enabled: false, can_non_owners_invite: true, can_shared_link_be_created: true, is_collaboration_restricted_to_enterprise: true, view_count: 40 },
];
keys.launchHub = hubs[0].id;
keys.policiesHub = hubs[1].id;
const name = (id) => files.find((f) => f.id === id).name;
const hubItems = [
  ['770000201', hubs[0].id, keys.launchPlan], ['770000202', hubs[0].id, keys.launchChecklist], ['770000203', hubs[0].id, keys.launchFaq],
  ['770000204', hubs[1].id, keys.remotePolicy], ['770000205', hubs[1].id, keys.expensePolicy],
].map(([id, hub, item], i) => ({ id, hub_id: hub, item_id: item, item_type: 'file', item_name: name(item), added_by_id: U.priya, added_at: at(2026, 1, 10, 10 + i) }));

const users = USERS.map(([, id, n, login, role, title]) => ({ id, type: 'user', name: n, login, status: 'active', role, job_title: title, language: 'en', timezone: 'America/Los_Angeles', created_at: at(2024, 1, 8), modified_at: at(2025, 6, 1) }));

// Folder sizes: the bytes of the live files below each folder.
for (const f of folders) f.size = 0;
const parentOf = new Map(folders.map((f) => [f.id, f.parent_id]));
for (const fl of files) {
  if (fl.item_status !== 'active') continue;
  for (let p = fl.parent_id; p != null; p = parentOf.get(p)) folders.find((f) => f.id === p).size += fl.size;
}

const seed = {
  box_users: users,
  box_folders: folders,
  box_files: files,
  box_file_versions: versions,
  box_comments: comments,
  box_tasks: tasks,
  box_collections: collections,
  box_collection_items: collectionItems,
  box_hubs: hubs,
  box_hub_items: hubItems,
};

const out = join(dirname(fileURLToPath(import.meta.url)), 'kestrel_box.json');
const text = `${JSON.stringify(seed, null, 1)}\n`;
if (process.argv.includes('--check')) {
  const same = existsSync(out) && readFileSync(out, 'utf8') === text;
  console.log(same ? 'kestrel_box.json is up to date' : 'kestrel_box.json differs from the generator output');
  process.exit(same ? 0 : 1);
}
writeFileSync(out, text);
console.log(`wrote ${out}: ${folders.length} folders, ${files.length} files, ${versions.length} versions, ${comments.length} comments, ${tasks.length} tasks`);
if (process.argv.includes('--keys')) console.log(JSON.stringify(keys, null, 1));
