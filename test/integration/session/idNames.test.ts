import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { namedValues } from '../../../src/evaluation/index.ts';
import { loadSuite, type Scenario } from '../../../src/scenarios/index.ts';
import { NO_FAULTS } from '../../../src/session/faults.ts';
import type { Workbench } from '../../../src/session/index.ts';
import { playgroundRunRecord } from '../../../src/studio/playgroundRun.ts';
import { runRecordToHtml } from '../../../src/studio/runHtml.ts';

// Box's "Q1 2026 Planning in Finance", done at the root: the failure names both folders, not only their ids.
const scenariosDir = resolve(import.meta.dirname, '../../../scenarios');
let workbench: Workbench;
let scenario: Scenario;
beforeAll(async () => {
  workbench = await openWorkbench(scenariosDir, {});
  const loaded = loadSuite(readFileSync(join(scenariosDir, 'box/suite.json'), 'utf8'));
  if (!loaded.ok) throw new Error('the Box suite does not load');
  scenario = loaded.suite.tests.find((t) => t.id === 'q1-planning-folder')!;
}, 120_000);
afterAll(() => workbench?.engine.close());

const atTheRoot = `
await fetch('https://api.box.com/2.0/folders', {
  method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'Q1 2026 Planning', parent: { id: '0' } }),
});`;

describe('ids with the names of their rows', () => {
  it('a folder made at the root: parent_id "0" (All Files) ≠ "120000100" (Finance), in the verdict and the HTML export', async () => {
    const session = await workbench.open(scenario);
    try {
      const step = await session.runStep(atTheRoot);
      const row = step.verdict.assertions[0].nearest!.rows[0];
      const parent = row.checks.find((c) => c.field === 'parent_id')!;
      expect(parent.passed).toBe(false);
      expect(parent.names).toEqual({ '0': 'All Files', '120000100': 'Finance' });
      expect(namedValues(parent)).toEqual({ actual: '"0" (All Files)', expected: '"120000100" (Finance)' });

      const record = playgroundRunRecord({ id: 'r1', scenario, steps: [{ code: atTheRoot, language: 'javascript', ...step }], faults: NO_FAULTS, startedAt: '2026-12-06T12:00:00Z', ms: 1000 });
      const html = runRecordToHtml(record);
      expect(html).toContain('<code>parent_id</code> <code>&quot;0&quot; (All Files)</code> ≠ <code>&quot;120000100&quot; (Finance)</code>');
    } finally {
      await session.dispose();
    }
  });
});
