import { describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../../src/cli/createNodeWorker.ts';
import { runScript, type RunScriptOptions } from '../../../../src/sandbox/runScript.ts';
import type { ScriptResult } from '../../../../src/sandbox/types.ts';

// Each run starts a Pyodide worker (seconds of CPU; minutes of wall time on a machine whose cores are busy), so each
// test checks many things in one script, and has five minutes.
const SLOW = { timeout: 300_000 };

function python(source: string, options: Partial<RunScriptOptions> = {}): Promise<ScriptResult> {
  return runScript(source, { fetch: echo, createWorker: createNodeWorker, language: 'python', now: Date.parse('2026-03-25T16:00:00Z'), randomSeed: 7, ...options });
}

async function echo(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!['slack.com', 'api.box.com', 'upload.box.com', 'api.linear.app'].includes(url.hostname)) {
    throw new TypeError(`fetch failed: ${url.hostname} is not a replica host`);
  }
  if (url.pathname.endsWith('/redirect')) return new Response(null, { status: 302, headers: { location: 'https://api.box.com/2.0/target' } });
  if (url.pathname.endsWith('/missing')) return Response.json({ type: 'error', status: 404, code: 'not_found' }, { status: 404, statusText: 'Not Found' });
  const form = request.headers.get('content-type')?.startsWith('multipart/form-data') ? await request.formData() : null;
  const files = form
    ? await Promise.all([...form.entries()].map(async ([name, value]) => (typeof value === 'string' ? { name, value } : { name, filename: value.name, type: value.type, text: await value.text() })))
    : null;
  return Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: files ? null : await request.text(),
    files,
  });
}

function output(result: ScriptResult): unknown[] {
  if (!result.ok) throw new Error(`${result.reason}: ${result.error}\n${result.console.map((c) => c.text).join('\n')}`);
  return result.console.map((c) => JSON.parse(c.text) as unknown);
}

