import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunRecords } from '../../../src/agent/record.ts';
import { startFakeModelServer } from '../../helpers/fakeModelServer.ts';
import { difflab } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'difflab-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('difflab eval, merge and report', () => {
  it('runs shards with the reference model and merges them into one report', async () => {
    const base = ['eval', '--suite', 'slack', '--filter', 'random', '--provider', 'reference', '--trials', '2', '--concurrency', '2'];
    const [a, b] = await Promise.all([
      difflab([...base, '--shard', '1/2', '--out', join(dir, 'a.jsonl')]),
      difflab([...base, '--shard', '2/2', '--out', join(dir, 'b.jsonl')]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.stderr).toMatch(/\d+\/\d+ passed/);
    const ra = parseRunRecords(readFileSync(join(dir, 'a.jsonl'), 'utf8')).records;
    const rb = parseRunRecords(readFileSync(join(dir, 'b.jsonl'), 'utf8')).records;
    expect(ra.length + rb.length).toBeGreaterThanOrEqual(2);
    expect(ra.length).toBeGreaterThan(0);
    expect(rb.length).toBeGreaterThan(0);
    expect(new Set([...ra, ...rb].map((r) => r.id)).size).toBe(ra.length + rb.length);

    const merged = await difflab(['merge', join(dir, 'a.jsonl'), join(dir, 'b.jsonl'), '--out', join(dir, 'all.jsonl')]);
    expect(merged.code, merged.stderr).toBe(0);
    const report = await difflab(['report', join(dir, 'all.jsonl')]);
    expect(report.stdout).toContain(`${ra.length + rb.length} runs`);
    expect(report.stdout).toMatch(/reference\s+\d+\s+100\.0%\s+100\.0% \(k=2\)/);
    const csv = await difflab(['merge', join(dir, 'all.jsonl'), '--out', join(dir, 'all.csv')]);
    expect(csv.code).toBe(0);
    expect(readFileSync(join(dir, 'all.csv'), 'utf8').split('\n')[0]).toMatch(/^id,scenario,suite/);
  }, 120_000);

  it('drives a model over HTTP with the key from the environment, and never writes the key', async () => {
    const server = await startFakeModelServer((req) => {
      const seen = JSON.stringify(req.body.messages);
      return seen.includes('Block 1') ? { text: 'Nothing more to do.' } : { text: '```bash\ncurl -s https://slack.com/api/auth.test -H "Authorization: Bearer difflab-agent"\n```' };
    });
    const key = 'sk-cli-secret-7777';
    process.env.DIFFLAB_TEST_KEY = key;
    try {
      const out = join(dir, 'http.jsonl');
      const r = await difflab(['eval', '--suite', 'slack', '--filter', 'random-boardgame', '--provider', 'openai', '--base-url', server.openaiBaseURL, '--model', 'fake-1', '--key-env', 'DIFFLAB_TEST_KEY', '--trials', '1', '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(server.received[0].headers.authorization).toBe(`Bearer ${key}`);
      const text = readFileSync(out, 'utf8');
      expect(text).not.toContain(key);
      expect(r.stdout + r.stderr).not.toContain(key);
      const [record] = parseRunRecords(text).records;
      expect(record.steps[0].actions[0].observation).toContain('"ok":true');
      expect(record.verdict.passed).toBe(false);
      expect(record.endReason).toBe('final_answer');
    } finally {
      delete process.env.DIFFLAB_TEST_KEY;
      await server.close();
    }
  }, 120_000);

  it('says which variable to set when there is no key', async () => {
    const r = await difflab(['eval', '--suite', 'slack', '--provider', 'anthropic', '--model', 'm', '--key-env', 'DIFFLAB_NO_SUCH_VAR', '--out', join(dir, 'x.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no API key: set DIFFLAB_NO_SUCH_VAR/);
  });
});
