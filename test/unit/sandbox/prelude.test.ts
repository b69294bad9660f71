import { describe, expect, it } from 'vitest';
import { lines, run, runJson } from './harness.ts';

// Each test runs one script that prints a JSON line per check; the expectations hold in Node and browsers too.

describe('prelude: URL and URLSearchParams', () => {
  it('parses, resolves and serialises URLs as the WHATWG URL standard does', async () => {
    const out = await runJson(`
      const u = new URL('https://user:pw@Api.Example.com:8443/a/b/../c?x=1&y=%20two#frag');
      console.log(JSON.stringify([u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash]));
      console.log(JSON.stringify([new URL('../d?q', 'https://h.example.com/a/b/c').href, new URL('//other.example.com/p', 'https://h.example.com').href]));
      console.log(JSON.stringify([String(u), u.toJSON(), JSON.stringify({ u }), URL.canParse('no scheme'), URL.canParse('/p', 'https://h.example.com')]));
      let error;
      try { new URL('not a url'); } catch (e) { error = e.name; }
      console.log(JSON.stringify(error));
      const v = new URL('https://h.example.com/p');
      v.pathname = '/new path'; v.port = '8080'; v.hash = 'top'; v.protocol = 'http';
      console.log(JSON.stringify(v.href));
    `);
    expect(out).toEqual([
      ['https://user:pw@api.example.com:8443/a/c?x=1&y=%20two#frag', 'https://api.example.com:8443', 'https:', 'user', 'pw', 'api.example.com:8443', 'api.example.com', '8443', '/a/c', '?x=1&y=%20two', '#frag'],
      ['https://h.example.com/a/d?q', 'https://other.example.com/p'],
      ['https://user:pw@api.example.com:8443/a/c?x=1&y=%20two#frag', 'https://user:pw@api.example.com:8443/a/c?x=1&y=%20two#frag', '{"u":"https://user:pw@api.example.com:8443/a/c?x=1&y=%20two#frag"}', false, true],
      'TypeError',
      'http://h.example.com:8080/new%20path#top',
    ]);
  });

  it('keeps url.searchParams live-linked both ways', async () => {
    const out = await runJson(`
      const u = new URL('https://h.example.com/list?limit=10&cursor=abc');
      const params = u.searchParams;
      params.set('limit', '100'); params.append('types', 'public_channel,private_channel'); params.delete('cursor');
      console.log(JSON.stringify([u.search, u.href]));
      u.search = '?q=a+b&q=c';
      console.log(JSON.stringify([params.getAll('q'), params === u.searchParams]));
      u.href = 'https://h.example.com/?z=1';
      console.log(JSON.stringify([params.get('z'), params.has('q')]));
      params.delete('z');
      console.log(JSON.stringify(u.href));
    `);
    expect(out).toEqual([
      ['?limit=100&types=public_channel%2Cprivate_channel', 'https://h.example.com/list?limit=100&types=public_channel%2Cprivate_channel'],
      [['a b', 'c'], true],
      ['1', false],
      'https://h.example.com/',
    ]);
  });

  it('builds URLSearchParams from strings, records and pairs, and supports the whole API', async () => {
    const out = await runJson(`
      const a = new URLSearchParams('?b=2&a=1&a=%C3%A9&c=x+y&d');
      console.log(JSON.stringify([a.get('a'), a.getAll('a'), a.get('c'), a.get('d'), a.get('nope'), a.has('b'), a.has('a', '1'), a.size]));
      a.sort();
      console.log(JSON.stringify([a.toString(), [...a.keys()], [...a.values()]]));
      const b = new URLSearchParams({ channel: 'C1', text: 'héllo & bye=!' });
      const c = new URLSearchParams([['k', 'v1'], ['k', 'v2']]);
      const seen = [];
      c.forEach((value, key) => seen.push(key + '=' + value));
      console.log(JSON.stringify([b.toString(), [...c], seen, [...new URLSearchParams(c).entries()]]));
      c.set('k', 'only'); c.append('z', "*-._~!'()");
      console.log(JSON.stringify(c.toString()));
    `);
    expect(out).toEqual([
      ['1', ['1', 'é'], 'x y', '', null, true, true, 5],
      ['a=1&a=%C3%A9&b=2&c=x+y&d=', ['a', 'a', 'b', 'c', 'd'], ['1', 'é', '2', 'x y', '']],
      ['channel=C1&text=h%C3%A9llo+%26+bye%3D%21', [['k', 'v1'], ['k', 'v2']], ['k=v1', 'k=v2'], [['k', 'v1'], ['k', 'v2']]],
      'k=only&z=*-._%7E%21%27%28%29',
    ]);
  });
});

