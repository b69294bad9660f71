import type { LanguageId } from './languages.ts';

/**
 * Keeps one booted worker ahead of need for each language, in Node and in the page alike. Starting a sandbox worker
 * is most of a short script's time (Node: loading the bundle and QuickJS, 100–300 ms; Pyodide: seconds), so once a
 * language has been asked for — or warmed, e.g. when its editor tab is picked — a spare of it loads while the
 * current script runs. One worker per script stays the rule: a spare has run nothing, and it waits for its first
 * message before doing anything, so it can be handed out at any time.
 *
 * `W` is the worker (Node's WorkerLike, the page's Worker); `A` what it is started with (Node: the limits, which
 * shape its heap; the page: nothing). A spare is handed out only for arguments with the same `keyOf` as its own
 * (default: equal as JSON; a caller may leave out what a started worker does not depend on).
 */
export interface SpareWorkers<A, W> {
  /** A worker for these arguments: the language's spare when it was started with them, else a new one; then the next spare starts. */
  take(language: LanguageId, args: A): W;
  /** Starts the language's spare for these arguments now, unless it is already there. */
  warm(language: LanguageId, args: A): void;
  /** Stops every spare (a Node spare would keep the process alive); later calls start no more. */
  dispose(): void;
}

export function spareWorkers<A, W>(
  start: (language: LanguageId, args: A) => W,
  stop: (worker: W) => void,
  keyOf: (args: A) => string = (args) => JSON.stringify(args ?? null),
  /** Off for a process that runs one script (`difflab run`): a next spare would only take CPU from this one. */
  refill = true,
): SpareWorkers<A, W> {
  const spares = new Map<LanguageId, { key: string; worker: W }>();
  let disposed = false;
  const replace = (language: LanguageId, key: string, args: A) => {
    const old = spares.get(language);
    if (old) stop(old.worker);
    if (disposed) spares.delete(language);
    else spares.set(language, { key, worker: start(language, args) });
  };
  return {
    take(language, args) {
      const key = keyOf(args);
      const spare = spares.get(language);
      spares.delete(language);
      let worker: W;
      if (spare?.key === key) worker = spare.worker;
      else {
        if (spare) stop(spare.worker);
        worker = start(language, args);
      }
      if (refill) replace(language, key, args);
      return worker;
    },
    warm(language, args) {
      const key = keyOf(args);
      if (!disposed && spares.get(language)?.key !== key) replace(language, key, args);
    },
    dispose() {
      disposed = true;
      for (const { worker } of spares.values()) stop(worker);
      spares.clear();
    },
  };
}
