import { describe, expect, it } from 'vitest';
import { runAgent } from '../../../src/agent/loop.ts';
import { replayScriptModel, scriptedProvider } from '../../../src/agent/providers/scriptedProvider.ts';
import { parseRunRecords, toJsonl } from '../../../src/agent/record.ts';
import { sessionWorld } from '../../../src/agent/world.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { parseFaultPlan } from '../../../src/session/index.ts';
import type { ModelProvider } from '../../../src/agent/types.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

const project = withSlackSuiteWorkbench('random-boardgame-venue');

async function faultedRun(provider: ModelProvider, faults: string, mode: 'code' | 'tools') {
  const plan = parseFaultPlan(faults);
  const session = await project.workbench.open(project.scenario);
  session.setFaults(plan);
  try {
    return await runAgent({ provider, model: { protocol: 'openai', baseURL: 'scripted', model: 'scripted' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack], settings: { mode }, faults: plan });
  } finally {
    await session.dispose();
  }
}

const probe = "const r = await fetch('https://slack.com/api/conversations.list', { headers: { Authorization: 'Bearer difflab-agent' } });\nconsole.log(r.status, r.headers.get('retry-after'), await r.text());";

describe('faults in agent runs', () => {
  it('code mode: the scripted model sees the 429 with Retry-After, and the record says which faults were on', async () => {
    const record = await faultedRun(replayScriptModel(probe), 'rate-limit=1/7', 'code');
    expect(record.faults).toEqual({ rateLimit: { every: 1, retryAfterSeconds: 7 } });
    const observation = record.steps[0].actions[0].observation;
    expect(observation).toContain('429 7');
    expect(observation).toContain('"error":"ratelimited"');
    // The record keeps its faults through a results file.
    expect(parseRunRecords(toJsonl([record])).records[0].faults).toEqual(record.faults);
  });

  it('tool mode: tool calls go through the same faults as a script’s fetch', async () => {
    const provider = scriptedProvider((_req, turn) =>
      turn === 0 ? { text: 'Listing.', toolCalls: [{ name: 'conversations_list', arguments: {} }] } : { text: 'Done.' },
    );
    const record = await faultedRun(provider, 'rate-limit=1', 'tools');
    expect(record.faults).toEqual({ rateLimit: { every: 1, retryAfterSeconds: 1 } });
    const action = record.steps[0].actions[0];
    expect(action.kind).toBe('tool');
    expect(action.observation).toMatch(/429/);
    expect(action.observation).toContain('ratelimited');
  });

  it('a run without faults records none', async () => {
    const session = await project.workbench.open(project.scenario);
    try {
      const record = await runAgent({ provider: replayScriptModel(probe), model: { protocol: 'openai', baseURL: 'scripted', model: 'scripted' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack] });
      expect(record.faults).toBeUndefined();
      expect(record.steps[0].actions[0].observation).toMatch(/^200 null/);
    } finally {
      await session.dispose();
    }
  });
});
