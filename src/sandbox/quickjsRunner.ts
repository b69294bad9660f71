import { loadQuickJS, newScriptMemory, type LoadQuickJS } from './loadQuickJS.ts';
import { ScriptSession } from './session.ts';
import { crashMessage } from './stopMessages.ts';
import type { ScriptRunner } from './worker.ts';

export interface QuickJSRunnerOptions {
  /** QuickJS's recursion limit; the default suits a browser worker's stack (see session.ts). */
  maxStackBytes?: number;
  /** The worker's start-up work before its script comes (ScriptRunner.prepare). */
  prepare?: ScriptRunner['prepare'];
}

/** JavaScript's runner: a fresh QuickJS instance on a capped memory, the script evaluated as an ES module. */
export function quickjsRunner(loadModule: LoadQuickJS = loadQuickJS, options: QuickJSRunnerOptions = {}): ScriptRunner {
  return {
    language: 'javascript',
    prepare: options.prepare,
    async run({ source, limits, determinism }, io) {
      let session: ScriptSession;
      try {
        const memory = newScriptMemory(limits);
        const quickjs = await loadModule(memory);
        session = new ScriptSession({ quickjs, memory, source, limits, determinism, io, maxStackBytes: options.maxStackBytes });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        io.done({ ok: false, reason: 'crash', error: crashMessage(`QuickJS could not be loaded: ${detail}`) });
        return;
      }
      session.start();
    },
  };
}
