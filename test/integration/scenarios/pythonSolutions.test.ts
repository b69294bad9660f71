import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { prewarmed, type PrewarmedFactory } from '../../../src/cli/prewarmedWorkers.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import { repoRoot } from '../../../src/cli/files.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';
import type { Workbench } from '../../../src/session/index.ts';

// The Python versions of reference solutions (scenarios/<service>/solutions/<id>.py) pass their scenario, as the
// JavaScript ones do in selftest: requests with a Session, paging loops, multipart uploads.
const SERVICES = ['slack', 'box', 'calendar', 'linear', 'mail'];
const cases = SERVICES.flatMap((service) => {
  const dir = join(repoRoot, 'scenarios', service, 'solutions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.py'))
    .map((f) => ({ service, id: f.slice(0, -3), file: join(dir, f) }));
});

let workbench: Workbench;
let workers: PrewarmedFactory;
beforeAll(async () => {
  workers = prewarmed(createNodeWorker);
  workers.warm(defaultLimits, 'python');
  workbench = await openWorkbench(join(repoRoot, 'scenarios'), { createWorker: workers.createWorker });
});
afterAll(async () => {
  workers.dispose();
  await workbench?.engine.close();
});

describe('Python reference solutions', () => {
  it('there are at least five for each suite', () => {
    for (const service of SERVICES) expect(cases.filter((c) => c.service === service).length).toBeGreaterThanOrEqual(5);
  });

  for (const { service, id, file } of cases) {
    it(`${service}/${id}.py passes its scenario`, async () => {
      const test = loadSuiteFile(join(repoRoot, 'scenarios', service, 'suite.json')).suite.tests.find((t) => t.id === id);
      expect(test, `no test ${id} in the ${service} suite`).toBeDefined();
      const session = await workbench.open(test!);
      try {
        const step = await session.runStep(readFileSync(file, 'utf8'), { language: 'python' });
        expect(step.script.error ?? null, step.script.console.map((c) => c.text).join('\n')).toBeNull();
        const passed = step.grade ? step.grade.passed : step.verdict.passed;
        expect({ passed, failures: step.verdict.failures, unexplained: step.verdict.unexplained.length }).toEqual({ passed: true, failures: [], unexplained: 0 });
      } finally {
        await session.dispose();
      }
    }, 180_000);
  }
});
