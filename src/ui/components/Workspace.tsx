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
  // A run on screen (live or replayed): presenter mode gives it the pane (teach.css).
  const run = useApp((s) => s.agent.open && s.agent.view === 'live' && Boolean(s.agent.replay ?? s.agent.live));
  return (
    <main className="pane workspace" id="task" tabIndex={-1} data-pane="task" data-run={run ? 'shown' : undefined}>
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
