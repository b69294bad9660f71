import type { AgentStep } from '../../../agent/record.ts';
import { useApp } from '../../hooks/useApp.ts';
import { Chip } from '../../glossary/Term.tsx';

/**
 * Where the panes are tabs (and in presenter mode), the verdict as of the step shown — the one selected, else the
 * newest — docked under the trajectory (CSS shows it only there); its button brings the verdict tab forward.
 */
export function VerdictDock({ steps, shown }: { steps: AgentStep[]; shown: number | null }) {
  const showTab = useApp((s) => s.layout.showTab);
  const step = (shown !== null ? steps[shown] : undefined) ?? steps.at(-1);
  return (
    <div className="verdict-dock" data-testid="verdict-dock" data-step={step ? step.index : undefined} aria-live="polite">
      {step ? (
        <span>
          After step {step.index + 1}:{' '}
          <Chip term="step-verdict" className={`badge dock-verdict ${step.verdict.passed ? 'pass' : 'fail'}`}>
            {step.verdict.passed ? 'passing' : 'failing'} {step.verdict.score.passed}/{step.verdict.score.total}
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
