import { useApp } from '../hooks/useApp.ts';
import { AgentPanel } from './agent/AgentPanel.tsx';
import { WorkspaceModeTabs } from './agent/WorkspaceModeTabs.tsx';
import { ConsolePanel } from './ConsolePanel.tsx';
import { EditorArea } from './EditorArea.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { ScenarioPrompt } from './ScenarioPrompt.tsx';
import { MaximiseButton } from './layout/MaximiseButton.tsx';
import { LessonButton, LessonStrip } from '../teach/LessonStrip.tsx';

export function Workspace() {
  const agent = useApp((s) => s.agent.open);
  const lesson = useApp((s) => s.teach.lesson.active);
  return (
    <main className="pane workspace" id="task" tabIndex={-1} data-pane="task">
      {lesson && <LessonStrip />}
      <ScenarioPrompt />
      <div className="workspace-bar">
        <WorkspaceModeTabs />
        {!agent && <LessonButton />}
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
