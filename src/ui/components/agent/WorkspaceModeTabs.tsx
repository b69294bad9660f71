import { useApp } from '../../hooks/useApp.ts';

/** Switches the workspace between writing a script yourself and watching a model do the task. */
export function WorkspaceModeTabs() {
  const open = useApp((s) => s.agent.open);
  const setOpen = useApp((s) => s.agent.setOpen);
  return (
    <div className="tabs workspace-modes" role="tablist" aria-label="Workspace mode">
      <button type="button" role="tab" aria-selected={!open} onClick={() => setOpen(false)} data-testid="mode-script">
        Script
      </button>
      <button type="button" role="tab" aria-selected={open} onClick={() => setOpen(true)} data-testid="mode-agent">
        Agent
      </button>
    </div>
  );
}
