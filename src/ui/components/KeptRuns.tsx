import { useEffect, useMemo, useState } from 'react';
import { actionLanguageTitle } from '../../agent/record.ts';
import { runScenarioKey } from '../../studio/humanBaseline.ts';
import { runFileName, shareLink } from '../../studio/permalink.ts';
import { isScriptRun, MAX_KEPT_SCRIPT_RUNS } from '../../studio/playgroundRun.ts';
import { runRecordToHtml } from '../../studio/runHtml.ts';
import { useApp, useAppStore } from '../hooks/useApp.ts';
import { termProps } from '../glossary/Term.tsx';
import { download } from './studio/download.ts';

const SHOWN = 5;

/** The open scenario's Script-mode runs kept in this browser: reopen one, link to it, or save it as HTML. */
export function KeptRuns() {
  const store = useAppStore();
  const key = useApp((s) => s.catalog.selectedKey);
  const history = useApp((s) => s.agent.history);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    void store.getState().agent.loadHistory();
  }, [store]);
  const runs = useMemo(
    () => history.filter((r) => isScriptRun(r) && runScenarioKey(r) === key).sort((a, b) => b.startedAt.localeCompare(a.startedAt)),
    [history, key],
  );
  if (!runs.length) return null;
  const copyLink = async (run: (typeof runs)[number]) => {
    const made = await shareLink(location.href, { kind: 'run', run });
    if ('url' in made) {
      const copied = await navigator.clipboard?.writeText(made.url).then(() => true, () => false);
      setNote(copied ? 'Link copied.' : made.url);
    } else setNote(`Too large for a link: ${download(made.fileName, made.text)} Share the file (it imports by drop).`);
  };
  return (
    <section className="kept-runs" aria-label="Your runs of this scenario" data-testid="kept-runs">
      <h3 className="section-heading">Your runs of this scenario</h3>
      <ul>
        {runs.slice(0, SHOWN).map((r) => {
          const languages = [...new Set(r.steps.flatMap((s) => s.actions.map(actionLanguageTitle)))].join(', ');
          return (
            <li key={r.id} data-run={r.id}>
              <span className={`badge ${r.verdict.passed ? 'pass' : 'fail'}`} {...termProps('verdict', false)}>{r.verdict.passed ? 'PASS' : 'FAIL'}</span>{' '}
              <span>
                {r.verdict.score.passed}/{r.verdict.score.total} · {r.steps.length} step{r.steps.length === 1 ? '' : 's'} · {languages} ·{' '}
                <time dateTime={r.startedAt}>{new Date(r.startedAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}</time>
              </span>
              <span className="kept-run-actions">
                <button type="button" className="btn btn-ghost" onClick={() => store.getState().studio.viewRun(r)} data-testid="kept-run-open" title="Replay it step by step: its scripts, verdict and diff">
                  Open
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => void copyLink(r)} title="Copy a link that opens this run">
                  Link
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setNote(download(runFileName(r, 'html'), runRecordToHtml(r), 'text/html'))} title="One HTML file that opens without the site">
                  HTML
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="muted">
        {runs.length > SHOWN ? `${runs.length - SHOWN} older in Agent → Saved runs. ` : ''}Every run is kept in this browser (the last {MAX_KEPT_SCRIPT_RUNS} across scenarios).
      </p>
      {note && <p className="muted" role="status">{note}</p>}
    </section>
  );
}
