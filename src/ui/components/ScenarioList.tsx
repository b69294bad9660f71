import { useMemo } from 'react';
import { useApp } from '../hooks/useApp.ts';
import type { CatalogEntry } from '../stores/catalogTypes.ts';
import { ScenarioListItem } from './ScenarioListItem.tsx';
import { SuiteHeading } from './SuiteHeading.tsx';

/** The filtered scenarios, grouped by suite. */
export function ScenarioList() {
  const entries = useApp((s) => s.catalog.entries);
  const visibleKeys = useApp((s) => s.catalog.visibleKeys);
  const suites = useApp((s) => s.catalog.suites);
  const select = useApp((s) => s.catalog.select);
  const selectedKey = useApp((s) => s.catalog.selectedKey);
  const groups = useMemo(() => {
    const visible = new Set(visibleKeys);
    const bySuite = new Map<string, CatalogEntry[]>();
    for (const e of entries) {
      if (!visible.has(e.key)) continue;
      bySuite.set(e.suite.id, [...(bySuite.get(e.suite.id) ?? []), e]);
    }
    return suites.filter((s) => bySuite.has(s.id)).map((s) => ({ suite: s, entries: bySuite.get(s.id)! }));
  }, [entries, visibleKeys, suites]);

  if (!entries.length) {
    return <p className="empty-note">No scenarios bundled. Import a suite (button above, or drop files on the page).</p>;
  }
  if (!groups.length) return <p className="empty-note">No scenario matches the search and filters.</p>;
  // One tab stop for the whole list (roving tabindex): the selected scenario, or the first shown.
  const tabStop = selectedKey && visibleKeys.includes(selectedKey) ? selectedKey : visibleKeys[0];
  return (
    <nav
      className="scenario-list"
      aria-label="Scenario list"
      onKeyDown={(e) => {
        // Up and down (Home, End) move through the visible scenarios, opening each, like a list box.
        const moves: Record<string, (i: number) => number> = { ArrowDown: (i) => i + 1, ArrowUp: (i) => i - 1, Home: () => 0, End: () => visibleKeys.length - 1 };
        const move = moves[e.key];
        if (!move) return;
        const current = (e.target as HTMLElement).closest<HTMLElement>('[data-scenario]')?.dataset.scenario;
        const i = current ? visibleKeys.indexOf(current) : -1;
        const next = visibleKeys[move(i)];
        if (i < 0 || !next) return;
        e.preventDefault();
        select(next);
        e.currentTarget.querySelector<HTMLElement>(`[data-scenario="${CSS.escape(next)}"]`)?.focus();
      }}
    >
      {groups.map((g) => (
        <section key={g.suite.id} className="suite-group">
          <SuiteHeading suite={g.suite} shown={g.entries.length} />
          <ul>
            {g.entries.map((e) => (
              <ScenarioListItem key={e.key} entry={e} tabbable={e.key === tabStop} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
