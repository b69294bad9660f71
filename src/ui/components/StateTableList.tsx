import { useApp } from '../hooks/useApp.ts';
import type { ChangeKind, RowId } from '../stores/diffModel.ts';
import { termProps } from '../glossary/Term.tsx';
import { serviceName } from '../serviceNames.ts';

/** Every table with its row count and how many of its rows this run changed, under its service when there are several. */
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
  const services = [...new Set(counts.map((t) => t.service))];
  if (services.length > 1) {
    return (
      <div className="state-services">
        {services.map((service) => (
          <section key={service} className="state-service" data-service={service}>
            <h4 className="state-service-head">{serviceName(service)}</h4>
            <TableButtons tables={counts.filter((t) => t.service === service)} changedPerTable={changedPerTable} selected={selected} selectTable={selectTable} label={`${serviceName(service)} tables`} />
          </section>
        ))}
      </div>
    );
  }
  return <TableButtons tables={counts} changedPerTable={changedPerTable} selected={selected} selectTable={selectTable} label="Tables" />;
}

type TableCount = { service: string; table: string; rows: number };

function TableButtons({ tables, changedPerTable, selected, selectTable, label }: {
  tables: TableCount[];
  changedPerTable: Map<string, number>;
  selected: { service: string; table: string } | null | undefined;
  selectTable: (t: { service: string; table: string }) => Promise<void> | void;
  label: string;
}) {
  return (
    <ul className="state-tables" aria-label={label}>
      {tables.map((t) => {
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
