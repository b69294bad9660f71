import { useEffect, useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import type { LanguageId } from '../../sandbox/languages.ts';
import { neverStarted } from '../../sandbox/types.ts';

/** The empty console's note: what a script of each language writes to it. */
const EMPTY_NOTE: Record<LanguageId, string> = {
  javascript: 'console.log output appears here.',
  bash: 'What the script prints (stdout and stderr) appears here.',
  python: 'print() output appears here.',
};

/** The script's console, levels coloured, followed by how the script ended when it did not finish. */
export function ConsoleOutput() {
  const entries = useApp((s) => s.run.console);
  const error = useApp((s) => s.run.last?.script.error);
  const reason = useApp((s) => s.run.last?.script.reason);
  const status = useApp((s) => s.run.status);
  const language = useApp((s) => s.editor.language);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [entries, error]);

  if (!entries.length && !error) {
    return <p className="empty-note">{status === 'running' ? 'Running…' : EMPTY_NOTE[language]}</p>;
  }
  return (
    <div className="console-output mono" data-testid="console">
      {entries.map((e, i) => (
        <div key={i} className={`log log-${e.level}`}>
          <span className="log-level">{e.level}</span>
          <span className="log-text">{e.text}</span>
        </div>
      ))}
      {error && (
        <div className="log log-error log-stop">
          <span className="log-level">{neverStarted({ reason }) ? 'not run' : (reason ?? 'error')}</span>
          <span className="log-text">{error}</span>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}
