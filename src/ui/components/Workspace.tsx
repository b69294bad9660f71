import { useApp } from '../hooks/useApp.ts';
import { AgentPanel } from './agent/AgentPanel.tsx';
import { WorkspaceModeTabs } from './agent/WorkspaceModeTabs.tsx';
import { ConsolePanel } from './ConsolePanel.tsx';
import { EditorArea } from './EditorArea.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { ScenarioPrompt } from './ScenarioPrompt.tsx';
import { MaximiseButton } from './layout/MaximiseButton.tsx';

export function Workspace() {
  const agent = useApp((s) => s.agent.open);
  return (
    <main className="pane workspace" id="task" tabIndex={-1} data-pane="task">
      <ScenarioPrompt />
      <div className="workspace-bar">
        <WorkspaceModeTabs />
        <MaximiseButton pane="task" label="task" />
      </div>
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
