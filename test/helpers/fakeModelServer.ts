import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of the fake model. */
export type FakeReply =
  | { text?: string; toolCalls?: { name: string; arguments: Record<string, unknown> | string }[]; usage?: { input: number; output: number } }
  /** An HTTP error with the provider's error body; `retryAfter` is sent as Retry-After (else retry-after-ms: 5). */
  | { status: number; message?: string; retryAfter?: string }
  /** Starts streaming, sends `text` so far, then cuts the connection. */
  | { drop: true; text?: string }
  /** Streams `text`, then ends the response cleanly without the end of message (finish_reason / message_stop). */
  | { truncate: true; text: string }
  /** Streams a complete reply ending in [DONE] (OpenAI) whose chunks never carry a finish_reason, as some compatible servers do. */
  | { noFinishReason: true; text: string }
  /** Resets the connection before any reply. */
  | { reset: true }
  /** Never answers (until the server closes). */
  | { hang: true };

export interface ReceivedRequest {
  protocol: 'openai' | 'anthropic';
  headers: IncomingMessage['headers'];
  body: any;
  raw: string;
}

/**
 * A local model server speaking OpenAI Chat Completions (`POST /v1/chat/completions`) and Anthropic Messages
 * (`POST /v1/messages`), streaming SSE as the real APIs do. `script` gives the reply for each request in order (a
 * function may look at what the model was sent).
 */
export async function startFakeModelServer(script: FakeReply[] | ((req: ReceivedRequest, n: number) => FakeReply)) {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    // A page calls providers cross-origin: answer the preflight as the real APIs do.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const protocol = req.url?.endsWith('/messages') ? 'anthropic' : req.url?.endsWith('/chat/completions') ? 'openai' : null;
      if (!protocol || req.method !== 'POST') {
        res.writeHead(404).end('{"error":"not found"}');
        return;
      }
      const r: ReceivedRequest = { protocol, headers: req.headers, body: JSON.parse(raw || '{}'), raw };
      received.push(r);
      const n = received.length - 1;
      const reply = typeof script === 'function' ? script(r, n) : (script[n] ?? { text: 'Done.' });
      answer(res, r, reply, n);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    openaiBaseURL: `http://127.0.0.1:${port}/v1`,
    anthropicBaseURL: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

function answer(res: ServerResponse, req: ReceivedRequest, reply: FakeReply, n: number): void {
  if ('hang' in reply) return;
  if ('reset' in reply) {
    res.socket?.resetAndDestroy();
    return;
  }
  if ('status' in reply) {
    const body =
      req.protocol === 'openai'
        ? { error: { message: reply.message ?? 'error', type: 'error', code: null } }
        : { type: 'error', error: { type: reply.status === 429 ? 'rate_limit_error' : 'error', message: reply.message ?? 'error' } };
    // retry-after-ms keeps the SDKs' backoff short in tests.
    res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : { 'retry-after-ms': '5' }) }).end(JSON.stringify(body));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events = req.protocol === 'openai' ? openaiEvents(reply, n) : anthropicEvents(reply, n);
  if ('truncate' in reply) {
    // Everything but the end of message: the finish chunk, usage and [DONE] (OpenAI), message_delta and message_stop (Anthropic).
    const kept = req.protocol === 'openai' ? events.slice(0, -3) : events.slice(0, -2);
    for (const e of kept) res.write(e);
    res.end();
    return;
  }
  if ('drop' in reply) {
    // Send the first events, then cut the socket without ending the stream.
    for (const e of events.slice(0, 2)) res.write(e);
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  for (const e of events) res.write(e);
  res.end();
}

function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,12}/g) ?? [];
}

type StreamedReply = Exclude<FakeReply, { status: number } | { reset: true } | { hang: true }>;

function openaiEvents(reply: StreamedReply, n: number): string[] {
  const base = { id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 0, model: 'fake' };
  const chunk = (choice: object | null, extra: object = {}) => `data: ${JSON.stringify({ ...base, choices: choice ? [{ index: 0, ...choice }] : [], ...extra })}\n\n`;
  const out = [chunk({ delta: { role: 'assistant', content: '' }, finish_reason: null })];
  for (const p of pieces(reply.text ?? '')) out.push(chunk({ delta: { content: p }, finish_reason: null }));
  const calls = 'toolCalls' in reply ? (reply.toolCalls ?? []) : [];
  calls.forEach((c, i) => {
    const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
    out.push(chunk({ delta: { tool_calls: [{ index: i, id: `call_${n}_${i}`, type: 'function', function: { name: c.name, arguments: '' } }] }, finish_reason: null }));
    for (const p of pieces(args)) out.push(chunk({ delta: { tool_calls: [{ index: i, function: { arguments: p } }] }, finish_reason: null }));
  });
  if (!('noFinishReason' in reply)) out.push(chunk({ delta: {}, finish_reason: calls.length ? 'tool_calls' : 'stop' }));
  const usage = 'usage' in reply && reply.usage ? reply.usage : { input: 100, output: 20 };
  out.push(chunk(null, { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } }));
  out.push('data: [DONE]\n\n');
  return out;
}

function anthropicEvents(reply: StreamedReply, n: number): string[] {
  const ev = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const usage = 'usage' in reply && reply.usage ? reply.usage : { input: 100, output: 20 };
  const out = [
    ev('message_start', {
      message: { id: `msg_${n}`, type: 'message', role: 'assistant', content: [], model: 'fake', stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: 1 } },
    }),
  ];
  let index = 0;
  if (reply.text) {
    out.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const p of pieces(reply.text)) out.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text: p } }));
    out.push(ev('content_block_stop', { index }));
    index++;
  }
  const calls = 'toolCalls' in reply ? (reply.toolCalls ?? []) : [];
  for (const [i, c] of calls.entries()) {
    const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
    out.push(ev('content_block_start', { index, content_block: { type: 'tool_use', id: `toolu_${n}_${i}`, name: c.name, input: {} } }));
    for (const p of pieces(args)) out.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: p } }));
    out.push(ev('content_block_stop', { index }));
    index++;
  }
  out.push(ev('message_delta', { delta: { stop_reason: calls.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } }));
  out.push(ev('message_stop', {}));
  return out;
}
