import { useEffect, useMemo } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { changedRowIds, type ChangeKind, type RowId } from '../stores/diffModel.ts';
import { StateTableList } from './StateTableList.tsx';
import { StateRowGrid } from './StateRowGrid.tsx';

/** The environment's tables as they are now, with the rows this run changed highlighted. */
export function StateBrowser() {
  const status = useApp((s) => s.run.status);
  const revision = useApp((s) => s.run.revision);
  const refresh = useApp((s) => s.stateBrowser.refresh);
  const error = useApp((s) => s.stateBrowser.error);
  const runDiff = useApp((s) => s.run.last?.runDiff ?? null);
  const tables = useApp((s) => s.run.tables);
  const changed = useMemo(() => (runDiff ? changedRowIds(runDiff, tables) : new Map<RowId, ChangeKind>()), [runDiff, tables]);

  useEffect(() => {
    if (status === 'ready') void refresh();
  }, [status, revision, refresh]);

  if (status === 'starting' || status === 'opening') return <p className="empty-note">Preparing environment…</p>;
  if (status === 'failed') return <p className="empty-note">No environment is open.</p>;
  return (
    <div className="state-browser">
      {error && <p className="error-note">{error}</p>}
      <StateTableList changed={changed} />
      <StateRowGrid changed={changed} />
    </div>
  );
}
