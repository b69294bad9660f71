import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addedHello, difflab, makeFixture, sharedAgentDiff, tinySuite } from './fixtures.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('difflab check', () => {
  it('accepts a good suite and summarises its seeds', async () => {
    const r = await difflab(['check', '--suite', fx.suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ ok: true, format: 'difflab', tests: 2, issues: [] });
    expect(summary.seeds).toEqual([expect.objectContaining({ name: 'tiny_slack', ok: true, tests: 2, rows: 15 })]);
  });

  it('reports missing fields, missing seeds and missing solutions with JSON paths, and exits 1', async () => {
    const suite = fx.file(
      'check-bad.json',
      JSON.stringify({
        ...tinySuite,
        seed: 'no_such_seed',
        tests: [
          { ...tinySuite.tests[0], seed: 'tiny_slack', assertions: [{ ...addedHello, where: { nope: 'x' } }, { diff_type: 'added', entity: 'widgets' }] },
          { ...tinySuite.tests[1], solution: 'solutions/missing.js' },
        ],
      }),
    );
    const r = await difflab(['check', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    const paths = summary.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['$.tests[0].assertions[0].where.nope', '$.tests[0].assertions[1].entity', '$.seed', '$.tests[1].solution']),
    );
    expect(r.stderr).toContain('$.tests[0].assertions[0].where.nope');
  });

  it('a malformed suite still gets its names checked: a misspelt table and column get their "did you mean"', async () => {
    const suite = fx.file(
      'check-names.json',
      JSON.stringify({ ...tinySuite, tests: [{ ...tinySuite.tests[0], title: 3, assertions: [{ diff_type: 'added', entity: 'mesages' }, { ...addedHello, where: { chanel_id: 'C1' } }] }] }),
    );
    const r = await difflab(['check', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    expect(summary.format).toBe('difflab');
    expect(summary.issues.map((i: { path: string; message: string }) => [i.path, /did you mean "(\w+)"/.exec(i.message)?.[1] ?? null])).toEqual([
      ['$.tests[0].title', null],
      ['$.tests[0].assertions[0].entity', 'messages'],
      ['$.tests[0].assertions[1].where.chanel_id', 'channel_id'],
    ]);
  });

  it('reports a malformed suite by path', async () => {
    const suite = fx.file('check-malformed.json', JSON.stringify({ ...tinySuite, tests: [{ ...tinySuite.tests[0], title: 3 }] }));
    const r = await difflab(['check', '--suite', suite]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).issues).toEqual([expect.objectContaining({ path: '$.tests[0].title' })]);
    expect(r.stderr).toContain('$.tests[0].title');
  });

  it.skipIf(!existsSync(join(sharedAgentDiff, 'testsuites', 'slack_bench_v2.json')))(
    "accepts Agent-Diff's published Slack suite with its seeds",
    async () => {
      const r = await difflab([
        'check',
        '--suite',
        '../shared/agent-diff/testsuites/slack_bench_v2.json',
        '--seeds',
        '../shared/agent-diff/seeds',
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, format: 'agent-diff', tests: 59, seeds: [expect.objectContaining({ name: 'slack_bench_v2', ok: true })] });
    },
  );
});
