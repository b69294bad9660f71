import { useApp } from '../hooks/useApp.ts';
import type { FileReport } from '../stores/catalogTypes.ts';

const MAX_ISSUES = 20;

function IssueList({ issues, kind }: { issues: FileReport['issues']; kind: 'error' | 'warning' }) {
  if (!issues.length) return null;
  return (
    <ul className={`issue-list issue-${kind}`}>
      {issues.slice(0, MAX_ISSUES).map((issue, i) => (
        <li key={i}>
          <code className="json-path">{issue.path}</code> {issue.message}
        </li>
      ))}
      {issues.length > MAX_ISSUES && <li className="muted">… and {issues.length - MAX_ISSUES} more</li>}
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
          </div>
          <IssueList issues={r.issues} kind="error" />
          <IssueList issues={r.warnings} kind="warning" />
        </div>
      ))}
    </section>
  );
}
