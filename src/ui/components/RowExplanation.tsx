import { useApp } from '../hooks/useApp.ts';
import type { DiffRowView } from '../stores/diffModel.ts';
import { Chip, termProps } from '../glossary/Term.tsx';

/** The assertions that explain a row, or the closed-world check's judgement when none does. */
export function RowExplanation({ row }: { row: DiffRowView }) {
  const pin = useApp((s) => s.diffView.pin);
  switch (row.status) {
    case 'unexplained':
      return (
        <Chip term="side-effect" className="badge badge-side-effect">
          unexplained side effect
        </Chip>
      );
    case 'consequence':
      return (
        <Chip term="consequence-row" className="badge badge-quiet">
          follows from {row.consequenceOf ?? 'an asserted change'}
        </Chip>
      );
    case 'ignored':
      return (
        <Chip term="ignored-change" className="badge badge-quiet">
          ignored fields only
        </Chip>
      );
    case 'asserted':
      return (
        <span className="row-tags">
          {row.explainedBy.map((i) => (
            <button key={i} type="button" className="tag-assertion" onClick={() => pin(i)} {...termProps('explained-row', false)} aria-label={`Explained by assertion ${i + 1} (highlight its rows)`}>
              A{i + 1}
            </button>
          ))}
        </span>
      );
  }
}
