import type { CatalogEntry } from '../stores/catalogTypes.ts';
import { Chip } from '../glossary/Term.tsx';
import { scenarioChips } from '../glossary/scenarioChips.ts';

export function MetadataChips({ entry }: { entry: CatalogEntry }) {
  return (
    <ul className="chips metadata-chips" aria-label="Scenario metadata">
      {scenarioChips(entry.scenario).map((c, i) => (
        <Chip key={i} as="li" term={c.term} className={`chip ${c.className ?? ''}`} title={c.detail}>
          {c.label}
        </Chip>
      ))}
    </ul>
  );
}

