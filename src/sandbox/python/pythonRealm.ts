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
 * What a script that broke out of Python into JavaScript would use to reach the network or storage. They are
 * removed from the worker's global scope (and their prototypes) once Pyodide has loaded; the sandbox's own
 * channel to the host was captured before.
 */
const NETWORK_AND_STORAGE = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'EventSource',
  'WebTransport',
  'importScripts',
  'Worker',
  'SharedWorker',
  'indexedDB',
  'caches',
  'BroadcastChannel',
  'navigator',
  'Request',
  'RTCPeerConnection',
];

export function removeNetworkAndStorage(scope: object = globalThis): void {
  for (const name of NETWORK_AND_STORAGE) {
    for (let target: object | null = scope; target && target !== Object.prototype; target = Object.getPrototypeOf(target)) {
      try {
        if (Object.prototype.hasOwnProperty.call(target, name)) delete (target as Record<string, unknown>)[name];
      } catch {
        // Not configurable: shadow it instead.
      }
    }
    try {
      Object.defineProperty(scope, name, { value: undefined, configurable: false, writable: false });
    } catch {
      // Already gone for good.
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
