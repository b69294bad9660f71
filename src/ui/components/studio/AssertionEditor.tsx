import { useEffect, useMemo, useState } from 'react';
import { evaluateDiffBounded, type Verdict } from '../../../evaluation/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import { schemaFromTables } from './schemaFromTables.ts';
import { specNameIssues } from '../../stores/specNames.ts';

/** The spec as JSON, validated as you type, and each assertion judged live against the current run diff. */
export function AssertionEditor() {
  const text = useApp((s) => s.studio.specText);
  const spec = useApp((s) => s.studio.spec);
  const issues = useApp((s) => s.studio.specIssues);
  const setText = useApp((s) => s.studio.setSpecText);
  const diff = useApp((s) => s.run.last?.runDiff ?? null);
  const tables = useApp((s) => s.run.tables);
  const services = useApp((s) => s.catalog.entries.find((e) => e.key === s.catalog.selectedKey)?.scenario.services);
  const names = useMemo(() => specNameIssues(text, tables, services ?? []), [text, tables, services]);
  // Judged with every pattern bounded in time (a backtracking one runs in a worker), so typing never freezes the page.
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  useEffect(() => {
    if (!spec || !diff) return setVerdict(null);
    let current = true;
    void evaluateDiffBounded(spec, diff, { schema: schemaFromTables(tables) }).then((v) => current && setVerdict(v));
    return () => {
      current = false;
    };
  }, [spec, diff, tables]);
  return (
    <div className="studio-editor">
      <textarea
        className="studio-json mono"
        aria-label="Assertions (JSON)"
        data-testid="studio-spec"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={Math.min(24, Math.max(6, text.split('\n').length))}
      />
      {issues.length > 0 || names.length > 0 ? (
        // Sticky: the flags stay on screen below the text being typed, however long the spec grows.
        <div className="studio-flags">
          <PathIssues issues={issues} className="studio-issues" testId="studio-issues" />
          <PathIssues issues={names} className="studio-issues studio-names" testId="studio-name-issues" label="Unknown tables and columns" />
        </div>
      ) : null}
      {verdict ? (
        <div className="studio-live" data-testid="studio-live">
          <strong className={verdict.passed ? 'pass' : 'fail'}>{verdict.passed ? 'Passes' : 'Fails'}</strong> on the current diff: {verdict.score.passed}/{verdict.score.total}{' '}
          assertions; {verdict.unexplained.length} unexplained change(s)
          <ol start={0}>
            {verdict.assertions.map((a) => (
              <li key={a.index} className={a.passed ? 'pass' : 'fail'}>
                {a.passed ? '✓' : '✗'} {a.assertion?.diff_type} {a.assertion?.entity}
                {a.passed ? '' : ` — ${a.reason}`}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/** A list of problems, each at its path in the spec; nothing when there are none. */
function PathIssues({ issues, className, testId, label }: { issues: { path: string; message: string }[]; className: string; testId: string; label?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul className={className} data-testid={testId} aria-label={label}>
      {issues.map((i, n) => (
        <li key={n}>
          <span className="mono">{i.path}</span> {i.message}
        </li>
      ))}
    </ul>
  );
}
