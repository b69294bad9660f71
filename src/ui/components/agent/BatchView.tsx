import { useMemo } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { ResultsCharts } from './ResultsCharts.tsx';
import { ResultsTable } from './ResultsTable.tsx';

/** Runs the scenarios the list shows (its search and filters) × the models × trials, one after another. */
export function BatchView() {
  const entries = useApp((s) => s.catalog.entries);
  const visibleKeys = useApp((s) => s.catalog.visibleKeys);
  const batch = useApp((s) => s.agent.batch);
  const models = useApp((s) => s.agent.settings.model);
  const history = useApp((s) => s.agent.history);
  const prices = useApp((s) => s.agent.prices);
  const busy = useApp((s) => s.agent.status !== 'idle');
  const { runBatch, setBatch, stop } = useApp((s) => s.agent);
  const chosen = useMemo(() => entries.filter((e) => visibleKeys.includes(e.key)), [entries, visibleKeys]);
  const modelCount = models.split(',').filter((m) => m.trim()).length;
  const records = useMemo(() => history.filter((r) => r.batch === batch.name), [history, batch.name]);

  return (
    <section className="agent-batch" aria-label="Batch run">
      <p>
        {chosen.length} scenario{chosen.length === 1 ? '' : 's'} (those listed on the left: use its search and filters) × {modelCount} model{modelCount === 1 ? '' : 's'} ×{' '}
        <input type="number" min={1} max={20} value={batch.trials} onChange={(e) => setBatch({ trials: Number(e.target.value) || 1 })} aria-label="Trials" className="narrow" /> trials ={' '}
        {chosen.length * modelCount * batch.trials} runs. Runs go one at a time in the page; use <code>npx difflab eval --concurrency N</code> for parallel runs.
      </p>
      <div className="agent-toolbar">
        {batch.running ? (
          <button type="button" className="btn btn-danger" onClick={stop}>
            ■ Stop batch
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy || chosen.length === 0} onClick={() => void runBatch(chosen)} data-testid="batch-run">
            ▶ Run batch
          </button>
        )}
        {batch.total > 0 && (
          <>
            <progress max={batch.total} value={batch.done} aria-label="Batch progress" />
            <span className="muted" data-testid="batch-progress">
              {batch.done}/{batch.total}
              {batch.running && batch.etaText ? ` · ETA ${batch.etaText}` : ''}
            </span>
          </>
        )}
      </div>
      {records.length > 0 && (
        <>
          <h4>{batch.name}</h4>
          <ResultsTable records={records} by="model" prices={prices} />
          <ResultsTable records={records} by="service" prices={prices} />
          <ResultsTable records={records} by="category" prices={prices} />
          <ResultsCharts records={records} prices={prices} />
        </>
      )}
    </section>
  );
}
