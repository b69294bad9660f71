import { useApp } from '../hooks/useApp.ts';
import type { RunStatus } from '../stores/runSlice.ts';

const labels: Record<RunStatus, string> = {
  starting: 'Preparing environment…',
  opening: 'Opening scenario…',
  ready: 'Ready',
  running: 'Running…',
  resetting: 'Resetting…',
  failed: 'Not available',
};

/** The environment's state in the header: what is loading, or why Run is unavailable. */
export function EnvironmentStatus() {
  const status = useApp((s) => s.run.status);
  const error = useApp((s) => s.run.error);
  const prebuilt = useApp((s) => s.run.startInfo?.prebuilt);
  const startMs = useApp((s) => s.run.startInfo?.ms);
  const retry = useApp((s) => s.run.retry);
  const busy = status === 'starting' || status === 'opening' || status === 'running' || status === 'resetting';
  const title =
    status === 'ready' && startMs !== undefined
      ? `PostgreSQL (PGlite) started in ${startMs} ms${prebuilt ? ' from the prebuilt data directory' : ' from an empty cluster'}`
      : (error ?? undefined);
  return (
    <div className={`env-status env-${status}`} role="status" aria-live="polite" title={title}>
      <span className={busy ? 'spinner' : 'dot'} aria-hidden="true" />
      <span>{labels[status]}</span>
      {status === 'failed' && error && <span className="env-error">{error}</span>}
      {status === 'failed' && (
        <button type="button" className="btn btn-small" onClick={() => void retry()}>
          Retry
        </button>
      )}
    </div>
  );
}
