import { useState } from 'react';

const KEY = 'difflab.agent.walkthrough.v1';

function seen(): boolean {
  try {
    return localStorage.getItem(KEY) === 'done';
  } catch {
    return false;
  }
}

/** A short first-visit guide to agent mode; dismissed once, remembered in this browser. */
export function AgentWalkthrough() {
  const [open, setOpen] = useState(() => !seen());
  if (!open) return null;
  const close = () => {
    setOpen(false);
    try {
      localStorage.setItem(KEY, 'done');
    } catch {
      // Storage blocked: the guide shows again next time, which is harmless.
    }
  };
  return (
    <aside className="agent-walkthrough" aria-label="Agent mode in four steps" data-testid="agent-walkthrough">
      <ol>
        <li>
          <strong>Pick a model.</strong> Choose a provider, type a model name and paste your API key (it stays in this tab unless you tick “remember”). No key? “Scripted”
          runs the reference solution through the same loop.
        </li>
        <li>
          <strong>Pick a scenario</strong> on the left and press <em>Run agent</em>. Each step shows the model&apos;s code, its output, latency and tokens.
        </li>
        <li>
          <strong>Read the verdict on the right:</strong> the state diff and the assertions follow the run step by step. Passing means the right rows changed — and,
          in a closed world, nothing else did.
        </li>
        <li>
          <strong>Learn from saved runs:</strong> in <em>Saved runs</em>, “Add demo runs” loads five recorded runs; replay them with the step scrubber. <em>Batch</em> runs many
          scenarios and trials and charts the results.
        </li>
      </ol>
      <button type="button" className="btn btn-small" onClick={close}>
        Got it
      </button>
    </aside>
  );
}
