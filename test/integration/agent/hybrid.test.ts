import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from '../../../src/agent/loop.ts';
import { scriptedProvider } from '../../../src/agent/providers/scriptedProvider.ts';
import { runPassed } from '../../../src/agent/record.ts';
import { sessionWorld } from '../../../src/agent/world.ts';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { referenceAnswerJudge, type JudgeRequest } from '../../../src/evaluation/index.ts';
import { mail } from '../../../src/replicas/mail/index.ts';
import { loadSuite, type Scenario } from '../../../src/scenarios/index.ts';
import type { Workbench } from '../../../src/session/index.ts';
import { repoRoot } from '../cli/fixtures.ts';

let workbench: Workbench;
let scenario: Scenario;
const seen: JudgeRequest[] = [];

beforeAll(async () => {
  workbench = await openWorkbench(join(repoRoot, 'scenarios'), {
    judge: async (request) => {
      seen.push(request);
      return referenceAnswerJudge(request);
    },
  });
  const loaded = loadSuite(readFileSync(join(repoRoot, 'scenarios/mail/suite.json'), 'utf8'));
  if (!loaded.ok) throw new Error('suite does not load');
  scenario = loaded.suite.tests.find((t) => t.id === 'rubric-pilot-customers')!;
}, 120_000);
afterAll(() => workbench.engine.close());

async function run(finalText: string) {
  seen.length = 0;
  const provider = scriptedProvider((_req, turn) =>
    turn === 0 ? { text: 'Searching.', toolCalls: [{ name: 'get_messages_search', arguments: { query: 'pilot', page_size: 50 } }] } : { text: finalText },
  );
  const session = await workbench.open(scenario);
  try {
    return await runAgent({ provider, model: { protocol: 'openai', baseURL: 'scripted', model: 'scripted' }, world: sessionWorld(session), scenario, replicas: [mail], settings: { mode: 'tools' } });
  } finally {
    await session.dispose();
  }
}

describe('hybrid grading of agent runs', () => {
  it('judges the rubrics on the whole trace, and the run passes by the hybrid rule', async () => {
    const record = await run(`Answer: ${scenario.referenceAnswer}, starting 1 April.`);
    expect(record.grade).toMatchObject({ mode: 'hybrid', rubricScore: 1, passed: true });
    expect(runPassed(record)).toBe(true);
    // The judge got the tool's full result (parsed JSON), not the observation bounded for the model.
    const call = seen[0].trace.find((e) => e.kind === 'tool_call');
    expect(call).toMatchObject({ kind: 'tool_call', name: 'get_messages_search', arguments: { query: 'pilot', page_size: 50 }, status: 200 });
    expect(typeof (call as { result: unknown }).result).toBe('object');
  });

  it('a wrong answer fails the rubric and the run, whatever the state-diff verdict says', async () => {
    const record = await run('Answer: I could not find any pilot customers.');
    expect(record.grade?.passed).toBe(false);
    expect(runPassed(record)).toBe(false);
  });
});
