/**
 * Agent-mode figures for `npm run bench` (the lead wires `benchAgent` into bench.ts):
 * - harness overhead per agent step, model time and the environment's own time (the sandbox worker, requests, diff
 *   and evaluation) excluded: the loop's own work (prompt, blocks, curl parsing, observations), from runs with an
 *   instant scripted model; and the whole non-model time per step beside it;
 * - a batch of `runs` scenario runs × 1 trial with that model, at concurrency 1 and 2, and the speed-up.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { planBatch, runBatch, type BatchJob } from '../agent/batch.ts';
import { runAgent } from '../agent/loop.ts';
import { replayScriptModel } from '../agent/providers/scriptedProvider.ts';
import type { AgentRunRecord } from '../agent/record.ts';
import { sessionWorld } from '../agent/world.ts';
import type { Workbench } from '../session/index.ts';
import { defaultLimits } from '../sandbox/types.ts';
import { prewarmed } from './prewarmedWorkers.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';
import { quantile, roundTo } from './benchStats.ts';

export interface AgentBenchFigures {
  runs: number;
  steps: number;
  /** The loop's own work per step: everything but the model and the environment's actions. */
  harnessOverheadPerStepMsMedian: number;
  harnessOverheadPerStepMsP95: number;
  /** All non-model time per step, the sandbox (a worker per script) included. */
  nonModelPerStepMsMedian: number;
  batchSecondsConcurrency1: number;
  batchSecondsConcurrency2: number;
  speedupConcurrency2: number;
  passRate: number;
}

const quantile2 = (values: number[], q: number) => roundTo(quantile(values, q), 2);

export async function benchAgent(options: { runs?: number; workbench?: Workbench } = {}): Promise<AgentBenchFigures> {
  const runs = options.runs ?? 100;
  const suites = projectSuiteFiles().map(loadSuiteFile);
  const scenarios = suites.flatMap((s) => s.suite.tests.filter((t) => t.solution).map((scenario) => ({ scenario, suite: s.suite.id, dir: s.dir })));
  // Enough trials to reach `runs` runs, then exactly `runs` of them.
  const trials = Math.ceil(runs / Math.max(1, scenarios.length));
  const jobs = planBatch(scenarios, [{ ref: { protocol: 'openai', baseURL: 'scripted', model: 'reference' }, config: { protocol: 'openai' } }], 1)
    .flatMap((j) => Array.from({ length: trials }, (_, trial) => ({ ...j, trial })))
    .slice(0, runs);
  const solutions = new Map(scenarios.map((s) => [s.scenario, readFileSync(resolve(s.dir, s.scenario.solution!), 'utf8')]));

  const { createNodeWorker } = await import('./createNodeWorker.ts');
  const workers = prewarmed(createNodeWorker);
  workers.warm(defaultLimits);
  const { openWorkbench } = await import('./nodeEngine.ts');
  const { seedsDir } = await import('./seeds.ts');
  const workbench = options.workbench ?? (await openWorkbench(seedsDir(undefined), { createWorker: workers.createWorker }));
  try {
    for (const seed of new Set(jobs.map((j) => j.scenario.seed))) await workbench.ensureTemplate(seed);
    const runOne = async (job: BatchJob): Promise<AgentRunRecord> => {
      const session = await workbench.open(job.scenario);
      try {
        return await runAgent({
          provider: replayScriptModel(solutions.get(job.scenario)!),
          model: job.model.ref,
          world: sessionWorld(session),
          scenario: job.scenario,
          replicas: workbench.router.replicas.filter((r) => job.scenario.services.includes(r.name)),
          trial: job.trial,
        });
      } finally {
        await session.dispose();
      }
    };
    const timed = async (concurrency: number) => {
      const started = performance.now();
      const { records } = await runBatch({ jobs, concurrency, runOne });
      return { seconds: (performance.now() - started) / 1000, records };
    };
    const one = await timed(1);
    const two = await timed(2);
    const overheads = one.records.flatMap((r) => r.steps.map((s) => Math.max(0, s.harnessMs - s.actions.reduce((a, x) => a + x.ms, 0))));
    return {
      runs: one.records.length,
      steps: overheads.length,
      harnessOverheadPerStepMsMedian: quantile2(overheads, 0.5),
      harnessOverheadPerStepMsP95: quantile2(overheads, 0.95),
      nonModelPerStepMsMedian: quantile2(one.records.flatMap((r) => r.steps.map((s) => s.harnessMs)), 0.5),
      batchSecondsConcurrency1: Number(one.seconds.toFixed(1)),
      batchSecondsConcurrency2: Number(two.seconds.toFixed(1)),
      speedupConcurrency2: Number((one.seconds / two.seconds).toFixed(2)),
      passRate: one.records.filter((r) => r.verdict.passed).length / Math.max(1, one.records.length),
    };
  } finally {
    workers.dispose();
    if (!options.workbench) await workbench.engine.close();
  }
}
