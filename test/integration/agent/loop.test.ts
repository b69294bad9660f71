import { afterEach, describe, expect, it } from 'vitest';
import { runAgent } from '../../../src/agent/loop.ts';
import { createProvider } from '../../../src/agent/providers/index.ts';
import { toCsv, toJsonl } from '../../../src/agent/record.ts';
import { sessionWorld } from '../../../src/agent/world.ts';
import type { ProviderProtocol } from '../../../src/agent/types.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { startFakeModelServer, type FakeReply, type ReceivedRequest } from '../../helpers/fakeModelServer.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

const KEY = 'sk-live-NEVER-LEAK-9f8e7d';
const project = withSlackSuiteWorkbench('random-boardgame-venue');
let server: Awaited<ReturnType<typeof startFakeModelServer>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function run(protocol: ProviderProtocol, script: FakeReply[], settings: Parameters<typeof runAgent>[0]['settings'] = {}, signal?: AbortSignal) {
  server = await startFakeModelServer(script);
  const provider = createProvider({ protocol, baseURL: protocol === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL, maxRetries: 1 }, KEY);
  const session = await project.workbench.open(project.scenario);
  try {
    return await runAgent({ provider, model: { protocol, baseURL: 'fake', model: 'fake-1' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack], settings, signal });
  } finally {
    await session.dispose();
  }
}

async function runScripted(protocol: ProviderProtocol, script: (req: ReceivedRequest, n: number) => FakeReply) {
  server = await startFakeModelServer(script);
  const provider = createProvider({ protocol, baseURL: protocol === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL, maxRetries: 1 }, KEY);
  const session = await project.workbench.open(project.scenario);
  try {
    return await runAgent({ provider, model: { protocol, baseURL: 'fake', model: 'fake-1' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack], settings: { maxIterations: 4 } });
  } finally {
    await session.dispose();
  }
}

const listChannels = "```javascript\nconst r = await fetch('https://slack.com/api/conversations.list', { headers: { Authorization: 'Bearer difflab-agent' } });\nconst d = await r.json();\nconsole.log(d.channels.map((c) => c.id + ' ' + c.name).join('\\n'));\n```";
const curlPost =
  "```bash\ncurl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H 'Authorization: Bearer difflab-agent' \\\n  --data-urlencode 'channel=C07RANDOM' \\\n  --data-urlencode \"text=Board game night on Friday moved to the 4th-floor lounge!\"\n```";

