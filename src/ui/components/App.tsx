import { useEffect } from 'react';
import { useApp, useAppStore } from '../hooks/useApp.ts';
import { useRunShortcut } from '../hooks/useRunShortcut.ts';
import { useThemeAttribute } from '../hooks/useThemeAttribute.ts';
import { useVerdictFollowsRun } from '../hooks/useVerdictFollowsRun.ts';
import { usePageHash } from '../hooks/usePageHash.ts';
import { usePresenterKeys } from '../hooks/usePresenterKeys.ts';
import { GlossaryDescriptions } from '../glossary/GlossaryDescriptions.tsx';
import { GlossaryPage } from '../glossary/GlossaryPage.tsx';
import { GlossaryTooltip } from '../glossary/GlossaryTooltip.tsx';
import { AppHeader } from './AppHeader.tsx';
import { ImportDropZone } from './ImportDropZone.tsx';
import { ImportReports } from './ImportReports.tsx';
import { PaneResizer } from './layout/PaneResizer.tsx';
import { PaneTabs } from './layout/PaneTabs.tsx';
import { SkipLink } from './layout/SkipLink.tsx';
import { ResultPane } from './ResultPane.tsx';
import { ScenarioBrowser } from './ScenarioBrowser.tsx';
import { Workspace } from './Workspace.tsx';
import { StudioDrawer, StudioToggle } from './studio/StudioDrawer.tsx';
import { RecordedRuns, RecordedRunsToggle } from './recorded/RecordedRuns.tsx';

export function App() {
  useRunShortcut();
  useThemeAttribute();
  useVerdictFollowsRun();
  usePageHash();
  usePresenterKeys();
  const page = useApp((s) => s.teach.page);
  const store = useAppStore();
  const tab = useApp((s) => s.layout.tab);
  const maximised = useApp((s) => s.layout.maximised);
  const sizes = useApp((s) => s.layout.sizes);
  useEffect(() => {
    // When the shell first painted, and what the environment was doing then (tests and measurements read it).
    performance.mark('difflab-shell', { detail: { env: store.getState().run.status } });
  }, [store]);
  return (
    <div className="app">
      <SkipLink />
      <AppHeader />
      <ImportReports />
      {page === 'glossary' && <GlossaryPage />}
      {/* Hidden, not unmounted, while the glossary shows: the editor and the run stay as they were. */}
      <div className="app-main" style={{ display: page === 'glossary' ? 'none' : 'contents' }}>
        <PaneTabs />
        <div
          className="app-body"
          data-tab={tab}
          data-maximised={maximised ?? undefined}
          style={{ '--scenarios-width': `${sizes.scenarios}px`, '--verdict-width': `${sizes.verdict}px` } as React.CSSProperties}
        >
          <ScenarioBrowser />
          <PaneResizer pane="scenarios" />
          <Workspace />
          <PaneResizer pane="verdict" />
          <ResultPane />
        </div>
      </div>
      {/* In the page's flow, not floating: the foot's buttons never cover a pane's text at any size. */}
      <footer className="app-foot">
        <RecordedRunsToggle />
        <StudioToggle />
      </footer>
      <ImportDropZone />
      <StudioDrawer />
      <RecordedRuns />
      <GlossaryTooltip />
      <GlossaryDescriptions />
    </div>
  );
}
