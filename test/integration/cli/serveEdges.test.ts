import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_URL_BYTES } from '../../../src/replicas/limits.ts';

// Requests at the edge of what `serve` accepts, against every replica's default environment (the project seeds):
// each is answered in its service's own shape, never with a 500 or Node's bare answers.
let server: ServerHandle;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios' });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const auth = { authorization: 'Bearer difflab-test' };

async function call(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(server.url + path, { method, body: init.body, headers: { ...auth, ...init.headers } });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

const boxShape = (code: string) => ({ type: 'error', code });
const googleShape = (code: number) => ({ error: { code, message: expect.any(String), errors: [expect.objectContaining({ reason: expect.any(String) })] } });
const mailShape = (code: string) => ({ error: { code, message: expect.any(String) } });

describe('serve: a path segment that is not valid percent-encoding', () => {
  it('is answered by each service in its own shape, not as the platform error 500', async () => {
    expect(await call('GET', '/2.0/files/%ZZ')).toMatchObject({ status: 404, json: boxShape('not_found') });
    expect(await call('GET', '/calendar/v3/users/me/calendarList/%E0%A4%A')).toMatchObject({ status: 400, json: googleShape(400) });
    expect(await call('GET', '/v1/rules/%E0%A4%A')).toMatchObject({ status: 400, json: mailShape('invalid_request') });
  });
});

describe('serve: NUL (U+0000) never reaches PostgreSQL', () => {
  it('is refused where it enters — path, query, JSON, form, multipart, GraphQL variables — in each service’s shape', async () => {
    const json = { 'content-type': 'application/json' };
    const nul = JSON.stringify({ message: '\u0000' });
    // Box
    expect(await call('PUT', '/2.0/comments/1', { body: nul, headers: json })).toMatchObject({ status: 400, json: boxShape('bad_request') });
    expect(await call('GET', '/2.0/folders/%00')).toMatchObject({ status: 400, json: boxShape('bad_request') });
    expect(await call('PUT', '/2.0/files/1', { body: JSON.stringify({ description: 'a\u0000b' }), headers: json })).toMatchObject({ status: 400 });
    const form = new FormData();
    form.append('attributes', JSON.stringify({ name: 'x\u0000.txt', parent: { id: '0' } }));
    form.append('file', new Blob(['bytes with \u0000 inside are data']), 'x.txt');
    const upload = await fetch(`${server.url}/api/2.0/files/content`, { method: 'POST', body: form, headers: auth });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject(boxShape('bad_request'));
    // Calendar
    const cal = await call('GET', '/calendar/v3/users/me/calendarList/primary%00');
    expect(cal).toMatchObject({ status: 400, json: googleShape(400) });
    expect(cal.json.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'calendarId' });
    expect(await call('POST', '/calendar/v3/calendars/primary/events/quickAdd?text=%00')).toMatchObject({ status: 400, json: googleShape(400) });
    expect(await call('POST', '/calendar/v3/calendars', { body: JSON.stringify({ summary: 'a\u0000' }), headers: json })).toMatchObject({ status: 400, json: googleShape(400) });
    // Linear
    const linear = await call('POST', '/graphql', { body: JSON.stringify({ query: 'query($id: String!) { issue(id: $id) { id } }', variables: { id: '\u0000' } }), headers: json });
    expect(linear.status).toBe(200);
    expect(linear.json.errors[0]).toMatchObject({ message: 'Argument Validation Error', extensions: { type: 'invalid input', userPresentableMessage: expect.stringContaining('variables.id') } });
    // MailHub: its message must not expose PostgreSQL's
    const mail = await call('GET', '/v1/contact-groups/%00/members');
    expect(mail).toMatchObject({ status: 400, json: mailShape('invalid_request') });
    expect(mail.text).not.toMatch(/postgres|invalid byte sequence|0x00/i);
    // Slack: HTTP 200 `invalid_arguments`, for JSON and form bodies alike
    const slackJson = await call('POST', '/api/chat.postMessage', { body: JSON.stringify({ channel: 'general', text: 'hi\u0000' }), headers: json });
    expect(slackJson).toMatchObject({ status: 200, json: { ok: false, error: 'invalid_arguments' } });
    const slackForm = await call('POST', '/api/chat.postMessage', { body: 'channel=general&text=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(slackForm.json).toMatchObject({ ok: false, error: 'invalid_arguments' });
  });
});

describe('serve: the platform API', () => {
  const platform = (method: string, path: string, body?: unknown) =>
    call(method, `/api/platform${path}`, { body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('refuses to delete a default environment (403 {detail}); the service’s real path keeps working', async () => {
    for (const [service, record] of server.defaultEnvs) {
      const r = await platform('DELETE', `/env/${record.id}`);
      expect(r.status, service).toBe(403);
      expect(r.json).toEqual({ detail: expect.stringContaining('cannot be deleted') });
    }
    expect((await call('POST', '/api/auth.test')).json).toMatchObject({ ok: true });
  });

  it('answers a beforeSuffix past the journal with 400, not 500', async () => {
    const r = await platform('POST', '/diffRun', { envId: server.defaultEnvs.get('slack')!.id, beforeSuffix: 'journal:3000000000' });
    expect(r.status).toBe(400);
    expect(r.json.detail).toMatch(/beforeSuffix/);
  });

  it('answers requests whose Host header does not parse', async () => {
    for (const host of ['[', 'a b', '127.0.0.1:99999']) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/api/platform/health`, { setHost: false, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, host).toBe(200);
      expect(JSON.parse(body), host).toMatchObject({ status: 'healthy' });
    }
  });
});

describe("serve: Agent-Diff's SDK executors' Slack rewrite", () => {
  // The executors rewrite the host https://slack.com to …/api/env/{envId}/services/slack, so the Web API's own path
  // (/api/<method>) follows the service path.
  const rewrite = (url: string, envId: string) => url.replace(/^https:\/\/(api\.)?slack\.com/, `${server.url}/api/env/${envId}/services/slack`);

  async function newEnv(): Promise<string> {
    const r = await fetch(`${server.url}/api/platform/initEnv`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ templateName: 'northwind_slack' }) });
    return (await r.json()).environmentId;
  }

  it('answers …/services/slack/api/<method> (and still …/services/slack/<method>) with Node’s fetch', async () => {
    const envId = await newEnv();
    for (const url of ['https://slack.com/api/conversations.list', 'https://api.slack.com/api/conversations.list']) {
      const r = await fetch(rewrite(url, envId), { method: 'POST', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'limit=5' });
      const body = await r.json();
      expect(body, url).toMatchObject({ ok: true, channels: expect.any(Array) });
      expect(body.channels).toHaveLength(5);
    }
    const plain = await fetch(`${server.url}/api/env/${envId}/services/slack/auth.test`, { method: 'POST', headers: auth });
    expect(await plain.json()).toMatchObject({ ok: true });
    const unknown = await fetch(rewrite('https://slack.com/api/nope.nothing', envId), { method: 'POST', headers: auth });
    expect(await unknown.json()).toMatchObject({ ok: false, error: 'unknown_method', req_method: 'nope.nothing' });
  });

  it('answers the same through the system’s curl', async () => {
    const envId = await newEnv();
    const { stdout } = await promisify(execFile)('curl', ['-s', '-X', 'POST', '-H', 'Authorization: Bearer xoxb-x', '--data', 'channel=general&text=from curl', rewrite('https://slack.com/api/chat.postMessage', envId)]);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, message: { text: 'from curl' } });
  });
});

describe('serve: request size limits, each answered in the service’s shape', () => {
  it(`answers a URL over ${MAX_URL_BYTES} bytes with 414, not Node's bare 431`, async () => {
    const long = 'a'.repeat(MAX_URL_BYTES + 10);
    expect(await call('GET', `/2.0/search?query=${long}`)).toMatchObject({ status: 414, json: boxShape('request_uri_too_long') });
    expect(await call('GET', `/calendar/v3/calendars/primary/events?q=${long}`)).toMatchObject({ status: 414, json: googleShape(414) });
    expect(await call('GET', `/api/platform/testSuites?name=${long}`)).toMatchObject({ status: 414, json: { detail: expect.any(String) } });
    expect(await call('GET', `/2.0/search?query=${'b'.repeat(4 * MAX_HEADER_BYTES)}`)).toMatchObject({ status: 414, json: boxShape('request_uri_too_long') });
    // Past Node's own ceiling (1 MiB) the parser refuses it; that is still answered, as JSON.
    expect(await call('GET', `/2.0/search?query=${'b'.repeat(1024 * 1024)}`)).toMatchObject({ status: 431, json: { detail: expect.any(String) } });
  });

  it(`answers headers over ${MAX_HEADER_BYTES} bytes with 431`, async () => {
    const r = await call('POST', '/api/auth.test', { headers: { 'x-filler': 'f'.repeat(MAX_HEADER_BYTES) } });
    expect(r).toMatchObject({ status: 431, json: { ok: false, error: 'request_too_large' } });
    const huge = await call('GET', '/v1/me', { headers: { 'x-filler': 'f'.repeat(3 * MAX_HEADER_BYTES) } });
    expect(huge).toMatchObject({ status: 431, json: mailShape('headers_too_large') });
  });

  it(`answers a body over ${MAX_BODY_BYTES} bytes with 413 without reading it all, then serves the next request`, async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1024);
    const r = await call('POST', '/calendar/v3/calendars/primary/events', { body: big, headers: { 'content-type': 'application/json' } });
    expect(r).toMatchObject({ status: 413, json: googleShape(413) });
    // Streamed with no Content-Length: the server stops reading past the limit.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 60; i++) c.enqueue(new Uint8Array(1024 * 1024).fill(0x61));
        c.close();
      },
    });
    const chunked = await fetch(`${server.url}/graphql`, { method: 'POST', body: stream, duplex: 'half', headers: { ...auth, 'content-type': 'application/json' } } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).errors[0]).toMatchObject({ extensions: { type: 'invalid input' } });
    expect((await call('POST', '/api/auth.test')).json).toMatchObject({ ok: true });
  });
});
