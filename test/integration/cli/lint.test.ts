import { afterAll, describe, expect, it } from 'vitest';
import { addedHello, difflab, makeFixture, tinySuite } from './fixtures.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('difflab lint', () => {
  it('proves a sound scenario, finds a planted weak one and a broken one, and prints the scores', async () => {
    const suite = fx.file(
      'lint-suite.json',
      JSON.stringify({
        ...tinySuite,
        tests: [
          tinySuite.tests[0],
          tinySuite.tests[1],
          // Weak: passes when nothing is done.
          { ...tinySuite.tests[0], id: 'weak', assertions: [{ ...addedHello, expected_count: { min: 0 } }] },
        ],
      }),
    );
    const r = await difflab(['lint', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.find((l) => l.trim().startsWith('post-hello'))).toMatch(/^\s+post-hello\s+(\d+)\/\1\s+100\.0%\s+open world \d+\/\d+\s+ok$/);
    expect(r.stdout).toMatch(/wrong-solution.*PROBLEM\n\s+problem: reference solution fails: assertions\[0\]/);
    expect(r.stdout).toMatch(/weak.*PROBLEM\n\s+problem: the empty script passes/);
    expect(r.stdout).toMatch(/^suite tiny: mutation score \d+\.\d% \(\d+\/\d+ mutants caught\); open world/m);
  });

  it('reports as JSON', async () => {
    const suite = fx.file('one.json', JSON.stringify({ ...tinySuite, tests: [tinySuite.tests[0]] }));
    const r = await difflab(['lint', '--suite', suite, '--seeds', fx.seeds, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.suite).toBe('tiny');
    expect(report.reports[0]).toMatchObject({ id: 'post-hello', problems: [], referencePassed: true, emptyFailed: true });
    expect(report.score.caught).toBe(report.score.total);
    expect(report.reports[0].mutants.map((m: { kind: string }) => m.kind)).toContain('drop-change');
  });
});
