// A worker entry for pythonLockdown.test.ts: Pyodide started by the sandbox's own runner, locked down as the CLI's
// Python worker is (closeNodeRealm), then probed with what a script could only hope to reach: Emscripten's module,
// references to Node taken before the lockdown, every built-in's exports.
import * as fsNamespace from 'node:fs';
import { writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';
import { closeNodeRealm } from '../../../../src/cli/closeNodeRealm.ts';
import type { PyodideLike } from '../../../../src/sandbox/python/pyodideApi.ts';
import { pythonRunner } from '../../../../src/sandbox/python/pythonRunner.ts';

const port = parentPort!;
const { denyImportsHook, markers } = workerData as { denyImportsHook: string; markers: string };
// What an attacker would like to have kept from before the lockdown: Node's require, process, every built-in.
const requireBefore = createRequire(import.meta.url);
const processBefore = process;
const builtinsBefore = new Map<string, Record<string, unknown>>();
for (const name of builtinModules) {
  try {
    builtinsBefore.set(name, requireBefore(`node:${name}`) as Record<string, unknown>);
  } catch {
    // Not in a worker (trace_events): not loadable by anyone here either.
  }
}
let pyodide: PyodideLike | undefined;
let nodefsBefore: unknown;

function attempt(tries: Record<string, string>, name: string, f: () => unknown): void {
  try {
    tries[name] = `reached: ${String(f()).slice(0, 60)}`;
  } catch {
    tries[name] = 'refused';
  }
}

function probe(): unknown {
  const tries: Record<string, string> = {};
  const module = pyodide!._module as Record<string, any>;
  const FS = module.FS as Record<string, any>;
  const command = module.stringToNewUTF8(`id > ${markers}/emscripten-system`);
  attempt(tries, 'Module.__emscripten_system', () => module.__emscripten_system(command));
  attempt(tries, 'FS.mount(NODEFS kept from before)', () => FS.mount(nodefsBefore, { root: '/' }, '/host'));
  attempt(tries, 'NODEFS.mount itself', () => (nodefsBefore as any).mount({ opts: { root: '/' }, mountpoint: '/host2' }));
  attempt(tries, 'pyodide.mountNodeFS', () => (pyodide as any).mountNodeFS('/host3', '/'));
  attempt(tries, 'fs namespace kept from before', () => fsNamespace.writeFileSync(`${markers}/namespace`, 'x'));
  attempt(tries, 'fs binding kept from before', () => writeFileSync(`${markers}/binding`, 'x'));
  attempt(tries, 'require kept from before', () => requireBefore('node:child_process'));
  attempt(tries, 'child_process kept from before', () => (builtinsBefore.get('child_process')!.execSync as (c: string) => unknown)(`id > ${markers}/cp`));
  attempt(tries, 'process.binding', () => (processBefore as unknown as { binding(name: string): unknown }).binding('fs'));
  attempt(tries, 'process.dlopen', () => processBefore.dlopen({} as never, '/nonexistent.node'));
  attempt(tries, 'process.getBuiltinModule', () => (processBefore as any).getBuiltinModule('node:fs'));
  attempt(tries, 'process.chdir', () => processBefore.chdir('/'));
  attempt(tries, 'process.kill', () => processBefore.kill(processBefore.pid, 0));
  // Every function of every built-in, as held from before: each must now be the lockdown's.
  const open: string[] = [];
  for (const [name, exports] of builtinsBefore) {
    for (const key of Object.getOwnPropertyNames(exports)) {
      const value = Object.getOwnPropertyDescriptor(exports, key)?.value as unknown;
      if (typeof value === 'function' && value.name !== 'denied' && value.name !== 'silenced') open.push(`${name}.${key}`);
    }
  }
  return {
    tries,
    filesystems: Object.keys(FS.filesystems),
    fileSystemsOnModule: Object.keys(module).filter((key) => /^[A-Z]+FS$/.test(key)),
    env: Object.keys(processBefore.env),
    open,
  };
}

pythonRunner({
  loadPyodide: async (options) => {
    pyodide = (await loadPyodide(options)) as unknown as PyodideLike;
    nodefsBefore = (pyodide._module as Record<string, unknown>).NODEFS;
    return pyodide;
  },
  lockdown: () => {
    closeNodeRealm(denyImportsHook);
    port.postMessage(probe());
  },
});
