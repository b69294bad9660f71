import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelLabel, parseRunRecords, summarizeRun, toCsv } from '../../../src/agent/record.ts';
import { formatReport } from '../../../src/agent/report.ts';
import { statsBy } from '../../../src/agent/stats.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { evaluateDiff } from '../../../src/evaluation/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { humanBudget, summarizeHuman } from '../../../src/studio/humanBaseline.ts';
import { playgroundRunRecord } from '../../../src/studio/playgroundRun.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

const models = parseRunRecords(readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8')).records;
const correct = models.find((r) => r.id === 'demo-correct')!;
const loaded = loadSuite(readFileSync(join(repoRoot, 'scenarios/slack/suite.json'), 'utf8'));
if (!loaded.ok) throw new Error('suite does not load');
const scenario = loaded.suite.tests.find((t) => t.id === correct.scenario.id)!;

/** A person's attempt: the same steps the correct demo run took (so it passes), or nothing (so it fails). */
function human(id: string, pass: boolean, ms: number) {
  const steps = pass
    ? correct.steps.flatMap((s) =>
        s.actions.map((a) => ({
          code: a.code,
          script: { ok: a.ok, console: [{ level: 'log' as const, text: a.observation }], requests: a.requests, durationMs: a.ms },
          stepDiff: a.stepDiff,
          runDiff: s.runDiff,
          verdict: s.verdict,
        })),
      )
    : [];
  return playgroundRunRecord({
    id,
    scenario,
    suite: correct.scenario.suite,
    steps,
    faults: {},
    startedAt: '2026-01-01T00:00:00.000Z',
    ms,
    human: { budget: humanBudget(scenario), outOfBudget: false },
    batch: 'human',
  });
}

describe('human attempts beside model runs', () => {
  const people = [human('h1', true, 90_000), human('h2', false, 30_000)];
  const all = [...models, ...people];

  it('a person gets the agent default step budget, and an empty attempt is graded on the seed state', () => {
    expect(humanBudget(scenario)).toBe(15);
    expect(people[0].settings.maxIterations).toBe(15);
    expect(people[1].verdict).toEqual(evaluateDiff(scenario.spec, emptyDiff(), { closedWorld: scenario.closedWorld, answerChecks: scenario.answerChecks, answer: null }));
    expect(people[1].verdict.passed).toBe(false);
    expect(people[0].verdict.passed).toBe(true);
  });

  it('the stats give one "human" row, apart from the models, with steps and time', () => {
    const byModel = statsBy(all.map(summarizeRun), 'model');
    const row = byModel.find((g) => g.key === 'human')!;
    expect(row.stats.runs).toBe(2);
    expect(row.stats.passRate).toBe(0.5);
    // Two attempts at one scenario are two trials of the person, not pooled with a model's.
    expect(row.stats.minTrials).toBe(2);
    expect(row.stats.meanSteps).toBe(correct.steps.reduce((n, s) => n + s.actions.length, 0) / 2);
    expect(row.stats.meanMs).toBe(60_000);
    expect(row.stats.inputTokens + row.stats.outputTokens).toBe(0);
    expect(byModel.filter((g) => g.key !== 'human').reduce((n, g) => n + g.stats.runs, 0)).toBe(models.length);
  });

  it('difflab report prints the human row and counts the attempts apart from the models', () => {
    const report = formatReport(all, {});
    expect(report.split('\n')[0]).toBe(`${all.length} runs, ${new Set(all.map((r) => r.scenario.id)).size} scenarios, ${new Set(models.map((r) => modelLabel(r.model))).size} models, 2 human attempts (row "human")`);
    expect(report).toMatch(/\nhuman +2 +50\.0% +100\.0% \(k=2\) +0\.0% /);
    expect(toCsv(people).split('\n')[1]).toContain(',human,code,none,');
  });

  it('summarises attempts per scenario with the best one', () => {
    const s = summarizeHuman(all).get(`${correct.scenario.suite}/${correct.scenario.id}`)!;
    expect(s).toMatchObject({ attempts: 2, passes: 1 });
    expect(s.best?.id).toBe('h1');
  });
});
