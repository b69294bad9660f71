import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from '../../../src/replicas/limits.ts';
import { healthAndReadDuring } from '../../helpers/serveProbes.ts';

// Issue 14's hostile requests, each while a health check and an ordinary read in another environment are answered.
// "In flight" is made certain by the client: each hostile request is sent whole but for its last bytes, the other
// two are sent and answered, then the rest follows and the hostile request gets its (bounded, service-shaped)
// answer. The catastrophic pattern also runs fully sent: its evaluation is in a worker, so the others come first.
let server: ServerHandle;
let port: number;
let otherEnv: string;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios' });
  port = server.port;
  otherEnv = (await platform('POST', '/initEnv', { templateName: 'northwind_slack' })).environmentId;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function platform(method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${server.url}/api/platform${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json();
}

interface Raw {
  status: number;
  body: string;
}

/** A request on its own connection, sent but for its last `held` bytes; `finish` sends them; `answer` resolves with the response. */
function held(head: string, body: Buffer | string = '', held = 1): { finish(): void; answer: Promise<Raw>; sent: Promise<void>; write(b: Buffer): Promise<void> } {
  const bytes = Buffer.concat([Buffer.from(head.replace(/\n/g, '\r\n') + '\r\n', 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  const answer = new Promise<Raw>((resolve, reject) => {
    socket.on('data', (c) => chunks.push(c));
    // A server that answered and closed while the client was still sending (a body over the limit) resets the rest.
    socket.on('error', (err) => (chunks.length ? socket.destroy() : reject(err)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), body: text.slice(split + 4) });
    });
  });
  const sent = new Promise<void>((resolve) => socket.write(bytes.subarray(0, bytes.length - held), () => resolve()));
  // The server closes after its answer (Connection: close); the client never half-closes first.
  return { finish: () => void socket.write(bytes.subarray(bytes.length - held)), answer, sent, write: (b) => new Promise<void>((resolve) => socket.write(b, () => resolve())) };
}

const headers = (method: string, path: string, length?: number, type = 'application/json') =>
  `${method} ${path} HTTP/1.1\nHost: 127.0.0.1\nAuthorization: Bearer hostile\nConnection: close\nContent-Type: ${type}\n${length === undefined ? '' : `Content-Length: ${length}\n`}`;

const othersDuring = (order: string[]) => healthAndReadDuring(server.url, otherEnv, order);

async function inFlight(request: { finish(): void; answer: Promise<Raw>; sent: Promise<void> }): Promise<{ order: string[]; answer: Raw }> {
  const order: string[] = [];
  await request.sent;
  await othersDuring(order);
  request.finish();
  const answer = await request.answer;
  order.push('hostile');
  return { order, answer };
}

const both = ['health', 'read', 'hostile'];
const sameOrder = (order: string[]) => expect([...order.slice(0, 2)].sort().concat(order.slice(2))).toEqual(both);

describe('serve: one request never takes the server down (issue 14)', () => {
  it('Linear: nested connections are refused as too complex, before they run', async () => {
    const level = (inner: string) => `issues(first: 50) { nodes { id team { ${inner} } } }`;
    const query = `{ ${level(level(level(level('issues(first: 50) { nodes { id title } }'))))} }`;
    const body = JSON.stringify({ query });
    const { order, answer } = await inFlight(held(headers('POST', '/graphql', Buffer.byteLength(body)), body));
    sameOrder(order);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ message: 'Query too complex', extensions: { type: 'invalid input' } });
  });

  it('Linear: a query just under the complexity limit runs while health checks and a read are answered', async () => {
    // 9,900 points: 250 issues with 32 comments each, one SQL statement per issue's comments.
    const query = '{ issues(first: 250) { nodes { id title comments(first: 32) { nodes { id body } } } } }';
    const body = JSON.stringify({ query });
    const order: string[] = [];
    const whole = held(headers('POST', '/graphql', Buffer.byteLength(body)), body, 0);
    await whole.sent;
    let answered = false;
    const hostile = whole.answer.then((a) => ((answered = true), order.push('hostile'), a));
    // Health checks one after another while it runs: each is sent only once the one before was answered.
    const healthChecks = (async () => {
      while (!answered) {
        const r = await fetch(`${server.url}/api/platform/health`);
        expect((await r.json()).status).toBe('healthy');
        order.push('health');
      }
    })();
    // A read that needs no database. A replica read in another environment waits for this request's transaction
    // (one PGlite connection serves every environment), bounded by the request's time budget.
    const templates = fetch(`${server.url}/api/platform/templates`).then(async (r) => {
      expect((await r.json()).templates.length).toBeGreaterThan(0);
      order.push('read');
    });
    const answer = await hostile;
    await Promise.all([healthChecks, templates]);
    expect(order.indexOf('read')).toBeLessThan(order.indexOf('hostile'));
    // Order, not speed: how many health checks fit in depends on the machine; one answered before it is the point.
    expect(order.slice(0, order.indexOf('hostile')).filter((x) => x === 'health').length).toBeGreaterThanOrEqual(1);
    const parsed = JSON.parse(answer.body);
    if (answer.status === 200) {
      expect(parsed.data.issues.nodes.length).toBeGreaterThan(0);
      expect(parsed.errors).toBeUndefined();
    } else {
      // A loaded machine may take it past the 5 s budget: then it is Linear's timeout, not a crash.
      expect(answer.status).toBe(503);
      expect(parsed.errors[0].message).toBe('Request timed out');
    }
  });

  it('Calendar: an open-ended SECONDLY series listed a month out, its instances, and one instance by id', async () => {
    const cal = '/calendar/v3/calendars/primary/events';
    const made = await fetch(`${server.url}${cal}`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({ summary: 'tick', start: { dateTime: '2026-04-24T17:00:00Z', timeZone: 'UTC' }, end: { dateTime: '2026-04-24T17:00:01Z', timeZone: 'UTC' }, recurrence: ['RRULE:FREQ=SECONDLY'] }),
    });
    expect(made.status).toBe(200);
    const id = (await made.json()).id;
    const cases: [string, number][] = [
      [`${cal}?singleEvents=true&timeMin=2026-05-24T17:00:00Z&timeMax=2026-05-24T18:00:00Z`, 200],
      [`${cal}?singleEvents=true&timeMin=2027-04-24T17:00:00Z&timeMax=2027-04-24T18:00:00Z`, 200],
      [`${cal}/${id}/instances?timeMin=2026-05-24T17:00:00Z&timeMax=2026-05-24T18:00:00Z`, 200],
      [`${cal}/${id}_20260424T170000Z`, 200],
      [`${cal}?singleEvents=true&timeMin=2026-05-24T17:00:00Z&timeMax=2027-05-24T17:00:00Z`, 400],
    ];
    for (const [path, status] of cases) {
      // The request is held back by the final CRLF of its header block.
      const { order, answer } = await inFlight(held(headers('GET', path), '', 2));
      sameOrder(order);
      expect(answer.status, path).toBe(status);
      if (status === 400) expect(JSON.parse(answer.body).error.errors[0].reason).toBe('timeRangeTooLong');
    }
  });

  it('evaluation: a catastrophic pattern on text the agent wrote is stopped at its budget and named', async () => {
    const env = (await platform('POST', '/initEnv', { templateName: 'northwind_slack' })).environmentId;
    const run = await platform('POST', '/startRun', { envId: env });
    const posted = await fetch(`${server.url}/api/env/${env}/services/slack/chat.postMessage`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'general', text: 'a'.repeat(34) + '!' }),
    });
    expect((await posted.json()).ok).toBe(true);
    for (const regex of ['^(a+)+$', '^(?=(a+)+$)']) {
      const body = JSON.stringify({ runId: run.runId, expectedOutput: { assertions: [{ diff_type: 'added', entity: 'messages', where: { message_text: { regex } }, expected_count: 1 }] } });
      const { order, answer } = await inFlight(held(headers('POST', '/api/platform/evaluateRun', Buffer.byteLength(body)), body));
      sameOrder(order);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ passed: false });
    }
    // Sent whole: the backtracking pattern runs in a worker for its budget, and the others are answered meanwhile.
    const body = JSON.stringify({ runId: run.runId, expectedOutput: { assertions: [{ diff_type: 'added', entity: 'messages', where: { message_text: { regex: '^(?=(a+)+$)' } }, expected_count: 1 }] } });
    const order: string[] = [];
    const whole = held(headers('POST', '/api/platform/evaluateRun', Buffer.byteLength(body)), body, 0);
    await whole.sent;
    const hostile = whole.answer.then((a) => (order.push('hostile'), a));
    await othersDuring(order);
    await hostile;
    sameOrder(order);
    const results = await platform('GET', `/results/${run.runId}`);
    expect(results.failures.join('\n')).toContain('"^(?=(a+)+$)"');
  });

  it(`a 100 MB body: read only up to ${MAX_BODY_BYTES} bytes and answered 413 in the service's shape`, async () => {
    // Chunked, so that the server cannot refuse it by its Content-Length and has to stop reading it.
    const chunk = (n: number) => Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), Buffer.alloc(n, 0x61), Buffer.from('\r\n')]);
    const request = held(headers('POST', '/2.0/folders').replace('Content-Type', 'Transfer-Encoding: chunked\nContent-Type'), chunk(10 * 1024 * 1024), 0);
    const order: string[] = [];
    await request.sent;
    await othersDuring(order);
    const answered = request.answer.then((a) => (order.push('hostile'), a));
    // The rest of the 100 MB: the server answers once the limit is passed and drops what follows.
    for (let i = 0; i < 9; i++) await Promise.race([request.write(chunk(10 * 1024 * 1024)), answered]);
    request.finish();
    const answer = await answered;
    sameOrder(order);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'error', code: 'request_entity_too_large' });
  });

  it(`a URL over ${MAX_URL_BYTES} bytes: 414 in the service's shape`, async () => {
    const { order, answer } = await inFlight(held(headers('GET', `/v1/messages/search?query=${'q'.repeat(MAX_URL_BYTES)}`), '', 2));
    sameOrder(order);
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'uri_too_long' } });
  });

  // Issue 32: each of these was answered 200 after 15 s to 259 s of parsing while every other request waited.
  it.each([
    ['Slack, a form of 2,000,000 empty fields', '/api/chat.postMessage', 'application/x-www-form-urlencoded', () => `channel=general&text=hi${'&x='.repeat(2_000_000)}`, 'fields'],
    ['Slack, JSON with a 25,000,000-element array', '/api/chat.postMessage', 'application/json', () => `{"channel":"general","text":"hi","x":[${'0,'.repeat(25_000_000)}0]}`, 'json_elements'],
    ['Box, a JSON object of 1,000,000 keys', '/2.0/folders', 'application/json', () => `{"name":"x","parent":{"id":"0"},"m":{${Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":0`).join(',')}}}`, 'json_object_keys'],
  ])('%s: refused naming its bound, and a health check sent while it arrives is answered first', async (_name, path, type, make, bound) => {
    const body = make();
    const { order, answer } = await inFlight(held(headers('POST', path, Buffer.byteLength(body), type), body));
    sameOrder(order);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(`bound ${bound}`);
  });

  it('is still healthy afterwards', async () => {
    expect((await platform('GET', '/health')).status).toBe('healthy');
  });
});

/** A request sent whole on its own connection; resolves with everything the server wrote before it closed. */
function whole(bytes: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(bytes);
  });
}
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
const crlf = (head: string) => head.replace(/\n/g, '\r\n') + '\r\n';

describe('serve: every method gets an answer, every limit holds (issue 32)', () => {
  it('TRACE and CONNECT: 405 in the shape of the service addressed, and of the platform API', async () => {
    for (const method of ['TRACE', 'CONNECT']) {
      const slack = await whole(crlf(headers(method, '/api/chat.postMessage', 0)));
      expect([statusOf(slack), bodyOf(slack)], method).toMatchObject([405, { ok: false, error: 'method_not_allowed' }]);
      const box = await whole(crlf(headers(method, '/2.0/folders/0', 0)));
      expect([statusOf(box), bodyOf(box)], method).toMatchObject([405, { type: 'error', code: 'method_not_allowed' }]);
      const platform = await whole(crlf(headers(method, '/api/platform/health', 0)));
      expect([statusOf(platform), bodyOf(platform)], method).toMatchObject([405, { detail: `the ${method} method is not supported` }]);
    }
    const tunnel = await whole('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
    expect(statusOf(tunnel)).toBe(405);
  });

  it('platform API: a NUL or a lone surrogate in a body field is 400 naming the field, not a 500', async () => {
    for (const [email, what] of [['\u0000', 'the NUL character (U+0000)'], ['a\ud800@x.example', 'a lone surrogate (U+D800)']]) {
      const r = await fetch(`${server.url}/api/platform/initEnv`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ templateName: 'northwind_slack', impersonateEmail: email }) });
      expect([r.status, await r.json()]).toEqual([400, { detail: `impersonateEmail contains ${what}` }]);
    }
  });

  it('headers: the 64 KiB limit counts every header, past the 2,000 Node keeps by default', async () => {
    for (const count of [9_000, 18_000]) {
      const many = Array.from({ length: count }, (_, i) => `X-H${i}: ${'v'.repeat(count > 10_000 ? 40 : 2)}`).join('\n');
      const answer = await whole(crlf(`${headers('GET', '/api/auth.test')}${many}\n`));
      expect([statusOf(answer), bodyOf(answer)], String(count)).toMatchObject([431, { ok: false, error: 'request_too_large' }]);
    }
  });

  it('Expect: 100-continue is not invited for a body over the limit, and is for one under it', async () => {
    const big = await whole(crlf(`${headers('POST', '/2.0/folders', MAX_BODY_BYTES + 1)}Expect: 100-continue\n`));
    expect(big.startsWith('HTTP/1.1 100')).toBe(false);
    expect([statusOf(big), bodyOf(big)]).toMatchObject([413, { type: 'error', code: 'request_entity_too_large' }]);

    const body = JSON.stringify({ channel: 'general', text: 'after continue' });
    const socket = connect(port, '127.0.0.1');
    const text = await new Promise<string>((resolve, reject) => {
      let seen = '';
      socket.on('data', (c) => {
        seen += c.toString('utf8');
        // The body is sent only once the server invited it, as a client that honours Expect does.
        if (seen.startsWith('HTTP/1.1 100') && !socket.writableEnded && seen.includes('\r\n\r\n')) socket.write(body);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(seen));
      socket.write(crlf(`${headers('POST', '/api/chat.postMessage', Buffer.byteLength(body))}Expect: 100-continue\n`));
    });
    expect(text.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    expect(text).toContain('"ok":true');
  });

  it('a 100 MB body sent whole before the answer is read: the client still reads the 413 (lingering close)', async () => {
    const size = 100 * 1024 * 1024;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const errors: string[] = [];
    socket.on('error', (err) => errors.push((err as NodeJS.ErrnoException).code ?? err.message));
    // As Python's http.client does: the headers and the whole body, then the answer is read.
    const write = (b: Buffer | string) => new Promise<void>((resolve) => socket.write(b, () => resolve()));
    await write(crlf(headers('POST', '/2.0/folders', size)));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let sent = 0; sent < size && !errors.length; sent += chunk.length) await write(chunk);
    await closed;
    expect(errors).toEqual([]);
    const text = Buffer.concat(chunks).toString('utf8');
    expect([statusOf(text), bodyOf(text)]).toMatchObject([413, { type: 'error', code: 'request_entity_too_large' }]);
  });
});

