import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunRecords, type AgentRunRecord } from '../../../src/agent/record.ts';
import { difflab, makeFixture } from './fixtures.ts';

const fixture = makeFixture();
afterAll(() => fixture.cleanup());

const fence = (code: string) => ['Posting it now.', '```javascript', code, '```'].join('\n');
const post = (channel: string) =>
  `const r = await fetch('https://slack.com/api/chat.postMessage', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body: JSON.stringify({ channel: '${channel}', text: 'hello from the agent' }) });\nconsole.log((await r.json()).ok);`;

/** A scripted model: right on the first scenario, wrong on the second (two turns), so that the report has both. */
const replies = fixture.file(
  'replies.json',
  JSON.stringify({ 'post-hello': [fence(post('C1')), 'Done.'], 'wrong-solution': [fence(post('C3')), fence(post('C2')), 'Done.'] }),
);
const evalArgs = ['eval', '--suite', fixture.suite, '--seeds', fixture.seeds, '--provider', 'scripted', '--replies', replies, '--trials', '3', '--concurrency', '2', '--batch', 'sharded'];

/** A run record without what differs between two runs of the same plan: timings, cost and the wall clock. */
function comparable(record: AgentRunRecord): unknown {
  return JSON.parse(JSON.stringify(record), (key, value) => (/^(timing|startedAt|cost|ms|.*Ms|.*At)$/.test(key) ? undefined : value));
}
const byId = (records: AgentRunRecord[]) => [...records].sort((a, b) => a.id.localeCompare(b.id)).map(comparable);
const records = (file: string) => parseRunRecords(readFileSync(file, 'utf8')).records;

describe('shards from the scheduler', () => {
  it('four shards run as an Indexed Job runs them (environment only) merge into the unsharded report', async () => {
    const whole = await difflab([...evalArgs, '--out', join(fixture.dir, 'whole.jsonl')]);
    expect(whole.code, whole.stderr).toBe(0);
    const wholeRecords = records(join(fixture.dir, 'whole.jsonl'));
    expect(wholeRecords).toHaveLength(6);
    expect(wholeRecords.filter((r) => r.verdict.passed)).toHaveLength(3);

    const results = join(fixture.dir, 'results');
    for (let index = 0; index < 4; index++) {
      const pod = await difflab(evalArgs, { env: { JOB_COMPLETION_INDEX: String(index), DIFFLAB_SHARD_COUNT: '4', DIFFLAB_OUT_DIR: results } });
      expect(pod.code, pod.stderr).toBe(0);
    }
    expect(readdirSync(results).sort()).toEqual(['shard-1-of-4.jsonl', 'shard-2-of-4.jsonl', 'shard-3-of-4.jsonl', 'shard-4-of-4.jsonl']);
    const sizes = readdirSync(results).sort().map((f) => records(join(results, f)).length);
    expect(sizes).toEqual([2, 2, 1, 1]);

    const merged = await difflab(['merge', results, '--out', join(fixture.dir, 'merged.jsonl')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toContain('merged 6 runs from 4 file(s)');
    expect(byId(records(join(fixture.dir, 'merged.jsonl')))).toEqual(byId(wholeRecords));

    const reportOf = async (file: string) => {
      const r = await difflab(['report', file]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    expect(await reportOf(join(fixture.dir, 'merged.jsonl'))).toEqual(await reportOf(join(fixture.dir, 'whole.jsonl')));
  }, 900_000);

  it('a folder with a shard missing does not merge', async () => {
    const partial = join(fixture.dir, 'partial');
    mkdirSync(partial);
    for (const i of [1, 2, 4]) writeFileSync(join(partial, `shard-${i}-of-4.jsonl`), '');
    const r = await difflab(['merge', partial, '--out', join(fixture.dir, 'partial.jsonl')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('lacks 1 of 4 shards: shard-3-of-4.jsonl');
    rmSync(partial, { recursive: true });
  });

  it.each([
    [{ JOB_COMPLETION_INDEX: '4', DIFFLAB_SHARD_COUNT: '4' }, 'JOB_COMPLETION_INDEX is 4, not below DIFFLAB_SHARD_COUNT 4'],
    [{ JOB_COMPLETION_INDEX: '0', DIFFLAB_SHARD_COUNT: '0' }, 'DIFFLAB_SHARD_COUNT must be a whole number ≥ 1, got "0"'],
    [{ JOB_COMPLETION_INDEX: 'two', DIFFLAB_SHARD_COUNT: '4' }, 'JOB_COMPLETION_INDEX must be a whole number ≥ 0, got "two"'],
    [{ JOB_COMPLETION_INDEX: '1' }, 'JOB_COMPLETION_INDEX is "1" but DIFFLAB_SHARD_COUNT is not set'],
  ])('refuses a bad shard from the environment: %o', async (env, message) => {
    const r = await difflab([...evalArgs, '--out-dir', join(fixture.dir, 'never')], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(readdirSync(fixture.dir)).not.toContain('never');
  });
});
