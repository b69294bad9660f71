import { useEffect, useMemo, useState } from 'react';
import { humanBudget, summarizeHuman } from '../../../studio/humanBaseline.ts';
import { useApp } from '../../hooks/useApp.ts';
import { entryByKey } from '../../stores/catalogSlice.ts';

/** A person attempts the open scenario under a model's grader and step budget; attempts are saved runs, summarised here. */
export function HumanBaseline() {
  const human = useApp((s) => s.studio.human);
  const history = useApp((s) => s.agent.history);
  const steps = useApp((s) => s.run.steps);
  const selectedKey = useApp((s) => s.catalog.selectedKey);
  const scenario = useApp((s) => entryByKey(s.catalog.entries, s.catalog.selectedKey)?.scenario);
  const ready = useApp((s) => s.run.status === 'ready');
  const start = useApp((s) => s.studio.startHuman);
  const finish = useApp((s) => s.studio.finishHuman);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!human) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [human]);
  const summary = useMemo(() => summarizeHuman(history), [history]);
  const budget = humanBudget(scenario);
  const mine = selectedKey ? summary.get(selectedKey) : undefined;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  return (
    <section className="studio-section" data-testid="studio-human">
      <p className="studio-muted">
        Same grader and step budget as a model ({budget} steps); each Run is a step. Time is measured from Start. Attempts are kept with the saved runs (agent mode)
        and reported there as the “human” row.
      </p>
      {human ? (
        <p>
          Attempt running: step {steps}/{budget}, {Math.round((performance.now() - human.startedAt) / 1000)} s{' '}
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
          {mine.best ? `; best ${mine.best.verdict.passed ? 'pass' : 'fail'} in ${mine.best.steps.length} step(s), ${seconds(mine.best.timing.totalMs)}` : ''}.
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
                <td>{s.best?.steps.length ?? '–'}</td>
                <td>{s.best ? seconds(s.best.timing.totalMs) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
