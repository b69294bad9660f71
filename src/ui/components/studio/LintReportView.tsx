import { percent } from '../../../studio/lint.ts';
import { useApp } from '../../hooks/useApp.ts';

export function LintReportView() {
  const lint = useApp((s) => s.studio.lint);
  if (lint.status === 'idle') return null;
  if (lint.status === 'running') return <p className="studio-muted">Linting: running the solution and the empty script in fresh environments…</p>;
  if (lint.status === 'error') return <p className="fail">Lint could not run: {lint.error}</p>;
  const r = lint.report!;
  return (
    <div className="studio-lint" data-testid="studio-lint">
      <p>
        <strong className={r.problems.length ? 'fail' : 'pass'}>{r.problems.length ? 'Problems' : 'Sound'}</strong> · mutation score {percent(r.score)} ({r.score.caught}/
        {r.score.total}) · open world {percent(r.openWorldScore)}
      </p>
      {r.sampledRows && (
        <p className="studio-muted">
          Per-row mutants for an evenly spaced sample of {r.sampledRows.mutated} of the diff's {r.sampledRows.total} rows.
        </p>
      )}
      <ul>
        {r.problems.map((p, i) => (
          <li key={`p${i}`} className="fail">
            {p}
          </li>
        ))}
        {r.warnings.map((w, i) => (
          <li key={`w${i}`} className="warn">
            {w}
          </li>
        ))}
      </ul>
      <details>
        <summary>Mutants ({r.mutants.length})</summary>
        <ul>
          {r.mutants.map((m, i) => (
            <li key={i} className={m.caught ? 'pass' : 'fail'}>
              {m.caught ? 'caught' : 'MISSED'} — {m.name}
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary>Assertions</summary>
        <ul>
          {r.assertions.map((a) => (
            <li key={a.index}>
              [{a.index}] {a.needed ? 'needed' : 'redundant'}: {a.why}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
