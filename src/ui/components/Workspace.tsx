import { useApp } from '../hooks/useApp.ts';
import { AgentPanel } from './agent/AgentPanel.tsx';
import { WorkspaceModeTabs } from './agent/WorkspaceModeTabs.tsx';
import { ConsolePanel } from './ConsolePanel.tsx';
import { EditorArea } from './EditorArea.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { ScenarioPrompt } from './ScenarioPrompt.tsx';

export function Workspace() {
  const agent = useApp((s) => s.agent.open);
  return (
    <main className="pane workspace">
      <ScenarioPrompt />
      <WorkspaceModeTabs />
      {agent ? (
        <AgentPanel />
      ) : (
        <>
          <EditorToolbar />
          <EditorArea />
          <ConsolePanel />
        </>
      )}
    </main>
  );
}
