import type { AgentRunRecord } from '../../../agent/record.ts';
import { costOf, type PriceTable } from '../../../agent/pricing.ts';
import { summarizeRun } from '../../../agent/record.ts';
import { runScore, statsBy } from '../../../agent/stats.ts';
import { countBy, failureClass, failureLabels } from '../../../agent/failures.ts';
import { Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';

/** Three small charts: pass rate by service, score versus cost, iterations per run; then failure classes. */
export function ResultsCharts({ records, prices }: { records: AgentRunRecord[]; prices: PriceTable }) {
  const runs = records.map(summarizeRun);
  const byService = statsBy(runs, 'service');
  // Errored runs are not scored: the provider failed, not the model.
  const points = records.flatMap((r, i) => (runs[i].state === 'errored' ? [] : [{ cost: costOf(prices, r.model.model, r.usage) ?? 0, score: runScore(runs[i]), passed: runs[i].passed }]));
  const maxCost = Math.max(1e-9, ...points.map((p) => p.cost));
  const steps = countBy(runs.map((r) => String(r.steps)));
  const maxSteps = Math.max(1, ...Object.values(steps).map((n) => n ?? 0));
  const failures = countBy(records.map(failureClass));
  return (
    <div className="agent-charts">
      <figure>
        <figcaption>Pass rate by service</figcaption>
        {byService.map(({ key, stats }) => (
          <div key={key} className="bar-row">
            <span>{key}</span>
            <span className="bar" style={{ width: `${Math.round(stats.passRate * 100)}%` }} />
            <span>{Math.round(stats.passRate * 100)}%</span>
          </div>
        ))}
      </figure>
      <figure>
        <figcaption>Score versus cost (per run)</figcaption>
        <svg viewBox="0 0 200 100" className="scatter" role="img" aria-label="score versus cost">
          <line x1="0" y1="100" x2="200" y2="100" className="axis" />
          <line x1="0" y1="0" x2="0" y2="100" className="axis" />
          {points.map((p, i) => (
            <circle key={i} cx={4 + (p.cost / maxCost) * 192} cy={96 - p.score * 92} r="2.5" className={p.passed ? 'pass' : 'fail'} />
          ))}
        </svg>
        <span className="muted">x: cost up to ${maxCost.toFixed(4)} · y: score 0–100%</span>
      </figure>
      <figure>
        <figcaption>Iterations per run</figcaption>
        {Object.entries(steps)
          .sort((a, b) => Number(a[0]) - Number(b[0]))
          .map(([n, count]) => (
            <div key={n} className="bar-row">
              <span>{n} steps</span>
              <span className="bar" style={{ width: `${Math.round(((count ?? 0) / maxSteps) * 100)}%` }} />
              <span>{count}</span>
            </div>
          ))}
      </figure>
      {Object.keys(failures).length > 0 && (
        <figure>
          <figcaption>Failure classes</figcaption>
          <ul>
            {Object.entries(failures).map(([k, n]) => (
              <li key={k}>
                <Term id={termOr(`failure:${k}`, 'failure-class')}>{failureLabels[k as keyof typeof failureLabels]}</Term>: {n}
              </li>
            ))}
          </ul>
        </figure>
      )}
    </div>
  );
}
