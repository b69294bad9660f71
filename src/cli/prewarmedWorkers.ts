import type { LanguageId } from '../sandbox/languages.ts';
import { spareWorkers } from '../sandbox/spareWorkers.ts';
import type { SandboxLimits, WorkerFactory, WorkerLike } from '../sandbox/types.ts';

export interface PrewarmedFactory {
  createWorker: WorkerFactory;
  /** Boots a worker for these limits now (e.g. while PGlite starts), to be handed out by the next createWorker. */
  warm(limits: SandboxLimits, language?: LanguageId): void;
  /** Terminates the spare workers, which would otherwise keep the process alive. */
  dispose(): void;
}

/**
 * Node's worker factory with a booted spare of each language in use (src/sandbox/spareWorkers.ts, the mechanism the
 * page shares): `run` boots one while PGlite starts, `selftest` and `replay` the next while one script runs. A Node
 * worker's heap is sized by the limits, so a spare is handed out only for the limits it was started with.
 */
export function prewarmed(factory: WorkerFactory): PrewarmedFactory {
  const spares = spareWorkers<SandboxLimits, WorkerLike>((language, limits) => factory(limits, language), (worker) => worker.terminate());
  return {
    createWorker: (limits, language = 'javascript') => spares.take(language, limits),
    warm: (limits, language = 'javascript') => spares.warm(language, limits),
    dispose: () => spares.dispose(),
  };
}
