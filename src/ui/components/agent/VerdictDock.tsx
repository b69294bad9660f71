import type { AgentStep } from '../../../agent/record.ts';
import { useApp } from '../../hooks/useApp.ts';
import { Chip } from '../../glossary/Term.tsx';

/**
 * Where the panes are tabs, the verdict as of the newest step, docked under the trajectory while it streams (CSS
 * shows it only there); its button brings the verdict tab forward.
 */
export function VerdictDock({ steps }: { steps: AgentStep[] }) {
  const showTab = useApp((s) => s.layout.showTab);
  const last = steps.at(-1);
  return (
    <div className="verdict-dock" data-testid="verdict-dock" aria-live="polite">
      {last ? (
        <span>
          After step {last.index + 1}:{' '}
          <Chip term="step-verdict" className={`badge ${last.verdict.passed ? 'pass' : 'fail'}`}>
            {last.verdict.passed ? 'passing' : 'failing'} {last.verdict.score.passed}/{last.verdict.score.total}
          </Chip>
        </span>
      ) : (
        <span className="muted">No step yet: the verdict follows each step.</span>
      )}
      <span className="spacer" />
      <button type="button" className="btn btn-small" onClick={() => showTab('verdict')}>
        Verdict &amp; diff →
      </button>
    </div>
  );
}
