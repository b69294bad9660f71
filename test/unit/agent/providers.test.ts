import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../../src/agent/providers/index.ts';
import { ProviderError, type ProviderProtocol } from '../../../src/agent/types.ts';
import { startFakeModelServer, type FakeReply } from '../../helpers/fakeModelServer.ts';

const KEY = 'sk-test-SECRET-123456';
let server: Awaited<ReturnType<typeof startFakeModelServer>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function providerFor(protocol: ProviderProtocol, script: FakeReply[], maxRetries = 2) {
  server = await startFakeModelServer(script);
  const baseURL = protocol === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL;
  return createProvider({ protocol, baseURL, maxRetries }, KEY);
}

const tools = [{ name: 'chat_postMessage', description: 'Post', parameters: { type: 'object', properties: { channel: { type: 'string' } } } }];

describe.each(['openai', 'anthropic'] as const)('%s provider', (protocol) => {
  it('streams text, reports usage and sends the key only as a header', async () => {
    const provider = await providerFor(protocol, [{ text: 'Hello from the fake model, streamed.', usage: { input: 321, output: 45 } }]);
    const deltas: string[] = [];
    const turn = await provider.complete({ model: 'fake-1', system: 'SYS', messages: [{ role: 'user', content: 'hi' }], onText: (d) => deltas.push(d) });
    expect(turn.text).toBe('Hello from the fake model, streamed.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(turn.text);
    expect(turn.usage).toEqual({ inputTokens: 321, outputTokens: 45 });
    const req = server!.received[0];
    expect(req.body.stream).toBe(true);
    expect(req.body.model).toBe('fake-1');
    expect(req.raw).not.toContain(KEY);
    if (protocol === 'openai') {
      expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req.body.messages[0]).toEqual({ role: 'system', content: 'SYS' });
    } else {
      // This SDK version sends the API key as a bearer token.
      expect(req.headers.authorization ?? req.headers['x-api-key']).toMatch(new RegExp(`^(Bearer )?${KEY}$`));
      expect(req.body.system).toBe('SYS');
    }
  });

  it('assembles streamed tool calls and sends tool results back in the protocol\'s shape', async () => {
    const provider = await providerFor(protocol, [
      { text: protocol === 'anthropic' ? 'Posting.' : '', toolCalls: [{ name: 'chat_postMessage', arguments: { channel: 'C1', text: 'a long enough text to be split' } }] },
      { text: 'Done.' },
    ]);
    const turn = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'post' }], tools });
    expect(turn.toolCalls).toHaveLength(1);
    expect(turn.toolCalls[0].name).toBe('chat_postMessage');
    expect(JSON.parse(turn.toolCalls[0].arguments)).toEqual({ channel: 'C1', text: 'a long enough text to be split' });
    expect(turn.stopReason).toBe(protocol === 'openai' ? 'tool_calls' : 'tool_use');

    await provider.complete({
      model: 'm',
      system: 's',
      tools,
      messages: [
        { role: 'user', content: 'post' },
        { role: 'assistant', content: turn.text, toolCalls: turn.toolCalls },
        { role: 'tool', toolCallId: turn.toolCalls[0].id, name: 'chat_postMessage', content: 'HTTP 200 {"ok":true}' },
      ],
    });
    const sent = server!.received[1].body;
    if (protocol === 'openai') {
      expect(sent.tools[0]).toMatchObject({ type: 'function', function: { name: 'chat_postMessage' } });
      expect(sent.messages[2].tool_calls[0].id).toBe(turn.toolCalls[0].id);
      expect(sent.messages[3]).toEqual({ role: 'tool', tool_call_id: turn.toolCalls[0].id, content: 'HTTP 200 {"ok":true}' });
    } else {
      expect(sent.tools[0]).toMatchObject({ name: 'chat_postMessage', input_schema: { type: 'object' } });
      expect(sent.messages[1].content[1]).toMatchObject({ type: 'tool_use', id: turn.toolCalls[0].id, input: { channel: 'C1' } });
      expect(sent.messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: turn.toolCalls[0].id, content: 'HTTP 200 {"ok":true}' }] });
    }
  });

  it('backs off and retries after HTTP 429, then succeeds', async () => {
    const provider = await providerFor(protocol, [{ status: 429, message: 'slow down' }, { text: 'ok now' }]);
    const turn = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] });
    expect(turn.text).toBe('ok now');
    expect(server!.received).toHaveLength(2);
  });

  it('gives a rate-limit error after the retries run out', async () => {
    const provider = await providerFor(protocol, [{ status: 429 }, { status: 429 }, { status: 429 }], 1);
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('rate_limit');
    expect(err.message).toMatch(/429/);
    expect(server!.received).toHaveLength(2);
  });

  it('says the key was refused on 401, without repeating the key', async () => {
    const provider = await providerFor(protocol, [{ status: 401, message: `Incorrect API key provided: ${KEY}` }]);
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/refused the API key/);
    expect(err.message).not.toContain(KEY);
  });

  it('reports a connection dropped mid-stream as a network error, after asking for the turn again twice', async () => {
    const drop: FakeReply = { drop: true, text: 'partial answer that never ends' };
    const provider = await providerFor(protocol, [drop, drop, drop, { text: 'never asked for' }]);
    const restarts: string[] = [];
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }], onRetry: (r) => restarts.push(r.cause) }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/dropped|reach/);
    expect(server!.received).toHaveLength(3);
    expect(restarts).toHaveLength(2);
    expect(err.retries).toEqual([expect.objectContaining({ midStream: true }), expect.objectContaining({ midStream: true })]);
  });

  it('a stream that ends without the end of message is a truncated reply, not a reply', async () => {
    const cut: FakeReply = { truncate: true, text: 'Good, I have what I need. const r = awa' };
    const provider = await providerFor(protocol, [cut, cut, cut]);
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('truncated');
    expect(err.message).toMatch(protocol === 'openai' ? /cut off: the stream ended without a finish_reason/ : /cut off: the stream ended without message_stop/);
  });

  it.runIf(protocol === 'openai')('a complete stream without a finish_reason (ended by [DONE]) is a reply, not a truncated one', async () => {
    const provider = await providerFor(protocol, [{ noFinishReason: true, text: 'Posted in #random. Answer: posted' }]);
    const turn = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] });
    expect(turn.text).toBe('Posted in #random. Answer: posted');
    expect(turn.stopReason).toBeNull();
    expect(server!.received).toHaveLength(1);
  });

  it("the request's own time limit is a timeout error", async () => {
    server = await startFakeModelServer([{ hang: true }]);
    const provider = createProvider({ protocol, baseURL: protocol === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL, maxRetries: 0, timeoutMs: 300 }, KEY);
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/time limit/);
  });

  it('names a request longer than the context as such (it cannot succeed on retry)', async () => {
    const message = protocol === 'openai' ? "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens." : 'prompt is too long: 210000 tokens > 200000 maximum';
    const provider = await providerFor(protocol, [{ status: 400, message }]);
    const err = await provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.kind).toBe('context_length');
  });
});

