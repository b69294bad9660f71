import { describe, expect, it } from 'vitest';
import { replicas } from '../../../src/replicas/index.ts';
import { MAX_FIELDS, MAX_JSON_DEPTH, MAX_JSON_ELEMENTS, MAX_JSON_KEYS, MAX_JSON_OBJECT_KEYS, MAX_MULTIPART_PARTS } from '../../../src/replicas/limits.ts';
import { checkJson, checkJsonValue } from '../../../src/replicas/parseBounds.ts';
import { TINY_COMPANY, tinyCompanySeed } from '../../helpers/tinyCompany.ts';
import { withReplicaEnvironment } from '../../helpers/replicaEnvironment.ts';

// What parsing a request may cost is bounded in the router, for every service: a body of many tiny values (which
// took 15 s to 259 s to parse, issue 32) is refused in the service's shape, naming the bound, before it is parsed.
const t = withReplicaEnvironment({ replicas, seed: tinyCompanySeed, template: TINY_COMPANY, actingUserId: 'U0ADA' });

const auth = { authorization: 'Bearer x' };
const json = { ...auth, 'content-type': 'application/json' };
const post = (url: string, body: BodyInit, headers: Record<string, string> = json) => t.send(new Request(url, { method: 'POST', headers, body }));
const slack = 'https://slack.com/api/chat.postMessage';

async function refused(response: Response, bound: string, status = 413) {
  expect(response.status).toBe(status);
  const text = await response.text();
  expect(text).toContain(`bound ${bound}`);
  return JSON.parse(text);
}

