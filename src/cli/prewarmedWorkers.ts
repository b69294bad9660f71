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
 * page shares): `run` boots one while PGlite starts, `selftest`, `replay` and an agent run the next while one script
 * runs. A worker depends on its memory limit only (Node sizes its heap by it; see WorkerFactory), so a spare serves
 * any script of its language and memory limit — a ReAct action's time limit, which shrinks from step to step, does
 * not matter.
 */
export function prewarmed(factory: WorkerFactory, options: { refill?: boolean } = {}): PrewarmedFactory {
  const spares = spareWorkers<SandboxLimits, WorkerLike>(
    (language, limits) => factory(limits, language),
    (worker) => worker.terminate(),
    (limits) => String(limits.memoryBytes),
    options.refill ?? true,
  );
  return {
    createWorker: (limits, language = 'javascript') => spares.take(language, limits),
    warm: (limits, language = 'javascript') => spares.warm(language, limits),
    dispose: () => spares.dispose(),
  };
}
