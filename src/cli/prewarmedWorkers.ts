import type { LanguageId } from '../sandbox/languages.ts';
import type { SandboxLimits, WorkerFactory, WorkerLike } from '../sandbox/types.ts';

export interface PrewarmedFactory {
  createWorker: WorkerFactory;
  /** Boots a worker for these limits now (e.g. while PGlite starts), to be handed out by the next createWorker. */
  warm(limits: SandboxLimits, language?: LanguageId): void;
  /** Terminates the spare worker, which would otherwise keep the process alive. */
  dispose(): void;
}

/**
 * Keeps one worker booted ahead of need. Starting a Node sandbox worker (loading the bundled worker and QuickJS)
 * is most of a short script's time, about 100–300 ms, so `run` boots one while PGlite starts and `selftest` boots
 * the next while one script runs. A worker waits for its `run` message before doing anything, so a spare can be
 * handed out at any time; it is reused only for the limits and language it was created with.
 */
export function prewarmed(factory: WorkerFactory): PrewarmedFactory {
  let spare: { key: string; worker: WorkerLike } | null = null;
  let disposed = false;
  return {
    createWorker(limits: SandboxLimits, language: LanguageId = 'javascript'): WorkerLike {
      const key = JSON.stringify([language, limits]);
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
      const key = JSON.stringify([language, limits]);
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
