import { useApp } from '../hooks/useApp.ts';
import type { FileReport } from '../stores/catalogTypes.ts';

/** Shown at once; the rest of a long list is one click away, never dropped. */
const FIRST_ISSUES = 20;

function Issue({ issue }: { issue: FileReport['issues'][number] }) {
  return (
    <li>
      <code className="json-path">{issue.path}</code> {issue.message}
    </li>
  );
}

function IssueList({ issues, kind }: { issues: FileReport['issues']; kind: 'error' | 'warning' }) {
  if (!issues.length) return null;
  const rest = issues.slice(FIRST_ISSUES);
  return (
    <ul className={`issue-list issue-${kind}`} data-testid={`import-${kind}s`}>
      {issues.slice(0, FIRST_ISSUES).map((issue, i) => (
        <Issue key={i} issue={issue} />
      ))}
      {rest.length > 0 && (
        <li>
          <details>
            <summary className="muted">
              {rest.length} more {kind === 'error' ? 'problem' : 'warning'}
              {rest.length === 1 ? '' : 's'}
            </summary>
            <ul className={`issue-list issue-${kind}`}>
              {rest.map((issue, i) => (
                <Issue key={i} issue={issue} />
              ))}
            </ul>
          </details>
        </li>
      )}
    </ul>
  );
}

/** What the last import did with each file, and every problem with the JSON path of the bad field. */
export function ImportReports() {
  const reports = useApp((s) => s.catalog.reports);
  const dismiss = useApp((s) => s.catalog.dismissReports);
  if (!reports.length) return null;
  const failed = reports.some((r) => !r.ok);
  return (
    <section className={`import-reports ${failed ? 'has-errors' : ''}`} aria-label="Import results" data-testid="import-reports">
      <header>
        <strong>{failed ? 'Some files were not loaded' : 'Imported'}</strong>
        <button type="button" className="btn btn-ghost btn-small" onClick={dismiss} aria-label="Dismiss import results">
          ✕
        </button>
      </header>
      {reports.map((r, i) => (
        <div key={i} className={`report ${r.ok ? 'ok' : 'failed'}`}>
          <div className="report-head">
            <span className="report-mark" aria-hidden="true">{r.ok ? '✓' : '✕'}</span>
            <span className="report-file">{r.file}</span>
            <span className="muted">{r.summary}</span>
            {r.warnings.length > 0 && (
              <span className="muted">
                {' '}
                · {r.warnings.length} warning{r.warnings.length === 1 ? '' : 's'}
              </span>
            )}
          </div>
          <IssueList issues={r.issues} kind="error" />
          <IssueList issues={r.warnings} kind="warning" />
        </div>
      ))}
    </section>
  );
}
