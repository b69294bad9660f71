import { useApp } from '../../hooks/useApp.ts';

/** Runs again, each with its own settings, the errored runs given (the provider failed); each replaces its run. */
export function RetryErroredButton({ ids, what, testId }: { ids: readonly string[]; what: string; testId: string }) {
  const busy = useApp((s) => s.agent.status !== 'idle');
  const retryErrored = useApp((s) => s.agent.retryErrored);
  if (!ids.length) return null;
  return (
    <button
      type="button"
      className="btn"
      disabled={busy}
      onClick={() => void retryErrored(ids)}
      title={`Run again, with each run's own settings, only ${what} whose provider failed; each replaces its errored run`}
      data-testid={testId}
    >
      ↻ Retry errored ({ids.length})
    </button>
  );
}
