import type { LanguageId } from './languages.ts';
import type { WorkerLike } from './types.ts';

/**
 * Languages whose worker serves scripts one after another (their runner is `reusable`: a fresh interpreter, file
 * system, clock and randomness each run). Booting just-bash in a worker costs ~300 ms CPU, most of a ReAct step.
 */
export const REUSABLE_LANGUAGES: readonly LanguageId[] = ['bash'];
/** A worker serves at most this many scripts, so that whatever its heap gathers over time is let go. */
const MAX_SCRIPTS_PER_WORKER = 100;
/** Released workers kept idle per language and key: enough for a batch's concurrent attempts. */
const MAX_IDLE = 8;

export interface ReusedWorkers<A> {
  /** A worker for this script: an idle one that ended its last script on its own, else `start`'s. */
  take(language: LanguageId, args: A, start: () => WorkerLike): WorkerLike;
  dispose(): void;
}

/**
 * Hands workers of reusable languages back out after a clean end (runScript calls `release`; a stop at a limit or a
 * crash still terminates). Each script gets a lease of its own: listeners of an earlier script never hear a later
 * one, and a lease that ended can neither post to the worker nor terminate it under its next script.
 */
export function reusedWorkers<A>(keyOf: (args: A) => string): ReusedWorkers<A> {
  const idle = new Map<string, Pooled[]>();
  /** The idle workers, each with what stops it. */
  const pool = new Map<Pooled, () => void>();
  let disposed = false;

  interface Pooled {
    lease(): WorkerLike;
  }

  const adopt = (slot: string, worker: WorkerLike): Pooled => {
    let current: { message: ((m: unknown) => void)[]; error: ((e: unknown) => void)[] } | null = null;
    let dead = false;
    let served = 0;
    worker.onMessage((m) => current?.message.forEach((l) => l(m)));
    worker.onError((e) => {
      dead = true;
      if (current) return current.error.forEach((l) => l(e));
      // Died while idle: it serves no one.
      pool.delete(pooled);
      idle.set(slot, (idle.get(slot) ?? []).filter((p) => p !== pooled));
    });
    const pooled: Pooled = {
      lease() {
        const mine = { message: [] as ((m: unknown) => void)[], error: [] as ((e: unknown) => void)[] };
        current = mine;
        served++;
        const stop = () => {
          dead = true;
          worker.terminate();
        };
        return {
          postMessage: (message, transfer) => {
            if (current === mine) worker.postMessage(message, transfer);
          },
          onMessage: (listener) => void mine.message.push(listener),
          onError: (listener) => void mine.error.push(listener),
          terminate: () => {
            if (current !== mine) return;
            current = null;
            stop();
          },
          release: () => {
            if (current !== mine) return;
            current = null;
            const list = idle.get(slot) ?? [];
            if (dead || disposed || served >= MAX_SCRIPTS_PER_WORKER || list.length >= MAX_IDLE) return stop();
            list.push(pooled);
            idle.set(slot, list);
            pool.set(pooled, stop);
          },
        };
      },
    };
    return pooled;
  };

  return {
    take(language, args, start) {
      if (!REUSABLE_LANGUAGES.includes(language)) return start();
      const slot = `${language}\0${keyOf(args)}`;
      const ready = idle.get(slot)?.pop();
      if (ready) {
        pool.delete(ready);
        return ready.lease();
      }
      return adopt(slot, start()).lease();
    },
    dispose() {
      disposed = true;
      for (const stop of pool.values()) stop();
      pool.clear();
      idle.clear();
    },
  };
}
