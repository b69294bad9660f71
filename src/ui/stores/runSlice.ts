import type { Diff } from '../../engine/index.ts';
import type { HybridVerdict, Verdict } from '../../evaluation/index.ts';
import type { ConsoleEntry, RequestLogEntry, ScriptResult } from '../../sandbox/types.ts';
import type { StartInfo, TableMeta } from '../workbench/protocol.ts';
import { patch, sliceUpdater, type SliceContext } from './appState.ts';
import type { CatalogEntry } from './catalogTypes.ts';
import { entryByKey } from './catalogSlice.ts';

/**
 * - starting: PGlite is loading (the page is usable, Run is not)
 * - opening: a scenario's environment is being created
 * - ready: Run and Reset are enabled
 * - running / resetting: a step or a reset is in flight
 * - failed: the environment could not start or the scenario could not open (`error` says why)
 */
export type RunStatus = 'starting' | 'opening' | 'ready' | 'running' | 'resetting' | 'failed';

/** The outcome of the last step, as the panels show it. */
export interface StepView {
  step: number;
  script: ScriptResult;
  stepDiff: Diff;
  runDiff: Diff;
  verdict: Verdict;
  /** The hybrid verdict of scenarios with rubrics or critical assertions. */
  grade?: HybridVerdict | null;
}

export interface RunSlice {
  status: RunStatus;
  error: string | null;
  startInfo: StartInfo | null;
  /** `now()` when the first environment became ready (page-load-to-ready measurements read it). */
  readyAt: number | null;
  /** The scenario whose environment is open, and its tables. */
  openKey: string | null;
  tables: TableMeta[];
  /** Console lines of the current or last step: streamed while running, then the complete list. */
  console: ConsoleEntry[];
  requests: RequestLogEntry[];
  last: StepView | null;
  /** Steps run since the environment was opened or reset. */
  steps: number;
  /** Bumped whenever the environment's data may have changed (after a step, a reset or an open). */
  revision: number;

  start(): Promise<void>;
  open(entry: CatalogEntry): Promise<void>;
  execute(): Promise<void>;
  abort(): void;
  reset(): Promise<void>;
  /** After a failure: starts the environment again, or reopens the selected scenario. */
  retry(): Promise<void>;
  /**
   * Resolves once the scenario `key` is open and ready: at once if it is, else when an open of it next succeeds (the
   * environment may still be starting). Opening clears the panes, so whoever shows something there can show it again.
   */
  opened(key: string): Promise<void>;
}

export function createRunSlice({ set, get, deps }: SliceContext): RunSlice {
  const updateRun = sliceUpdater(set, 'run');
  const now = deps.now ?? (() => performance.now());
  // Each open gets a number; answers for a scenario that is no longer the selected one are dropped.
  let openSeq = 0;
  const waiting: { key: string; resolve: () => void }[] = [];
  const settleWaiting = (key: string) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i].key !== key) continue;
      waiting[i].resolve();
      waiting.splice(i, 1);
    }
  };

  const cleared = { console: [], requests: [], last: null, steps: 0 } satisfies Partial<RunSlice>;

  return {
    status: 'starting',
    error: null,
    startInfo: null,
    readyAt: null,
    openKey: null,
    tables: [],
    console: [],
    requests: [],
    last: null,
    steps: 0,
    revision: 0,

    async start() {
      try {
        const startInfo = await deps.workbench.start();
        patch(set, 'run', { startInfo });
      } catch (err) {
        patch(set, 'run', { status: 'failed', error: `The environment could not start: ${(err as Error).message}` });
        return;
      }
      const entry = entryByKey(get().catalog.entries, get().catalog.selectedKey);
      if (entry) await get().run.open(entry);
      else patch(set, 'run', { status: 'ready' });
    },

    async open(entry) {
      if (!get().run.startInfo) return; // start() opens the selected scenario when it finishes
      const seq = ++openSeq;
      if (get().run.status === 'running') deps.workbench.abort();
      patch(set, 'run', { status: 'opening', error: null, openKey: null, tables: [], ...cleared });
      try {
        const info = await deps.workbench.open(entry.scenario);
        if (seq !== openSeq) return;
        updateRun((r) => ({
          status: 'ready',
          openKey: entry.key,
          tables: info.tables,
          revision: r.revision + 1,
          readyAt: r.readyAt ?? now(),
        }));
        settleWaiting(entry.key);
      } catch (err) {
        if (seq !== openSeq) return;
        patch(set, 'run', { status: 'failed', error: `“${entry.scenario.title}” could not be opened: ${(err as Error).message}` });
      }
    },

    async execute() {
      const { run, editor } = get();
      if (run.status !== 'ready') return;
      const seq = openSeq;
      patch(set, 'run', { status: 'running', console: [], requests: [] });
      try {
        const outcome = await deps.workbench.run(
          editor.text,
          (entries) => {
            if (seq === openSeq) updateRun((r) => ({ console: [...r.console, ...entries] }));
          },
          editor.language,
        );
        if (seq !== openSeq) return;
        updateRun((r) => ({
          status: 'ready',
          console: outcome.script.console,
          requests: outcome.script.requests,
          last: { step: r.steps + 1, ...outcome },
          steps: r.steps + 1,
          revision: r.revision + 1,
        }));
        // Every script step is part of the attempt kept with the saved runs (steps, console, step diffs, verdicts).
        const last = get().run.last;
        if (last) await get().studio.recordStep(last);
      } catch (err) {
        if (seq !== openSeq) return;
        // The step itself failed (not the script: script errors come back in the outcome).
        updateRun((r) => ({
          status: 'ready',
          console: [...r.console, { level: 'error', text: `The step could not run: ${(err as Error).message}` }],
          revision: r.revision + 1,
        }));
      }
    },

    abort() {
      if (get().run.status === 'running') deps.workbench.abort();
    },

    async retry() {
      const { run, catalog } = get();
      if (run.status !== 'failed') return;
      if (!run.startInfo) {
        patch(set, 'run', { status: 'starting', error: null });
        await run.start();
        return;
      }
      const entry = entryByKey(catalog.entries, catalog.selectedKey);
      if (entry) await run.open(entry);
    },

    opened(key) {
      const { run } = get();
      if (run.openKey === key && run.status !== 'opening' && run.status !== 'starting' && run.status !== 'failed') return Promise.resolve();
      return new Promise((resolve) => waiting.push({ key, resolve }));
    },

    async reset() {
      const { status } = get().run;
      if (status !== 'ready') return;
      const seq = openSeq;
      patch(set, 'run', { status: 'resetting' });
      try {
        await deps.workbench.reset();
        if (seq !== openSeq) return;
        updateRun((r) => ({ status: 'ready', ...cleared, revision: r.revision + 1 }));
      } catch (err) {
        if (seq !== openSeq) return;
        patch(set, 'run', { status: 'failed', error: `Reset failed: ${(err as Error).message}` });
      }
    },
  };
}
