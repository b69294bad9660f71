import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunRecords } from '../../../src/agent/record.ts';
import { difflab } from './fixtures.ts';

// A scripted model speaking the ReAct protocol with Bash actions (test/fixtures/react/<suite>.json, written for
// this project: each action looks its ids up with curl and jq, as the protocol's stateless commands must) solves
// published Agent-Diff tasks, read from ../shared/agent-diff/, through `difflab eval --mode react`.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shared = resolve(repoRoot, '../shared/agent-diff');
const fixtures = join(repoRoot, 'test/fixtures/react');
const suites = existsSync(shared) ? readdirSync(fixtures).filter((f) => f.endsWith('.json')) : [];
const dir = mkdtempSync(join(tmpdir(), 'difflab-react-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!suites.length)('difflab eval --mode react with a scripted model on Agent-Diff tasks', () => {
  it.each(suites)('%s: every scripted task passes', async (file) => {
    const replies = JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as Record<string, string[]>;
    const ids = Object.keys(replies);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const out = join(dir, file.replace('.json', '.jsonl'));
    const result = await difflab([
      'eval', '--suite', join(shared, 'testsuites', file), '--seeds', join(shared, 'seeds'),
      '--provider', 'scripted', '--replies', join(fixtures, file), '--mode', 'react', '--trials', '1', '--concurrency', '2', '--out', out,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const records = parseRunRecords(readFileSync(out, 'utf8')).records.filter((r) => ids.includes(r.scenario.id));
    expect(records).toHaveLength(ids.length);
    const failed = records
      .filter((r) => !r.verdict.passed)
      .map((r) => `${r.scenario.id}: ${r.verdict.failures.map((f) => JSON.stringify(f)).join('; ')}\n${r.steps.flatMap((st) => st.actions.map((a) => a.observation)).join('\n')}`);
    expect(failed).toEqual([]);
    for (const r of records) {
      expect(r.settings).toMatchObject({ mode: 'react', maxIterations: 25, timeLimitMs: 300_000 });
      expect(r.system).toContain('<action>');
      expect(r.steps.flatMap((s) => s.actions).every((a) => a.kind === 'bash')).toBe(true);
    }
  }, 600_000);
});
