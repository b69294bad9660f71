import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, flag, jsonArg, limitParam, list, positiveInt, readParams, required, str } from '../../../../src/replicas/slack/params.ts';

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err instanceof Response ? await err.json() : err;
  }
  return undefined;
}

describe('arguments that name or shadow JavaScript prototype properties', () => {
  const url = new URL('https://slack.com/api/x');
  const json = (body: string) => readParams(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), url);

  it('a `__proto__` key is an argument of that name, not a prototype every other argument inherits', async () => {
    const params = await json('{"__proto__": {"channel": "C0GENERAL"}, "text": "hi"}');
    expect(params.channel).toBeUndefined();
    expect(Object.keys(params)).toEqual(['__proto__', 'text']);
    const query = new URL('https://slack.com/api/x?__proto__=1&channel=C1');
    const fromQuery = await readParams(new Request(query), query);
    expect(Object.getPrototypeOf(fromQuery)).toBe(Object.prototype);
    expect(fromQuery.channel).toBe('C1');
  });

  it('objects whose keys shadow toString or valueOf are read as their JSON text, never called', async () => {
    const params = await json('{"limit": {"toString": "x"}, "count": {"valueOf": "x"}, "users": [{"toString": "x"}]}');
    expect(await thrown(() => limitParam(params, 100, 1000))).toEqual({ ok: false, error: 'invalid_limit' });
    expect(positiveInt(params, 'count', 20, 100)).toBe(20);
    expect(list(params, 'users')).toEqual(['{"toString":"x"}']);
  });
});

describe('readParams', () => {
  it('merges the query string and a form body, the body winning', async () => {
    const url = new URL('https://slack.com/api/x?a=1&b=2');
    const req = new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'b=3&c=%5B1%5D' });
    expect(await readParams(req, url)).toEqual({ a: '1', b: '3', c: '[1]' });
  });

  it('keeps JSON values typed', async () => {
    const url = new URL('https://slack.com/api/x');
    const req = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"limit":2,"blocks":[{"type":"divider"}]}' });
    expect(await readParams(req, url)).toEqual({ limit: 2, blocks: [{ type: 'divider' }] });
  });

  it('refuses JSON that is malformed or not an object', async () => {
    const url = new URL('https://slack.com/api/x');
    const send = (body: string) => readParams(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), url);
    expect(await thrown(() => send('{'))).toEqual({ ok: false, error: 'invalid_json' });
    expect(await thrown(() => send('[1]'))).toEqual({ ok: false, error: 'json_not_object' });
  });

  it('reads a bare text body as form data', async () => {
    const url = new URL('https://slack.com/api/x');
    expect(await readParams(new Request(url, { method: 'POST', body: 'channel=C1' }), url)).toEqual({ channel: 'C1' });
  });
});

describe('argument coercion', () => {
  it('reads strings, leaving empty ones out', () => {
    expect(str({ a: 'x', b: '', c: 3, d: true, e: [1] }, 'a')).toBe('x');
    expect(str({ b: '' }, 'b')).toBeUndefined();
    expect(str({ c: 3 }, 'c')).toBe('3');
    expect(str({ e: [1] }, 'e')).toBe('[1]');
  });

  it('names a missing required argument', async () => {
    expect(await thrown(() => required({}, 'channel'))).toEqual({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: channel [json-pointer:/channel]'] },
    });
  });

  it("reads Slack's booleans", () => {
    expect([true, 'true', '1', 1].map((v) => flag({ x: v }, 'x'))).toEqual([true, true, true, true]);
    expect([false, 'false', '0', 0].map((v) => flag({ x: v }, 'x', true))).toEqual([false, false, false, false]);
    expect(flag({}, 'x', true)).toBe(true);
  });

  it('reads limits: default, cut to the maximum, refused when not a count', async () => {
    expect(limitParam({}, 100, 1000)).toBe(100);
    expect(limitParam({ limit: '0' }, 100, 1000)).toBe(100);
    expect(limitParam({ limit: '5000' }, 100, 1000)).toBe(1000);
    expect(limitParam({ limit: 7 }, 100, 1000)).toBe(7);
    expect(await thrown(() => limitParam({ limit: 'x' }, 100, 1000))).toEqual({ ok: false, error: 'invalid_limit' });
    expect(positiveInt({ page: '0' }, 'page', 1, 100)).toBe(1);
    expect(positiveInt({ count: '500' }, 'count', 20, 100)).toBe(100);
  });

  it('reads lists from commas or JSON arrays', () => {
    expect(list({ users: 'U1, U2,,U3' }, 'users')).toEqual(['U1', 'U2', 'U3']);
    expect(list({ users: ['U1', 'U2'] }, 'users')).toEqual(['U1', 'U2']);
    expect(list({}, 'users')).toEqual([]);
  });

  it('parses structured arguments given as JSON text', async () => {
    expect(jsonArg({ blocks: '[{"type":"divider"}]' }, 'blocks', 'bad')).toEqual([{ type: 'divider' }]);
    expect(jsonArg({ blocks: [1] }, 'blocks', 'bad')).toEqual([1]);
    expect(jsonArg({}, 'blocks', 'bad')).toBeUndefined();
    expect(await thrown(() => jsonArg({ blocks: '[' }, 'blocks', 'bad'))).toEqual({ ok: false, error: 'bad' });
  });

  it('round-trips cursors of its own kind only', async () => {
    const c = encodeCursor('user', 'U0ÄDA');
    expect(decodeCursor({ cursor: c }, 'user')).toBe('U0ÄDA');
    expect(decodeCursor({}, 'user')).toBeUndefined();
    expect(await thrown(() => decodeCursor({ cursor: c }, 'channel'))).toEqual({ ok: false, error: 'invalid_cursor' });
    expect(await thrown(() => decodeCursor({ cursor: '!!' }, 'user'))).toEqual({ ok: false, error: 'invalid_cursor' });
  });
});
