import { useApp } from '../../hooks/useApp.ts';

/** The first stop of the Tab key: straight to the editor (or, in agent mode, the run), past the scenario list. */
export function SkipLink() {
  const agent = useApp((s) => s.agent.open);
  const showTab = useApp((s) => s.layout.showTab);
  return (
    <a
      className="skip-link"
      href="#task"
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        showTab('task');
        // Monaco's input is a textarea inside the editor; the plain editor is a textarea too.
        const target = document.querySelector<HTMLElement>('#editor textarea') ?? document.getElementById('task');
        target?.focus();
      }}
    >
      {agent ? 'Skip to the run' : 'Skip to the editor'}
    </a>
  );
}
