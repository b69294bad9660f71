import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from '../../../src/agent/loop.ts';
import { createProvider } from '../../../src/agent/providers/index.ts';
import { scriptedProvider } from '../../../src/agent/providers/scriptedProvider.ts';
import type { ProviderProtocol } from '../../../src/agent/types.ts';
import { sessionWorld } from '../../../src/agent/world.ts';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { prewarmed, type PrewarmedFactory } from '../../../src/cli/prewarmedWorkers.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';
import { startFakeModelServer, type FakeReply } from '../../helpers/fakeModelServer.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

// The agent loop runs Python as it runs JavaScript and Bash: ```python blocks in code mode, and in tool mode the
// execute_python / execute_bash / execute_javascript tools, each recorded as its language. A Pyodide start takes
// seconds (minutes on a machine whose cores are busy), so tests get a generous budget and scripts no time limit
// that a slow machine could hit; nothing here measures speed.
const SLOW = 300_000;
let workers: PrewarmedFactory;
beforeAll(() => {
  workers = prewarmed(createNodeWorker);
  workers.warm(defaultLimits, 'python');
});
afterAll(() => workers.dispose());
const project = withSlackSuiteWorkbench('random-boardgame-venue', () => ({ createWorker: workers.createWorker }));
let server: Awaited<ReturnType<typeof startFakeModelServer>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function run(protocol: ProviderProtocol, script: FakeReply[], settings: Parameters<typeof runAgent>[0]['settings'] = {}) {
  server = await startFakeModelServer(script);
  const provider = createProvider({ protocol, baseURL: protocol === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL, maxRetries: 1 }, 'sk-test');
  const session = await project.workbench.open(project.scenario);
  try {
    return await runAgent({ provider, model: { protocol, baseURL: 'fake', model: 'fake-1' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack], settings });
  } finally {
    await session.dispose();
  }
}

const TEXT = 'Board game night on Friday moved to the 4th-floor lounge!';
const listInPython = [
  'import requests',
  "s = requests.Session()",
  "s.headers['Authorization'] = 'Bearer difflab-agent'",
  "for c in s.get('https://slack.com/api/conversations.list').json()['channels']:",
  "    print(c['id'], c['name'])",
].join('\n');
const postInPython = [
  'import requests',
  `r = requests.post('https://slack.com/api/chat.postMessage', headers={'Authorization': 'Bearer difflab-agent'}, json={'channel': 'C07RANDOM', 'text': ${JSON.stringify(TEXT)}})`,
  "print(r.status_code, r.json()['ok'])",
].join('\n');

