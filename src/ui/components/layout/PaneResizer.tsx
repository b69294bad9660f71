import { useRef } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import type { PaneSizes } from '../../stores/layoutSlice.ts';

/**
 * The handle between a side pane and the task pane: drag it, or focus it and use the arrow keys (Shift for big
 * steps). `pane` is the side pane it sizes; the scenarios pane grows to the right, the verdict pane to the left.
 */
export function PaneResizer({ pane }: { pane: keyof PaneSizes }) {
  const size = useApp((s) => s.layout.sizes[pane]);
  const resize = useApp((s) => s.layout.resize);
  const drag = useRef<{ x: number; size: number } | null>(null);
  const sign = pane === 'scenarios' ? 1 : -1;
  return (
    <div
      className="pane-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={pane === 'scenarios' ? 'Resize the scenario list' : 'Resize the verdict pane'}
      aria-valuenow={size}
      tabIndex={0}
      data-testid={`resize-${pane}`}
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, size };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (drag.current) resize(pane, drag.current.size + sign * (e.clientX - drag.current.x));
      }}
      onPointerUp={() => (drag.current = null)}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        const step = (e.shiftKey ? 80 : 20) * (e.key === 'ArrowRight' ? 1 : -1);
        resize(pane, size + sign * step);
      }}
    />
  );
}
