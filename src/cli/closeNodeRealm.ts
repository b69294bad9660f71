import { builtinModules, createRequire, register, syncBuiltinESMExports } from 'node:module';
import { keepComputationGlobals } from '../sandbox/python/pythonRealm.ts';

/**
 * The Node side of the Python worker's lockdown (pythonWorker.ts), run once Pyodide has loaded and before any
 * script. Python can reach this thread's JavaScript realm (a JsProxy's `constructor` is `Function`), and Pyodide's
 * Emscripten module captured Node at start (`require`, `fs`, `child_process` behind `os.system`, `net` behind
 * sockets, NODEFS). So rather than hide the ways someone thought of, every Node built-in module this thread can hold
 * is poisoned in place: each function on its exports (and on `process`) becomes one that throws, and the ES module
 * namespaces are synced to them, so a reference captured before the lockdown fails too. Then nothing can be loaded
 * (an import hook that refuses every specifier) and the globals that lead to Node are deleted.
 */
export const NODE_DENIED_MESSAGE = "DiffLab's sandbox has no access to the host";

/**
 * What Node's own machinery calls on `process` while the worker keeps running: queued callbacks, warnings, the
 * listeners it registered (`_events`, reached through `emit`: `beforeExit` and `exit` when the thread ends, and
 * `uncaughtException`), and the ending of this thread (`exit` and `reallyExit`, which in a worker stop only the
 * worker). None of them reaches the host, and no one can add a listener (`on` throws). Without `emit`, a thread
 * whose loop ran dry died on `beforeExit` with an error about the lockdown instead of ending.
 */
const PROCESS_KEEPS: ReadonlySet<PropertyKey> = new Set(['nextTick', 'emitWarning', '_fatalException', '_tickCallback', '_events', 'exit', 'emit', 'reallyExit']);
/** Built-ins whose functions become silent rather than throwing: a script's console.log must not reach run's stdout. */
const SILENCED: ReadonlySet<string> = new Set(['console']);

export function closeNodeRealm(denyImportsHook: string): void {
  const process = globalThis.process;
  // Every global but the language's own and what only computes goes: process, require (Pyodide's), fetch…
  keepComputationGlobals();
  // From here on this thread imports nothing: `import('node:fs')` is refused whatever the referrer.
  register(denyImportsHook);
  settleLazyGlobals();
  // Warnings would go to the host's stderr (and Node's printer needs node:path, poisoned below): none from here on,
  // including the deprecation warnings that reading deprecated exports while poisoning them would raise.
  process.noDeprecation = true;
  process.removeAllListeners('warning');
  const load = createRequire(import.meta.url);
  const sync = syncBuiltinESMExports;
  const seen = new WeakSet<object>([globalThis]);
  // All loaded first: loading one needs others (https needs _http_agent, all need module._load) unpoisoned.
  const modules: [string, unknown][] = [];
  for (const name of builtinModules) {
    try {
      modules.push([name, load(`node:${name}`)]);
    } catch {
      // Not loadable in a worker (trace_events) or in this build: nobody here can load it either.
    }
  }
  // node:process is `process`, poisoned below but for what Node itself needs to keep running.
  poison(process, 'process', seen, thrower, PROCESS_KEEPS);
  for (const [name, exports] of modules) poison(exports, `node:${name}`, seen, SILENCED.has(name) ? silent : thrower);
  const env = process.env;
  for (const key of Object.keys(env)) delete env[key];
  // ES module namespaces (`import * as fs from 'node:fs'`, Pyodide's captured ones) follow the poisoned exports.
  sync();
}

/**
 * Node defines some web globals (atob, Blob, structuredClone, MessageChannel…) as getters that read a built-in's
 * exports at first use: each is read now and kept as a value, so that those harmless ones survive the poisoning.
 */
function settleLazyGlobals(): void {
  for (const key of Reflect.ownKeys(globalThis)) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
    if (!descriptor?.get || !descriptor.configurable) continue;
    try {
      const value = descriptor.get.call(globalThis) as unknown;
      Object.defineProperty(globalThis, key, { value, writable: true, configurable: true, enumerable: descriptor.enumerable ?? false });
    } catch {
      // A getter that fails stays as it is.
    }
  }
}

type Replacement = (label: string) => () => unknown;

function thrower(label: string): () => never {
  return function denied() {
    throw Object.assign(new Error(`${label}: ${NODE_DENIED_MESSAGE}`), { code: 'ERR_ACCESS_DENIED' });
  };
}

function silent(): () => void {
  return function silenced() {};
}

/**
 * Replaces every function-valued own property of `target` (and those of the plain objects it holds, such as
 * `fs.promises` or `process.report`) with `replacement`; what cannot be replaced was frozen by Node. `keep` names
 * own properties left as they are.
 */
function poison(target: unknown, label: string, seen: WeakSet<object>, replacement: Replacement, keep: ReadonlySet<PropertyKey> = new Set()): void {
  if ((typeof target !== 'object' && typeof target !== 'function') || target === null || seen.has(target)) return;
  seen.add(target);
  for (const key of Reflect.ownKeys(target)) {
    if (keep.has(key) || (typeof target === 'function' && (key === 'prototype' || key === 'length' || key === 'name'))) continue;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor?.configurable && !descriptor?.writable) continue;
    const where = `${label}.${String(key)}`;
    let value = descriptor.value as unknown;
    if (descriptor.get) {
      // A lazy export (fs.promises, fs.ReadStream): what it hands out is poisoned, then kept as a plain value.
      try {
        value = descriptor.get.call(target);
      } catch {
        continue;
      }
      if (typeof value !== 'function' && !isPlainObject(value)) continue;
    }
    if (typeof value === 'function') {
      tryDefine(target, key, { value: replacement(where), writable: false, configurable: false });
    } else if (isPlainObject(value)) {
      poison(value, where, seen, replacement);
      if (descriptor.get) tryDefine(target, key, { value, writable: false, configurable: false });
    }
  }
}

function tryDefine(target: object, key: PropertyKey, descriptor: PropertyDescriptor): void {
  try {
    Object.defineProperty(target, key, descriptor);
  } catch {
    try {
      (target as Record<PropertyKey, unknown>)[key] = descriptor.value ?? descriptor.get;
    } catch {
      // Frozen by Node: the test of this lockdown lists every function still callable.
    }
  }
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
