import './agent.css';
import { useEffect } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { AgentLiveView } from './AgentLiveView.tsx';
import { AgentWalkthrough } from './AgentWalkthrough.tsx';
import { BatchView } from './BatchView.tsx';
import { ModelSettings } from './ModelSettings.tsx';
import { RunsView } from './RunsView.tsx';
import { ExplorerView } from './ExplorerView.tsx';
import { SettingsSummary } from './SettingsSummary.tsx';

const tabLabels = { live: 'Live run', batch: 'Batch', runs: 'Saved runs', explore: 'Explorer' } as const;

/**
 * Agent mode: a model does the selected scenario live, a batch runs many, and saved runs replay with no key. The
 * settings are one line; Edit opens them as a sheet over the run, which a run's start folds away.
 */
export function AgentPanel() {
  const view = useApp((s) => s.agent.view);
  const setView = useApp((s) => s.agent.setView);
  const loadHistory = useApp((s) => s.agent.loadHistory);
  const running = useApp((s) => s.agent.status === 'running');
  const settingsOpen = useApp((s) => s.layout.settingsOpen);
  const helpOpen = useApp((s) => s.layout.helpOpen);
  const { setSettingsOpen, setHelpOpen } = useApp((s) => s.layout);
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);
  const replay = useApp((s) => s.agent.replay?.id ?? null);
  // A run starting, or one opened to replay, is what is looked at: the settings sheet folds away from over it.
  useEffect(() => {
    if (running || replay) setSettingsOpen(false);
  }, [running, replay, setSettingsOpen]);
  return (
    <div className="agent-panel" data-testid="agent-panel">
      <SettingsSummary />
      {helpOpen && <AgentWalkthrough onClose={() => setHelpOpen(false)} />}
      <div className="tabs" role="tablist" aria-label="Agent views">
        {(['live', 'batch', 'runs', 'explore'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => {
              setView(v);
              setSettingsOpen(false);
            }}
            data-testid={`agent-tab-${v}`}
          >
            {tabLabels[v]}
          </button>
        ))}
      </div>
      <div className="agent-body-wrap">
        {settingsOpen && (
          <div className="agent-sheet" id="agent-settings-sheet" role="region" aria-label="Run settings">
            <ModelSettings />
            <div className="agent-sheet-foot">
              <button type="button" className="btn btn-small" onClick={() => setSettingsOpen(false)}>
                Done
              </button>
            </div>
          </div>
        )}
        <div className="agent-body">{view === 'live' ? <AgentLiveView /> : view === 'batch' ? <BatchView /> : view === 'runs' ? <RunsView /> : <ExplorerView />}</div>
      </div>
    </div>
  );
}
