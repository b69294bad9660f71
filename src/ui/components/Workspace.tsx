import { ConsolePanel } from './ConsolePanel.tsx';
import { EditorArea } from './EditorArea.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { ScenarioPrompt } from './ScenarioPrompt.tsx';

export function Workspace() {
  return (
    <main className="pane workspace">
      <ScenarioPrompt />
      <EditorToolbar />
      <EditorArea />
      <ConsolePanel />
    </main>
  );
}
