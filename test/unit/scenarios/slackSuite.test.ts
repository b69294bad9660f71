import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slack } from '../../../src/replicas/slack/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { idValues } from '../../helpers/assertionIds.ts';

// The project's Slack suite and its seed: the suite must load, every id its assertions name must exist in the
// seed, and the seed must be the generator's output and keep the invariants the scenarios rely on.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const suiteFile = join(root, 'scenarios/slack/suite.json');
const seedFile = join(root, 'scenarios/slack/seeds/northwind_slack.json');
const raw = JSON.parse(readFileSync(suiteFile, 'utf8'));
type Row = Record<string, any>;
const seed: Record<string, Row[]> = JSON.parse(readFileSync(seedFile, 'utf8'));

const ids = {
  users: new Set(seed.users.map((u) => u.user_id)),
  channels: new Set(seed.channels.map((c) => c.channel_id)),
  messages: new Set(seed.messages.map((m) => m.message_id)),
};

describe('scenarios/slack/suite.json', () => {
  it('loads as a DiffLab suite', () => {
    const result = loadSuite(raw);
    expect(result.ok ? [] : result.issues).toEqual([]);
  });

  it('names only ids that exist in the seed', () => {
    const missing: string[] = [];
    for (const t of raw.tests) {
      for (const a of t.assertions) {
        const where = { ...(a.where ?? {}) };
        for (const v of [...idValues(where, 'message_id'), ...idValues(where, 'parent_id')]) if (!ids.messages.has(v)) missing.push(`${t.id}: message ${v}`);
        for (const v of idValues(where, 'channel_id')) if (!ids.channels.has(v)) missing.push(`${t.id}: channel ${v}`);
        for (const v of idValues(where, 'user_id')) if (!ids.users.has(v)) missing.push(`${t.id}: user ${v}`);
      }
      expect(raw.acting_user && ids.users.has(raw.acting_user)).toBe(true);
    }
    expect(missing).toEqual([]);
  });

  it('gives every test a reference solution, and names ids in prompts only when explicit_ids says so', () => {
    const allIds = [...ids.users, ...ids.channels, ...ids.messages];
    for (const t of raw.tests) {
      expect(existsSync(join(root, 'scenarios/slack', t.solution)), t.id).toBe(true);
      const named = allIds.filter((id) => t.prompt.includes(id));
      if (t.metadata.explicit_ids) expect(named.length, t.id).toBeGreaterThan(0);
      else expect(named, t.id).toEqual([]);
    }
  });

  it('solutions discover ids at run time unless the prompt gives them', () => {
    const allIds = [...ids.users, ...ids.channels, ...ids.messages];
    for (const t of raw.tests) {
      if (t.metadata.explicit_ids) continue;
      const source = readFileSync(join(root, 'scenarios/slack', t.solution), 'utf8');
      expect(allIds.filter((id) => source.includes(id)), t.id).toEqual([]);
    }
  });
});

describe('scenarios/slack/seeds/northwind_slack.json', () => {
  it('is what generate.mjs produces', () => {
    expect(() => execFileSync(process.execPath, [join(root, 'scenarios/slack/seeds/generate.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('keeps every time before the replica clock starts', () => {
    const start = slack.defaultClockStart! / 1000;
    for (const m of seed.messages) expect(Number(m.ts), m.message_id).toBeLessThan(start);
    for (const r of seed.message_reactions) expect(Date.parse(r.created_at) / 1000).toBeLessThan(start);
  });

  it('has Slack-shaped, unique, time-ordered message ids and well-formed threads', () => {
    const byId = new Map(seed.messages.map((m) => [m.message_id, m]));
    expect(byId.size).toBe(seed.messages.length);
    let previous = 0;
    for (const m of seed.messages) {
      expect(m.message_id).toMatch(/^\d{10}\.\d{6}$/);
      expect(m.ts).toBe(m.message_id);
      expect(Number(m.ts)).toBeGreaterThan(previous);
      previous = Number(m.ts);
      if (m.parent_id) {
        const parent = byId.get(m.parent_id);
        expect(parent?.parent_id, m.message_id).toBeNull();
        expect(parent?.channel_id).toBe(m.channel_id);
        expect(Number(m.ts)).toBeGreaterThan(Number(parent!.ts));
      }
    }
    const replyCounts = new Map<string, number>();
    for (const m of seed.messages) if (m.parent_id) replyCounts.set(m.parent_id, (replyCounts.get(m.parent_id) ?? 0) + 1);
    expect(replyCounts.size).toBeGreaterThanOrEqual(25);
    for (const n of replyCounts.values()) expect(n).toBeGreaterThanOrEqual(2);
    for (const n of replyCounts.values()) expect(n).toBeLessThanOrEqual(6);
  });

  it('keeps memberships consistent: DMs have two members, authors belong to their channels', () => {
    const members = new Map<string, Set<string>>();
    for (const { channel_id, user_id } of seed.channel_members) {
      expect(ids.users.has(user_id)).toBe(true);
      if (!members.has(channel_id)) members.set(channel_id, new Set());
      members.get(channel_id)!.add(user_id);
    }
    for (const c of seed.channels) {
      if (c.is_dm) expect(members.get(c.channel_id)?.size, c.channel_id).toBe(2);
      if (c.is_gc) expect(members.get(c.channel_id)!.size, c.channel_id).toBeGreaterThanOrEqual(3);
    }
    const active = new Set(seed.users.filter((u) => u.is_active).map((u) => u.user_id));
    for (const m of seed.messages) {
      if (active.has(m.user_id)) expect(members.get(m.channel_id)?.has(m.user_id), m.message_id).toBe(true);
    }
    for (const r of seed.message_reactions) expect(ids.messages.has(r.message_id)).toBe(true);
  });

  it('has the size the scenarios were written for', () => {
    expect(seed.users.length).toBeGreaterThanOrEqual(18);
    expect(seed.channels.length).toBeGreaterThanOrEqual(14);
    expect(seed.channels.filter((c) => c.is_dm).length).toBeGreaterThanOrEqual(3);
    expect(seed.channels.filter((c) => c.is_gc).length).toBeGreaterThanOrEqual(2);
    expect(seed.channels.filter((c) => c.is_archived).length).toBeGreaterThanOrEqual(1);
    expect(seed.messages.length).toBeGreaterThanOrEqual(320);
    expect(seed.message_reactions.length).toBeGreaterThanOrEqual(40);
  });
});
