import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunRecords, type AgentRunRecord } from '../../../src/agent/record.ts';
import { startFakeModelServer, type FakeReply } from '../../helpers/fakeModelServer.ts';
import { difflab } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'difflab-errored-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const post = "Posting.\n```bash\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM --data-urlencode \"text=Friday's board game night moved to the 4th-floor lounge\"\n```";
const done: FakeReply = { text: 'Posted in #random.\nAnswer: posted' };

/**
 * An OpenAI-compatible server whose behaviour is chosen by the model name: `cut` cuts the reply stream off mid-reply,
 * `down` answers 503 from the second turn on, `limited` answers 429 with Retry-After: 1 once and then normally,
 * `reset` resets the connection before replying, `refused` refuses the key, `good` does the task. Once `healed`,
 * every model does the task.
 */
async function provider() {
  let healed = false;
  let limitedOnce = false;
  const server = await startFakeModelServer((req) => {
    const turn = (req.body.messages as { role: string }[]).filter((m) => m.role === 'assistant').length;
    const normal: FakeReply = turn === 0 ? { text: post } : done;
    const model = req.body.model as string;
    if (model === 'refused') return { status: 401, message: 'invalid api key' };
    if (healed || model === 'good') return normal;
    if (model === 'cut') return { truncate: true, text: 'Good, I have what I need.\n```javascript\nconst r = awa' };
    if (model === 'down') return turn === 0 ? normal : { status: 503, message: 'overloaded' };
    if (model === 'reset') return { reset: true };
    if (model === 'limited' && !limitedOnce) {
      limitedOnce = true;
      return { status: 429, message: 'slow down', retryAfter: '1' };
    }
    return normal;
  });
  return { server, heal: () => (healed = true) };
}

const byModel = (records: AgentRunRecord[]) => Object.fromEntries(records.map((r) => [r.model.model, r]));

describe('difflab eval: a provider failure is not the model failure', () => {
  it('records errored runs with kind and step, leaves them out of the pass rate, and --retry-errored re-runs only those', async () => {
    const { server, heal } = await provider();
    try {
      const out = join(dir, 'results.jsonl');
      const models = ['cut', 'down', 'limited', 'reset', 'refused', 'good'].flatMap((m) => ['--model', m]);
      const r = await difflab(['eval', '--suite', 'slack', '--filter', 'random-boardgame', '--provider', 'openai', '--base-url', server.openaiBaseURL, ...models, '--trials', '1', '--concurrency', '2', '--max-retries', '1', '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const first = parseRunRecords(readFileSync(out, 'utf8')).records;
      const m = byModel(first);
      // (a) a stream cut off mid-reply: errored at step 1, not a final answer.
      expect(m.cut).toMatchObject({ state: 'errored', endReason: 'error', errorKind: 'truncated', errorStep: 0, answer: null });
      // (b) 503 from the second turn on: errored at step 2, step 1's post kept in the diff.
      expect(m.down).toMatchObject({ state: 'errored', errorKind: 'server', errorStep: 1 });
      expect(m.down.steps).toHaveLength(1);
      expect(m.down.runDiff.inserts).toHaveLength(1);
      expect(m.down.errorRetries).toEqual([expect.objectContaining({ cause: 'HTTP 503', status: 503 })]);
      // (c) 429 with Retry-After: 1 once: passes, and its first step shows the retry and the wait asked for.
      expect(m.limited.state).toBe('passed');
      expect(m.limited.steps[0].retries).toEqual([expect.objectContaining({ cause: 'HTTP 429', status: 429, retryAfterMs: 1000 })]);
      // (d) a connection reset before the reply: errored at step 1.
      expect(m.reset).toMatchObject({ state: 'errored', errorKind: 'network', errorStep: 0 });
      expect(m.refused).toMatchObject({ state: 'errored', errorKind: 'auth' });
      expect(m.good.state).toBe('passed');
      expect(r.stdout).toContain('4 of 6 runs errored (the provider failed, not the model): left out of pass, pass@k, pass^k, score and closed-world');
      expect(r.stdout).toMatch(/by kind: .*truncated 1/);

      // A run of (a) and one passing run: 100 %, with 1 errored — in report and merge.
      const two = join(dir, 'two.jsonl');
      writeFileSync(two, readFileSync(out, 'utf8').split('\n').filter((l) => /"model":"(cut|good)"/.test(l)).join('\n') + '\n');
      const report = await difflab(['report', two]);
      expect(report.code, report.stderr).toBe(0);
      expect(report.stdout).toContain('1 of 2 runs errored');
      expect(report.stdout).toMatch(/\ncut +1 +- +/);
      expect(report.stdout).toMatch(/\ngood +1 +100\.0%/);
      expect(report.stdout).toMatch(/\nslack +2 +100\.0% .* 1\n/);
      const merged = await difflab(['merge', two, '--out', join(dir, 'merged.jsonl')]);
      expect(merged.stderr).toContain('1 of 2 runs errored');

      // The retry re-runs exactly the errored runs that can succeed, and replaces them.
      heal();
      const before = server.received.length;
      const retried = join(dir, 'retried.jsonl');
      const again = await difflab(['eval', '--retry-errored', out, '--out', retried, '--max-retries', '1']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/skipped .*#0@refused\/code\/none: its error \(auth\) cannot succeed on retry/);
      expect(again.stderr).toContain('retrying 3 errored runs');
      const asked = new Set(server.received.slice(before).map((q) => q.body.model));
      expect([...asked].sort()).toEqual(['cut', 'down', 'reset']);
      const after = parseRunRecords(readFileSync(retried, 'utf8')).records;
      expect(after.map((x) => x.id)).toEqual(first.map((x) => x.id));
      const n = byModel(after);
      expect([n.cut.state, n.down.state, n.reset.state, n.refused.state]).toEqual(['passed', 'passed', 'passed', 'errored']);
      expect(n.down.settings).toEqual(m.down.settings);
      expect(n.down.batch).toBe(m.down.batch);
      expect(JSON.stringify(n.good)).toBe(JSON.stringify(m.good));
      expect(JSON.stringify(n.limited)).toBe(JSON.stringify(m.limited));
      expect(again.stdout).toContain('1 of 6 runs errored');
    } finally {
      await server.close();
    }
  }, 300_000);
});
