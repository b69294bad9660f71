import type { HybridCheck, HybridVerdict } from '../../evaluation/index.ts';
import { Term } from '../glossary/Term.tsx';

const KIND: Record<HybridCheck['kind'], string> = { assertion: 'assertion', closed_world: 'closed world', answer: 'answer check', rubric: 'rubric' };

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(100 * x)}%`);

/** EmailBench's grading of this scenario: the score, its static and rubric parts, and the checks that gate it. */
export function HybridGrade({ grade }: { grade: HybridVerdict }) {
  const rubrics = grade.checks.filter((c) => c.kind === 'rubric');
  return (
    <div className="hybrid-grade" data-testid="hybrid-grade">
      <p>
        <Term id="hybrid-grade">Hybrid grade</Term> <strong>{pct(grade.score)}</strong>{' '}
        <span className="muted">
          (static {pct(grade.staticScore)}, <Term id="rubric">rubrics</Term> {grade.mode === 'hybrid' ? pct(grade.rubricScore) : 'not judged'}; passes at 50% with every{' '}
          <Term id="critical-check">critical check</Term>)
        </span>
      </p>
      {grade.failedCritical.map((c) => (
        <p key={`${c.kind}-${c.index}`} className="verdict-note">
          Critical {KIND[c.kind]} {c.kind === 'closed_world' ? '' : `#${c.index + 1} `}failed: {c.reason}
        </p>
      ))}
      {rubrics.map((c) => (
        <p key={c.index} className="verdict-note muted">
          Rubric #{c.index + 1}
          {c.critical ? ' (critical)' : ''}: {c.score === null ? c.reason : `${pct(c.score)} — ${c.reason}`}
        </p>
      ))}
    </div>
  );
}
