import type { ScriptClock } from '../clock.ts';

/**
 * The shell interpreter runs as plain JavaScript in its worker, so the worker's own globals are what its commands
 * see: `date`, `$SECONDS` and file times read Date, `$RANDOM` reads Math.random. A bash worker runs one script, so
 * it makes them deterministic (invariant 4) by replacing them for the whole realm, as the JavaScript prelude does
 * inside QuickJS (prelude/clock.ts: the same Date rule, the same mulberry32).
 */

/** The real clock, taken before anything is replaced: limits are measured on it. */
export const realNow: () => number = performance.now.bind(performance);

export interface RealmOptions {
  /** The script's clock; without one Date stays real. */
  clock?: ScriptClock;
  randomSeed?: number;
  /**
   * Called on each Date.now(). The interpreter checks its own deadline with Date.now() before each command, so this
   * is where a runaway loop can be stopped even though it never yields to the event loop.
   */
  onTick?: () => void;
}

export function installRealm({ clock, randomSeed, onTick }: RealmOptions): void {
  const NativeDate = Date;
  if (clock || onTick) {
    const now = (): number => {
      onTick?.();
      return clock ? clock.dateNow() : NativeDate.now();
    };
    const VirtualDate = function Date(this: unknown, ...args: unknown[]) {
      if (!new.target) return new NativeDate(now()).toString();
      return Reflect.construct(NativeDate, args.length === 0 ? [now()] : args, new.target) as Date;
    } as unknown as DateConstructor;
    Object.defineProperty(VirtualDate, 'length', { value: 7 });
    Object.defineProperty(VirtualDate, 'prototype', { value: NativeDate.prototype });
    for (const name of ['parse', 'UTC'] as const) {
      Object.defineProperty(VirtualDate, name, { value: NativeDate[name], writable: true, configurable: true });
    }
    Object.defineProperty(VirtualDate, 'now', { value: now, writable: true, configurable: true });
    Object.defineProperty(globalThis, 'Date', { value: VirtualDate, writable: true, configurable: true });
  }
  if (randomSeed !== undefined) {
    let state = randomSeed >>> 0;
    Object.defineProperty(Math, 'random', {
      value: function random() {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      },
      writable: true,
      configurable: true,
    });
  }
}

/**
 * What a script must not reach if it ever got out of the interpreter into this realm: the network, storage and
 * workers of the page's origin. The worker keeps only postMessage, its line to the host.
 */
export function closeRealm(): void {
  const scope = globalThis as Record<string, unknown>;
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'indexedDB', 'caches', 'importScripts', 'BroadcastChannel', 'Worker', 'SharedWorker', 'WebTransport', 'RTCPeerConnection']) {
    try {
      Object.defineProperty(scope, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // Not there, or not configurable in this engine.
    }
  }
}
