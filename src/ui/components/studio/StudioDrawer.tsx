import { useEffect } from 'react';
import { useApp, useAppStore } from '../../hooks/useApp.ts';
import { AuthoringSection } from './AuthoringSection.tsx';
import { FaultControls } from './FaultControls.tsx';
import { HumanBaseline } from './HumanBaseline.tsx';
import { openSharedFragment } from './openShared.ts';
import { SharePanel } from './SharePanel.tsx';
import './studio.css';

/** The scenario studio: authoring, lint, faults, sharing and the human baseline, in a drawer over the playground. */
export function StudioDrawer() {
  const store = useAppStore();
  const open = useApp((s) => s.studio.open);
  const toggle = useApp((s) => s.studio.toggle);
  const message = useApp((s) => s.studio.message);
  const say = useApp((s) => s.studio.say);

  // A share link opens the playground in its state once the catalog is there.
  useEffect(() => {
    const apply = () => {
      if (location.hash.startsWith('#share=')) void openSharedFragment(store, location.hash).then((what) => what && say(`Opened the shared ${what}.`));
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => window.removeEventListener('hashchange', apply);
  }, [store, say]);

  return (
    <>
      {open ? (
        <aside className="studio-drawer" aria-label="Scenario studio" data-testid="studio">
          <header className="studio-head">
            <h2>Scenario studio</h2>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => toggle(false)}>
              ×
            </button>
          </header>
          {message ? (
            <p className="studio-message" role="status">
              {message}{' '}
              <button type="button" className="btn btn-ghost btn-small" onClick={() => say(null)}>
                dismiss
              </button>
            </p>
          ) : null}
          <details open>
            <summary>Author a scenario from the diff</summary>
            <AuthoringSection />
          </details>
          <details>
            <summary>Fault injection</summary>
            <FaultControls />
          </details>
          <details>
            <summary>Share &amp; export</summary>
            <SharePanel />
          </details>
          <details>
            <summary>Human baseline</summary>
            <HumanBaseline />
          </details>
        </aside>
      ) : null}
    </>
  );
}

/** The page foot's Studio button: opens and closes the drawer, and says when faults are on. */
export function StudioToggle() {
  const open = useApp((s) => s.studio.open);
  const toggle = useApp((s) => s.studio.toggle);
  const faultsOn = useApp((s) => Object.keys(s.studio.faults).length > 0);
  return (
    <button type="button" className={`btn btn-small studio-toggle${faultsOn ? ' faults-on' : ''}`} data-testid="studio-toggle" aria-expanded={open} onClick={() => toggle()}>
      {open ? 'Close studio' : 'Studio'}
      {faultsOn ? ' · faults on' : ''}
    </button>
  );
}
