import './agent.css';
import { useEffect } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { AgentLiveView } from './AgentLiveView.tsx';
import { AgentWalkthrough } from './AgentWalkthrough.tsx';
import { BatchView } from './BatchView.tsx';
import { ModelSettings } from './ModelSettings.tsx';
import { RunsView } from './RunsView.tsx';

/** Agent mode: a model does the selected scenario live, a batch runs many, and saved runs replay with no key. */
export function AgentPanel() {
  const view = useApp((s) => s.agent.view);
  const setView = useApp((s) => s.agent.setView);
  const loadHistory = useApp((s) => s.agent.loadHistory);
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);
  return (
    <div className="agent-panel" data-testid="agent-panel">
      <AgentWalkthrough />
      <ModelSettings />
      <div className="tabs" role="tablist" aria-label="Agent views">
        {(['live', 'batch', 'runs'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)} data-testid={`agent-tab-${v}`}>
            {v === 'live' ? 'Live run' : v === 'batch' ? 'Batch' : 'Saved runs'}
          </button>
        ))}
      </div>
      <div className="agent-body">{view === 'live' ? <AgentLiveView /> : view === 'batch' ? <BatchView /> : <RunsView />}</div>
    </div>
  );
}
