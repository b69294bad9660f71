import type { Diff } from '../../engine/index.ts';
import { useApp } from '../hooks/useApp.ts';
import { diffTotals } from '../stores/diffModel.ts';
import { termProps } from '../glossary/Term.tsx';

export function DiffToolbar({ diff }: { diff: Diff | null }) {
  const scope = useApp((s) => s.diffView.scope);
  const setScope = useApp((s) => s.diffView.setScope);
  const showAllFields = useApp((s) => s.diffView.showAllFields);
  const toggleAllFields = useApp((s) => s.diffView.toggleAllFields);
  const onlyUnexplained = useApp((s) => s.diffView.onlyUnexplained);
  const toggleOnlyUnexplained = useApp((s) => s.diffView.toggleOnlyUnexplained);
  const steps = useApp((s) => s.run.steps);
  const totals = diff ? diffTotals(diff) : null;
  return (
    <div className="diff-toolbar">
      <div className="segmented" role="group" aria-label="Diff scope">
        <button type="button" aria-pressed={scope === 'step'} onClick={() => setScope('step')} {...termProps('step-diff', false)}>
          This step
        </button>
        <button type="button" aria-pressed={scope === 'run'} onClick={() => setScope('run')} {...termProps('run-diff', false)} data-steps={steps}>
          Whole run
        </button>
      </div>
      <label className="check">
        <input type="checkbox" checked={showAllFields} onChange={toggleAllFields} /> All fields
      </label>
      <label className="check">
        <input type="checkbox" checked={onlyUnexplained} onChange={toggleOnlyUnexplained} /> Only side effects
      </label>
      <div className="spacer" />
      {totals && (
        <span className="diff-totals mono" aria-label={`${totals.insert} inserted, ${totals.update} updated, ${totals.delete} deleted`}>
          <span className="ins">+{totals.insert}</span> <span className="upd">~{totals.update}</span> <span className="del">−{totals.delete}</span>
        </span>
      )}
    </div>
  );
}