describe.each(['openai', 'anthropic'] as const)('agent loop over %s', (protocol) => {
  it('code mode: runs a JavaScript block and a Bash block, stops on the final answer and passes', async () => {
    const record = await run(protocol, [
      { text: `Let me find the channel.\n${listChannels}` },
      { text: `Posting now.\n${curlPost}` },
      { text: 'I posted the venue change in #random.\nAnswer: posted' },
    ]);
    expect(record.endReason).toBe('final_answer');
    expect(record.steps).toHaveLength(3);
    expect(record.steps[0].actions[0].kind).toBe('js');
    expect(record.steps[0].actions[0].observation).toContain('C07RANDOM random');
    expect(record.steps[1].actions[0].kind).toBe('bash');
    expect(record.steps[1].actions[0].stepDiff.inserts).toHaveLength(1);
    expect(record.steps[1].verdict.passed).toBe(true);
    expect(record.verdict.passed).toBe(true);
    expect(record.answer).toBe('posted');
    expect(record.usage.inputTokens).toBe(300);
    // The model saw the first block's output as the next user message.
    const second = server!.received[1].body;
    const history = JSON.stringify(second.messages);
    expect(history).toContain('C07RANDOM random');
    // The key reaches the provider as a header and nowhere else: not the prompt, not the record, not an export.
    for (const r of server!.received) expect(r.raw).not.toContain(KEY);
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(toJsonl([record])).not.toContain(KEY);
    expect(toCsv([record])).not.toContain(KEY);
  });

  it('nothing a script can reach holds the key: globals, their string values, what the replica answers', async () => {
    const probe =
      "```javascript\nconst seen = [];\nconst walk = (o, depth) => { for (const k of Object.getOwnPropertyNames(o)) { let v; try { v = o[k]; } catch { continue; } seen.push(k); if (typeof v === 'string') seen.push(v); else if (v && typeof v === 'object' && depth < 2) walk(v, depth + 1); } };\nwalk(globalThis, 0);\nconst r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { Authorization: 'Bearer difflab-agent' } });\nseen.push(JSON.stringify(await r.json()), String(new Error().stack));\nconsole.log('strings seen: ' + seen.length + ', with a key prefix: ' + JSON.stringify(seen.filter((x) => /sk-/.test(x))));\n```";
    const record = await run(protocol, [{ text: probe }, { text: 'Answer: done' }]);
    const observation = record.steps[0].actions[0].observation;
    // The script looked at hundreds of names and values, and none of them carries an `sk-` key.
    expect(Number(/strings seen: (\d+)/.exec(observation)?.[1])).toBeGreaterThan(100);
    expect(observation).toContain('with a key prefix: []');
  });

  it('tool mode: calls the route table\'s tools and passes', async () => {
    const record = await run(
      protocol,
      [
        { text: 'Listing.', toolCalls: [{ name: 'conversations_list', arguments: { limit: 200 } }] },
        { text: 'Posting.', toolCalls: [{ name: 'chat_postMessage', arguments: { channel: 'C07RANDOM', text: 'Friday board game night moves to the fourth floor lounge.' } }] },
        { text: 'Done: the message is in #random.' },
      ],
      { mode: 'tools' },
    );
    expect(record.endReason).toBe('final_answer');
    expect(record.steps[0].actions[0]).toMatchObject({ kind: 'tool', code: 'conversations_list', ok: true });
    expect(record.steps[0].actions[0].observation).toMatch(/^HTTP 200\n.*"C07RANDOM"/s);
    expect(record.verdict.passed).toBe(true);
    const first = server!.received[0].body;
    const toolNames = (first.tools as any[]).map((t) => t.function?.name ?? t.name);
    expect(toolNames).toContain('chat_postMessage');
    // The tool result went back paired with its call.
    expect(JSON.stringify(server!.received[1].body.messages)).toContain('C07RANDOM');
  });

  it('each step records what its turn sent that earlier turns had not (the request grows, the record does not repeat it), and the tool schemas once', async () => {
    const record = await run(protocol, [{ toolCalls: [{ name: 'conversations_list', arguments: {} }] }, { text: 'Done.\nAnswer: none' }], { mode: 'tools', toolset: 'api' });
    const [first, second] = record.steps;
    expect(first.sent).toEqual([{ role: 'user', content: expect.stringContaining(project.scenario.prompt) }]);
    expect(second.sent).toEqual([{ role: 'tool', toolCallId: first.toolCalls![0].id, name: 'conversations_list', content: first.actions[0].observation }]);
    // What the second request carried beyond the first turn's: exactly the step's `sent`, as the model got it.
    const tail = JSON.stringify(server!.received[1].body.messages.at(-1));
    expect(tail).toContain(JSON.stringify(first.actions[0].observation).slice(1, 60));
    expect(record.tools!.map((t) => t.name)).toContain('chat_postMessage');
    expect(JSON.stringify(record)).not.toContain(KEY);
  });

  it('a connection that keeps dropping mid-reply marks the run errored at that step, keeps the steps so far and still evaluates', async () => {
    // Every reply from the second turn on breaks part-way: the turn is asked for again twice, then the run errors.
    const record = await runScripted(protocol, (_req, n) => (n === 0 ? { text: `Posting.\n${curlPost}` } : { drop: true, text: 'I will now' }));
    expect(record).toMatchObject({ endReason: 'error', state: 'errored', errorKind: 'network', errorStep: 1 });
    expect(record.error).toMatch(/dropped|reach/);
    expect(record.errorRetries).toHaveLength(2);
    expect(record.errorRetries!.every((r) => r.midStream)).toBe(true);
    expect(server!.received).toHaveLength(4);
    expect(record.steps).toHaveLength(1);
    expect(record.runDiff.inserts).toHaveLength(1);
    expect(record.verdict.agent_diff_passed).toBe(true);
    expect(record.notRun).toBeUndefined();
  });

  it('a reply stream that ends without its end of message is a truncated-stream error, not a final answer', async () => {
    const cut = 'Good, I have what I need.\n```javascript\nconst r = awa';
    const record = await runScripted(protocol, () => ({ truncate: true, text: cut }));
    expect(record).toMatchObject({ endReason: 'error', state: 'errored', errorKind: 'truncated', errorStep: 0, notRun: true, answer: null, steps: [] });
    expect(record.error).toMatch(/cut off.*(finish_reason|message_stop)/);
  });

  it('a stream that breaks once part-way is asked again as a new request of the same turn, and the step says so', async () => {
    const record = await run(protocol, [{ drop: true, text: 'Post' }, { text: `Posting.\n${curlPost}` }, { text: 'Done.\nAnswer: posted' }]);
    expect(record).toMatchObject({ endReason: 'final_answer', state: 'passed' });
    expect(record.steps[0].retries).toEqual([expect.objectContaining({ midStream: true, cause: expect.stringMatching(/^stream broke: /) })]);
    expect(record.steps[1].retries).toBeUndefined();
  });

  it("an HTTP 429 with Retry-After is retried by the SDK after the wait, and the step records the cause and the wait", async () => {
    const record = await run(protocol, [{ status: 429, message: 'slow down', retryAfter: '1' }, { text: `Posting.\n${curlPost}` }, { text: 'Done.\nAnswer: posted' }]);
    expect(record.state).toBe('passed');
    const [retry] = record.steps[0].retries ?? [];
    expect(retry).toMatchObject({ cause: 'HTTP 429', status: 429, retryAfterMs: 1000 });
    expect(retry.waitedMs).toBeGreaterThanOrEqual(900);
  });

  it('a model that never answers (its key refused) leaves a run marked not run, with the kind of failure', async () => {
    const record = await run(protocol, [{ status: 401, message: 'bad key' }]);
    expect(record).toMatchObject({ endReason: 'error', state: 'errored', errorKind: 'auth', errorStep: 0, notRun: true, steps: [] });
  });
});

