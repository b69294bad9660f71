import { useVerdictView } from '../hooks/useVerdictView.ts';
import { useApp } from '../hooks/useApp.ts';
import { HybridGrade } from './HybridGrade.tsx';

function Pill({ label, passed, title }: { label: string; passed: boolean; title: string }) {
  return (
    <span className={`verdict-pill ${passed ? 'pass' : 'fail'}`} title={title}>
      {label} <strong>{passed ? 'pass' : 'fail'}</strong>
    </span>
  );
}

/** PASS or FAIL, the two verdicts it is made of, and the score. */
export function VerdictSummary() {
  const v = useVerdictView();
  const grade = useApp((s) => s.run.last?.grade ?? null);
  if (!v) return null;
  const pct = v.score.total ? Math.round((100 * v.score.passed) / v.score.total) : 0;
  // A hybrid-graded scenario passes by its hybrid rule; the state-diff verdicts below stay as they are.
  const passed = grade ? grade.passed : v.passed;
  return (
    <section className={`verdict ${passed ? 'pass' : 'fail'}`} aria-label="Verdict" data-testid="verdict" data-verdict={passed ? 'pass' : 'fail'}>
      <div className="verdict-main">
        <span className="verdict-word">{passed ? 'PASS' : 'FAIL'}</span>
        <span className="verdict-score" title="Assertions passed / assertions">
          {v.score.passed}/{v.score.total} <span className="muted">· {pct}%</span>
        </span>
      </div>
      <div className="verdict-parts">
        <Pill label="Agent-Diff" passed={v.agentDiffPassed} title="Every assertion holds (Agent-Diff's published, open-world verdict)" />
        <Pill
          label="Closed world"
          passed={v.closedWorldPassed}
          title={`Every assertion holds and every change is explained${v.unexplained ? ` — ${v.unexplained} unexplained change${v.unexplained === 1 ? '' : 's'}` : ''}`}
        />
        {v.unexplained > 0 && <span className="badge badge-side-effect">{v.unexplained} side effect{v.unexplained === 1 ? '' : 's'}</span>}
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
