import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { repoRoot } from '../../../src/cli/files.ts';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { prewarmed, type PrewarmedFactory } from '../../../src/cli/prewarmedWorkers.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import { replicas } from '../../../src/replicas/index.ts';
import { languages } from '../../../src/sandbox/languages.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';
import type { Workbench } from '../../../src/session/index.ts';
import { starterScript } from '../../../src/ui/stores/starterScript.ts';

// The editor's starter for each suite, in each language, is a script someone presses Run on first: it must run
// against that suite's seed, print what it read, and change nothing (for the company suite, its scenario across the
// most services: one call to each). Python starts Pyodide: a generous budget.
const SERVICES = ['slack', 'box', 'linear', 'calendar', 'mail', 'company'];

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

describe.each(SERVICES)('the %s starter', (service) => {
  it.each(languages.map((l) => l.id))('in %s runs, prints what it read and changes nothing', async (language) => {
    const scenario = loadSuiteFile(join(repoRoot, 'scenarios', service, 'suite.json')).suite.tests.reduce((a, b) => (b.services.length > a.services.length ? b : a));
    const source = starterScript(scenario, language);
    const session = await workbench.open(scenario);
    try {
      const step = await session.runStep(source, { language });
      const printed = step.script.console.map((c) => c.text).join('\n');
      expect(step.script.error ?? null, printed).toBeNull();
      expect(printed).not.toMatch(/error|not_authed|invalid_auth|Traceback/i);
      expect(printed.trim().length).toBeGreaterThan(10);
      const reached = step.script.requests.map((r) => replicas.find((rep) => rep.baseUrls.some((base) => r.url.startsWith(base)))?.name);
      expect([...new Set(reached)].sort()).toEqual([...scenario.services].sort());
      expect(step.runDiff.inserts.length + step.runDiff.updates.length + step.runDiff.deletes.length).toBe(0);
    } finally {
      await session.dispose();
    }
  }, 300_000);
});
