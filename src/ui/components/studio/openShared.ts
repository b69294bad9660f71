import { decodeState } from '../../../studio/permalink.ts';
import { RUN_FORMAT } from '../../../agent/record.ts';
import { runRecordFromHtml } from '../../../studio/runHtml.ts';
import type { AppStore } from '../../stores/appStore.ts';
import { entryKey } from '../../stores/catalogTypes.ts';

/** Opens the playground in the state a share fragment holds; returns what it opened, or null. */
export async function openSharedFragment(store: AppStore, fragment: string): Promise<string | null> {
  const state = await decodeState(fragment);
  if (!state) return null;
  const app = () => store.getState();
  if (state.kind === 'run') return app().studio.viewRun(state.run) ? 'run' : null;
  if (state.kind === 'scenario') {
    await app().catalog.importFiles([{ name: `${state.suite.id}.json`, text: JSON.stringify(state.suite) }]);
    if (state.script !== undefined) app().editor.setText(state.script);
    return 'scenario';
  }
  if (state.suiteId && state.testId) {
    const key = entryKey(state.suiteId, state.testId);
    if (app().catalog.entries.some((e) => e.key === key)) app().catalog.select(key);
  }
  app().editor.setText(state.code);
  return 'script';
}

/** Run records among imported files (JSON, or an exported HTML page); the rest go to the catalog. */
export function splitRunFiles<F extends { name: string; text: string }>(files: F[]): { runs: unknown[]; rest: F[] } {
  const runs: unknown[] = [];
  const rest: F[] = [];
  for (const f of files) {
    if (/\.html?$/i.test(f.name)) {
      const run = runRecordFromHtml(f.text);
      if (run) runs.push(run);
      else rest.push(f);
      continue;
    }
    try {
      const v = JSON.parse(f.text) as { format?: unknown };
      if (v && v.format === RUN_FORMAT) {
        runs.push(v);
        continue;
      }
    } catch {
      // not JSON: the catalog reports it
    }
    rest.push(f);
  }
  return { runs, rest };
}
