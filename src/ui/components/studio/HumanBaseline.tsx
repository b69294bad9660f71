import { useEffect, useState } from 'react';
import { DEFAULT_HUMAN_BUDGET, summarizeHuman } from '../../../studio/humanBaseline.ts';
import { useApp } from '../../hooks/useApp.ts';

/** A person attempts the open scenario under a model's grader and step budget; attempts are kept and summarised. */
export function HumanBaseline() {
  const human = useApp((s) => s.studio.human);
  const results = useApp((s) => s.studio.humanResults);
  const steps = useApp((s) => s.run.steps);
  const selectedKey = useApp((s) => s.catalog.selectedKey);
  const ready = useApp((s) => s.run.status === 'ready');
  const start = useApp((s) => s.studio.startHuman);
  const finish = useApp((s) => s.studio.finishHuman);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!human) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [human]);
  const summary = summarizeHuman(results);
  const mine = selectedKey ? summary.get(selectedKey) : undefined;
  return (
    <section className="studio-section" data-testid="studio-human">
      <p className="studio-muted">
        Same grader and step budget as a model ({DEFAULT_HUMAN_BUDGET.maxSteps} steps); each Run is a step. Time is measured from Start.
      </p>
      {human ? (
        <p>
          Attempt running: step {steps}/{DEFAULT_HUMAN_BUDGET.maxSteps}, {Math.round((performance.now() - human.startedAt) / 1000)} s{' '}
          <button type="button" className="btn btn-primary btn-small" onClick={() => finish()}>
            Finish and grade
          </button>
        </p>
      ) : (
        <button type="button" className="btn" disabled={!selectedKey || !ready} onClick={start} data-testid="human-start">
          Start a human attempt (resets the environment)
        </button>
      )}
      {mine ? (
        <p>
          This scenario: {mine.passes}/{mine.attempts} human attempts passed
          {mine.best ? `; best ${mine.best.passed ? 'pass' : 'fail'} in ${mine.best.steps} step(s), ${(mine.best.ms / 1000).toFixed(0)} s` : ''}.
        </p>
      ) : null}
      {summary.size > 0 ? (
        <table className="studio-table">
          <thead>
            <tr>
              <th>scenario</th>
              <th>human passes</th>
              <th>best steps</th>
              <th>best time</th>
            </tr>
          </thead>
          <tbody>
            {[...summary].map(([key, s]) => (
              <tr key={key}>
                <td className="mono">{key}</td>
                <td>
                  {s.passes}/{s.attempts}
                </td>
                <td>{s.best?.steps ?? '–'}</td>
                <td>{s.best ? `${(s.best.ms / 1000).toFixed(0)} s` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
