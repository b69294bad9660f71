import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDiff } from '../../../src/engine/types.ts';
import { chatCompletionsJudge, evaluateDiff, gradeHybrid, judgeOverProtocol, parseJudgement, type TraceEntry } from '../../../src/evaluation/index.ts';

/** A local stand-in for an OpenAI-compatible model server: records each request and answers with a scripted reply. */
let server: Server;
let baseUrl = '';
const received: { auth: string | undefined; headers: IncomingMessage['headers']; body: any }[] = [];
let reply = '';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    received.push({ auth: req.headers.authorization, headers: req.headers, body });
    if (req.url === '/v1/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ model: 'fake-claude-judge', type: 'message', role: 'assistant', content: [{ type: 'text', text: reply }] }));
      return;
    }
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end('no such path');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ model: 'fake-judge-1', choices: [{ message: { role: 'assistant', content: reply } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('chat-completions judge against a local fake model server', () => {
  it('sends the full prompt and turns the reply into rubric scores', async () => {
    reply = 'Here is my grading: {"rubrics":[{"index":0,"scores":{"correctness":1,"completeness":0.5,"bogus":1},"rationale":"mostly right"}]}';
    const judge = chatCompletionsJudge({ baseUrl, model: 'judge-model', apiKey: 'k-123' });
    const longArgument = 'quote: ' + 'z'.repeat(4000);
    const trace: TraceEntry[] = [{ kind: 'http', method: 'POST', url: 'https://api.mailhub.example/v1/messages/send', body: { body: longArgument }, status: 201, response: { id: 'm1' } }];
    const verdict = evaluateDiff({ assertions: [{ diff_type: 'added', entity: 'messages', where: {} }] } as never, emptyDiff());
    const graded = await gradeHybrid({
      scenario: { id: 'x', title: 'x', prompt: 'Send the quote.' },
      verdict,
      closedWorld: false,
      rubrics: [{ description: 'sent the quote', dimensions: ['correctness', 'completeness'] }],
      answer: 'Sent.',
      trace,
      diff: emptyDiff(),
      judge,
    });
    const sent = received.at(-1)!;
    expect(sent.auth).toBe('Bearer k-123');
    expect(sent.body.model).toBe('judge-model');
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages[1].content).toContain(longArgument);
    expect(graded.judgement?.model).toBe('fake-judge-1');
    expect(graded.rubricScore).toBeCloseTo(0.75);
    // static 0 (the assertion fails on an empty diff), rubric 0.75
    expect(graded.score).toBeCloseTo(0.375);
    expect(graded.passed).toBe(false);
  });

  it('reports a server error and a reply without JSON', async () => {
    const wrongPath = chatCompletionsJudge({ baseUrl: baseUrl.replace('/v1', '/nope'), model: 'm' });
    const req = { prompt: { system: 's', user: 'u' } } as never;
    await expect(wrongPath(req)).rejects.toThrow(/HTTP 404/);
    reply = 'I refuse to answer in JSON';
    await expect(chatCompletionsJudge({ baseUrl, model: 'm' })(req)).rejects.toThrow(/no JSON object/);
  });

  it('over the Anthropic protocol, calls the Messages API with the key and the browser opt-in, and reads its text blocks', async () => {
    reply = '{"rubrics":[{"index":0,"scores":{"correctness":1},"rationale":"right"}]}';
    const judge = judgeOverProtocol('anthropic', { baseUrl: baseUrl.replace('/v1', ''), model: 'claude-judge', apiKey: 'sk-ant-1' });
    const judgement = await judge({ prompt: { system: 'grade it', user: 'the run' } } as never);
    const sent = received.at(-1)!;
    expect(sent.headers['x-api-key']).toBe('sk-ant-1');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent.body).toMatchObject({ model: 'claude-judge', system: 'grade it', messages: [{ role: 'user', content: 'the run' }] });
    expect(judgement).toMatchObject({ model: 'fake-claude-judge', rubrics: [{ index: 0, scores: { correctness: 1 }, rationale: 'right' }] });
    // A base URL given up to /v1 reaches the same path.
    await judgeOverProtocol('anthropic', { baseUrl, model: 'm' })({ prompt: { system: 's', user: 'u' } } as never);
    expect(received.at(-1)!.body.model).toBe('m');
  });

  it('parseJudgement clamps scores and ignores unknown dimensions', () => {
    expect(parseJudgement('{"rubrics":[{"scores":{"safety":3,"relevance":-1,"style":1}}]}').rubrics[0].scores).toEqual({ safety: 1, relevance: 0 });
  });
});
