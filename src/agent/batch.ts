import type { Scenario } from '../scenarios/index.ts';
import { runState, type AgentRunRecord, type ModelRef } from './record.ts';
import type { ProviderConfig } from './types.ts';

/** A model to benchmark: how to reach it (no key) and how tables name it. */
export interface BatchModel {
  ref: ModelRef;
  config: ProviderConfig;
}

export interface BatchJob {
  /** Position in the full plan: shards split by it, so every shard of one plan agrees on who runs what. */
  index: number;
  scenario: Scenario;
  suite?: string;
  model: BatchModel;
  trial: number;
}

/** Every (scenario × model × trial), in a fixed order; `shard` = [i, n] keeps the jobs with index % n === i − 1. */
export function planBatch(
  scenarios: readonly { scenario: Scenario; suite?: string }[],
  models: readonly BatchModel[],
  trials: number,
  shard?: [number, number],
): BatchJob[] {
  const jobs: BatchJob[] = [];
  let index = 0;
  for (const model of models) {
    for (const { scenario, suite } of scenarios) {
      for (let trial = 0; trial < trials; trial++) jobs.push({ index: index++, scenario, suite, model, trial });
    }
  }
  return shard ? jobs.filter((j) => j.index % shard[1] === shard[0] - 1) : jobs;
}

/** `2/4` → [2, 4]; null when malformed. */
export function parseShard(text: string): [number, number] | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const i = Number(m[1]);
  const n = Number(m[2]);
  return n >= 1 && i >= 1 && i <= n ? [i, n] : null;
}

export interface BatchProgress {
  done: number;
  total: number;
  passed: number;
  errored: number;
  elapsedMs: number;
  /** Estimated time left, from the pace so far; null before the first run finishes. */
  etaMs: number | null;
}

/**
 * Runs jobs with at most `concurrency` at once. `runOne` is the shell's: it opens a session, builds the provider
 * and runs the loop. A job that throws becomes an error in `failures`; the batch goes on. Stopping (signal) lets
 * running jobs finish their own stop and starts no new ones.
 */
export async function runBatch<J = BatchJob>(options: {
  jobs: readonly J[];
  concurrency: number;
  runOne: (job: J, signal?: AbortSignal) => Promise<AgentRunRecord>;
  onRecord?: (record: AgentRunRecord, progress: BatchProgress) => void;
  signal?: AbortSignal;
}): Promise<{ records: AgentRunRecord[]; failures: { job: J; error: string }[] }> {
  const { jobs, runOne, signal } = options;
  const started = performance.now();
  const slots: (AgentRunRecord | undefined)[] = new Array(jobs.length);
  let finished = 0;
  const failures: { job: J; error: string }[] = [];
  let next = 0;
  let passed = 0;
  let errored = 0;
  const worker = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const position = next++;
      const job = jobs[position];
      try {
        const record = await runOne(job, signal);
        slots[position] = record;
        finished++;
        const state = runState(record);
        if (state === 'passed') passed++;
        if (state === 'errored') errored++;
        const done = finished + failures.length;
        const elapsedMs = performance.now() - started;
        options.onRecord?.(record, { done, total: jobs.length, passed, errored, elapsedMs, etaMs: (elapsedMs / done) * (jobs.length - done) });
      } catch (err) {
        failures.push({ job, error: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  // In plan order, whatever order they finished in.
  return { records: slots.filter((r): r is AgentRunRecord => r !== undefined), failures };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