const array = (n: number) => `[${'0,'.repeat(n - 1)}0]`;
const object = (n: number, prefix = 'k') => `{${Array.from({ length: n }, (_, i) => `"${prefix}${i}":0`).join(',')}}`;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('parse bounds: refused before parsing, in the service’s shape, naming the bound', () => {
  it(`Slack: a form of more than ${MAX_FIELDS} fields`, async () => {
    const body = `channel=C0GENERAL&text=hi${'&x='.repeat(MAX_FIELDS)}`;
    const answer = await refused(await post(slack, body, { ...auth, 'content-type': 'application/x-www-form-urlencoded' }), 'fields');
    expect(answer).toMatchObject({ ok: false, error: 'request_too_large' });
    // Under the bound it is an ordinary message.
    const under = await post(slack, `channel=C0GENERAL&text=hi${'&x='.repeat(MAX_FIELDS - 10)}`, { ...auth, 'content-type': 'application/x-www-form-urlencoded' });
    expect(await under.json()).toMatchObject({ ok: true });
  });

  it(`Slack: a JSON body with more than ${MAX_JSON_ELEMENTS} array elements, and the same inside a form field`, async () => {
    const answer = await refused(await post(slack, `{"channel":"C0GENERAL","text":"hi","x":${array(MAX_JSON_ELEMENTS + 1)}}`), 'json_elements');
    expect(answer).toMatchObject({ ok: false, error: 'request_too_large' });
    // `blocks` as the SDKs send it: JSON text inside a form field, parsed by the handler.
    const form = new URLSearchParams({ channel: 'C0GENERAL', text: 'hi', blocks: `[{"type":"section","text":{"type":"mrkdwn","text":"a"},"x":${array(MAX_JSON_ELEMENTS + 1)}}]` });
    await refused(await post(slack, form.toString(), { ...auth, 'content-type': 'application/x-www-form-urlencoded' }), 'json_elements');
    expect(await t.env.diff()).toMatchObject({ inserts: [] });
  });

  it(`Box: an object of more than ${MAX_JSON_OBJECT_KEYS} keys, and a multipart body of more than ${MAX_MULTIPART_PARTS} parts`, async () => {
    const answer = await refused(await post('https://api.box.com/2.0/folders', `{"name":"x","parent":{"id":"0"},"m":${object(MAX_JSON_OBJECT_KEYS + 1)}}`), 'json_object_keys');
    expect(answer).toMatchObject({ type: 'error', status: 413, code: 'request_entity_too_large' });
    const form = new FormData();
    form.append('attributes', JSON.stringify({ name: 'a.txt', parent: { id: '0' } }));
    for (let i = 0; i < MAX_MULTIPART_PARTS; i++) form.append(`p${i}`, '');
    form.append('file', new Blob(['hello']), 'a.txt');
    await refused(await t.send(new Request('https://upload.box.com/api/2.0/files/content', { method: 'POST', headers: auth, body: form })), 'multipart_parts');
  });

  it(`Calendar: more than ${MAX_JSON_KEYS} keys in all, each object under its own bound`, async () => {
    const objects = Array.from({ length: Math.ceil(MAX_JSON_KEYS / (MAX_JSON_OBJECT_KEYS - 1)) + 1 }, (_, i) => `"o${i}":${object(MAX_JSON_OBJECT_KEYS - 1)}`);
    const answer = await refused(await post('https://www.googleapis.com/calendar/v3/calendars/primary/events', `{"summary":"x",${objects.join(',')}}`), 'json_keys');
    expect(answer.error).toMatchObject({ code: 413, errors: [{ reason: 'badRequest' }] });
  });

  it(`Linear: more than ${MAX_JSON_DEPTH} levels of nesting, in a POST body and in GET variables`, async () => {
    // Linear answers a request too big to run as it answers one too complex: HTTP 400, `Query too complex`.
    const answer = await refused(await post('https://api.linear.app/graphql', `{"query":"{ viewer { id } }","variables":{"x":${nested(MAX_JSON_DEPTH)}}}`), 'json_depth', 400);
    expect(answer.errors[0]).toMatchObject({ message: 'Query too complex', extensions: { type: 'invalid input' } });
    const get = new Request(`https://api.linear.app/graphql?query=${encodeURIComponent('{ viewer { id } }')}&variables=${encodeURIComponent(`{"x":${nested(MAX_JSON_DEPTH)}}`)}`, { headers: auth });
    await refused(await t.send(get), 'json_depth', 400);
  });

  it(`Mail: a query string of more than ${MAX_FIELDS} parameters`, async () => {
    const answer = await refused(await t.send(new Request(`https://api.mailhub.example/v1/messages?${'a=1&'.repeat(MAX_FIELDS)}`, { headers: auth })), 'fields');
    expect(answer).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});

describe('checkJson counts structure, not text', () => {
  it('skips strings whole, escaped quotes included', () => {
    const text = JSON.stringify({ s: `\\"${'[{,:'.repeat(MAX_JSON_ELEMENTS)}\\` });
    expect(() => checkJson(text)).not.toThrow();
  });

  it('counts the first element of each array and nested values exactly', () => {
    expect(() => checkJson(array(MAX_JSON_ELEMENTS))).not.toThrow();
    expect(() => checkJson(`[${array(MAX_JSON_ELEMENTS - 1)}]`)).not.toThrow();
    expect(() => checkJson(`[${array(MAX_JSON_ELEMENTS)}]`)).toThrow(/json_elements/);
    expect(() => checkJson(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => checkJson(object(MAX_JSON_OBJECT_KEYS))).not.toThrow();
  });
});

describe('checkJsonValue counts a parsed value as checkJson counts its text', () => {
  const boundOf = (check: () => void) => {
    try {
      check();
      return null;
    } catch (err) {
      return /bound (\w+)/.exec((err as Error).message)?.[1] ?? String(err);
    }
  };
  const texts = {
    'nesting at the bound': nested(MAX_JSON_DEPTH),
    'nesting past it': nested(MAX_JSON_DEPTH + 1),
    'objects nested past it': `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}0${'}'.repeat(MAX_JSON_DEPTH + 1)}`,
    'elements at the bound': array(MAX_JSON_ELEMENTS),
    'elements past it, in two arrays': `[${array(MAX_JSON_ELEMENTS / 2)},${array(MAX_JSON_ELEMENTS / 2)}]`,
    'keys of one object at the bound': object(MAX_JSON_OBJECT_KEYS),
    'keys of one object past it': object(MAX_JSON_OBJECT_KEYS + 1),
    'keys in all past the bound': `[${Array.from({ length: MAX_JSON_KEYS / MAX_JSON_OBJECT_KEYS + 1 }, (_, i) => object(MAX_JSON_OBJECT_KEYS, `o${i}k`)).join(',')}]`,
    'strings and scalars only': JSON.stringify({ a: '[[[[', b: [1, true, null, 'x'] }),
  };
  it.each(Object.entries(texts))('%s', (name, text) => {
    const bound = boundOf(() => checkJsonValue(JSON.parse(text), 'the value'));
    expect(bound).toBe(boundOf(() => checkJson(text)));
    expect(bound !== null).toBe(name.includes('past'));
  });

  it('refuses, without throwing otherwise, a value nested past what JSON.stringify can walk', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(() => checkJsonValue({ a: deep }, "the tool call's arguments object")).toThrow(
      `the tool call's arguments object holds more than ${MAX_JSON_DEPTH} levels of JSON nesting (bound json_depth)`,
    );
  });
});
