import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../../src/cli/createNodeWorker.ts';
import { COMPUTATION_GLOBALS } from '../../../../src/sandbox/python/pythonRealm.ts';
import { runScript } from '../../../../src/sandbox/runScript.ts';
import type { ScriptResult, WorkerFactory } from '../../../../src/sandbox/types.ts';

// Issue 31: a Python script must not reach the host, whichever way it tries. Each run starts a Pyodide worker
// (seconds of CPU, minutes on a busy machine), so each test tries many ways in one script. What a way would do if
// it got through is a side effect the test can see from outside: a file in `markers`, a connection to `server`.
const SLOW = { timeout: 300_000 };
const REPO_PACKAGE_JSON = resolve('package.json');
let markers: string;
let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  markers = mkdtempSync(join(tmpdir(), 'difflab-escape-'));
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
  rmSync(markers, { recursive: true, force: true });
});

/** Python reaches its worker's JavaScript realm the way an attacker would (the fixture says how); then its `Function`. */
const ESCAPE_TO_JS = `${readFileSync(resolve(import.meta.dirname, '../../../fixtures/python/find-bridge.py'), 'utf8')}JsFunction = bridge.constructor\n`;

/**
 * Every run below lets its worker live on after the script until the script's JavaScript reports (through the
 * bridge, as a request to https://slack.com/api/probe-report?r=…) what its asynchronous tries did.
 */
function lingering(): { createWorker: WorkerFactory; report: Promise<Record<string, string> | null> } {
  let deliver: (report: Record<string, string> | null) => void = () => {};
  const report = new Promise<Record<string, string> | null>((resolve) => (deliver = resolve));
  const bound = setTimeout(() => deliver(null), 120_000);
  const createWorker: WorkerFactory = (limits, language) => {
    const worker = createNodeWorker(limits, language);
    worker.onMessage((message) => {
      const url = (message as { type?: string; request?: { url?: string } }).request?.url ?? '';
      if (url.includes('/probe-report')) deliver(JSON.parse(new URL(url).searchParams.get('r') ?? 'null') as Record<string, string>);
    });
    return { ...worker, terminate: () => void report.then(() => (clearTimeout(bound), worker.terminate())) };
  };
  return { createWorker, report };
}

function python(source: string, createWorker: WorkerFactory): Promise<ScriptResult> {
  const fetch = async (request: Request) => Response.json({ url: request.url });
  return runScript(source, { fetch, createWorker, language: 'python', now: Date.parse('2026-03-25T16:00:00Z'), randomSeed: 7, limits: { timeMs: 60_000 } });
}

function lines(result: ScriptResult): Record<string, unknown> {
  const last = result.console.filter((entry) => entry.text.startsWith('{')).at(-1)?.text;
  if (!last) throw new Error(`no report: ${result.ok ? '' : result.error}\n${result.console.map((c) => c.text).join('\n')}`);
  return JSON.parse(last) as Record<string, unknown>;
}

