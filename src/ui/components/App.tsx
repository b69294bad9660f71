import { useEffect } from 'react';
import { useAppStore } from '../hooks/useApp.ts';
import { useRunShortcut } from '../hooks/useRunShortcut.ts';
import { useThemeAttribute } from '../hooks/useThemeAttribute.ts';
import { AppHeader } from './AppHeader.tsx';
import { ImportDropZone } from './ImportDropZone.tsx';
import { ImportReports } from './ImportReports.tsx';
import { ResultPane } from './ResultPane.tsx';
import { ScenarioBrowser } from './ScenarioBrowser.tsx';
import { Workspace } from './Workspace.tsx';
import { StudioDrawer } from './studio/StudioDrawer.tsx';

export function App() {
  useRunShortcut();
  useThemeAttribute();
  const store = useAppStore();
  useEffect(() => {
    // When the shell first painted, and what the environment was doing then (tests and measurements read it).
    performance.mark('difflab-shell', { detail: { env: store.getState().run.status } });
  }, [store]);
  return (
    <div className="app">
      <AppHeader />
      <ImportReports />
      <div className="app-body">
        <ScenarioBrowser />
        <Workspace />
        <ResultPane />
      </div>
      <ImportDropZone />
      <StudioDrawer />
    </div>
  );
}