describe('Python sandbox: requests', SLOW, () => {
  it('sends what requests sends: json, form data, params, headers, files, sessions; reads responses as requests does', async () => {
    const out = output(
      await python(`
import json, requests
r = requests.post('https://slack.com/api/chat.postMessage', json={'channel': 'C1', 'text': 'héllo'}, headers={'Authorization': 'Bearer t'})
e = r.json()
print(json.dumps([r.status_code, r.ok, r.headers['Content-Type'], e['headers']['content-type'], e['headers']['authorization'], json.loads(e['body'])]))
r = requests.post('https://slack.com/api/conversations.list', data={'limit': 5, 'types': ['public_channel', 'private_channel']})
e = r.json(); print(json.dumps([e['headers']['content-type'], e['body']]))
s = requests.Session(); s.headers.update({'Authorization': 'Bearer s'})
e = s.get('https://api.box.com/2.0/folders/0/items', params={'fields': 'name,size', 'limit': 100, 'skip': None}).json()
print(json.dumps([e['url'], e['headers']['authorization'], e['headers']['user-agent']]))
e = requests.post('https://upload.box.com/api/2.0/files/content', data={'attributes': json.dumps({'name': 'a.txt', 'parent': {'id': '0'}})},
                  files={'file': ('a.txt', b'hello bytes', 'text/plain')}).json()
print(json.dumps(e['files']))
r = requests.get('https://api.box.com/2.0/missing')
print(json.dumps([r.status_code, r.ok, r.reason, bool(r)]))
try:
    r.raise_for_status()
except requests.exceptions.HTTPError as error:
    print(json.dumps([str(error), error.response.status_code, isinstance(error, requests.RequestException)]))
r = requests.get('https://api.box.com/redirect')
print(json.dumps([r.status_code, r.url]))
r = requests.get('https://api.box.com/redirect', allow_redirects=False)
print(json.dumps([r.status_code, r.headers['location'], r.is_redirect]))
try:
    requests.get('https://evil.example/steal')
except requests.exceptions.ConnectionError as error:
    print(json.dumps(['refused', 'not a replica host' in str(error)]))
try:
    requests.get('api.box.com/2.0/folders/0')
except requests.exceptions.MissingSchema as error:
    print(json.dumps(['schema', str(error)]))
try:
    requests.get('https://slack.com/api/x').json()['nope']
except KeyError:
    print(json.dumps('keyerror'))
try:
    requests.Response().json if False else None
    bad = requests.models.Response(); bad._content = b'<html>'; bad.json()
except requests.exceptions.JSONDecodeError as error:
    print(json.dumps(['jsondecode', isinstance(error, ValueError)]))
`),
    );
    expect(out[0]).toEqual([200, true, 'application/json', 'application/json', 'Bearer t', { channel: 'C1', text: 'héllo' }]);
    expect(out[1]).toEqual(['application/x-www-form-urlencoded', 'limit=5&types=public_channel&types=private_channel']);
    expect(out[2]).toEqual(['https://api.box.com/2.0/folders/0/items?fields=name%2Csize&limit=100', 'Bearer s', 'python-requests/2.32.3']);
    expect(out[3]).toEqual([
      { name: 'attributes', value: '{"name": "a.txt", "parent": {"id": "0"}}' },
      { name: 'file', filename: 'a.txt', type: 'text/plain', text: 'hello bytes' },
    ]);
    expect(out[4]).toEqual([404, false, 'Not Found', false]);
    expect(out[5]).toEqual(['404 Client Error: Not Found for url: https://api.box.com/2.0/missing', 404, true]);
    expect(out[6]).toEqual([200, 'https://api.box.com/2.0/target']);
    expect(out[7]).toEqual([302, 'https://api.box.com/2.0/target', true]);
    expect(out[8]).toEqual(['refused', true]);
    expect(out[9]).toEqual(['schema', "Invalid URL 'api.box.com/2.0/folders/0': No scheme supplied. Perhaps you meant https://api.box.com/2.0/folders/0?"]);
    expect(out[10]).toBe('keyerror');
    expect(out[11]).toEqual(['jsondecode', true]);
  });

  it('urllib.request.urlopen goes through the same bridge, with urllib\'s errors', async () => {
    const out = output(
      await python(`
import json, urllib.request, urllib.error
req = urllib.request.Request('https://api.linear.app/graphql', data=json.dumps({'query': '{ viewer { id } }'}).encode(), headers={'Content-Type': 'application/json'}, method='POST')
with urllib.request.urlopen(req) as resp:
    e = json.loads(resp.read())
    print(json.dumps([resp.status, e['method'], e['headers']['content-type'], json.loads(e['body'])]))
try:
    urllib.request.urlopen('https://api.box.com/2.0/missing')
except urllib.error.HTTPError as error:
    print(json.dumps([error.code, json.loads(error.read())['code']]))
try:
    urllib.request.urlopen('https://evil.example/')
except urllib.error.URLError as error:
    print(json.dumps('urlerror'))
`),
    );
    expect(out).toEqual([[200, 'POST', 'application/json', { query: '{ viewer { id } }' }], [404, 'not_found'], 'urlerror']);
  });
});

describe('Python sandbox: determinism', SLOW, () => {
  const script = `
import json, time, datetime, random, os, uuid
from zoneinfo import ZoneInfo
t0 = time.time()
time.sleep(90)
print(json.dumps([t0, time.time() - t0, str(datetime.datetime.now()), datetime.datetime.now(ZoneInfo('America/Los_Angeles')).isoformat(),
  datetime.datetime(2026, 7, 1, 12, tzinfo=ZoneInfo('Europe/Lisbon')).utcoffset().total_seconds(), time.localtime().tm_hour,
  random.random(), os.urandom(4).hex(), str(uuid.uuid4()), list({'delta', 'alpha', 'charlie', 'bravo'}), hash('abc')]))
`;

  it('time follows the environment clock, time.sleep moves it, randomness follows the seed, the local zone is UTC', async () => {
    const [a] = output(await python(script)) as unknown[][];
    expect(a.slice(0, 6)).toEqual([1774454400, 90, '2026-03-25 16:01:30', '2026-03-25T09:01:30-07:00', 3600, 16]);
    const [b] = output(await python(script)) as unknown[][];
    expect(b).toEqual(a);
    const [c] = output(await python(script, { randomSeed: 8 })) as unknown[][];
    expect(c[6]).not.toEqual(a[6]);
    expect(c[9]).toEqual(a[9]);
  });
});

