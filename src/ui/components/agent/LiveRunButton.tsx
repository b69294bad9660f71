import { useApp } from '../../hooks/useApp.ts';
import { entryByKey } from '../../stores/catalogSlice.ts';

/** Run agent, or Stop while a run is under way; it sits on the settings line so the settings sheet never hides it. */
export function LiveRunButton() {
  const status = useApp((s) => s.agent.status);
  const batch = useApp((s) => s.agent.batch.running);
  const envReady = useApp((s) => s.run.status === 'ready' || s.run.status === 'running');
  const title = useApp((s) => entryByKey(s.catalog.entries, s.catalog.selectedKey)?.scenario.title);
  const { runLive, stop } = useApp((s) => s.agent);
  if (status === 'idle' || batch) {
    return (
      <button type="button" className="btn btn-primary btn-small" onClick={() => void runLive()} disabled={!envReady || !title || batch} data-testid="agent-run">
        ▶ Run agent
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-danger btn-small" onClick={stop} disabled={status === 'stopping'} data-testid="agent-stop">
      {status === 'stopping' ? 'Stopping…' : '■ Stop'}
    </button>
  );
}
