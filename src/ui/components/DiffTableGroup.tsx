import { useState } from 'react';
import type { DiffTableView } from '../stores/diffModel.ts';
import { DiffRowItem } from './DiffRowItem.tsx';
import { Chip } from '../glossary/Term.tsx';

const PAGE = 50;

/** One table's rows of the diff; under a service heading the table is named without its service. */
export function DiffTableGroup({ group, showService = true }: { group: DiffTableView; showService?: boolean }) {
  const [limit, setLimit] = useState(PAGE);
  const c = group.counts;
  return (
    <section className="diff-table" data-table={group.table} data-service={group.service}>
      <h4 className="diff-table-head">
        <span className="mono">{showService && group.service ? `${group.service}.` : ''}{group.table}</span>
        <span className="diff-counts mono">
          {c.insert > 0 && <span className="ins">+{c.insert}</span>}
          {c.update > 0 && <span className="upd">~{c.update}</span>}
          {c.delete > 0 && <span className="del">−{c.delete}</span>}
        </span>
        {group.unexplained > 0 && (
          <Chip term="side-effect" className="badge badge-side-effect">
            {group.unexplained} unexplained
          </Chip>
        )}
      </h4>
      <ul className="diff-rows">
        {group.rows.slice(0, limit).map((r) => (
          <DiffRowItem key={`${r.kind}:${r.id}`} row={r} />
        ))}
      </ul>
      {group.rows.length > limit && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setLimit(limit + PAGE)}>
          Show {Math.min(PAGE, group.rows.length - limit)} more of {group.rows.length - limit}
        </button>
      )}
    </section>
  );
}