describe('Python sandbox: limits and isolation', SLOW, () => {
  it('stops a loop at the time limit, with JavaScript\'s message, even one that catches KeyboardInterrupt', async () => {
    const result = await python('while True:\n    try:\n        pass\n    except BaseException:\n        pass\n', { limits: { timeMs: 1000 } });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', error: 'Script stopped: it ran longer than 1 s (time limit)' });
  });

  it('stops a script that fills memory, with the memory limit\'s message', async () => {
    const result = await python('chunks = []\nwhile True:\n    chunks.append(bytearray(1024 * 1024))\n', { limits: { memoryBytes: 32 * 1024 * 1024 } });
    expect(result).toMatchObject({ ok: false, reason: 'memory', error: 'Script stopped: it used more than 32 MB of memory (memory limit)' });
  });

  it('caps requests and console output as for JavaScript', async () => {
    const result = await python("import requests\nfor i in range(5):\n    requests.get('https://slack.com/api/x')\n", { limits: { maxRequests: 3 } });
    expect(result).toMatchObject({ ok: false, reason: 'requests' });
    const flood = await python("for i in range(5000):\n    print('x' * 100)\n", { limits: { maxConsoleChars: 1000 } });
    expect(flood.ok).toBe(true);
    expect(flood.console.at(-1)?.text).toBe('… console output truncated: more than 1000 characters');
    expect(flood.console.length).toBeLessThan(20);
  });

  it('reports an uncaught error with its traceback and line, and a syntax error', async () => {
    const result = await python("x = 1\nraise ValueError('bad value')\n");
    expect(result.ok).toBe(false);
    expect(result.error).toContain('File "script.py", line 2, in <module>');
    expect(result.error).toMatch(/ValueError: bad value$/);
    expect(result.reason).toBe('error');
    // A script that does not compile never ran: not run ('syntax'); one that raises SyntaxError as it runs did.
    const syntax = await python('def f(:\n  pass\n');
    expect(syntax.reason).toBe('syntax');
    expect(syntax.error).toMatch(/SyntaxError/);
    expect(syntax.error).toContain('line 1');
    const indented = await python('if True:\nprint(1)\n');
    expect(indented).toMatchObject({ reason: 'syntax', error: expect.stringMatching(/IndentationError/) });
    const late = await python("print('ran')\ncompile('def f(:', 'x', 'exec')\n");
    expect(late).toMatchObject({ reason: 'error', console: [{ text: 'ran' }], error: expect.stringMatching(/SyntaxError/) });
  });

  it('gives a script no way to JavaScript, sockets, host files, the host environment or other hosts', async () => {
    const out = output(
      await python(`
import json, os, sys, importlib
tries = {}
for name in ['js', 'pyodide', 'pyodide.ffi', 'pyodide.http', 'pyodide_js', '_pyodide_core', 'micropip', 'ctypes', '_socket']:
    try:
        importlib.import_module(name)
        tries[name] = 'imported'
    except ImportError:
        tries[name] = 'closed'
tries['in sys.modules'] = sorted(k for k in sys.modules if k.split('.')[0] in ('js', 'pyodide', 'pyodide_js', '_pyodide_core'))
try:
    import _imp, importlib.machinery
    _imp.create_builtin(importlib.machinery.ModuleSpec('_pyodide_core', None))
    tries['create_builtin'] = 'made'
except ImportError:
    tries['create_builtin'] = 'closed'
import socket
try:
    socket.create_connection(('example.com', 80))
    tries['socket'] = 'connected'
except OSError:
    tries['socket'] = 'refused'
try:
    socket.socket().connect(('1.1.1.1', 53))
    tries['socket()'] = 'connected'
except OSError:
    tries['socket()'] = 'refused'
tries['env'] = sorted(k for k in os.environ if k not in ('PYTHONHASHSEED', 'HOME', 'PYTHONTZPATH', 'TZ', 'PATH', 'LANG', 'USER', 'LOGNAME', 'PWD', 'SHLVL', '_', 'TERM', 'PYTHONHOME', 'PYTHONPATH', 'PYTHONINSPECT', 'LD_LIBRARY_PATH'))
tries['files'] = [p for p in ['/etc/passwd', '/proc/self/environ', '${process.cwd()}/package.json', '/root'] if os.path.exists(p)]
print(json.dumps(tries))
`),
    );
    expect(out[0]).toEqual({
      js: 'closed', pyodide: 'closed', 'pyodide.ffi': 'closed', 'pyodide.http': 'closed', pyodide_js: 'closed', _pyodide_core: 'closed',
      micropip: 'closed', ctypes: 'closed', _socket: 'closed', 'in sys.modules': [], create_builtin: 'closed', socket: 'refused',
      'socket()': 'refused', env: [], files: [],
    });
  });
});
