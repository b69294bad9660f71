import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { glossary, glossaryGroups, termDescriptionId, type GlossaryGroup, type TermId } from './glossary.ts';

/** The glossary's own page (`#glossary`, or the header's Glossary button): every entry, by group, searchable. */
export function GlossaryPage() {
  const setPage = useApp((s) => s.teach.setPage);
  const [query, setQuery] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const out = new Map<GlossaryGroup, TermId[]>();
    for (const id of Object.keys(glossary) as TermId[]) {
      const e = glossary[id];
      if (q && !`${e.term} ${e.text} ${id}`.toLowerCase().includes(q)) continue;
      out.set(e.group, [...(out.get(e.group) ?? []), id]);
    }
    return out;
  }, [query]);
  return (
    <main className="pane glossary-page" id="glossary" data-testid="glossary-page" aria-labelledby="glossary-title">
      <h2 id="glossary-title" ref={heading} tabIndex={-1}>
        Glossary
      </h2>
      <p className="muted">
        Every term and chip the playground shows. Hover or focus a chip anywhere on the page for its entry.{' '}
        <button type="button" className="btn btn-small" onClick={() => setPage('playground')} data-testid="glossary-close">
          ← Back to the playground
        </button>
      </p>
      <input className="glossary-search" type="search" placeholder="Find a term" aria-label="Find a term" value={query} onChange={(e) => setQuery(e.target.value)} />
      {(Object.keys(glossaryGroups) as GlossaryGroup[])
        .filter((g) => groups.has(g))
        .map((g) => (
          <section key={g} aria-label={glossaryGroups[g]}>
            <h3>{glossaryGroups[g]}</h3>
            <dl>
              {groups.get(g)!.map((id) => (
                <div key={id} style={{ display: 'contents' }}>
                  <dt id={`entry-${termDescriptionId(id)}`} data-entry={id}>
                    {glossary[id].term}
                  </dt>
                  <dd>{glossary[id].text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
    </main>
  );
}
