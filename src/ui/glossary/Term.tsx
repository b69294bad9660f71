import './glossary.css';
import type { ReactNode } from 'react';
import { termDescriptionId, type TermId } from './glossary.ts';

/**
 * What makes an element explain itself: `data-term` (the tooltip shows the entry on hover and focus) and
 * `aria-describedby` naming the entry's text, which GlossaryDescriptions keeps in the page. `focusable` puts an
 * element that is not a control in the Tab order, so the explanation is there for keyboards too.
 */
export function termProps(id: TermId, focusable = true): { 'data-term': string; 'aria-describedby': string; tabIndex?: number } {
  return { 'data-term': id, 'aria-describedby': termDescriptionId(id), ...(focusable ? { tabIndex: 0 } : {}) };
}

/** A chip (or badge) whose meaning is a glossary entry. */
export function Chip({ term, className = 'chip', children, as = 'span', testId, title }: { term: TermId; className?: string; children: ReactNode; as?: 'span' | 'li'; testId?: string; title?: string }) {
  const Tag = as;
  return (
    <Tag className={className} {...termProps(term)} data-testid={testId} title={title}>
      {children}
    </Tag>
  );
}

/** A word in running text that the glossary explains (dotted underline). */
export function Term({ id, children }: { id: TermId; children: ReactNode }) {
  return (
    <span className="term" {...termProps(id)}>
      {children}
    </span>
  );
}
