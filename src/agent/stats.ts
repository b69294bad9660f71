/**
 * Benchmark statistics over run summaries: pure functions, no I/O.
 *
 * - pass rate: passed runs / runs.
 * - pass@k (Chen et al. 2021, unbiased): per scenario with n trials of which c passed, 1 − C(n−c, k) / C(n, k): the
 *   chance that at least one of k trials passes; averaged over scenarios.
 * - pass^k (Yao et al. 2024, τ-bench): per scenario C(c, k) / C(n, k): the chance that all k trials pass; averaged.
 * - score: Agent-Diff's assertion-weighted score, the share of a run's assertions (and answer checks) that passed
 *   (a run with no assertions scores 1), averaged over runs, with a 95% t-interval.
 * - closed-world pass rate: runs whose every change is explained by an assertion / runs.
 *
 * Errored runs (runState.ts: the provider failed before the model ended the run) are left out of every one of these:
 * they are counted in `errored`, and `judged` is what the rates divide by.
 */
import type { RunSummary } from './record.ts';

/** n choose k as a float (exact enough for the trial counts of a benchmark). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Unbiased pass@k for one scenario: n trials, c passed. Undefined (NaN) when k > n. */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n || n === 0) return Number.NaN;
  if (n - c < k) return 1;
  return 1 - choose(n - c, k) / choose(n, k);
}

/** pass^k for one scenario: every one of k trials passes. */
export function passHatK(n: number, c: number, k: number): number {
  if (k > n || n === 0) return Number.NaN;
  return choose(c, k) / choose(n, k);
}

// Two-sided 97.5% quantiles of Student's t for 1…30 degrees of freedom; 1.96 beyond.
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

export interface MeanInterval {
  mean: number;
  /** 95% confidence interval of the mean (t-distribution); equal to the mean when n < 2. */
  low: number;
  high: number;
  n: number;
}

export function meanInterval(values: readonly number[]): MeanInterval {
  const n = values.length;
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, n };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, low: mean, high: mean, n };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const t = n - 1 <= T975.length ? T975[n - 2] : 1.96;
  const half = t * Math.sqrt(variance / n);
  return { mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half), n };
}

export function runScore(r: Pick<RunSummary, 'scorePassed' | 'scoreTotal'>): number {
  return r.scoreTotal === 0 ? 1 : r.scorePassed / r.scoreTotal;
}

export interface GroupStats {
  /** Every run of the group, errored ones included. */
  runs: number;
  /** The runs the rates count: `runs` less the errored. */
  judged: number;
  /** Scenario × configuration (model, mode, docs) pairs: the units pass@k and pass^k average over. */
  scenarios: number;
  /** The smallest number of trials any scenario had: pass@k and pass^k are given for k = 1…minTrials. */
  minTrials: number;
  passRate: number;
  passAtK: Record<number, number>;
  passHatK: Record<number, number>;
  score: MeanInterval;
  closedWorldPassRate: number;
  agentDiffPassRate: number;
  /** Runs left out of pass rate, score, pass@k and pass^k because the provider failed. */
  errored: number;
  meanSteps: number;
  inputTokens: number;
  outputTokens: number;
  meanMs: number;
}

export function groupStats(runs: readonly RunSummary[]): GroupStats {
  const judged = runs.filter((r) => r.state !== 'errored');
  // Trials are the runs of one scenario under one configuration (model, mode, docs, faults): other models' runs are not more trials.
  const byScenario = new Map<string, { n: number; c: number }>();
  for (const r of judged) {
    const key = `${r.model}|${r.mode}|${r.docs}|${r.faults}|${r.suite ?? ''}/${r.scenario}`;
    const s = byScenario.get(key) ?? { n: 0, c: 0 };
    s.n++;
    if (r.passed) s.c++;
    byScenario.set(key, s);
  }
  const scenarios = [...byScenario.values()];
  const minTrials = scenarios.length ? Math.min(...scenarios.map((s) => s.n)) : 0;
  const atK: Record<number, number> = {};
  const hatK: Record<number, number> = {};
  for (let k = 1; k <= minTrials; k++) {
    atK[k] = avg(scenarios.map((s) => passAtK(s.n, s.c, k)));
    hatK[k] = avg(scenarios.map((s) => passHatK(s.n, s.c, k)));
  }
  const share = (f: (r: RunSummary) => boolean) => (judged.length ? judged.filter(f).length / judged.length : Number.NaN);
  return {
    runs: runs.length,
    judged: judged.length,
    scenarios: scenarios.length,
    minTrials,
    passRate: share((r) => r.passed),
    passAtK: atK,
    passHatK: hatK,
    score: meanInterval(judged.map(runScore)),
    closedWorldPassRate: share((r) => r.closedWorldPassed),
    agentDiffPassRate: share((r) => r.agentDiffPassed),
    errored: runs.length - judged.length,
    meanSteps: avg(runs.map((r) => r.steps)),
    inputTokens: sum(runs.map((r) => r.inputTokens)),
    outputTokens: sum(runs.map((r) => r.outputTokens)),
    meanMs: avg(runs.map((r) => r.totalMs)),
  };
}

/** What the rates leave out, in one sentence: `report`, `eval`, `merge` and the page's tables say it. */
export function erroredNote(errored: number, runs: number): string {
  return `${errored} of ${runs} runs errored (the provider failed, not the model): left out of pass, pass@k, pass^k, score and closed-world`;
}

/** `span`: the number of services a scenario spans ("2 services"), as EmailBench breaks results down by domain count. */
export type GroupKey = 'model' | 'service' | 'span' | 'category' | 'horizon' | 'docs' | 'faults' | 'mode' | 'scenario';

export function spanLabel(services: number): string {
  return `${services} service${services === 1 ? '' : 's'}`;
}

/** The groups a run belongs to under a key. */
export function groupKeysOf(r: RunSummary, by: GroupKey): string[] {
  switch (by) {
    case 'service':
      return r.services.length ? r.services : ['(none)'];
    case 'span':
      return [spanLabel(r.services.length)];
    case 'horizon':
      return [r.horizon === undefined ? '(none)' : String(r.horizon)];
    case 'category':
      return [r.category ?? '(none)'];
    case 'faults':
      return [r.faults || '(none)'];
    default:
      return [String(r[by])];
  }
}

/** Statistics per value of a key (a run of a cross-service scenario counts for each of its services). */
export function statsBy(runs: readonly RunSummary[], by: GroupKey): { key: string; stats: GroupStats }[] {
  const groups = new Map<string, RunSummary[]>();
  for (const r of runs) for (const k of groupKeysOf(r, by)) groups.set(k, [...(groups.get(k) ?? []), r]);
  return [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0], undefined, { numeric: true })).map(([key, rs]) => ({ key, stats: groupStats(rs) }));
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function avg(xs: number[]): number {
  return xs.length ? sum(xs) / xs.length : Number.NaN;
}
