import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAgentDiffResults, type RecordedRun } from '../../../src/agent/recorded/agentDiffResults.ts';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { repoRoot } from '../../../src/cli/files.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import type { SeedFile } from '../../../src/engine/index.ts';
import type { Workbench } from '../../../src/session/index.ts';

// Every execute_python block of Agent-Diff's four published Linear result files runs in DiffLab's Python without
// an ImportError, or an AttributeError of a module or of a requests object: nothing the recorded code uses is
// missing. One Python run per file executes its blocks one after another, each in a fresh namespace with its
// output captured (one worker per block is what replay does; here only the modules and requests' API matter).
const RESULTS = join(repoRoot, '..', 'shared', 'agent-diff', 'results');
const present = existsSync(join(RESULTS, 'linear_bench.recorded.json'));
const files = present ? readdirSync(RESULTS).filter((f) => f.startsWith('evaluation_results_')).sort() : [];

const HARNESS = String.raw`
import builtins, contextlib, io, json, sys
MISSING = []
REQUESTS_TYPES = ('Response', 'Session', 'PreparedRequest', 'Request', 'CaseInsensitiveDict', 'HTTPAdapter', 'Retry')
for index, code in enumerate(json.loads(BLOCKS)):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            exec(compile(code, f'block{index}.py', 'exec'), {'__name__': '__main__', '__builtins__': builtins})
    except ImportError as error:
        MISSING.append([index, f'{type(error).__name__}: {error}'])
    except AttributeError as error:
        owner = getattr(error, 'obj', None)
        if type(owner).__name__ == 'module' or type(owner).__name__ in REQUESTS_TYPES:
            MISSING.append([index, f'AttributeError: {error}'])
    except BaseException:
        pass
print(json.dumps(MISSING))
`;

let workbench: Workbench;
const seed = present ? (JSON.parse(readFileSync(join(RESULTS, 'linear_default.recorded.json'), 'utf8')) as SeedFile) : null;
beforeAll(async () => {
  if (!present) return;
  workbench = await openWorkbench(join(repoRoot, 'scenarios'), {
    createWorker: createNodeWorker,
    seeds: async (name) => (name === 'linear_default' && seed ? seed : Promise.reject(new Error(`no seed ${name}`))),
  });
});
afterAll(async () => {
  await workbench?.engine.close();
});

describe.skipIf(!present)("Agent-Diff's recorded Python code runs in DiffLab's Python", () => {
  it('the four result files parse: every message, every tool call with its output', () => {
    expect(files).toHaveLength(4);
    for (const file of files) {
      const runs = parseAgentDiffResults(JSON.parse(readFileSync(join(RESULTS, file), 'utf8')));
      expect(runs.flatMap((r) => r.problems)).toEqual([]);
      expect(runs.flatMap((r) => r.steps).every((s) => s.code.length > 0 && s.output !== null)).toBe(true);
    }
  });

  for (const file of files) {
    it(`${file}: no block fails on a missing module or requests feature`, async () => {
      const runs: RecordedRun[] = parseAgentDiffResults(JSON.parse(readFileSync(join(RESULTS, file), 'utf8')));
      const blocks = runs.flatMap((r) => r.steps).filter((s) => s.language === 'python').map((s) => s.code);
      expect(blocks.length).toBeGreaterThan(0);
      const test = loadSuiteFile(join(RESULTS, 'linear_bench.recorded.json')).suite.tests[0];
      const session = await workbench.open(test);
      session.defaultHeaders = [['Authorization', 'Bearer difflab-test']];
      try {
        const source = `BLOCKS = ${JSON.stringify(JSON.stringify(blocks))}\n${HARNESS}`;
        const step = await session.runStep(source, { language: 'python', limits: { timeMs: 600_000, maxRequests: 100_000, maxConsoleChars: 10_000_000 } });
        expect(step.script.error ?? null).toBeNull();
        expect(JSON.parse(step.script.console.at(-1)?.text ?? 'null')).toEqual([]);
      } finally {
        await session.dispose();
      }
    }, 900_000);
  }
});
