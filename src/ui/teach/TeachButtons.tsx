import { useApp } from '../hooks/useApp.ts';

/** The header's way into the glossary page and presenter mode. */
export function TeachButtons() {
  const page = useApp((s) => s.teach.page);
  const presenter = useApp((s) => s.teach.presenter);
  const { setPage, setPresenter } = useApp((s) => s.teach);
  return (
    <>
      <button type="button" className="btn btn-ghost" aria-pressed={page === 'glossary'} onClick={() => setPage(page === 'glossary' ? 'playground' : 'glossary')} data-testid="glossary-open">
        Glossary
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-pressed={presenter}
        onClick={() => setPresenter(!presenter)}
        title="Presenter mode (Alt+P): large type, one pane at a time, ← → step through the run or the lesson, Esc leaves"
        data-testid="presenter-toggle"
      >
        {presenter ? 'Leave presenter' : 'Present'}
      </button>
    </>
  );
}
