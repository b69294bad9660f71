import { useEffect } from 'react';
import { useAppStore } from './useApp.ts';

/** Where the panes are tabs (keep in step with the media query in styles.css). */
export const TABBED_QUERY = '(max-width: 1100px)';

/**
 * When the panes are tabs, a finished run brings the verdict tab forward: a script's run at once, a model's run
 * when it ends or never reached its model (while it streams, the trajectory stays in view with the verdict docked under it).
 */
export function useVerdictFollowsRun(): void {
  const store = useAppStore();
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        const scriptDone = prev.run.status === 'running' && s.run.status === 'ready' && s.run.last !== null && s.agent.status === 'idle' && !s.agent.open;
        // A run that never reached its model has no verdict, but the verdict pane says why (NOT RUN).
        const agentDone = prev.agent.status !== 'idle' && s.agent.status === 'idle' && !s.agent.batch.running && (s.agent.replay !== null || s.agent.notRun !== null);
        if (!scriptDone && !agentDone) return;
        s.layout.verdictArrived(window.matchMedia(TABBED_QUERY).matches);
      }),
    [store],
  );
}
