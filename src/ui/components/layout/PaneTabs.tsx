import { useApp } from '../../hooks/useApp.ts';
import type { PaneId } from '../../stores/layoutSlice.ts';

const labels: Record<PaneId, string> = { scenarios: 'Scenarios', task: 'Task', verdict: 'Verdict' };

/** Below about 1100 px the three panes are tabs (CSS shows this bar only there); a new verdict badges its tab. */
export function PaneTabs() {
  const tab = useApp((s) => s.layout.tab);
  const badge = useApp((s) => s.layout.verdictBadge);
  const showTab = useApp((s) => s.layout.showTab);
  return (
    <nav className="pane-tabs tabs" role="tablist" aria-label="Panes">
      {(Object.keys(labels) as PaneId[]).map((id) => (
        <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => showTab(id)} data-testid={`pane-tab-${id}`}>
          {labels[id]}
          {id === 'verdict' && badge && (
            <span className="tab-badge" aria-label="new verdict" data-testid="verdict-badge">
              ●
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}