describe('code mode runs ```python blocks', () => {
  it('a Python block lists, the next posts; each action records its language, the model sees the output', async () => {
    const record = await run('openai', [
      { text: `Finding the channel.\n\`\`\`python\n${listInPython}\n\`\`\`` },
      { text: `Posting.\n\`\`\`py\n${postInPython}\n\`\`\`` },
      { text: 'Posted in #random.\nAnswer: posted' },
    ]);
    expect(record.endReason).toBe('final_answer');
    expect(record.steps[0].actions[0]).toMatchObject({ kind: 'python', ok: true });
    expect(record.steps[0].actions[0].observation).toContain('C07RANDOM random');
    expect(record.steps[1].actions[0]).toMatchObject({ kind: 'python', ok: true, observation: '200 True' });
    expect(record.verdict.passed).toBe(true);
    expect(JSON.stringify(server!.received[1].body.messages)).toMatch(/Block 1 \(Python\) output:\\n[^"]*C07RANDOM random/);
    expect(record.system).toContain('```python blocks run as Python 3');
  }, SLOW);

  it('a Python error is the observation, with its last line', async () => {
    const record = await run('openai', [{ text: "```python\nimport requests\nrequests.get('https://slack.com/api/auth.test').json()['nope']\n```" }, { text: 'Done.' }]);
    const action = record.steps[0].actions[0];
    expect(action.ok).toBe(false);
    expect(action.observation).toMatch(/KeyError: 'nope'/);
  }, SLOW);
});

describe.each(['openai', 'anthropic'] as const)('tool mode over %s offers code tools', (protocol) => {
  it('execute_python, execute_bash and execute_javascript run their code; results go back paired with their calls', async () => {
    const record = await run(
      protocol,
      [
        { text: 'Listing.', toolCalls: [{ name: 'execute_python', arguments: { code: listInPython } }] },
        {
          text: 'Posting, and checking who I am.',
          toolCalls: [
            { name: 'execute_bash', arguments: { code: `curl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer difflab-agent' --data-urlencode channel=C07RANDOM --data-urlencode "text=${TEXT}" | jq -r .ok` } },
            { name: 'execute_javascript', arguments: { code: "const r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { Authorization: 'Bearer difflab-agent' } });\nconsole.log((await r.json()).ok);" } },
          ],
        },
        { text: 'Done: the message is in #random.' },
      ],
      { mode: 'tools' },
    );
    expect(record.settings.toolset).toBe('all');
    const sent = server!.received[0].body;
    const names: string[] = (sent.tools as any[]).map((t) => t.function?.name ?? t.name);
    expect(names).toEqual(expect.arrayContaining(['chat_postMessage', 'execute_python', 'execute_bash', 'execute_javascript']));
    const [list] = record.steps[0].actions;
    expect(list).toMatchObject({ kind: 'python', code: listInPython, ok: true });
    expect(list.toolCallId).toBeTruthy();
    expect(list.observation).toContain('C07RANDOM random');
    const [post, whoami] = record.steps[1].actions;
    expect(post).toMatchObject({ kind: 'bash', ok: true, observation: 'true' });
    expect(post.stepDiff.inserts).toHaveLength(1);
    expect(whoami).toMatchObject({ kind: 'js', ok: true, observation: 'true' });
    expect(record.verdict.passed).toBe(true);
    // The model got the Python output as the result of its call.
    expect(JSON.stringify(server!.received[1].body.messages)).toContain('C07RANDOM random');
    expect(record.system).toContain('The execute_javascript, execute_bash, execute_python tools run the code');
  }, SLOW);
});

describe('tool sets', () => {
  it('"code" offers only the code tools, "api" only the API tools; a call without code is refused as its result', async () => {
    const record = await run('openai', [{ text: 'Trying.', toolCalls: [{ name: 'execute_python', arguments: { script: 'print(1)' } }] }, { text: 'Done.' }], { mode: 'tools', toolset: 'code' });
    const names: string[] = (server!.received[0].body.tools as any[]).map((t) => t.function.name);
    expect(names).toEqual(['execute_javascript', 'execute_bash', 'execute_python']);
    expect(record.steps[0].actions[0]).toMatchObject({ kind: 'tool', ok: false, observation: expect.stringContaining('one argument, `code`') });
    await server!.close();
    const api = await run('openai', [{ text: 'Done.' }], { mode: 'tools', toolset: 'api' });
    const apiNames: string[] = (server!.received[0].body.tools as any[]).map((t) => t.function.name);
    expect(apiNames).toContain('chat_postMessage');
    expect(apiNames.some((n) => n.startsWith('execute_'))).toBe(false);
    expect(api.system).not.toContain('execute_python');
  }, SLOW);

  it('a fork of a run with code tool calls replays them and hands their results back as tool messages', async () => {
    const first = await run('openai', [{ text: 'Posting.', toolCalls: [{ name: 'execute_python', arguments: { code: postInPython } }] }, { text: 'Answer: oops' }], { mode: 'tools' });
    const seen: string[] = [];
    const provider = scriptedProvider((req) => {
      seen.push(JSON.stringify(req.messages));
      return { text: 'All done.\nAnswer: posted' };
    });
    const session = await project.workbench.open(project.scenario);
    try {
      const forked = await runAgent({
        provider, model: { protocol: 'openai', baseURL: 'scripted', model: 'other' }, world: sessionWorld(session), scenario: project.scenario, replicas: [slack],
        settings: { mode: 'tools' }, fork: { record: first, through: 0 },
      });
      expect(forked.runDiff.inserts).toHaveLength(1);
      expect(forked.verdict.passed).toBe(true);
      expect(seen[0]).toMatch(/"role":"tool","toolCallId":"[^"]+","name":"execute_python","content":"200 True"/);
    } finally {
      await session.dispose();
    }
  }, SLOW);
});
