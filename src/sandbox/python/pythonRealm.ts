import type { ScriptClock } from '../clock.ts';
import type { PyodideLike } from './pyodideApi.ts';

/**
 * The JavaScript realm Pyodide runs in is the script's too, as far as time goes: Emscripten's libc reads the
 * clock through `Date.now()` and `performance.now()` and the local time zone through `Date`'s local getters, at
 * each call. Pointing those at the virtual clock (and the local zone at UTC) makes `time.time()`,
 * `datetime.now()`, `time.monotonic()` and `time.localtime()` deterministic with no patching inside Python.
 */
export function useScriptClock(clock: ScriptClock): void {
  const RealDate = Date;
  const LOCAL_TO_UTC = [
    ['getFullYear', 'getUTCFullYear'],
    ['getMonth', 'getUTCMonth'],
    ['getDate', 'getUTCDate'],
    ['getDay', 'getUTCDay'],
    ['getHours', 'getUTCHours'],
    ['getMinutes', 'getUTCMinutes'],
    ['getSeconds', 'getUTCSeconds'],
    ['getMilliseconds', 'getUTCMilliseconds'],
  ] as const;
  class ScriptDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(clock.dateNow());
      else if (args.length === 1) super(args[0] as number);
      // Local components mean UTC ones: the script's local zone is UTC.
      else super(RealDate.UTC(...(args as [number, number])));
    }
    static override now(): number {
      return clock.dateNow();
    }
    override getTimezoneOffset(): number {
      return 0;
    }
  }
  for (const [local, utc] of LOCAL_TO_UTC) {
    Object.defineProperty(ScriptDate.prototype, local, {
      value: function (this: Date) {
        return RealDate.prototype[utc].call(this);
      },
    });
  }
  (globalThis as { Date: DateConstructor }).Date = ScriptDate as DateConstructor;
  Object.defineProperty(performance, 'now', { value: () => clock.perfNow(), configurable: true });
}

/**
 * The globals a worker's JavaScript keeps once Pyodide has loaded: the language's own, and web APIs that only
 * compute (text, bytes, streams in memory, timers, crypto's randomness and digests, the worker's own message ports).
 * Python reaches this realm (a JsProxy's `constructor` is `Function`), so everything else on the worker's global
 * scope goes, whatever it is: network (fetch, XMLHttpRequest, WebSocket, EventSource, WebTransport, import
 * scripts), storage (indexedDB, caches, navigator.storage, file systems), other contexts (postMessage to the page,
 * BroadcastChannel, Worker), and whatever a browser or Node adds next. The sandbox's own channel to the host was
 * captured before.
 */
export const COMPUTATION_GLOBALS: ReadonlySet<string> = new Set([
  // ECMAScript
  'globalThis', 'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'Promise',
  'RegExp', 'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError',
  'URIError', 'SuppressedError', 'JSON', 'Math', 'Intl', 'Reflect', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet',
  'WeakRef', 'FinalizationRegistry', 'Iterator', 'AsyncIterator', 'DisposableStack', 'AsyncDisposableStack',
  'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Atomics', 'WebAssembly', 'Int8Array', 'Uint8Array',
  'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array',
  'Float64Array', 'BigInt64Array', 'BigUint64Array', 'parseFloat', 'parseInt', 'isFinite', 'isNaN', 'eval',
  'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'Infinity', 'NaN',
  'undefined',
  // Web APIs that compute
  'self', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask',
  'structuredClone', 'atob', 'btoa', 'TextEncoder', 'TextDecoder', 'TextEncoderStream', 'TextDecoderStream',
  'CompressionStream', 'DecompressionStream', 'ReadableStream', 'ReadableStreamDefaultReader',
  'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest', 'ReadableByteStreamController',
  'ReadableStreamDefaultController', 'WritableStream', 'WritableStreamDefaultWriter',
  'WritableStreamDefaultController', 'TransformStream', 'TransformStreamDefaultController',
  'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'URL', 'URLSearchParams', 'Blob', 'File', 'FormData',
  'Headers', 'Response', 'DOMException', 'AbortController', 'AbortSignal', 'Event', 'EventTarget', 'CustomEvent',
  'MessageChannel', 'MessagePort', 'MessageEvent', 'ErrorEvent', 'PromiseRejectionEvent', 'crypto', 'Crypto',
  'SubtleCrypto', 'CryptoKey', 'performance', 'Performance', 'PerformanceEntry', 'PerformanceMark',
  'PerformanceMeasure', 'crossOriginIsolated', 'isSecureContext', 'origin', 'name',
  // Node's that compute
  'global', 'Buffer', 'setImmediate', 'clearImmediate',
]);

/**
 * Deletes from the worker's global scope (and the prototypes it inherits them from, up to EventTarget's, which
 * other objects share) every global not in COMPUTATION_GLOBALS; what cannot be deleted is shadowed by undefined.
 */
export function keepComputationGlobals(scope: object = globalThis): void {
  const names = new Set<string>();
  for (let target: object | null = scope; target && target !== Object.prototype && target !== EventTarget.prototype; target = Object.getPrototypeOf(target)) {
    for (const name of Object.getOwnPropertyNames(target)) {
      if (COMPUTATION_GLOBALS.has(name) || name === 'constructor') continue;
      names.add(name);
      try {
        delete (target as Record<string, unknown>)[name];
      } catch {
        // Not configurable: shadowed below.
      }
    }
  }
  for (const name of names) {
    if (!(name in scope)) continue;
    try {
      Object.defineProperty(scope, name, { value: undefined, configurable: false, writable: false });
    } catch {
      // Neither deletable nor definable: the test of the page's worker lists what is left.
    }
  }
}

/** Emscripten's "operation not permitted" errno. */
const EPERM = 63;

/**
 * The script's files are the in-memory file system's alone. Emscripten also carries file systems backed by
 * something outside it: the host's files (NODEFS; NODERAWFS in other builds), the page's storage (IDBFS), another
 * worker's files (WORKERFS, PROXYFS), the user's (NATIVEFS_ASYNC). Nothing but MEMFS is mounted after Pyodide has
 * loaded (and its own /proc/self/fd); from then on every other type is gone from the module and FS.mount refuses
 * anything but MEMFS (so do pyodide.mountNodeFS and mountNativeFS, which mount through it).
 */
export function keepMemoryFileSystemOnly(pyodide: PyodideLike): void {
  const module = pyodide._module;
  const { FS } = module;
  const memfs = FS.filesystems.MEMFS;
  for (const name of Object.keys(FS.filesystems)) if (name !== 'MEMFS') delete FS.filesystems[name];
  for (const name of Object.keys(module)) {
    if (/^[A-Z]+FS$/.test(name) && name !== 'MEMFS' && name !== 'FS' && name !== 'SOCKFS' && name !== 'PIPEFS') delete module[name];
  }
  const mount = FS.mount.bind(FS);
  FS.mount = (type, options, mountpoint) => {
    if (type !== memfs) throw new FS.ErrnoError(EPERM);
    return mount(type, options, mountpoint);
  };
}