describe.each(['openai', 'anthropic'] as const)('%s provider: wrong model name', (protocol) => {
  it('says the model is unknown on a 404 that names it', async () => {
    const message = protocol === 'openai' ? 'The model `gpt-nope` does not exist or you do not have access to it.' : 'model: gpt-nope';
    const provider = await providerFor(protocol, [{ status: 404, message }]);
    const err = await provider.complete({ model: 'gpt-nope', system: 's', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.kind).toBe('model');
    expect(err.message).toMatch(/does not serve the model “gpt-nope” \(HTTP 404\): check the model name/);
  });
});

/**
 * A page's fetch as a browser gives it: a server without CORS headers, a closed port and an offline device all
 * reject with the same TypeError. `no-cors` requests reach a server that is there and come back opaque.
 */
function browserFetch(server: 'no-cors-headers' | 'closed-port', seen: string[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const mode = init?.mode ?? 'cors';
    seen.push(`${init?.method ?? 'GET'} ${mode}`);
    if (server === 'no-cors-headers' && mode === 'no-cors') return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
}

describe.each(['openai', 'anthropic'] as const)('%s provider in a browser: a model API it cannot reach', (protocol) => {
  const g = globalThis as { document?: unknown; navigator?: unknown };
  const hadNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => {
    delete g.document;
    if (hadNavigator) Object.defineProperty(globalThis, 'navigator', hadNavigator);
    else delete g.navigator;
  });
  const browser = (online = true) => {
    g.document = {};
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: online }, configurable: true, writable: true });
  };
  const call = (fetchImpl: typeof fetch) =>
    createProvider({ protocol, baseURL: 'http://127.0.0.1:9/v1', maxRetries: 4 }, KEY, fetchImpl)
      .complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);

  it('no CORS headers: says CORS and what to do, at once (one request and one no-cors probe, no retries)', async () => {
    browser();
    const seen: string[] = [];
    const err = await call(browserFetch('no-cors-headers', seen));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('cors');
    expect(err.message).toMatch(/answered, but without CORS headers \(Access-Control-Allow-Origin\)/);
    expect(err.message).toMatch(/OLLAMA_ORIGINS/);
    expect(seen).toEqual(['POST cors', 'GET no-cors']);
  });

  it('a closed port: says nothing answered', async () => {
    browser();
    const seen: string[] = [];
    const err = await call(browserFetch('closed-port', seen));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/^nothing answered at http:\/\/127\.0\.0\.1:9\/v1/);
    expect(seen).toEqual(['POST cors', 'GET no-cors']);
  });

  it('offline: says so without probing', async () => {
    browser(false);
    const seen: string[] = [];
    const err = await call(browserFetch('closed-port', seen));
    expect(err.kind).toBe('offline');
    expect(seen).toEqual(['POST cors']);
  });

  it('outside a browser the SDK retries a failed connection as before', async () => {
    const seen: string[] = [];
    const err = await createProvider({ protocol, baseURL: 'http://127.0.0.1:9/v1', maxRetries: 1 }, KEY, browserFetch('closed-port', seen))
      .complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(err.kind).toBe('network');
    expect(seen).toEqual(['POST cors', 'POST cors']);
  });
});
