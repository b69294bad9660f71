import { useMemo } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { batchConcurrency, MAX_BATCH_CONCURRENCY, repliesFor, REPLIES_PRESET } from '../../stores/agentSlice.ts';
import { ResultsCharts } from './ResultsCharts.tsx';
import { RetryErroredButton } from './RetryErroredButton.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import { isHumanRun, runState, summarizeRun } from '../../../agent/record.ts';
import { runScenarioKey } from '../../../studio/humanBaseline.ts';

/** Runs the scenarios the list shows (its search and filters) × the models × trials, up to `concurrency` at once. */
export function BatchView() {
  const entries = useApp((s) => s.catalog.entries);
  const visibleKeys = useApp((s) => s.catalog.visibleKeys);
  const batch = useApp((s) => s.agent.batch);
  const settings = useApp((s) => s.agent.settings);
  const replySets = useApp((s) => s.catalog.replySets);
  const models = settings.model;
  const concurrency = useApp((s) => s.agent.settings.concurrency);
  const history = useApp((s) => s.agent.history);
  const prices = useApp((s) => s.agent.prices);
  const busy = useApp((s) => s.agent.status !== 'idle');
  const { runBatch, setBatch, setSettings, stop } = useApp((s) => s.agent);
  const listed = useMemo(() => entries.filter((e) => visibleKeys.includes(e.key)), [entries, visibleKeys]);
  // A replies file scripts some tests only: the batch runs those (runBatch filters the same way).
  const replies = settings.presetId === REPLIES_PRESET;
  const chosen = useMemo(() => (replies ? listed.filter((e) => repliesFor(settings, replySets, e)) : listed), [replies, listed, settings, replySets]);
  const modelCount = models.split(',').filter((m) => m.trim()).length;
  const records = useMemo(() => history.filter((r) => r.batch === batch.name), [history, batch.name]);
  const errored = useMemo(() => records.filter((r) => runState(r) === 'errored'), [records]);
  // People's timed attempts (the human baseline) at the same scenarios, as a "human" row beside the models.
  const withHumans = useMemo(() => {
    const keys = new Set(records.map(runScenarioKey));
    return [...records, ...history.filter((r) => isHumanRun(r) && r.human && keys.has(runScenarioKey(r)))];
  }, [history, records]);

  return (
    <section className="agent-batch" aria-label="Batch run">
      <p>
        {chosen.length} scenario{chosen.length === 1 ? '' : 's'} (those listed on the left: use its search and filters) × {modelCount} model{modelCount === 1 ? '' : 's'} ×{' '}
        <input type="number" min={1} max={20} value={batch.trials} onChange={(e) => setBatch({ trials: Number(e.target.value) || 1 })} aria-label="Trials" className="narrow" /> trials ={' '}
        {chosen.length * modelCount * batch.trials} runs,{' '}
        <input
          type="number"
          min={1}
          max={MAX_BATCH_CONCURRENCY}
          value={concurrency}
          disabled={batch.running}
          onChange={(e) => setSettings({ concurrency: batchConcurrency(Number(e.target.value)) })}
          aria-label="Concurrency"
          className="narrow"
          data-testid="batch-concurrency"
        />{' '}
        at once (each in its own fresh environment; the playground's is left as it is).
        {replies && listed.length > chosen.length && (
          <span className="muted" data-testid="batch-replies-note">
            {' '}
            {listed.length - chosen.length} listed scenario{listed.length - chosen.length === 1 ? ' has' : 's have'} no replies in “{settings.repliesFile || 'no file'}” and
            {listed.length - chosen.length === 1 ? ' is' : ' are'} left out.
          </span>
        )}
      </p>
      <div className="agent-toolbar">
        {batch.running ? (
          <button type="button" className="btn btn-danger" onClick={stop} data-testid="batch-stop">
            ■ Stop batch
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy || chosen.length === 0} onClick={() => void runBatch(chosen)} data-testid="batch-run">
            ▶ Run batch
          </button>
        )}
        {!batch.running && <RetryErroredButton ids={errored.map((r) => r.id)} what="the runs of this batch" testId="batch-retry-errored" />}
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
          <p className="muted">Every count opens the runs behind it in the Explorer.</p>
          <ResultsGrid records={withHumans} by="service" />
          <ResultsTable records={withHumans} by="model" prices={prices} />
          <ResultsTable records={records} by="service" prices={prices} />
          {new Set(records.map((r) => r.scenario.services.length)).size > 1 && <ResultsTable records={records} by="span" prices={prices} />}
          <ResultsTable records={records} by="category" prices={prices} />
          {new Set(records.map((r) => summarizeRun(r).faults)).size > 1 && <ResultsTable records={records} by="faults" prices={prices} />}
          <ResultsCharts records={records} prices={prices} />
        </>
      )}
    </section>
  );
}
