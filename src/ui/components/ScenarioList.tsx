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
  return (
    <nav
      className="scenario-list"
      aria-label="Scenario list"
      onKeyDown={(e) => {
        // Up and down move through the visible scenarios, opening each, like a list box.
        if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
        const current = (e.target as HTMLElement).closest<HTMLElement>('[data-scenario]')?.dataset.scenario;
        const i = current ? visibleKeys.indexOf(current) : -1;
        const next = visibleKeys[i + (e.key === 'ArrowDown' ? 1 : -1)];
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
              <ScenarioListItem key={e.key} entry={e} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
