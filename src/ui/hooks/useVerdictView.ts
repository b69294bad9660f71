import { useMemo } from 'react';
import { entryByKey } from '../stores/catalogSlice.ts';
import { toVerdictView, type VerdictView } from '../stores/verdictView.ts';
import { useApp } from './useApp.ts';

/** The last step's verdict, read for the panels (computed once per step, shared by every caller's memo). */
export function useVerdictView(): VerdictView | null {
  const last = useApp((s) => s.run.last);
  const tables = useApp((s) => s.run.tables);
  const entry = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey));
  return useMemo(
    () => (last && entry ? cachedView(last.verdict, last.runDiff, tables, entry.scenario.spec, entry.scenario.closedWorld) : null),
    [last, tables, entry],
  );
}

const cache = new WeakMap<object, { tables: unknown; view: VerdictView }>();

function cachedView(...args: Parameters<typeof toVerdictView>): VerdictView {
  const [verdict, , tables] = args;
  const hit = cache.get(verdict);
  if (hit && hit.tables === tables) return hit.view;
  const view = toVerdictView(...args);
  cache.set(verdict, { tables, view });
  return view;
}
