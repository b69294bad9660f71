/** A short guide to agent mode, behind the help button of the settings line. */
export function AgentWalkthrough({ onClose }: { onClose: () => void }) {
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
      <button type="button" className="btn btn-small" onClick={onClose}>
        Got it
      </button>
    </aside>
  );
}
