import { useApp } from '../hooks/useApp.ts';
import { entryByKey } from '../stores/catalogSlice.ts';
import { MetadataChips } from './MetadataChips.tsx';

/** The task as the agent (or person) is given it, with its metadata. */
export function ScenarioPrompt() {
  const entry = useApp((s) => entryByKey(s.catalog.entries, s.catalog.selectedKey));
  if (!entry) {
    return (
      <section className="scenario-prompt empty">
        <p className="muted">Pick a scenario on the left, or import a suite.</p>
      </section>
    );
  }
  const s = entry.scenario;
  return (
    <section className="scenario-prompt" aria-labelledby="scenario-title">
      <header>
        <h2 id="scenario-title">{s.title}</h2>
        <span className="muted mono" title={entry.suite.file}>
          {entry.suite.name} · {s.id}
        </span>
      </header>
      <p className="prompt-text" data-testid="prompt">
        {s.prompt}
      </p>
      <MetadataChips entry={entry} />
    </section>
  );
}
