import { useApp } from '../hooks/useApp.ts';
import { activeAssertion } from '../stores/diffViewSlice.ts';
import type { DiffRowView } from '../stores/diffModel.ts';
import { DiffFields } from './DiffFields.tsx';
import { RowExplanation } from './RowExplanation.tsx';

const marks = { insert: '+', update: '~', delete: '−' } as const;
const kindNames = { insert: 'inserted', update: 'updated', delete: 'deleted' } as const;

export function DiffRowItem({ row }: { row: DiffRowView }) {
  // 'none' while no assertion is highlighted; a string keeps re-renders to rows whose state changes.
  const highlight = useApp((s) => {
    const a = activeAssertion(s.diffView);
    return a === null ? 'none' : row.related.includes(a) ? 'highlight' : 'dimmed';
  });
  return (
    <li className={`diff-row diff-${row.kind} ${highlight} status-${row.status}`} data-kind={row.kind} data-status={row.status}>
      <div className="diff-row-head">
        <span className="diff-mark" aria-label={kindNames[row.kind]}>
          {marks[row.kind]}
        </span>
        <span className="diff-key mono" title="Primary key">
          {row.key}
        </span>
        <RowExplanation row={row} />
      </div>
      <DiffFields row={row} />
    </li>
  );
}
