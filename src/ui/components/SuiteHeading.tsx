import type { SuiteSource } from '../stores/catalogTypes.ts';

export function SuiteHeading({ suite, shown }: { suite: SuiteSource; shown: number }) {
  return (
    <h2 className="suite-heading" title={suite.file}>
      <span className="suite-name">{suite.name}</span>
      <span className={`format-badge format-${suite.format}`}>{suite.format === 'agent-diff' ? 'Agent-Diff' : 'DiffLab'}</span>
      {suite.origin === 'imported' && <span className="format-badge">imported</span>}
      <span className="muted count">{shown}</span>
    </h2>
  );
}
