import { useApp } from '../hooks/useApp.ts';
import { formatValue, rowId, type ChangeKind, type RowId } from '../stores/diffModel.ts';
import { STATE_PAGE_SIZE } from '../stores/stateBrowserSlice.ts';

/** One page of the selected table's rows, ordered by primary key. */
export function StateRowGrid({ changed }: { changed: Map<RowId, ChangeKind> }) {
  const selected = useApp((s) => s.stateBrowser.selected);
  const rows = useApp((s) => s.stateBrowser.rows);
  const page = useApp((s) => s.stateBrowser.page);
  const loading = useApp((s) => s.stateBrowser.loading);
  const total = useApp((s) => s.stateBrowser.counts?.find((c) => c.service === s.stateBrowser.selected?.service && c.table === s.stateBrowser.selected?.table)?.rows ?? 0);
  const setPage = useApp((s) => s.stateBrowser.setPage);
  const tables = useApp((s) => s.run.tables);
  if (!selected) return null;
  const meta = tables.find((t) => t.service === selected.service && t.name === selected.table);
  const columns = meta?.columns ?? Object.keys(rows[0] ?? {});
  const pages = Math.max(1, Math.ceil(total / STATE_PAGE_SIZE));
  const deleted = [...changed].filter(([id, kind]) => kind === 'delete' && id.startsWith(`${selected.service}.${selected.table}:`)).length;
  return (
    <section className="state-rows" aria-label={`Rows of ${selected.table}`} aria-busy={loading}>
      <div className="state-rows-head">
        <strong className="mono">{selected.table}</strong>
        <span className="muted">
          {total} row{total === 1 ? '' : 's'}
          {deleted > 0 && ` · ${deleted} deleted in this run (see the diff)`}
        </span>
        <div className="spacer" />
        <div className="pager">
          <button type="button" className="btn btn-small" disabled={page === 0 || loading} onClick={() => void setPage(page - 1)} aria-label="Previous page">
            ‹
          </button>
          <span>
            {page + 1} / {pages}
          </span>
          <button type="button" className="btn btn-small" disabled={page + 1 >= pages || loading} onClick={() => void setPage(page + 1)} aria-label="Next page">
            ›
          </button>
        </div>
      </div>
      <div className="grid-scroll">
        <table className="row-grid mono">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={meta?.primaryKey.includes(c) ? 'pk' : ''}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const kind = changed.get(rowId(tables, selected.table, selected.service, row));
              return (
                <tr key={i} className={kind ? `row-${kind}` : ''} title={kind ? `${kind === 'insert' ? 'inserted' : 'updated'} in this run` : undefined}>
                  {columns.map((c) => {
                    const text = formatValue(row[c]);
                    return (
                      <td key={c} title={text.length > 40 ? text : undefined}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