describe('prelude: Headers, Request, Response', () => {
  it('handles headers from objects, pairs and Headers, case-insensitively and sorted', async () => {
    const out = await runJson(`
      const h = new Headers({ 'X-B': '2', 'Content-Type': 'text/plain' });
      h.append('x-b', '3'); h.set('Accept', 'application/json');
      const seen = [];
      h.forEach((v, k) => seen.push(k + ': ' + v));
      console.log(JSON.stringify([h.get('x-B'), h.has('content-type'), h.get('missing'), [...h.entries()], seen]));
      const pairs = new Headers([['a', '1'], ['a', '2'], ['Set-Cookie', 'x=1'], ['set-cookie', 'y=2']]);
      console.log(JSON.stringify([[...new Headers(pairs)], pairs.getSetCookie()]));
      let error;
      try { new Headers({ 'bad name': 'x' }); } catch (e) { error = e.name; }
      console.log(JSON.stringify(error));
    `);
    expect(out).toEqual([
      ['2, 3', true, null, [['accept', 'application/json'], ['content-type', 'text/plain'], ['x-b', '2, 3']], ['accept: application/json', 'content-type: text/plain', 'x-b: 2, 3']],
      [[['a', '1, 2'], ['set-cookie', 'x=1'], ['set-cookie', 'y=2']], ['x=1', 'y=2']],
      'TypeError',
    ]);
  });

  it('sends headers given as Headers or pairs, and a Request object', async () => {
    const seen: [string, string | null, string | null, string][] = [];
    const result = await run(
      `await fetch('https://a.example.com/1', { headers: new Headers({ 'X-Token': 't1' }) });
       await fetch('https://a.example.com/2', { headers: [['X-Token', 't2']], method: 'delete' });
       await fetch(new Request('https://a.example.com/3', { method: 'PATCH', headers: { 'X-Token': 't3' }, body: '{"a":1}' }));`,
      {
        fetch: async (request) => {
          seen.push([request.method, request.headers.get('x-token'), request.headers.get('content-type'), await request.text()]);
          return new Response('');
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(seen).toEqual([
      ['GET', 't1', null, ''],
      ['DELETE', 't2', null, ''],
      ['PATCH', 't3', 'text/plain;charset=UTF-8', '{"a":1}'],
    ]);
  });

  it('reads a response once, in any format, and clones it', async () => {
    const out = await runJson(
      `const res = await fetch('https://a.example.com/');
       const copy = res.clone();
       const text = await res.text();
       let again;
       try { await res.json(); } catch (e) { again = e.name + ': ' + e.message; }
       const blob = await copy.blob();
       console.log(JSON.stringify([text, again, res.bodyUsed, blob.type, blob.size, res.headers.get('content-type'), res.url, res.redirected, res.type]));
       let immutable;
       try { res.headers.set('x', 'y'); } catch (e) { immutable = e.name; }
       const made = new Response('{"n":1}', { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } });
       console.log(JSON.stringify([immutable, made.ok, made.status, made.statusText, await made.json(), Response.json({ a: 1 }).headers.get('content-type')]));
       const bad = new Response('not json');
       let parse;
       try { await bad.json(); } catch (e) { parse = e.name; }
       console.log(JSON.stringify(parse));`,
      { fetch: async () => Response.json({ ok: true }) },
    );
    expect(out).toEqual([
      ['{"ok":true}', 'TypeError: Body is unusable: Body has already been read', true, 'application/json', 11, 'application/json', 'https://a.example.com/', false, 'basic'],
      ['TypeError', false, 404, 'Not Found', { n: 1 }, 'application/json'],
      'SyntaxError',
    ]);
  });

  it('aborts a fetch through an AbortController', async () => {
    const out = await runJson(`
      const controller = new AbortController();
      const pending = fetch('https://a.example.com/slow', { signal: controller.signal });
      controller.abort();
      let error;
      try { await pending; } catch (e) { error = e.name; }
      let early;
      try { await fetch('https://a.example.com/', { signal: AbortSignal.abort() }); } catch (e) { early = e.name; }
      console.log(JSON.stringify([error, early, controller.signal.aborted]));
    `);
    expect(out).toEqual([['AbortError', 'AbortError', true]]);
  });

  it('gives a request without a signal one that never aborts, and a copied request one that follows its source', async () => {
    const out = await runJson(`
      const plain = new Request('https://a.example.com/');
      const controller = new AbortController();
      const linked = new Request('https://a.example.com/', { signal: controller.signal });
      const copy = new Request(linked);
      controller.abort();
      console.log(JSON.stringify([plain.signal instanceof AbortSignal, plain.signal.aborted, plain.signal === plain.signal, copy.signal.aborted]));
      const response = await fetch(plain);
      console.log(JSON.stringify(response.status));
    `);
    expect(out).toEqual([[true, false, true, true], 200]);
  });

  it('parses each request URL as URL does, however often the same text comes, and refuses credentials every time', async () => {
    const out = await runJson(`
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(new Request('HTTPS://Slack.com/api/../api/chat.postMessage?x=1 2').url);
      const refused = [];
      for (let i = 0; i < 2; i++) {
        try { new Request('https://u:p@slack.com/api/auth.test'); } catch (e) { refused.push(e.name); }
      }
      let bad;
      try { await fetch('no scheme'); } catch (e) { bad = e.name; }
      console.log(JSON.stringify([seen, refused, bad]));
    `);
    expect(out).toEqual([[Array(3).fill('https://slack.com/api/chat.postMessage?x=1%202'), ['TypeError', 'TypeError'], 'TypeError']]);
  });
});

describe('prelude: bytes, text and timers', () => {
  it('encodes and decodes UTF-8 and base64, and works with Blob and File', async () => {
    const out = await runJson(`
      const bytes = new TextEncoder().encode('a€😀');
      const decoder = new TextDecoder();
      let fatal;
      try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { fatal = e.name; }
      console.log(JSON.stringify([Array.from(bytes), decoder.decode(bytes), decoder.decode(bytes.subarray(1, 4)), decoder.decode(new Uint8Array([0xff])), fatal]));
      let bad;
      try { btoa('€'); } catch (e) { bad = e.name; }
      console.log(JSON.stringify([btoa('hello:world'), atob('aGVsbG86d29ybGQ='), bad]));
      const file = new File(['ab', new Uint8Array([99])], 'abc.txt', { type: 'Text/Plain' });
      console.log(JSON.stringify([file.name, file.type, file.size, await file.text(), await file.slice(1, -0 || undefined).text(), file instanceof Blob]));
      const form = new FormData();
      form.append('f', new Blob(['x']));
      form.set('s', 1);
      console.log(JSON.stringify([form.get('f').name, form.get('s'), form.has('f'), [...form.keys()]]));
      console.log(JSON.stringify(structuredClone({ d: new Date(0), list: [1, { a: 'b' }] })));
    `);
    expect(out).toEqual([
      [[97, 226, 130, 172, 240, 159, 152, 128], 'a€😀', '€', '\ufffd', 'TypeError'],
      ['aGVsbG86d29ybGQ=', 'hello:world', 'InvalidCharacterError'],
      ['abc.txt', 'text/plain', 3, 'abc', 'bc', true],
      ['blob', '1', true, ['f', 's']],
      { d: '1970-01-01T00:00:00.000Z', list: [1, { a: 'b' }] },
    ]);
  });

  it('delays with setTimeout, repeats with setInterval, and waits for pending timers before ending', async () => {
    const result = await run(`
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 120));
      console.log('waited ' + (Date.now() - started >= 100));
      let ticks = 0;
      const id = setInterval(() => { ticks++; if (ticks === 3) { clearInterval(id); console.log('ticks ' + ticks); } }, 5);
      const cancelled = setTimeout(() => console.log('never'), 10);
      clearTimeout(cancelled);
      setTimeout((a, b) => console.log('after the module: ' + a + b), 300, 'x', 'y');
      queueMicrotask(() => console.log('microtask'));
      console.log('module end');
    `);
    expect(result.ok).toBe(true);
    expect(lines(result)).toEqual(['waited true', 'module end', 'microtask', 'ticks 3', 'after the module: xy']);
  });
});
