import { neverStarted } from '../../sandbox/types.ts';
import { useApp } from '../hooks/useApp.ts';
import { useVerdictView } from '../hooks/useVerdictView.ts';

/** The last step in a few words: which step, whether the script finished, how long it took. */
export function RunSummary() {
  const last = useApp((s) => s.run.last);
  const status = useApp((s) => s.run.status);
  const solutionError = useApp((s) => s.editor.solutionError);
  const verdict = useVerdictView();
  if (solutionError) return <span className="run-summary error">{solutionError}</span>;
  if (status === 'running') return <span className="run-summary muted">running…</span>;
  if (!last) return <span className="run-summary muted">not run yet</span>;
  const s = last.script;
  const notRun = neverStarted(s);
  return (
    <span className={`run-summary ${s.ok ? '' : 'error'}`} data-testid="run-summary">
      {notRun && <span className="mini-verdict not-run">NOT RUN</span>}
      {verdict && (
        <span className={`mini-verdict ${verdict.passed ? 'pass' : 'fail'}`}>
          {verdict.passed ? 'PASS' : 'FAIL'} {verdict.score.passed}/{verdict.score.total}
        </span>
      )}
      step {last.step} · {s.ok ? 'finished' : notRun ? 'not started' : (s.reason ?? 'failed')} · {s.requests.length} request{s.requests.length === 1 ? '' : 's'} · {Math.round(s.durationMs)} ms
    </span>
  );
}
