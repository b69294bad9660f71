import type { SuiteSource } from '../stores/catalogTypes.ts';
import { Chip } from '../glossary/Term.tsx';

export function SuiteHeading({ suite, shown }: { suite: SuiteSource; shown: number }) {
  return (
    <h2 className="suite-heading" title={suite.file}>
      <span className="suite-name">{suite.name}</span>
      <Chip term={suite.format === 'agent-diff' ? 'format:agent-diff' : 'format:difflab'} className={`format-badge format-${suite.format}`}>
        {suite.format === 'agent-diff' ? 'Agent-Diff' : 'DiffLab'}
      </Chip>
      {suite.origin === 'imported' && (
        <Chip term="imported" className="format-badge">
          imported
        </Chip>
      )}
      <span className="muted count">{shown}</span>
    </h2>
  );
}
