import { useEffect, useState } from 'react';
import { glossaryEntry, type GlossaryEntry } from './glossary.ts';

interface Shown {
  entry: GlossaryEntry;
  id: string;
  top: number;
  left: number;
  above: boolean;
}

const WIDTH = 320;

function place(el: Element, id: string): Shown | null {
  const entry = glossaryEntry(id);
  if (!entry) return null;
  const r = el.getBoundingClientRect();
  const above = r.bottom + 120 > innerHeight;
  return { entry, id, top: above ? r.top - 6 : r.bottom + 6, left: Math.max(8, Math.min(innerWidth - WIDTH - 8, r.left)), above };
}

/**
 * One tooltip for every `[data-term]` element: shown on hover and on keyboard focus, hidden by Escape or when the
 * pointer or focus leaves (WCAG 1.4.13). It is a fixed layer above the panes, so a chip in a scrolled pane is never
 * clipped. Screen readers get the same text from `aria-describedby`, so the layer itself is aria-hidden.
 */
export function GlossaryTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    let anchor: Element | null = null;
    const show = (target: EventTarget | null) => {
      const el = target instanceof Element ? target.closest('[data-term]') : null;
      if (el === anchor) return;
      anchor = el;
      setShown(el ? place(el, el.getAttribute('data-term')!) : null);
    };
    // The pointer moving, not what lies under a still pointer: a pane that changes under it (a run bringing the verdict
    // tab forward) must not open a tooltip over what it just showed.
    const onMove = (e: PointerEvent) => show(e.target);
    const onFocus = (e: FocusEvent) => show(e.target);
    const onBlur = (e: FocusEvent) => {
      if (!e.relatedTarget) show(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && anchor) {
        anchor = null;
        setShown(null);
      }
    };
    const onScroll = () => {
      anchor = null;
      setShown(null);
    };
    document.addEventListener('pointermove', onMove);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    document.addEventListener('keydown', onKey);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, []);
  if (!shown) return null;
  return (
    <div
      className={`glossary-tooltip ${shown.above ? 'above' : ''}`}
      style={{ top: shown.top, left: shown.left, width: WIDTH }}
      aria-hidden="true"
      data-testid="glossary-tooltip"
      data-for={shown.id}
    >
      <strong>{shown.entry.term}</strong> {shown.entry.text}
    </div>
  );
}
