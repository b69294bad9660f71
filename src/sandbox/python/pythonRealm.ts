import type { ScriptClock } from '../clock.ts';

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
