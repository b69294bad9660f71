import { describe, expect, it } from 'vitest';
import { answerFetch, toRequest } from '../../../src/sandbox/shimHttp.ts';
import type { RequestLogEntry, ShimRequest } from '../../../src/sandbox/types.ts';

const post = (url: string, extra: Partial<ShimRequest> = {}): ShimRequest => ({
  url,
  method: 'POST',
  headers: [['authorization', 'Bearer t'], ['content-type', 'text/plain']],
  body: { kind: 'text', text: 'payload' },
  redirect: 'follow',
  ...extra,
});

describe('shimHttp', () => {
  it('rebuilds a form body as real multipart with files', async () => {
    const request = toRequest({
      url: 'https://a.example.com/upload',
      method: 'POST',
      headers: [],
      body: {
        kind: 'form',
        entries: [
          { name: 'a', value: '1' },
          { name: 'f', file: { bytes: new TextEncoder().encode('hi'), type: 'text/plain', filename: 'f.txt' } },
        ],
      },
      redirect: 'follow',
    });
    const form = await request.formData();
    const file = form.get('f') as File;
    expect([form.get('a'), file.name, file.type, await file.text()]).toEqual(['1', 'f.txt', 'text/plain', 'hi']);
  });

  it('follows a 303 with a GET without body, and drops credentials across origins', async () => {
    const seen: [string, string, string | null, string][] = [];
    const log: RequestLogEntry[] = [];
    const response = await answerFetch(
      async (request) => {
        seen.push([request.method, request.url, request.headers.get('authorization'), await request.text()]);
        if (request.url.endsWith('/start')) return new Response(null, { status: 303, headers: { location: '/next' } });
        if (request.url.endsWith('/next')) return new Response(null, { status: 307, headers: { location: 'https://b.example.com/end' } });
        return new Response('done');
      },
      post('https://a.example.com/start'),
      (entry) => log.push(entry),
    );
    expect(seen).toEqual([
      ['POST', 'https://a.example.com/start', 'Bearer t', 'payload'],
      ['GET', 'https://a.example.com/next', 'Bearer t', ''],
      ['GET', 'https://b.example.com/end', null, ''],
    ]);
    expect(log.map((e) => e.status)).toEqual([303, 307, 200]);
    expect(response).toMatchObject({ status: 200, url: 'https://b.example.com/end', redirected: true });
    expect(new TextDecoder().decode(response.body)).toBe('done');
  });

  it('keeps method and body on a 307, and refuses redirects with redirect: error', async () => {
    const bodies: string[] = [];
    const handler = async (request: Request): Promise<Response> => {
      bodies.push(`${request.method} ${await request.text()}`);
      return request.url.endsWith('/a') ? new Response(null, { status: 307, headers: { location: '/b' } }) : new Response('ok');
    };
    await answerFetch(handler, post('https://a.example.com/a'), () => {});
    expect(bodies).toEqual(['POST payload', 'POST payload']);
    await expect(answerFetch(handler, post('https://a.example.com/a', { redirect: 'error' }), () => {})).rejects.toThrow(TypeError);
  });

  it('rejects when the handler does not return a Response', async () => {
    const handler = (async () => ({ status: 200 })) as unknown as (request: Request) => Promise<Response>;
    await expect(answerFetch(handler, post('https://a.example.com/'), () => {})).rejects.toThrow('did not return a Response');
  });
});
