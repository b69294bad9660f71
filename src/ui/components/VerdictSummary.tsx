import { useVerdictView } from '../hooks/useVerdictView.ts';
import { useApp } from '../hooks/useApp.ts';
import { HybridGrade } from './HybridGrade.tsx';
import { Chip, termProps } from '../glossary/Term.tsx';
import type { TermId } from '../glossary/glossary.ts';

function Pill({ label, passed, term }: { label: string; passed: boolean; term: TermId }) {
  return (
    <span className={`verdict-pill ${passed ? 'pass' : 'fail'}`} {...termProps(term)}>
      {label} <strong>{passed ? 'pass' : 'fail'}</strong>
    </span>
  );
}

/** PASS or FAIL, the two verdicts it is made of, and the score. */
export function VerdictSummary() {
  const v = useVerdictView();
  const grade = useApp((s) => s.run.last?.grade ?? null);
  // While a model's run is going, the verdict is the one as of its newest step: not the run's.
  const liveStep = useApp((s) => (s.agent.open && s.agent.status !== 'idle' && s.agent.live && !s.agent.live.record ? (s.run.last?.step ?? null) : null));
  if (!v) return null;
  const pct = v.score.total ? Math.round((100 * v.score.passed) / v.score.total) : 0;
  // A hybrid-graded scenario passes by its hybrid rule; the state-diff verdicts below stay as they are.
  const passed = grade ? grade.passed : v.passed;
  return (
    <section
      className={`verdict ${passed ? 'pass' : 'fail'}${liveStep !== null ? ' so-far' : ''}`}
      aria-label="Verdict"
      data-testid="verdict"
      data-verdict={passed ? 'pass' : 'fail'}
      data-so-far={liveStep !== null ? liveStep : undefined}
    >
      <div className="verdict-main">
        <span className="verdict-word" {...termProps(liveStep !== null ? 'step-verdict' : 'verdict')}>
          {liveStep !== null ? (passed ? 'passing' : 'not passing yet') : passed ? 'PASS' : 'FAIL'}
        </span>
        <span className="verdict-score" {...termProps('score')}>
          {v.score.passed}/{v.score.total} <span className="muted">· {pct}%</span>
        </span>
        {liveStep !== null && (
          <span className="verdict-so-far" data-testid="verdict-so-far">
            so far, after step {liveStep} — the run is still going
          </span>
        )}
      </div>
      <div className="verdict-parts">
        <Pill label="Agent-Diff" passed={v.agentDiffPassed} term="agent-diff-verdict" />
        <Pill label="Closed world" passed={v.closedWorldPassed} term="closed-world-verdict" />
        {v.unexplained > 0 && (
          <Chip term="side-effect" className="badge badge-side-effect">
            {v.unexplained} side effect{v.unexplained === 1 ? '' : 's'}
          </Chip>
        )}
      </div>
      {grade && <HybridGrade grade={grade} />}
      {v.notes.map((n, i) => (
        <p key={i} className="verdict-note muted">
          {n}
        </p>
      ))}
    </section>
  );
}
