import { useApp } from '../../hooks/useApp.ts';
import type { PaneId } from '../../stores/layoutSlice.ts';

/** Lets one pane fill the page, and back. */
export function MaximiseButton({ pane, label }: { pane: PaneId; label: string }) {
  const on = useApp((s) => s.layout.maximised === pane);
  const toggle = useApp((s) => s.layout.toggleMaximised);
  return (
    <button
      type="button"
      className="btn btn-small btn-ghost maximise"
      aria-pressed={on}
      onClick={() => toggle(pane)}
      title={on ? `Show all panes` : `Give the ${label} the whole page`}
      data-testid={`maximise-${pane}`}
    >
      {on ? '⤡ Restore' : '⤢'}
      <span className="visually-hidden">{on ? '' : ` Maximise the ${label}`}</span>
    </button>
  );
}
