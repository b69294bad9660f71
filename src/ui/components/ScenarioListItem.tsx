import { useEffect, useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import type { CatalogEntry } from '../stores/catalogTypes.ts';
import { termProps } from '../glossary/Term.tsx';
import { valueTerm } from '../glossary/scenarioChips.ts';

export function ScenarioListItem({ entry, tabbable }: { entry: CatalogEntry; tabbable: boolean }) {
  const selected = useApp((s) => s.catalog.selectedKey === entry.key);
  const select = useApp((s) => s.catalog.select);
  const m = entry.scenario.metadata;
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // An import or a restored selection may pick a scenario far down the list.
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li>
      <button
        ref={ref}
        type="button"
        className={`scenario-item ${selected ? 'selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => select(entry.key)}
        data-scenario={entry.key}
      >
        <span className="scenario-title">{entry.scenario.title}</span>
        <span className="scenario-meta">
          <span className="mono">{entry.scenario.id}</span>
          {m.horizon !== undefined && <span {...termProps('horizon', false)}>h{m.horizon}</span>}
          {m.operations?.length ? <span {...termProps('operations', false)}>{m.operations.join('+')}</span> : null}
          {m.difficulty && (
            <span className={`difficulty difficulty-${m.difficulty}`} {...termProps(valueTerm('difficulty', m.difficulty), false)}>
              {m.difficulty}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
