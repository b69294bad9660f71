import type { LanguageId } from '../sandbox/languages.ts';
import { workerKey, type SandboxLimits, type WorkerFactory, type WorkerLike } from '../sandbox/types.ts';

export interface PrewarmedFactory {
  createWorker: WorkerFactory;
  /** Boots a worker for these limits now (e.g. while PGlite starts), to be handed out by the next createWorker. */
  warm(limits: SandboxLimits, language?: LanguageId): void;
  /** Terminates the spare worker, which would otherwise keep the process alive. */
  dispose(): void;
}

/**
 * Keeps one worker booted ahead of need. Starting a Node sandbox worker (loading the bundled worker and its
 * language's interpreter, which the runner's `prepare` loads and warms up at once) is most of a short script's
 * time, 100–300 ms, so `run` boots one while PGlite starts, and `selftest` and an agent run boot the next while one
 * script runs. A worker runs nothing of a script before its `run` message, so a spare can be handed out at any
 * time; it serves any script of its language and memory limit (`workerKey`: a ReAct action's time limit, which
 * shrinks from step to step, does not matter). One worker still runs one script: a spare has run none.
 */
export function prewarmed(factory: WorkerFactory): PrewarmedFactory {
  let spare: { key: string; worker: WorkerLike } | null = null;
  let disposed = false;
  return {
    createWorker(limits: SandboxLimits, language: LanguageId = 'javascript'): WorkerLike {
      const key = workerKey(limits, language);
      let worker: WorkerLike;
      if (spare && spare.key === key) worker = spare.worker;
      else {
        spare?.worker.terminate();
        worker = factory(limits, language);
      }
      spare = disposed ? null : { key, worker: factory(limits, language) };
      return worker;
    },
    warm(limits: SandboxLimits, language: LanguageId = 'javascript'): void {
      const key = workerKey(limits, language);
      if (disposed || spare?.key === key) return;
      spare?.worker.terminate();
      spare = { key, worker: factory(limits, language) };
    },
    dispose(): void {
      disposed = true;
      spare?.worker.terminate();
      spare = null;
    },
  };
}
