import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { box } from '../../../src/replicas/box/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { idValues } from '../../helpers/assertionIds.ts';

// The project's Box suite and its seed: the suite loads, the ids its assertions name exist in the seed, solutions
// find ids at run time, and the seed is the generator's output with the size and shape issue 3 asks for.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const raw = JSON.parse(readFileSync(join(root, 'scenarios/box/suite.json'), 'utf8'));
type Row = Record<string, any>;
const seed: Record<string, Row[]> = JSON.parse(readFileSync(join(root, 'scenarios/box/seeds/kestrel_box.json'), 'utf8'));

const known = new Set<string>(Object.values(seed).flatMap((rows) => rows.map((r) => String(r.id ?? r.collection_id))));
const ID_COLUMNS = ['id', 'item_id', 'parent_id', 'file_id', 'hub_id', 'collection_id'];

describe('scenarios/box/suite.json', () => {
  it('loads as a DiffLab suite with at least 40 tests spread over horizons 1 to 12+', () => {
    const result = loadSuite(raw);
    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(raw.tests.length).toBeGreaterThanOrEqual(40);
    const horizons = raw.tests.map((t: Row) => t.metadata.horizon);
    expect(Math.min(...horizons)).toBeLessThanOrEqual(2);
    expect(Math.max(...horizons)).toBeGreaterThanOrEqual(12);
    const ops = new Set(raw.tests.flatMap((t: Row) => t.metadata.operations));
    expect([...ops].sort()).toEqual(['C', 'D', 'R', 'U', 'search']);
  });

  it('names only ids that exist in the seed', () => {
    const missing: string[] = [];
    for (const t of raw.tests) {
      for (const a of t.assertions) {
        for (const col of ID_COLUMNS) for (const v of idValues(a.where ?? {}, col)) if (v !== '0' && !known.has(v)) missing.push(`${t.id}: ${col} ${v}`);
        for (const [col, change] of Object.entries(a.expected_changes ?? {})) {
          if (!ID_COLUMNS.includes(col)) continue;
          for (const side of ['from', 'to']) for (const v of idValues((change ?? {}) as Record<string, unknown>, side)) if (!known.has(v)) missing.push(`${t.id}: ${col} ${v}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(seed.box_users.some((u) => u.id === raw.acting_user)).toBe(true);
  });

  it('every test has a solution, and neither prompts nor solutions name seed ids', () => {
    const ids = [...known].filter((id) => id.length >= 6);
    for (const t of raw.tests) {
      const source = readFileSync(join(root, 'scenarios/box', t.solution), 'utf8');
      expect(ids.filter((id) => t.prompt.includes(id) || source.includes(id)), t.id).toEqual([]);
    }
  });

  it('solutions call only routes the replica has', () => {
    const routes = box.routes.map((r) => `${r.method} /${r.path.replace(/\{[^}]+\}/g, '{id}')}`);
    for (const t of raw.tests) for (const tool of t.metadata.tools) expect(routes, `${t.id}: ${tool}`).toContain(tool);
  });
});

describe('scenarios/box/seeds/kestrel_box.json', () => {
  it('is what generate.mjs produces', () => {
    expect(() => execFileSync(process.execPath, [join(root, 'scenarios/box/seeds/generate.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('has at least 40 folders and 200 files, each file with its bytes, and comments, tasks, tags, collections and hubs', () => {
    expect(seed.box_folders.length).toBeGreaterThanOrEqual(40);
    expect(seed.box_files.length).toBeGreaterThanOrEqual(200);
    const withContent = new Set(seed.box_file_versions.filter((v) => typeof v.content === 'string' && v.content.length > 0).map((v) => v.file_id));
    expect(seed.box_files.every((f) => withContent.has(f.id))).toBe(true);
    for (const table of ['box_comments', 'box_tasks', 'box_collection_items', 'box_hubs', 'box_hub_items']) expect(seed[table].length, table).toBeGreaterThan(0);
    expect(seed.box_files.some((f) => f.tags.length > 0)).toBe(true);
  });

  it('keeps every time but due dates before the replica clock starts', () => {
    const clock = box.defaultClockStart;
    const times = Object.values(seed).flatMap((rows) => rows.flatMap((r) => Object.entries(r).filter(([k, v]) => /_at$/.test(k) && k !== 'due_at' && typeof v === 'string').map(([, v]) => Date.parse(v as string))));
    expect(times.every((t) => t < clock)).toBe(true);
  });
});
