import './explorer.css';
import { useMemo, useRef, useState } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { filterOptions, matchesFilters, runSources, toExplorerRun, type ExplorerRun, type RunFilters } from '../../../agent/explore.ts';
import { failureLabels } from '../../../agent/failures.ts';
import { Chip, Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';
import { RunCompare } from './RunCompare.tsx';
import { StateBadge } from './StateBadge.tsx';
import { RetryErroredButton } from './RetryErroredButton.tsx';
import { importRunFiles } from './importRunFiles.ts';

const sourceLabels: Record<ExplorerRun['source'], string> = { batch: 'page batch', eval: 'difflab eval', mcp: 'difflab mcp', human: 'human', live: 'live', demo: 'demo' };

/** A run's verdict badge: pass, fail or errored (the provider failed). */
export function OutcomeBadge({ run }: { run: ExplorerRun }) {
  return <StateBadge record={run.record} />;
}

export function SourceChip({ run }: { run: ExplorerRun }) {
  return (
    <Chip term={`source:${run.source}`} className="chip chip-quiet">
      {sourceLabels[run.source]}
    </Chip>
  );
}

/**
 * Every saved run — page batches, imported `difflab eval` files, people's attempts, live and demo runs — searchable
 * and filtered by scenario, model, verdict, failure class, fault and source; a table cell opens it on its runs; two
 * runs of one scenario open side by side.
 */
export function ExplorerView() {
  const history = useApp((s) => s.agent.history);
  const { cell, filters, pair } = useApp((s) => s.explorer);
  const { setFilters, clearFilters, clearCell, togglePair, comparePair } = useApp((s) => s.explorer);
  const { openReplay, importRuns } = useApp((s) => s.agent);
  const [note, setNote] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const all = useMemo(() => [...history].sort((a, b) => b.startedAt.localeCompare(a.startedAt)).map(toExplorerRun), [history]);
  const inScope = useMemo(() => (cell ? all.filter((r) => cell.ids.includes(r.id)) : all), [all, cell]);
  const options = useMemo(() => filterOptions(inScope), [inScope]);
  const shown = useMemo(() => inScope.filter((r) => matchesFilters(r, filters)), [inScope, filters]);
  const runA = all.find((r) => r.id === pair[0]) ?? null;
  const runB = all.find((r) => r.id === pair[1]) ?? null;
  const filtered = Object.values(filters).some((v) => v !== '');
  const errored = shown.filter((r) => r.outcome === 'error');

  const onImport = async (files: FileList | null) => setNote(await importRunFiles(files, importRuns));

  const select = (name: keyof RunFilters, label: string, values: { value: string; label: string; count: number }[], show: (v: string) => string = (v) => v) => (
    <label className="explorer-filter">
      <span>{label}</span>
      <select value={filters[name]} onChange={(e) => setFilters({ [name]: e.target.value })} data-testid={`explorer-filter-${name}`}>
        <option value="">any</option>
        {values.map((o) => (
          <option key={o.value} value={o.value}>
            {show(o.label)} ({o.count})
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="explorer" aria-label="Results explorer" data-testid="explorer">
      <div className="agent-toolbar">
        <input
          type="search"
          className="explorer-search"
          placeholder="Search scenario, model, batch…"
          value={filters.text}
          onChange={(e) => setFilters({ text: e.target.value })}
          aria-label="Search runs"
          data-testid="explorer-search"
        />
        <button type="button" className="btn" onClick={() => file.current?.click()}>
          Import results…
        </button>
        <input ref={file} type="file" accept=".json,.jsonl,.html" multiple hidden onChange={(e) => void onImport(e.target.files)} data-testid="explorer-import" />
        <RetryErroredButton ids={errored.map((r) => r.id)} what="the runs listed" testId="explorer-retry-errored" />
        {note && <span className="muted" data-testid="explorer-note">{note}</span>}
      </div>
      <div className="explorer-filters">
        {select('scenario', 'scenario', options.scenario)}
        {select('model', 'model', options.model)}
        {select('outcome', 'verdict', options.outcome)}
        {select('failure', 'failure class', options.failure, (v) => failureLabels[v as keyof typeof failureLabels] ?? v)}
        {select('fault', 'fault', options.fault)}
        {select('source', 'source', options.source.filter((o) => runSources.includes(o.value as ExplorerRun['source'])), (v) => sourceLabels[v as ExplorerRun['source']] ?? v)}
        {filtered && (
          <button type="button" className="btn btn-ghost btn-small" onClick={clearFilters} data-testid="explorer-clear">
            Clear filters
          </button>
        )}
      </div>
      <p className="explorer-count muted" data-testid="explorer-count">
        {cell && (
          <span className="explorer-cell" data-testid="explorer-cell">
            Runs behind <strong>{cell.label}</strong>
            <button type="button" className="btn btn-ghost btn-small" onClick={clearCell} aria-label="Show every run, not only this cell's">
              ✕
            </button>
          </span>
        )}
        {shown.length} of {inScope.length} run{inScope.length === 1 ? '' : 's'}. Tick two runs of one scenario to compare them.
      </p>
      {all.length === 0 ? (
        <p className="empty-note">No runs yet: run a batch, import a results file of <code>difflab eval</code>, or add the demo runs in Saved runs.</p>
      ) : (
        <table className="agent-table explorer-runs" data-testid="explorer-runs">
          <thead>
            <tr>
              <th>
                <span className="visually-hidden">compare</span>
              </th>
              <th>scenario</th>
              <th>model</th>
              <th>
                <Term id="run-source">source</Term>
              </th>
              <th>
                <Term id="verdict">verdict</Term>
              </th>
              <th>steps</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, 300).map((r) => {
              const chosen = pair[0] === r.id ? 'A' : pair[1] === r.id ? 'B' : null;
              return (
                <tr key={r.id} className={chosen ? 'chosen' : ''} data-run={r.id} data-outcome={r.outcome}>
                  <td>
                    <label className="explorer-pick">
                      <input type="checkbox" checked={chosen !== null} onChange={() => togglePair(r.id)} aria-label={`Compare ${r.title} by ${r.model}`} data-testid="explorer-pick" />
                      {chosen}
                    </label>
                  </td>
                  <td title={r.record.scenario.prompt}>
                    {r.title}
                    <div className="muted mono explorer-sub">{r.scenarioKey}</div>
                  </td>
                  <td>
                    {r.model}
                    {r.record.batch && <div className="muted explorer-sub">{r.record.batch}</div>}
                  </td>
                  <td>
                    <SourceChip run={r} />
                  </td>
                  <td>
                    <OutcomeBadge run={r} /> {r.record.verdict.score.passed}/{r.record.verdict.score.total}
                    {r.failure && (
                      <div className="explorer-sub">
                        <Term id={termOr(`failure:${r.failure}`, 'failure-class')}>{failureLabels[r.failure]}</Term>
                      </div>
                    )}
                    {r.faults && <div className="muted mono explorer-sub">faults {r.faults}</div>}
                  </td>
                  <td>{r.record.steps.length}</td>
                  <td>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => void openReplay(r.id)} data-testid="explorer-open" title="Open in the run viewer: step through it, fork it, or go on by hand">
                      Open
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {shown.length > 300 && <p className="muted">The first 300 are listed: narrow the search to see the others.</p>}
      {runA && runB ? (
        <RunCompare a={runA} b={runB} onSwap={() => comparePair(runB.id, runA.id)} />
      ) : (
        pair[0] && <p className="muted">Run A chosen: tick a second run to compare.</p>
      )}
    </section>
  );
}
