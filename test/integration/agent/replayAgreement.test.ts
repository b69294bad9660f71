import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAgentDiffResults } from '../../../src/agent/recorded/agentDiffResults.ts';
import { matchRuns, notReplayable, replayRecordedRun } from '../../../src/agent/recorded/replayRun.ts';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { repoRoot } from '../../../src/cli/files.ts';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { prewarmed, type PrewarmedFactory } from '../../../src/cli/prewarmedWorkers.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import type { SeedFile } from '../../../src/engine/index.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';
import type { Workbench } from '../../../src/session/index.ts';

// Agent-Diff's published Linear runs, re-executed step by step against DiffLab's Linear (`difflab replay`), reach
// the verdict the recording reports. The whole replay (108 runs, about 400 Python and Bash steps) is too slow for
// every CI run on a small machine, so a sample runs here: the first SAMPLE replayable runs of each results file, in
// the file's order (none picked by outcome). docs/agent-diff.md (its recorded runs) has the whole table and each disagreement.
const RESULTS = join(repoRoot, '..', 'shared', 'agent-diff', 'results');
const present = existsSync(join(RESULTS, 'linear_bench.recorded.json'));
const files = present ? readdirSync(RESULTS).filter((f) => f.startsWith('evaluation_results_')).sort() : [];
const SAMPLE = 2;

let workbench: Workbench;
let workers: PrewarmedFactory;
beforeAll(async () => {
  if (!present) return;
  const seed = JSON.parse(readFileSync(join(RESULTS, 'linear_default.recorded.json'), 'utf8')) as SeedFile;
  workers = prewarmed(createNodeWorker);
  workers.warm(defaultLimits, 'python');
  workbench = await openWorkbench(join(repoRoot, 'scenarios'), {
    createWorker: workers.createWorker,
    seeds: async (name) => (name === 'linear_default' ? seed : Promise.reject(new Error(`no seed ${name}`))),
  });
});
afterAll(async () => {
  workers?.dispose();
  await workbench?.engine.close();
});

describe.skipIf(!present)("Agent-Diff's recorded runs, re-executed, agree with their recorded verdict", () => {
  const tests = present ? loadSuiteFile(join(RESULTS, 'linear_bench.recorded.json')).suite.tests : [];
  for (const file of files) {
    it(`${file}: the first ${SAMPLE} replayable runs`, async () => {
      const runs = parseAgentDiffResults(JSON.parse(readFileSync(join(RESULTS, file), 'utf8')));
      const sample = matchRuns(runs, tests)
        .filter(({ run, test }) => notReplayable(run, test, new Set(['python', 'bash'])) === null)
        .slice(0, SAMPLE);
      expect(sample).toHaveLength(SAMPLE);
      const outcomes = [];
      for (const { run, test } of sample) {
        const result = await replayRecordedRun(workbench, test!, run);
        outcomes.push({ test: test!.id, recorded: result.recordedPassed, replayed: result.replayedPassed, failures: result.verdict.failures });
      }
      expect(outcomes.filter((o) => o.recorded !== o.replayed)).toEqual([]);
    }, 1_800_000);
  }
});
