import { describe, expect, it, vi } from 'vitest';
import { deferredDiffWorld } from '../../../src/agent/deferredDiffs.ts';
import { runAgent } from '../../../src/agent/loop.ts';
import { scriptedProvider } from '../../../src/agent/providers/scriptedProvider.ts';
import type { AgentRunRecord } from '../../../src/agent/record.ts';
import type { ChatMessage } from '../../../src/agent/types.ts';
import { sessionWorld, type AgentWorld } from '../../../src/agent/world.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import type { Session } from '../../../src/session/index.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

const project = withSlackSuiteWorkbench('random-boardgame-venue');

/** The ts of the message the first post made, from its answer as the model saw it. */
function firstPostTs(messages: ChatMessage[]): string {
  const answer = messages.find((m) => m.role === 'tool' && m.content.includes('"message"'));
  return /"ts":"([\d.]+)"/.exec(answer?.content ?? '')![1];
}

/** Reads, a post that misses the task, a step of two calls (one solves it), an edit, and a refused call. */
const provider = () =>
  scriptedProvider((request, turn) => {
    const calls = [
      [{ name: 'conversations_info', arguments: { channel: 'C07RANDOM' } }],
      [{ name: 'chat_postMessage', arguments: { channel: 'C07RANDOM', text: 'Board game night has moved.' } }],
      [
        { name: 'conversations_history', arguments: { channel: 'C07RANDOM', limit: 5 } },
        { name: 'chat_postMessage', arguments: { channel: 'C07RANDOM', text: "Friday's board game night is in the 4th-floor lounge." } },
      ],
      [{ name: 'chat_update', arguments: { channel: 'C07RANDOM', ts: turn === 3 ? firstPostTs(request.messages) : '', text: 'Board game night: see below.' } }],
      [{ name: 'chat_postMessage', arguments: { channel: 'C_NO_SUCH', text: 'hi' } }],
    ][turn];
    return calls ? { text: '', toolCalls: calls } : { text: 'Done.' };
  });

async function runWith(makeWorld: (session: Session) => { world: AgentWorld; settle?: (r: AgentRunRecord) => Promise<void> }) {
  const session = await project.workbench.open(project.scenario);
  try {
    const judge = vi.spyOn(session, 'judge');
    const { world, settle } = makeWorld(session);
    const record = await runAgent({ provider: provider(), model: { protocol: 'openai', baseURL: 'scripted', model: 'scripted' }, world, scenario: project.scenario, replicas: [slack], settings: { mode: 'tools', toolset: 'api' } });
    await settle?.(record);
    return { record, judged: judge.mock.calls.length };
  } finally {
    await session.dispose();
  }
}

/** What the page shows of each step: every action's diff, the run's diff after the step, and its verdict. */
const stepsOf = (record: AgentRunRecord) =>
  record.steps.map((s) => ({ actions: s.actions.map((a) => ({ code: a.code, ok: a.ok, stepDiff: a.stepDiff })), runDiff: s.runDiff, verdict: s.verdict }));

describe('tool calls answered before their diffs (difflab mcp)', () => {
  it('the record holds the same per-step diffs and verdicts as a run that diffs and judges after every call', async () => {
    const eager = await runWith((session) => ({ world: sessionWorld(session) }));
    const deferred = await runWith(deferredDiffWorld);
    expect(deferred.record.steps.flatMap((s) => s.actions).map((a) => a.code)).toEqual([
      'conversations_info',
      'chat_postMessage',
      'conversations_history',
      'chat_postMessage',
      'chat_update',
      'chat_postMessage',
    ]);
    expect(stepsOf(deferred.record)).toEqual(stepsOf(eager.record));
    // The steps tell the story: the first post misses the assertion, the second meets it, the edit is an update.
    const [read, miss, solve, edit] = deferred.record.steps;
    expect(read.runDiff.inserts).toHaveLength(0);
    expect(miss.actions[0].stepDiff.inserts).toHaveLength(1);
    expect(miss.verdict.agent_diff_passed).toBe(false);
    expect(solve.actions[0].stepDiff.inserts).toHaveLength(0);
    expect(solve.actions[1].stepDiff.inserts).toHaveLength(1);
    expect(solve.runDiff.inserts).toHaveLength(2);
    expect(solve.verdict.agent_diff_passed).toBe(true);
    expect(edit.actions[0].stepDiff.updates).toHaveLength(1);
    expect(deferred.record.verdict).toEqual(eager.record.verdict);
    expect(deferred.record.runDiff).toEqual(eager.record.runDiff);
  });

  it('the run is judged once per state a step left, and at its end, not after every call', async () => {
    // Six calls; the steps leave four states (the seed, after each post, after the edit, which the refused post
    // leaves as it was); sessionWorld judges after each call and at the end: 7.
    const { judged } = await runWith(deferredDiffWorld);
    expect(judged).toBe(4 + 1);
  });
});
