// Records the teaching demo runs (src/cli/demoRuns.ts) with a scripted model against the Slack replica, into
// scenarios/slack/demo-runs.jsonl, which the site loads for replay. Run: node --import tsx scripts/make-demo-runs.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAgent } from '../src/agent/loop.ts';
import { scriptedProvider } from '../src/agent/providers/scriptedProvider.ts';
import { toJsonl, type AgentRunRecord } from '../src/agent/record.ts';
import { sessionWorld } from '../src/agent/world.ts';
import { demoRuns } from '../src/cli/demoRuns.ts';
import { repoRoot } from '../src/cli/files.ts';
import { openWorkbench } from '../src/cli/nodeEngine.ts';
import { loadSuite } from '../src/scenarios/index.ts';

const loaded = loadSuite(JSON.parse(readFileSync(join(repoRoot, 'scenarios/slack/suite.json'), 'utf8')));
if (!loaded.ok) throw new Error('the Slack suite does not load');
const suite = loaded.suite;
const workbench = await openWorkbench(join(repoRoot, 'scenarios'));
const records: AgentRunRecord[] = [];
try {
  for (const demo of demoRuns) {
    const scenario = suite.tests.find((t) => t.id === demo.scenario);
    if (!scenario) throw new Error(`no scenario ${demo.scenario}`);
    const session = await workbench.open(scenario);
    const record = await runAgent({
      provider: scriptedProvider((_req, turn) => demo.replies[turn] ?? { text: 'Done.' }),
      model: { protocol: 'openai', baseURL: 'scripted', model: 'scripted-demo', label: demo.title },
      world: sessionWorld(session),
      scenario,
      suite: suite.id,
      replicas: workbench.router.replicas.filter((r) => scenario.services.includes(r.name)),
      settings: { maxIterations: demo.maxIterations ?? 15 },
      batch: 'demo runs',
      id: demo.id,
    });
    await session.dispose();
    // Timings vary from machine to machine; the demo files should not.
    record.startedAt = '2026-01-15T17:00:00.000Z';
    record.note = demo.lesson;
    record.timing = { totalMs: 0, modelMs: 0, harnessMs: 0 };
    for (const s of record.steps) {
      if (demo.stepNotes[s.index]) s.note = demo.stepNotes[s.index];
      s.modelMs = 0;
      s.harnessMs = 0;
      for (const a of s.actions) {
        a.ms = 0;
        for (const r of a.requests) r.ms = 0;
      }
    }
    records.push(record);
    console.log(`${demo.id}: ${record.verdict.passed ? 'passed' : 'failed'} (${record.endReason}), closed world ${record.verdict.closed_world_passed}`);
  }
} finally {
  await workbench.engine.close();
}
writeFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), toJsonl(records));