describe('Python sandbox in Node: no way to the host (issue 31)', SLOW, () => {
  it('a Python script cannot run programs, open sockets, read or write host files, or see the host environment', async () => {
    const { createWorker, report } = lingering();
    const m = (name: string) => JSON.stringify(join(markers, name));
    const result = await python(
      `
import json, os, sys, gc, posix, socket
tries = {}
def attempt(name, f):
    try:
        tries[name] = 'ran: ' + repr(f())[:80]
    except BaseException as e:
        tries[name] = 'refused: ' + ('OSError' if type(e) is OSError or type(e).__name__ == '_NoNetwork' else type(e).__name__)
attempt('os.system', lambda: os.system('id > ' + ${m('system')}))
attempt('posix.system', lambda: posix.system('id > ' + ${m('posix-system')}))
attempt('os.execv', lambda: os.execv('/bin/sh', ['sh', '-c', 'id > ' + ${m('execv')}]))
attempt('os.spawnv', lambda: os.spawnv(os.P_WAIT, '/bin/sh', ['sh', '-c', 'id > ' + ${m('spawnv')}]))
attempt('os.posix_spawn', lambda: os.posix_spawn('/bin/sh', ['sh', '-c', 'id > ' + ${m('posix-spawn')}], {}))
attempt('pty.spawn', lambda: __import__('pty').spawn(['sh', '-c', 'id > ' + ${m('pty')}]))
attempt('os.popen', lambda: os.popen('id > ' + ${m('popen')}).read())
attempt('subprocess', lambda: __import__('subprocess').run(['sh', '-c', 'id > ' + ${m('subprocess')}]))
attempt('os.fork', lambda: os.fork())
attempt('socket.create_connection', lambda: socket.create_connection(('127.0.0.1', ${port}), timeout=5))
# Beneath the socket module: the C module's own socket, through Emscripten's socket layer (in Node: ws, net).
def raw_socket():
    s = socket._socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect(('127.0.0.1', ${port}))
    s.send(b'hello')
    return s
attempt('_socket.socket.connect', raw_socket)
attempt('read /etc/hostname', lambda: open('/etc/hostname').read())
attempt('read package.json', lambda: open(${JSON.stringify(REPO_PACKAGE_JSON)}).read())
attempt('list the repository', lambda: os.listdir(${JSON.stringify(resolve('.'))}))
attempt('write beside the markers', lambda: open(${m('written')}, 'w').write('x'))
# /tmp is the in-memory file system's: the write works there and never reaches the host's /tmp.
with open('/tmp/difflab-escape-written', 'w') as f:
    f.write('x')
tries['environ'] = dict(os.environ)
tries['posix.environ'] = {k.decode(): v.decode() for k, v in posix.environ.items()}
tries['executable'] = [sys.executable, sys.argv, getattr(sys, 'orig_argv', None)]
${ESCAPE_TO_JS}
# The worker lives on after the script: its event loop lets the raw socket's connection (if any) go out before
# the report comes back.
JsFunction('bridge', "setTimeout(() => bridge('fetch', JSON.stringify({ url: 'https://slack.com/api/probe-report?r=%7B%7D', method: 'GET', headers: [], body: null, redirect: 'follow' })), 500)")(bridge)
print(json.dumps(tries))
`,
      createWorker,
    );
    const tries = lines(result);
    await report;
    const programs = ['os.system', 'posix.system', 'os.execv', 'os.spawnv', 'os.posix_spawn', 'pty.spawn', 'os.popen', 'subprocess', 'os.fork'];
    for (const name of programs) expect(tries[name], name).toBe('refused: OSError');
    expect(tries['socket.create_connection']).toBe('refused: OSError');
    expect(tries['_socket.socket.connect']).toMatch(/^refused: /);
    expect(tries['read /etc/hostname']).toBe('refused: FileNotFoundError');
    expect(tries['read package.json']).toBe('refused: FileNotFoundError');
    expect(tries['list the repository']).toBe('refused: FileNotFoundError');
    expect(tries['write beside the markers']).toBe('refused: FileNotFoundError');
    for (const name of ['system', 'posix-system', 'execv', 'spawnv', 'posix-spawn', 'pty', 'popen', 'subprocess', 'written']) {
      expect(existsSync(join(markers, name)), name).toBe(false);
    }
    expect(existsSync('/tmp/difflab-escape-written')).toBe(false);
    expect(connections).toBe(0);
    // The environment names nothing of the host: no path of this machine, no variable the sandbox did not set.
    const environment = JSON.stringify([tries.environ, tries['posix.environ'], tries.executable]);
    for (const hostPath of [resolve('.'), '/work', '/root', process.env.HOME ?? '/root', 'node_modules']) expect(environment).not.toContain(hostPath);
    expect(tries.environ).toEqual(tries['posix.environ']);
    expect(Object.keys(tries.environ as object).sort()).toEqual(['HOME', 'LANG', 'LOGNAME', 'PATH', 'PWD', 'PYTHONHASHSEED', 'PYTHONTZPATH', 'TZ', 'USER', '_']);
  });

  it("the worker's JavaScript realm, reached from Python, holds no way to Node: require, process, module, import(), captured built-ins", async () => {
    const { createWorker, report } = lingering();
    const probe = String.raw`
const markers = ${JSON.stringify(markers)};
const tries = {};
const attempt = (name, f) => {
  try {
    const value = f();
    tries[name] = 'reached: ' + String(typeof value === 'function' ? value.name : value).slice(0, 60);
  } catch (error) {
    tries[name] = 'refused';
  }
};
const global = Function('return this')();
attempt('globalThis.require', () => globalThis.require('child_process').execSync('id > ' + markers + '/require'));
attempt('require', () => require('child_process').execSync('id > ' + markers + '/require2'));
attempt('process', () => process.binding('spawn_sync'));
attempt('globalThis.process', () => globalThis.process.dlopen);
attempt('process.getBuiltinModule', () => process.getBuiltinModule('node:fs').writeFileSync(markers + '/gbm', 'x'));
attempt('module.createRequire', () => module.createRequire('/')('node:fs'));
attempt('indirect eval', () => (0, eval)('process').mainModule);
attempt('Function constructor', () => global.constructor.constructor('return process')().binding('fs'));
attempt('Error stack frames', () => {
  const previous = Error.prepareStackTrace;
  let leaked = null;
  Error.prepareStackTrace = (error, frames) => {
    for (const frame of frames) for (const value of [frame.getThis?.(), frame.getFunction?.()]) {
      if (value && (value.binding || value.require || value.dlopen || value.getBuiltinModule)) leaked = value;
    }
    return '';
  };
  for (const f of [() => new URL('::'), () => atob('%'), () => structuredClone(() => {}), () => setTimeout('x'), () => Buffer.from({})]) {
    try { f(); } catch (error) { void error.stack; }
  }
  Error.prepareStackTrace = previous;
  if (leaked) return leaked;
  throw new Error('nothing leaked');
});
for (const name of ['fetch', 'WebSocket', 'BroadcastChannel', 'navigator', 'Request', 'XMLHttpRequest', 'EventSource', 'Worker']) {
  attempt(name, () => { if (globalThis[name] === undefined) throw new Error('gone'); return globalThis[name]; });
}
attempt('WebAssembly host imports', () => {
  // A module may import only what it is given: the only host functions are the ones this realm could pass.
  const wasm = new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,2,11,1,3,101,110,118,3,114,117,110,0,0]);
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(wasm));
  return new WebAssembly.Instance(new WebAssembly.Module(wasm), { env: { run: globalThis.require } }) && imports;
});
// Whatever is left on the global object is a language built-in or a web API: nothing that names Node.
tries.globals = Object.getOwnPropertyNames(globalThis).filter((name) => typeof globalThis[name] !== 'undefined').sort().join(' ');
const later = [
  ['import node:fs', () => import('node:fs').then((fs) => fs.writeFileSync(markers + '/import-fs', 'x'))],
  ['import node:child_process', () => import('node:child_process').then((cp) => cp.execSync('id > ' + markers + '/import-cp'))],
  ['import fs', () => import('fs').then((fs) => fs.writeFileSync(markers + '/import-fs2', 'x'))],
  ['import through Function', () => Function('return import("node:net")')().then((net) => net.connect(${port}, '127.0.0.1'))],
  ['import a data: URL', () => import('data:text/javascript,export default 1').then((m) => m.default)],
  ['import a host file', () => import(${JSON.stringify(`file://${REPO_PACKAGE_JSON}`)}, { with: { type: 'json' } }).then((m) => m.default.name)],
];
Promise.all(later.map(([name, f]) => Promise.resolve().then(f).then((value) => [name, 'reached: ' + String(value).slice(0, 60)], () => [name, 'refused']))).then((settled) => {
  const report = Object.fromEntries(settled);
  bridge('fetch', JSON.stringify({ url: 'https://slack.com/api/probe-report?r=' + encodeURIComponent(JSON.stringify(report)), method: 'GET', headers: [], body: null, redirect: 'follow' }));
});
return JSON.stringify(tries);
`;
    const result = await python(`${ESCAPE_TO_JS}\nprint(JsFunction('bridge', ${JSON.stringify(probe)})(bridge))\n`, createWorker);
    const tries = lines(result);
    const later = await report;
    const globals = String(tries.globals).split(' ');
    delete tries.globals;
    for (const [name, outcome] of Object.entries(tries)) expect(outcome, name).toBe('refused');
    expect(later, 'the asynchronous tries reported back').not.toBeNull();
    for (const [name, outcome] of Object.entries(later!)) expect(outcome, name).toBe('refused');
    expect(globals.filter((name) => !COMPUTATION_GLOBALS.has(name))).toEqual([]);
    for (const name of ['require', 'require2', 'gbm', 'import-fs', 'import-cp', 'import-fs2']) expect(existsSync(join(markers, name)), name).toBe(false);
    expect(connections).toBe(0);
  });
});
