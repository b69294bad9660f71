import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

type Row = Record<string, any>;
type Seed = Record<string, Record<string, Row[]>>;

const dir = resolve(import.meta.dirname, '../../../scenarios/company/seeds');
const text = readFileSync(join(dir, 'fernbrook.json'), 'utf8');
const seed = JSON.parse(text) as Seed;
const { slack, box, calendar, linear, mail } = seed;

/** Every string in every row of the seed (JSON columns walked), with where it was found. */
function* strings(): Generator<{ where: string; value: string }> {
  const walk = function* (v: unknown, where: string): Generator<{ where: string; value: string }> {
    if (typeof v === 'string') yield { where, value: v };
    else if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* walk(x, `${where}[${i}]`);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* walk(x, `${where}.${k}`);
  };
  for (const [service, tables] of Object.entries(seed)) for (const [table, rows] of Object.entries(tables)) for (const [i, row] of rows.entries()) yield* walk(row, `${service}.${table}[${i}]`);
}
const all = [...strings()];
const matches = (re: RegExp) => all.flatMap(({ where, value }) => [...value.matchAll(re)].map((m) => ({ where, m })));

describe('the Fernbrook seed (scenarios/company/seeds/fernbrook.json)', () => {
  it('is what generate.mjs produces, and --check says so with row counts per service and table', () => {
    const out = execFileSync(process.execPath, [join(dir, 'generate.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/^slack\s+\d+ rows\s+teams 1, users \d+/m);
    expect(out).toMatch(/^mail\s+\d+ rows\s+people \d+/m);
    expect(out).toMatch(/up to date/);
  });

  it('has every person in all five systems under one name and address, with each system’s own id', () => {
    const byEmail = (rows: Row[], email: string, name: string) => Object.fromEntries(rows.map((r) => [String(r[email]).toLowerCase(), r[name]]));
    const directory = byEmail(mail.people, 'email', 'display_name');
    const systems = {
      slack: byEmail(slack.users.filter((u) => !u.is_bot), 'email', 'real_name'),
      box: byEmail(box.box_users, 'login', 'name'),
      calendar: byEmail(calendar.calendar_users, 'email', 'display_name'),
      linear: byEmail(linear.users, 'email', 'name'),
    };
    expect(Object.keys(directory).length).toBeGreaterThanOrEqual(40);
    for (const [system, people] of Object.entries(systems)) expect({ system, people }).toEqual({ system, people: directory });
    const idSets = [slack.users.map((u) => u.user_id), box.box_users.map((u) => u.id), calendar.calendar_users.map((u) => u.id), linear.users.map((u) => u.id)];
    for (let i = 0; i < idSets.length; i++) for (let j = i + 1; j < idSets.length; j++) expect(idSets[i].filter((x) => idSets[j].includes(x))).toEqual([]);
  });

  it('has the volume that needs search and paging', () => {
    expect(slack.messages.length).toBeGreaterThan(3000);
    expect(linear.issues.length).toBeGreaterThan(400);
    expect(box.box_files.length).toBeGreaterThan(250);
    expect(calendar.calendar_events.length).toBeGreaterThan(500);
    expect(mail.messages.length).toBeGreaterThan(800);
  });

  it('resolves every Slack permalink to a seeded message in that channel', () => {
    const found = matches(/https:\/\/([a-z0-9-]+)\.slack\.com\/archives\/([A-Z0-9]+)\/p(\d{10})(\d{6})/g);
    expect(found.length).toBeGreaterThan(5);
    const domain = slack.teams[0].domain;
    const messages = new Set(slack.messages.map((m) => `${m.channel_id}/${m.ts}`));
    for (const { where, m } of found) expect({ where, link: m[0], ok: m[1] === domain && messages.has(`${m[2]}/${m[3]}.${m[4]}`) }).toEqual({ where, link: m[0], ok: true });
  });

  it('resolves every Box shared link and file address to a seeded item carrying that link', () => {
    const found = matches(/https:\/\/app\.box\.com\/s\/([a-z0-9]+)/g).filter(({ where }) => !/\.shared_link\./.test(where));
    expect(found.length).toBeGreaterThan(8);
    const links = new Set([...box.box_files, ...box.box_folders].filter((r) => r.shared_link && r.item_status === 'active').map((r) => r.shared_link.url));
    for (const { where, m } of found) expect({ where, link: m[0], ok: links.has(m[0]) }).toEqual({ where, link: m[0], ok: true });
    const fileIds = new Set(box.box_files.map((f) => f.id));
    for (const { where, m } of matches(/https:\/\/app\.box\.com\/file\/(\d+)/g)) expect({ where, ok: fileIds.has(m[1]) }).toEqual({ where, ok: true });
  });

  it('resolves every Linear issue id and issue URL to a seeded issue', () => {
    const keys = linear.teams.map((t) => t.key).join('|');
    const byIdentifier = new Map(linear.issues.map((i) => [i.identifier, i]));
    const ids = matches(new RegExp(`\\b(?:${keys})-\\d+\\b`, 'g')).filter(({ where }) => !/^linear\.issues\[\d+\]\.(identifier|branchName|url)$/.test(where) && !/^linear\.comments\[\d+\]\.url$/.test(where));
    expect(ids.length).toBeGreaterThan(30);
    for (const { where, m } of ids) expect({ where, id: m[0], ok: byIdentifier.has(m[0]) }).toEqual({ where, id: m[0], ok: true });
    const urlKey = linear.organizations[0].urlKey;
    for (const { where, m } of matches(/https:\/\/linear\.app\/([a-z0-9-]+)\/issue\/([A-Z]+-\d+)\/([a-z0-9-]+)/g)) {
      expect({ where, ok: m[1] === urlKey && byIdentifier.get(m[2])?.url === m[0] }).toEqual({ where, ok: true });
    }
  });

  it('resolves every Slack mention to a user and every INC id to the #incidents thread that declared it', () => {
    const users = new Set(slack.users.map((u) => u.user_id));
    for (const { where, m } of matches(/<@([A-Z0-9]+)>/g)) expect({ where, ok: users.has(m[1]) }).toEqual({ where, ok: true });
    const incidents = slack.channels.find((c) => c.channel_name === 'incidents')!.channel_id;
    const declared = new Set(slack.messages.filter((m) => m.channel_id === incidents && !m.parent_id).flatMap((m) => [...String(m.message_text).matchAll(/\*(INC-\d{4}-\d{3})\* declared/g)].map((x) => x[1])));
    const mentioned = matches(/\bINC-(\d{4})-(\d{3})\b/g).filter(({ m }) => m[1] === '2026');
    expect(mentioned.length).toBeGreaterThan(10);
    for (const { where, m } of mentioned) expect({ where, inc: m[0], ok: declared.has(m[0]) }).toEqual({ where, inc: m[0], ok: true });
  });

  it('resolves every Box path named in text (and every file a calendar event points at) to a seeded folder or file', () => {
    const folders = new Map(box.box_folders.map((f) => [f.id, f]));
    const pathOf = (parent: string | null, name: string): string => {
      const parts = [name];
      for (let p = parent; p && p !== '0'; p = folders.get(p)!.parent_id) parts.unshift(folders.get(p)!.name);
      return parts.join('/');
    };
    const paths = new Set([...box.box_folders.filter((f) => f.id !== '0').map((f) => pathOf(f.parent_id, f.name)), ...box.box_files.map((f) => pathOf(f.parent_id, f.name))]);
    const tops = [...new Set(box.box_folders.filter((f) => f.parent_id === '0').map((f) => f.name))].join('|');
    const named = matches(new RegExp(`\\b(?:${tops})/[^\\s,;:)"“”]*[^\\s,;:)"“”.]`, 'g')).filter(({ where }) => !where.startsWith('box.'));
    expect(named.length).toBeGreaterThan(8);
    for (const { where, m } of named) {
      // A path may run into the file name that follows it ("…/2026/INC-2026-014 postmortem (draft).md").
      const hit = [...paths].some((p) => p === m[0] || (p.startsWith(m[0]) && ['/', ' '].includes(p[m[0].length])));
      expect({ where, path: m[0], hit }).toEqual({ where, path: m[0], hit: true });
    }
    for (const e of calendar.calendar_events.filter((x) => x.attachments)) {
      for (const a of e.attachments) expect(box.box_files.some((f) => f.shared_link?.url === a.fileUrl && f.name === a.title)).toBe(true);
    }
  });

  it('keeps the traps the single-service seeds have: namesakes, stale duplicates, archived channels, cancelled occurrences, a departed person', () => {
    expect(slack.users.filter((u) => u.real_name === 'Alex Chen')).toHaveLength(2);
    expect(linear.users.filter((u) => u.name === 'Alex Chen')).toHaveLength(2);
    expect(slack.channels.filter((c) => c.is_archived).length).toBeGreaterThanOrEqual(2);
    expect(calendar.calendar_events.filter((e) => e.recurring_event_id && e.status === 'cancelled').length).toBeGreaterThanOrEqual(2);
    const duplicate = linear.workflow_states.filter((s) => s.name === 'Duplicate').map((s) => s.id);
    expect(linear.issues.some((i) => duplicate.includes(i.stateId)) && linear.issue_relations.some((r) => r.type === 'duplicate')).toBe(true);
    expect(box.box_files.filter((f) => /OLD|old|v2/.test(f.name)).length).toBeGreaterThanOrEqual(2);
    const departed = mail.people.find((p) => !p.is_active)!;
    expect(slack.users.find((u) => u.email === departed.email)!.is_active).toBe(false);
    expect(linear.users.find((u) => u.email === departed.email)!.active).toBe(false);
    expect(box.box_users.find((u) => u.login === departed.email)!.status).toBe('inactive');
  });

  it('dates everything before the scenarios’ clock except what is planned', () => {
    const clock = Date.parse('2026-03-09T16:00:00Z');
    const late = (rows: Row[], column: string) => rows.filter((r) => r[column] && Date.parse(r[column]) >= clock).length;
    expect(late(slack.messages, 'created_at')).toBe(0);
    expect(late(mail.messages, 'received_at')).toBe(0);
    expect(late(linear.issues, 'createdAt') + late(linear.issues, 'completedAt') + late(linear.comments, 'createdAt')).toBe(0);
    expect(late(box.box_files, 'modified_at')).toBe(0);
  });
});
