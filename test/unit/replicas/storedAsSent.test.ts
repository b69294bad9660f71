import { describe, expect, it } from 'vitest';
import { replicas } from '../../../src/replicas/index.ts';
import { TINY_COMPANY, tinyCompanySeed } from '../../helpers/tinyCompany.ts';
import { withReplicaEnvironment } from '../../helpers/replicaEnvironment.ts';

// What is stored is what was sent, or the request is refused naming the field (issue 32): a lone surrogate was stored
// as U+FFFD and a leading U+FEFF dropped from the answer but kept in the row, both answered ok.
const t = withReplicaEnvironment({ replicas, seed: tinyCompanySeed, template: TINY_COMPANY, actingUserId: null });
const json = { authorization: 'Bearer x', 'content-type': 'application/json' };
const send = (url: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  t.send(new Request(url, { method, headers: json, body: body === undefined ? undefined : JSON.stringify(body) }));

describe('text the database would not store as sent is refused, naming the field', () => {
  it('Slack: a lone surrogate or a leading U+FEFF in a message', async () => {
    for (const [text, what] of [['x\ud800y', 'a lone surrogate (U+D800)'], ['\ufeffhello', 'a leading U+FEFF (byte order mark)']]) {
      const answer = await (await send('https://slack.com/api/chat.postMessage', { channel: 'C0GENERAL', text })).json();
      expect(answer).toMatchObject({ ok: false, error: 'invalid_arguments', response_metadata: { messages: [`[ERROR] text must not contain ${what} [json-pointer:/text]`] } });
    }
    expect((await t.env.diff()).inserts).toEqual([]);
    // Inside the text, U+FEFF and a surrogate pair are stored and answered as sent.
    const text = 'a\ufeffb \ud83d\ude00';
    const posted = await (await send('https://slack.com/api/chat.postMessage', { channel: 'C0GENERAL', text })).json();
    expect(posted.message.text).toBe(text);
    expect((await t.env.diff()).inserts.map((r) => r.message_text)).toEqual([text]);
  });

  it('Box: a folder name with a lone surrogate', async () => {
    const r = await send('https://api.box.com/2.0/folders', { name: 'Plans \udfff', parent: { id: '0' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ type: 'error', code: 'bad_request', context_info: { errors: [{ reason: 'invalid_parameter', name: 'name' }] } });
  });

  it('MailHub: a path segment that is not percent-encoded UTF-8 is invalid_request naming the field', async () => {
    const r = await send('https://api.mailhub.example/v1/messages/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: { code: 'invalid_request', field: 'message_id' } });
  });
});
