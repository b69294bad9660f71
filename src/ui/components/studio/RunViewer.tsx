import { runRecordToHtml } from '../../../studio/runHtml.ts';
import { useApp, useAppStore } from '../../hooks/useApp.ts';
import { download } from './download.ts';

/** A run opened from a link or a file: its prompt, steps and grade, read-only. */
export function RunViewer() {
  const run = useApp((s) => s.studio.viewedRun);
  const close = useApp((s) => s.studio.closeRun);
  const store = useAppStore();
  if (!run) return null;
  const openScript = () => {
    const { catalog, editor } = store.getState();
    const entry = catalog.entries.find((e) => e.scenario.id === run.scenario.id && (!run.scenario.suiteId || e.suite.id === run.scenario.suiteId));
    if (!entry) return store.getState().studio.say(`Scenario ${run.scenario.id} is not in the catalog: import its suite first.`);
    catalog.select(entry.key);
    editor.setText(run.steps.map((s) => s.code).at(-1) ?? '');
  };
  return (
    <section className="studio-section studio-run" data-testid="studio-run">
      <h4>
        Recorded run: {run.scenario.title} <span className={run.grade.passed ? 'pass' : 'fail'}>{run.grade.passed ? 'passed' : 'failed'}</span> {run.grade.score.passed}/
        {run.grade.score.total}
      </h4>
      <p className="studio-muted">
        {run.actor} · {run.steps.length} step(s) · {(run.ms / 1000).toFixed(1)} s{Object.keys(run.faults).length ? ` · faults ${JSON.stringify(run.faults)}` : ''}
      </p>
      <blockquote>{run.scenario.prompt}</blockquote>
      {run.steps.map((s, i) => (
        <details key={i}>
          <summary>
            Step {i + 1}: {s.verdict.passed ? 'passing' : 'failing'} {s.verdict.score.passed}/{s.verdict.score.total}
          </summary>
          <pre className="mono">{s.code}</pre>
          {s.console.length ? <pre className="mono">{s.console.map((c) => c.text).join('\n')}</pre> : null}
        </details>
      ))}
      {run.grade.failures.length ? (
        <ul>
          {run.grade.failures.map((f, i) => (
            <li key={i} className="fail">
              {f}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="studio-actions">
        <button type="button" className="btn" onClick={openScript}>
          Open last script in the editor
        </button>
        <button type="button" className="btn" onClick={() => download(`run-${run.scenario.id}.html`, runRecordToHtml(run), 'text/html')}>
          Export as HTML
        </button>
        <button type="button" className="btn btn-ghost" onClick={close}>
          Close
        </button>
      </div>
    </section>
  );
}
