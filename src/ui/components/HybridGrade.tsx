import '../styles/explain.css';
import { hybridGates, PASS_SCORE, type HybridGate, type HybridVerdict } from '../../evaluation/index.ts';
import { Term } from '../glossary/Term.tsx';

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(100 * x)}%`);

const GATE_NAME: Record<HybridGate['gate'], string> = { score: 'the score', critical: 'a critical check', closed_world: 'the closed world' };

/**
 * EmailBench's grading of this scenario: the score, its static and rubric parts, and the gates that decide the pass
 * (score ≥ 50%, every critical check, the closed world), the failing ones first.
 */
export function HybridGrade({ grade }: { grade: HybridVerdict }) {
  const rubrics = grade.checks.filter((c) => c.kind === 'rubric');
  const gates = hybridGates(grade);
  const failed = [...new Set(gates.filter((g) => !g.passed).map((g) => GATE_NAME[g.gate]))];
  return (
    <div className="hybrid-grade" data-testid="hybrid-grade">
      <p>
        <Term id="hybrid-grade">Hybrid grade</Term> <strong>{pct(grade.score)}</strong>{' '}
        <span className="muted">
          (static {pct(grade.staticScore)}, <Term id="rubric">rubrics</Term> {grade.mode === 'hybrid' ? pct(grade.rubricScore) : 'not judged'}; passes at 50% with every{' '}
          <Term id="critical-check">critical check</Term>)
        </span>
      </p>
      <p className="hybrid-decided" data-testid="hybrid-decided">
        {failed.length ? (
          <strong>
            Failed by {failed.join(' and ')}
            {grade.score >= PASS_SCORE ? `, although the score is ${pct(grade.score)}` : ''}.
          </strong>
        ) : (
          'Passed every gate.'
        )}
      </p>
      <ul className="hybrid-gates" aria-label="Gates of the hybrid verdict">
        {gates.map((g, i) => (
          <li key={i} className={g.passed ? 'pass' : 'fail'} data-gate={g.gate} data-passed={g.passed}>
            {g.passed ? '✓' : '✗'} {g.text}
          </li>
        ))}
      </ul>
      {rubrics.map((c) => (
        <p key={c.index} className="verdict-note muted">
          Rubric #{c.index + 1}
          {c.critical ? ' (critical)' : ''}: {c.score === null ? c.reason : `${pct(c.score)} — ${c.reason}`}
        </p>
      ))}
    </div>
  );
}
