import { useApp } from '../hooks/useApp.ts';
import type { ChangeKind, RowId } from '../stores/diffModel.ts';
import { termProps } from '../glossary/Term.tsx';

/** Every table with its row count and how many of its rows this run changed. */
export function StateTableList({ changed }: { changed: Map<RowId, ChangeKind> }) {
  const counts = useApp((s) => s.stateBrowser.counts);
  const selected = useApp((s) => s.stateBrowser.selected);
  const selectTable = useApp((s) => s.stateBrowser.selectTable);
  if (!counts) return <p className="empty-note">Loading tables…</p>;
  const changedPerTable = new Map<string, number>();
  for (const id of changed.keys()) {
    const table = id.slice(0, id.indexOf(':'));
    changedPerTable.set(table, (changedPerTable.get(table) ?? 0) + 1);
  }
  return (
    <ul className="state-tables" aria-label="Tables">
      {counts.map((t) => {
        const on = selected?.service === t.service && selected.table === t.table;
        const n = changedPerTable.get(`${t.service}.${t.table}`) ?? 0;
        return (
          <li key={`${t.service}.${t.table}`}>
            <button type="button" className={on ? 'selected' : ''} aria-current={on ? 'true' : undefined} onClick={() => void selectTable({ service: t.service, table: t.table })}>
              <span className="mono">{t.table}</span>
              <span className="muted">{t.rows}</span>
              {n > 0 && (
                <span className="badge badge-changed" {...termProps('changed-table', false)} aria-label={`${n} row${n === 1 ? '' : 's'} changed in this run`}>
                  {n}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
