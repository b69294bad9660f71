// Local stand-ins for a model provider, shared by the journeys that watch a model run in the page: an HTTP server
// the page's official SDKs can reach (CORS, preflight), and the OpenAI chat-completions stream written the way the
// real API writes it (content deltas, a finish_reason, a usage chunk, [DONE]).
import { createServer } from 'node:http';

/**
 * Listens on 127.0.0.1 at a free port; each request's JSON body is handed to `reply({ req, res, body, raw, turn })`,
 * where `turn` counts the assistant messages the request already holds (0 for a run's first call).
 */
export async function modelServer(reply) {
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      const turn = (body.messages ?? []).filter((m) => m.role === 'assistant').length;
      reply({ req, res, body, raw, turn });
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    root: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }),
  };
}

/**
 * Streams `text` as an OpenAI chat completion, `pieceSize` characters a chunk, `gapMs` apart. With `cut`, the stream
 * stops after the text, with no finish_reason and no [DONE] (a provider that drops mid-stream).
 */
export function streamChat(res, text, { model = 'f', pieceSize = 12, gapMs = 0, cut = false, usage = { prompt_tokens: 500, completion_tokens: 40, total_tokens: 540 } } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (o) => res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model, ...o })}\n\n`);
  const pieces = text.match(new RegExp(`[\\s\\S]{1,${pieceSize}}`, 'g')) ?? [];
  const end = () => {
    if (!cut) {
      chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      chunk({ choices: [], usage });
      res.write('data: [DONE]\n\n');
    }
    res.end();
  };
  if (!gapMs) {
    for (const p of pieces) chunk({ choices: [{ index: 0, delta: { content: p }, finish_reason: null }] });
    return end();
  }
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i === pieces.length) return end();
    chunk({ choices: [{ index: 0, delta: { content: pieces[i++] }, finish_reason: null }] });
    setTimeout(next, gapMs);
  };
  next();
}
