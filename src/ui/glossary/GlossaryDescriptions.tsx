import { glossary, termDescriptionId, type TermId } from './glossary.ts';

/**
 * The text of every entry, once, hidden: what `aria-describedby` on a chip reads out (hidden elements still give
 * their text to a description). The visible tooltip is GlossaryTooltip's.
 */
export function GlossaryDescriptions() {
  return (
    <div hidden data-testid="glossary-descriptions">
      {(Object.keys(glossary) as TermId[]).map((id) => (
        <span key={id} id={termDescriptionId(id)}>
          {glossary[id].term}: {glossary[id].text}
        </span>
      ))}
    </div>
  );
}
