import { useMemo } from 'react';
import { neverStarted } from '../../sandbox/types.ts';
import { entryByKey } from '../stores/catalogSlice.ts';
import { toVerdictView, type VerdictView } from '../stores/verdictView.ts';
import { useApp } from './useApp.ts';

const noSpec = { assertions: [] };

/**
 * The last step's verdict, read for the panels (computed once per step, shared by every caller's memo). A replayed
 * run's step is shown before its scenario's environment is open (the selected scenario stands in), or without one.
 * A step whose script never started (its language cannot run in this page) has none.
 */
export function useVerdictView(): VerdictView | null {
  const last = useApp((s) => s.run.last);
  const tables = useApp((s) => s.run.tables);
  const entry = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey ?? s.catalog.selectedKey));
  return useMemo(
    () => (last && !neverStarted(last.script) ? cachedView(last.verdict, last.runDiff, tables, entry?.scenario.spec ?? noSpec, entry?.scenario.closedWorld ?? true) : null),
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
