import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openWorkbench } from '../../src/cli/nodeEngine.ts';
import { loadSuite, type Scenario } from '../../src/scenarios/index.ts';
import type { Workbench } from '../../src/session/index.ts';

const scenariosDir = resolve(import.meta.dirname, '../../scenarios');

export interface SlackSuiteWorkbench {
  /** The project's workbench (seeds from scenarios/), one per test file. */
  readonly workbench: Workbench;
  /** A scenario of scenarios/slack/suite.json. */
  readonly scenario: Scenario;
}

/**
 * Opens the project's workbench for this test file and picks the Slack suite's scenario `testId` (default the first);
 * `options` is read when the workbench opens (e.g. a worker factory the file sets up first).
 */
export function withSlackSuiteWorkbench(testId?: string, options: () => Parameters<typeof openWorkbench>[1] = () => ({})): SlackSuiteWorkbench {
  let workbench: Workbench;
  let scenario: Scenario;
  beforeAll(async () => {
    workbench = await openWorkbench(scenariosDir, options());
    const loaded = loadSuite(readFileSync(join(scenariosDir, 'slack/suite.json'), 'utf8'));
    if (!loaded.ok) throw new Error('suite does not load');
    const found = testId === undefined ? loaded.suite.tests[0] : loaded.suite.tests.find((t) => t.id === testId);
    if (!found) throw new Error(`scenarios/slack/suite.json has no test "${testId}"`);
    scenario = found;
  }, 120_000);
  afterAll(() => workbench?.engine.close());
  return {
    get workbench() {
      return workbench;
    },
    get scenario() {
      return scenario;
    },
  };
}
