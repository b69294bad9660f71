/**
 * Notes whether an OpenAI-style event stream carried its closing `data: [DONE]`. The SDK ends its iteration there
 * without saying so, and it also ends quietly when the connection closes early; some OpenAI-compatible servers end
 * a complete reply with [DONE] but never send a finish_reason. So [DONE] is what tells a finished reply from a cut one.
 */
export function watchStreamEnd(inner: typeof fetch): { fetch: typeof fetch; sawDone: () => boolean } {
  let sawDone = false;
  const watched = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    sawDone = false;
    const decoder = new TextDecoder();
    // Enough of the previous piece to find a marker split across two pieces, with the line start before it.
    let tail = '';
    const scan = new TransformStream<Uint8Array, Uint8Array>({
      transform(piece, controller) {
        const text = tail + decoder.decode(piece, { stream: true });
        if (/^data: ?\[DONE\]/m.test(text)) sawDone = true;
        tail = text.slice(-16);
        controller.enqueue(piece);
      },
    });
    return new Response(response.body.pipeThrough(scan), { status: response.status, statusText: response.statusText, headers: response.headers });
  }) as typeof fetch;
  return { fetch: watched, sawDone: () => sawDone };
}
