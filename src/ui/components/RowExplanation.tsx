import { useApp } from '../hooks/useApp.ts';
import type { DiffRowView } from '../stores/diffModel.ts';

/** The assertions that explain a row, or the closed-world check's judgement when none does. */
export function RowExplanation({ row }: { row: DiffRowView }) {
  const pin = useApp((s) => s.diffView.pin);
  switch (row.status) {
    case 'unexplained':
      return (
        <span className="badge badge-side-effect" title="No assertion explains this change: the closed-world verdict fails on it">
          unexplained side effect
        </span>
      );
    case 'consequence':
      return (
        <span className="badge badge-quiet" title="No assertion names this row, but it follows from one that does: added with a new row it references, deleted with its deleted parent, or a history record of a change">
          follows from {row.consequenceOf ?? 'an asserted change'}
        </span>
      );
    case 'ignored':
      return (
        <span className="badge badge-quiet" title="Only ignored fields changed (ignore_fields)">
          ignored fields only
        </span>
      );
    case 'asserted':
      return (
        <span className="row-tags">
          {row.explainedBy.map((i) => (
            <button key={i} type="button" className="tag-assertion" onClick={() => pin(i)} title={`Explained by assertion ${i + 1} (click to highlight its rows)`}>
              A{i + 1}
            </button>
          ))}
        </span>
      );
  }
}
