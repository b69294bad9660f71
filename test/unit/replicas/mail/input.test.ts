import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readParams, validate } from '../../../../src/replicas/mail/input.ts';

async function thrown(fn: () => unknown): Promise<{ status: number; body: any } | undefined> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof Response) return { status: err.status, body: await err.json() };
    throw err;
  }
  return undefined;
}

describe('MailHub input: names of JavaScript prototype properties', () => {
  const schema = z.strictObject({ page_size: z.number().int().optional(), folder_id: z.string().optional() });

  it('a query or body key named constructor, toString or __proto__ is an unknown field (400), not a server error', async () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const url = new URL(`https://api.mailhub.example/v1/messages?${key}=1&page_size=3`);
      const fromQuery = await thrown(async () => validate(schema, await readParams(new Request(url), url), url.searchParams));
      expect(fromQuery, key).toEqual({ status: 400, body: { error: expect.objectContaining({ code: 'invalid_request', field: key }) } });

      const post = new URL('https://api.mailhub.example/v1/messages');
      const request = new Request(post, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"${key}": {"folder_id": "inbox"}}` });
      const fromBody = await thrown(async () => validate(schema, await readParams(request, post), post.searchParams));
      expect(fromBody?.body.error.field, key).toBe(key);
    }
  });

  it('a `__proto__` body key does not lend its fields to the input', async () => {
    const url = new URL('https://api.mailhub.example/v1/messages');
    const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"__proto__": {"folder_id": "inbox"}}' });
    const params = await readParams(request, url);
    expect(params.folder_id).toBeUndefined();
  });
});
