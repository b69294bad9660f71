import { describe, expect, it } from 'vitest';
import { choose, groupStats, meanInterval, passAtK, passHatK, statsBy } from '../../../src/agent/stats.ts';
import type { RunSummary } from '../../../src/agent/record.ts';

function run(scenario: string, passed: boolean, over: Partial<RunSummary> = {}): RunSummary {
  return {
    id: `${scenario}-${Math.random()}`, scenario, services: ['slack'], model: 'm', mode: 'code', docs: 'none', trial: 0,
    state: passed ? 'passed' : 'failed', passed, agentDiffPassed: passed, closedWorldPassed: passed, scorePassed: passed ? 2 : 0, scoreTotal: 2, steps: 3,
    endReason: 'final_answer', error: null, inputTokens: 10, outputTokens: 5, totalMs: 100, faults: '', ...over,
  };
}

describe('pass@k and pass^k', () => {
  it('choose is the binomial coefficient', () => {
    expect(choose(5, 2)).toBe(10);
    expect(choose(3, 0)).toBe(1);
    expect(choose(2, 3)).toBe(0);
  });

  it('pass@k is the chance that one of k trials (drawn without replacement) passes', () => {
    // 3 trials, 1 passed: pass@1 = 1/3, pass@2 = 1 - C(2,2)/C(3,2) = 2/3, pass@3 = 1.
    expect(passAtK(3, 1, 1)).toBeCloseTo(1 / 3);
    expect(passAtK(3, 1, 2)).toBeCloseTo(2 / 3);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passAtK(3, 0, 3)).toBe(0);
    expect(passAtK(2, 1, 3)).toBeNaN();
  });

  it('pass^k is the chance that all k trials pass', () => {
    // 3 trials, 2 passed: pass^1 = 2/3, pass^2 = C(2,2)/C(3,2) = 1/3, pass^3 = 0.
    expect(passHatK(3, 2, 1)).toBeCloseTo(2 / 3);
    expect(passHatK(3, 2, 2)).toBeCloseTo(1 / 3);
    expect(passHatK(3, 2, 3)).toBe(0);
    expect(passHatK(3, 3, 3)).toBe(1);
  });
});

describe('meanInterval', () => {
  it('gives a 95% t-interval around the mean, clipped to [0, 1]', () => {
    const m = meanInterval([0.5, 0.7, 0.6, 0.8]);
    expect(m.mean).toBeCloseTo(0.65);
    // sd = 0.1291, se = 0.06455, t(3) = 3.182 → half-width 0.2054
    expect(m.low).toBeCloseTo(0.65 - 0.2054, 3);
    expect(m.high).toBeCloseTo(0.65 + 0.2054, 3);
    expect(meanInterval([1, 1, 0]).high).toBeLessThanOrEqual(1);
    expect(meanInterval([0.4])).toMatchObject({ mean: 0.4, low: 0.4, high: 0.4 });
  });
});

describe('groupStats', () => {
  it('averages pass@k over scenarios and scores runs by their share of passed assertions', () => {
    const runs = [
      run('a', true), run('a', false, { scorePassed: 1 }), run('a', true),
      run('b', false), run('b', false), run('b', false, { closedWorldPassed: true }),
    ];
    const s = groupStats(runs);
    expect(s.runs).toBe(6);
    expect(s.scenarios).toBe(2);
    expect(s.minTrials).toBe(3);
    expect(s.passRate).toBeCloseTo(2 / 6);
    expect(s.passAtK[1]).toBeCloseTo((2 / 3 + 0) / 2);
    expect(s.passAtK[3]).toBeCloseTo((1 + 0) / 2);
    expect(s.passHatK[2]).toBeCloseTo((1 / 3 + 0) / 2);
    // scores: 1, 0.5, 1, 0, 0, 0
    expect(s.score.mean).toBeCloseTo(2.5 / 6);
    expect(s.closedWorldPassRate).toBeCloseTo(3 / 6);
    expect(s.errored).toBe(0);
    expect(s.inputTokens).toBe(60);
  });

  it('leaves errored runs out of pass rate, score, pass@k and pass^k, and says how many', () => {
    // The errored run's state happened to pass (step 1 did the work before the provider failed): still not counted.
    const errored = run('a', true, { state: 'errored', endReason: 'error', errorKind: 'truncated' });
    const s = groupStats([run('a', true), errored, run('b', false), run('b', false, { state: 'errored', endReason: 'error' })]);
    expect(s).toMatchObject({ runs: 4, judged: 2, errored: 2, scenarios: 2, minTrials: 1 });
    expect(s.passRate).toBe(0.5);
    expect(s.passAtK[1]).toBe(0.5);
    expect(s.passHatK[1]).toBe(0.5);
    expect(s.score.mean).toBe(0.5);
    expect(s.score.n).toBe(2);
    expect(s.closedWorldPassRate).toBe(0.5);
    // A run of a cut-off reply beside one passing run: 100 %, with 1 errored.
    expect(groupStats([run('a', true), run('a', false, { state: 'errored', endReason: 'error' })])).toMatchObject({ passRate: 1, errored: 1, judged: 1 });
  });

  it('a run with no assertions scores 1, as in Agent-Diff', () => {
    expect(groupStats([run('a', true, { scorePassed: 0, scoreTotal: 0 })]).score.mean).toBe(1);
  });

  it('groups by the number of services a run spans', () => {
    const groups = statsBy([run('a', true), run('b', false, { services: ['slack', 'linear'] }), run('c', true, { services: ['slack', 'box', 'mail'] }), run('d', true, { services: ['box', 'mail'] })], 'span');
    expect(groups.map((g) => [g.key, g.stats.runs, g.stats.passRate])).toEqual([['1 service', 1, 1], ['2 services', 2, 0.5], ['3 services', 1, 1]]);
  });

  it('groups by service, counting a cross-service run for each of its services', () => {
    const groups = statsBy([run('a', true), run('b', false, { services: ['slack', 'linear'] })], 'service');
    expect(groups.map((g) => [g.key, g.stats.runs])).toEqual([['linear', 1], ['slack', 2]]);
  });
});

describe('trials across models', () => {
  it('pass@k counts trials per model: two models are not six trials of one', () => {
    const runs = [
      ...[0, 1, 2].map(() => run('a', true, { model: 'good' })),
      ...[0, 1, 2].map(() => run('a', false, { model: 'bad' })),
    ];
    const s = groupStats(runs);
    expect(s.minTrials).toBe(3);
    expect(s.scenarios).toBe(2);
    expect(s.passAtK[3]).toBeCloseTo(0.5);
    expect(s.passHatK[3]).toBeCloseTo(0.5);
  });
});