describe('agent loop limits', () => {
  it('stops at the iteration limit and evaluates what was done', async () => {
    const record = await run('openai', [{ text: listChannels }, { text: listChannels }, { text: listChannels }], { maxIterations: 2 });
    expect(record.endReason).toBe('max_iterations');
    expect(record.steps).toHaveLength(2);
    expect(record.verdict.passed).toBe(false);
  });

  it('runs a Bash block for real: pipes into jq, and a file it writes is there for the next block', async () => {
    const record = await run('openai', [
      { text: "```bash\ncurl -s -o chans.json https://slack.com/api/conversations.list -H 'Authorization: Bearer difflab-agent'\njq -r '.channels[] | select(.name==\"random\") | .id' chans.json\n```" },
      { text: "```bash\njq '.channels | length' chans.json; nosuchcommand\n```" },
      { text: 'Done.' },
    ]);
    expect(record.steps[0].actions[0]).toMatchObject({ kind: 'bash', ok: true, observation: 'C07RANDOM' });
    expect(record.steps[1].actions[0].ok).toBe(false);
    expect(record.steps[1].actions[0].observation).toMatch(/^\d+\n\[error\] bash: nosuchcommand: command not found\nError: bash: the script exited with status 127$/);
    expect(JSON.stringify(server!.received[1].body.messages)).toContain('C07RANDOM');
  });

  it('Stop after a step ends the run cleanly, keeps the step and evaluates the state', async () => {
    server = await startFakeModelServer([{ text: curlPost }, { text: listChannels }, { text: 'never reached' }]);
    const provider = createProvider({ protocol: 'openai', baseURL: server.openaiBaseURL }, KEY);
    const session = await project.workbench.open(project.scenario);
    const stop = new AbortController();
    try {
      const record = await runAgent({
        provider, model: { protocol: 'openai', baseURL: 'fake', model: 'fake-1' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack],
        signal: stop.signal, events: { onStep: () => stop.abort() },
      });
      expect(record.endReason).toBe('stopped');
      expect(record.steps).toHaveLength(1);
      expect(server.received).toHaveLength(1);
      expect(record.verdict.agent_diff_passed).toBe(true);
    } finally {
      await session.dispose();
    }
  });
});

describe('forking a saved run', () => {
  it('replays the kept steps into a fresh environment and lets another model continue the conversation', async () => {
    const first = await run('openai', [{ text: `Posting.\n${curlPost}` }, { text: 'Answer: oops, wrong' }]);
    expect(first.steps).toHaveLength(2);
    const { scriptedProvider } = await import('../../../src/agent/providers/scriptedProvider.ts');
    const seen: string[] = [];
    const provider = scriptedProvider((req) => {
      seen.push(JSON.stringify(req.messages));
      return { text: 'All done.\nAnswer: posted' };
    });
    const session = await project.workbench.open(project.scenario);
    try {
      const forked = await runAgent({
        provider, model: { protocol: 'openai', baseURL: 'scripted', model: 'other' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack],
        fork: { record: first, through: 0 },
      });
      expect(forked.steps).toHaveLength(2);
      expect(forked.steps[0]).toEqual(first.steps[0]);
      expect(forked.answer).toBe('posted');
      // The message posted in the kept step is in the new environment, once.
      expect(forked.runDiff.inserts).toHaveLength(1);
      expect(forked.verdict.passed).toBe(true);
      expect(seen[0]).toContain('Block 1 (Bash) output');
    } finally {
      await session.dispose();
    }
  });
});
