import { useMemo, useRef, useState } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { CompareView } from './CompareView.tsx';
import { PriceTableEditor } from './PriceTableEditor.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import { download, money } from './format.ts';
import { loadDemoRunsText } from '../../agent/demoRuns.ts';
import type { AgentRunRecord } from '../../../agent/record.ts';
import { runFileName, shareLink } from '../../../studio/permalink.ts';
import { runRecordToHtml } from '../../../studio/runHtml.ts';
import { erroredAt, runState } from '../../../agent/runState.ts';
import { StateBadge } from './StateBadge.tsx';
import { importRunFiles } from './importRunFiles.ts';

/** Saved runs (kept in IndexedDB): replay, delete, import, export, and two batches side by side. */
export function RunsView() {
  const history = useApp((s) => s.agent.history);
  const prices = useApp((s) => s.agent.prices);
  const compare = useApp((s) => s.agent.compare);
  const { openReplay, removeRun, importRuns, exportRuns, setCompare } = useApp((s) => s.agent);
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const sorted = useMemo(() => [...history].sort((a, b) => b.startedAt.localeCompare(a.startedAt)), [history]);
  const batches = useMemo(() => [...new Set(history.map((r) => r.batch ?? '(none)'))], [history]);

  /** A link that opens the run (in the URL fragment), copied; a JSON file instead when it is too long for a link. */
  const copyLink = async (run: AgentRunRecord) => {
    const made = await shareLink(location.href, { kind: 'run', run });
    if ('url' in made) {
      setLink(made.url);
      const copied = await navigator.clipboard?.writeText(made.url).then(() => true, () => false);
      setNote(`Link to “${run.scenario.title}” by ${run.model.label ?? run.model.model}${copied ? ', copied' : ''} (${made.url.length} characters).`);
    } else {
      setLink(null);
      setNote(`Too large for a link: ${download(made.fileName, made.text, 'application/json')} Share the file (it imports by drop).`);
    }
  };

  const onImport = async (files: FileList | null) => setNote(await importRunFiles(files, importRuns));

  return (
    <section className="agent-runs" aria-label="Saved runs">
      <div className="agent-toolbar">
        <button type="button" className="btn" onClick={() => file.current?.click()}>
          Import results…
        </button>
        <input ref={file} type="file" accept=".json,.jsonl,.html" multiple hidden onChange={(e) => void onImport(e.target.files)} data-testid="runs-import" />
        <button type="button" className="btn" disabled={!history.length} onClick={() => setNote(download('difflab-runs.jsonl', exportRuns('jsonl'), 'application/x-ndjson'))}>
          Export JSONL
        </button>
        <button type="button" className="btn" disabled={!history.length} onClick={() => setNote(download('difflab-runs.json', exportRuns('json'), 'application/json'))}>
          JSON
        </button>
        <button type="button" className="btn" disabled={!history.length} onClick={() => setNote(download('difflab-runs.csv', exportRuns('csv'), 'text/csv'))}>
          CSV
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={async () => {
            const r = await importRuns(await loadDemoRunsText());
            setNote(`Added ${r.added} demo runs: replay them to see a correct run, a trace that lies, a side effect, a recovery and an early stop.`);
          }}
          data-testid="runs-demos"
        >
          Add demo runs
        </button>
        {note && <span className="muted">{note}</span>}
      </div>
      {link && <input className="mono" readOnly value={link} data-testid="runs-share-link" onFocus={(e) => e.target.select()} aria-label="Link to the run" />}
      {sorted.length === 0 ? (
        <p className="empty-note">No saved runs yet. Runs are saved in this browser (IndexedDB) as they finish; results files from <code>difflab eval</code> can be imported.</p>
      ) : (
        <table className="agent-table" data-testid="runs-table">
          <thead>
            <tr>
              <th>scenario</th>
              <th>model</th>
              <th>batch</th>
              <th>verdict</th>
              <th>steps</th>
              <th>cost</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, 500).map((r) => (
              <tr key={r.id}>
                <td title={r.scenario.prompt}>{r.scenario.title}</td>
                <td>{r.model.label ?? r.model.model}</td>
                <td>{r.batch ?? ''}</td>
                <td>
                  <StateBadge record={r} /> {r.verdict.score.passed}/{r.verdict.score.total}
                  {runState(r) === 'errored' && <div className="muted explorer-sub">{erroredAt(r)}</div>}
                </td>
                <td>{r.steps.length}</td>
                <td>{money(prices, r.model.model, r.usage)}</td>
                <td>
                  <button type="button" className="btn btn-ghost" onClick={() => void openReplay(r.id)} data-testid="runs-replay">
                    Replay
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => void copyLink(r)} data-testid="runs-link" title="Copy a link that opens this run">
                    Link
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setNote(download(runFileName(r, 'html'), runRecordToHtml(r), 'text/html'))} data-testid="runs-html" title="One HTML file that opens without the site">
                    HTML
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => void removeRun(r.id)} aria-label="Delete run">
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.length > 0 && (
        <>
          <h4>All saved runs by model</h4>
          <ResultsTable records={history} by="model" prices={prices} />
          <ResultsGrid records={history} by="service" />
          <h4>Compare two batches</h4>
          <div className="agent-toolbar">
            {[0, 1].map((slot) => (
              <select key={slot} value={compare[slot] ?? ''} onChange={(e) => setCompare(slot as 0 | 1, e.target.value || null)} aria-label={`Batch ${slot ? 'B' : 'A'}`}>
                <option value="">(choose)</option>
                {batches.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            ))}
          </div>
          {compare[0] && compare[1] && <CompareView a={compare[0]} b={compare[1]} />}
        </>
      )}
      <PriceTableEditor />
    </section>
  );
}
