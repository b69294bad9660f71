import { useMemo, useState } from 'react';
import { matchRuns, notReplayable, type ReplayResult } from '../../../agent/recorded/replayRun.ts';
import type { RecordedRun } from '../../../agent/recorded/agentDiffResults.ts';
import type { Scenario } from '../../../scenarios/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import './recorded.css';

/** The page runs every language a recording uses. */
const PAGE_LANGUAGES = new Set(['python', 'bash', 'javascript'] as const);

interface Item {
  id: string;
  file: string;
  run: RecordedRun;
  test: Scenario | null;
}

type Replay = { status: 'running' } | { status: 'done'; result: ReplayResult } | { status: 'failed'; error: string };

/** `evaluation_results_linear_bench_openai-gpt-5-mini_20251114_235703.json` → `openai-gpt-5-mini`. */
function modelOf(file: string): string {
  const name = file.split(/[\\/]/).pop()!.replace(/\.json$/i, '');
  const m = /^evaluation_results_(.+)_\d{8}_\d{6}$/.exec(name);
  if (!m) return name;
  const parts = m[1].split('_');
  return parts.length > 2 ? parts.slice(2).join('_') : m[1];
}

function Verdict({ passed, label }: { passed: boolean; label: string }) {
  return (
    <span className={`recorded-verdict ${passed ? 'pass' : 'fail'}`}>
      {label}: {passed ? 'passed' : 'failed'}
    </span>
  );
}

function Output({ title, text, testId }: { title: string; text: string | null; testId: string }) {
  return (
    <div className="recorded-output">
      <h5>{title}</h5>
      <pre data-testid={testId}>{text === null ? '(no output was recorded)' : text || '(no output)'}</pre>
    </div>
  );
}

/** Why a run cannot be re-executed in the page now, naming what to import; null when it can. */
function blocker(item: Item, seeds: ReadonlySet<string>): string | null {
  if (!item.test) return "No loaded suite has this run's prompt: import the suite it was recorded on (for Agent-Diff's Linear runs, linear_bench.recorded.json) with its seed.";
  const reason = notReplayable(item.run, item.test, PAGE_LANGUAGES);
  if (reason) return `Not replayable: ${reason}.`;
  if (!seeds.has(item.test.seed)) return `The seed "${item.test.seed}" is not loaded: import ${item.test.seed}.json (Agent-Diff's Linear runs: linear_default.recorded.json).`;
  return null;
}

function RunDetail({ item, seeds }: { item: Item; seeds: ReadonlySet<string> }) {
  const replayRecorded = useApp((s) => s.catalog.replayRecorded);
  const [replays, setReplays] = useState(new Map<string, Replay>());
  const replay = replays.get(item.id);
  const set = (r: Replay) => setReplays((m) => new Map(m).set(item.id, r));
  const blocked = blocker(item, seeds);
  const result = replay?.status === 'done' ? replay.result : null;
  const { run } = item;
  const reExecute = () => {
    if (!item.test) return;
    set({ status: 'running' });
    replayRecorded(item.test, run).then(
      (r) => set({ status: 'done', result: r }),
      (error: unknown) => set({ status: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <article className="recorded-detail" data-testid="recorded-detail">
      <header>
        <h3>{item.test?.title ?? item.test?.id ?? 'Unmatched run'}</h3>
        <p className="muted">
          {modelOf(item.file)} · run {run.key.slice(0, 8)}
          {item.test ? ` · test ${item.test.id}` : ''}
        </p>
        <p className="recorded-prompt">{run.prompt}</p>
      </header>
      <div className="recorded-verdicts" data-testid="recorded-verdicts">
        <div>
          <Verdict passed={run.passed} label="Recorded" />
          {run.score ? <span className="muted"> ({run.score.passed}/{run.score.total} assertions)</span> : null}
          {run.failures.length ? (
            <ul className="recorded-failures">
              {run.failures.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div data-testid="replayed-verdict">
          {result ? (
            <>
              <Verdict passed={result.replayedPassed} label="DiffLab" /> ·{' '}
              <strong className={result.agrees ? 'agree' : 'disagree'} data-testid="replay-agreement">
                {result.agrees ? 'agrees with the recording' : 'disagrees with the recording'}
              </strong>
              {result.verdict.failures.length ? (
                <ul className="recorded-failures">
                  {result.verdict.failures.map((f, i) => (
                    <li key={i}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : replay?.status === 'running' ? (
            <span role="status">Re-executing {run.steps.length} step{run.steps.length === 1 ? '' : 's'} against a fresh {item.test?.seed} environment…</span>
          ) : replay?.status === 'failed' ? (
            <span className="recorded-error" role="alert">Re-execution failed: {replay.error}</span>
          ) : (
            <span className="muted">Not re-executed yet.</span>
          )}
        </div>
        <div className="recorded-actions">
          <button type="button" className="btn btn-primary" data-testid="re-execute" disabled={!!blocked || replay?.status === 'running'} onClick={reExecute}>
            {replay?.status === 'running' ? 'Re-executing…' : result ? 'Re-execute again' : 'Re-execute'}
          </button>
          {blocked ? (
            <p className="recorded-blocker" data-testid="recorded-blocker">
              {blocked}
            </p>
          ) : (
            <p className="muted">Runs each step's code in order, adding a token where the recording sent none, and maps ids copied from earlier outputs.</p>
          )}
        </div>
      </div>
      {run.traceError ? <p className="recorded-blocker">The recording has no trace: {run.traceError}</p> : null}
      <ol className="recorded-steps">
        {run.steps.map((step, i) => {
          const replayed = result?.steps[i];
          return (
            <li key={step.callId} className="recorded-step" data-testid="recorded-step">
              <div className="recorded-step-head">
                <strong>Step {i + 1}</strong> <code>{step.tool}</code>
                {replayed?.script && !replayed.script.ok ? <span className="recorded-error"> · stopped: {replayed.script.reason}</span> : null}
              </div>
              {step.thought ? <p className="recorded-thought">{step.thought}</p> : null}
              <pre className="recorded-code">{replayed?.code ?? step.code}</pre>
              {replayed?.substituted.length ? (
                <p className="muted">Ids mapped from earlier outputs: {replayed.substituted.map(([from, to]) => `${from} → ${to}`).join(', ')}</p>
              ) : null}
              <div className="recorded-outputs">
                <Output title="Recorded output" text={step.output} testId="recorded-output" />
                {replayed ? <Output title="Replayed output" text={replayed.skipped ?? replayed.replayedOutput} testId="replayed-output" /> : null}
              </div>
            </li>
          );
        })}
      </ol>
      {run.finalAnswer ? (
        <section className="recorded-final">
          <h5>Final answer (recorded)</h5>
          <p>{run.finalAnswer}</p>
        </section>
      ) : null}
    </article>
  );
}

/** The imported recorded runs, each matched to the test it ran. */
function useRecordedItems(): Item[] {
  const files = useApp((s) => s.catalog.recorded);
  const entries = useApp((s) => s.catalog.entries);
  return useMemo(() => {
    const tests = entries.map((e) => e.scenario);
    return files.flatMap((f) => matchRuns(f.runs, tests).map(({ run, test }): Item => ({ id: `${f.file}#${run.key}`, file: f.file, run, test })));
  }, [files, entries]);
}

/**
 * Agent-Diff's recorded runs, imported with `Import…`: a list to pick from, each run's steps with the code and the
 * output its model saw and the recorded verdict; Re-execute replays it against the replica (the replay core of
 * `difflab replay`, in the workbench worker) and shows the replayed outputs and DiffLab's verdict beside them.
 */
export function RecordedRuns() {
  const open = useApp((s) => s.catalog.recordedOpen);
  const files = useApp((s) => s.catalog.recorded);
  const imported = useApp((s) => s.catalog.importedSeeds);
  const templates = useApp((s) => s.run.startInfo?.templates);
  const show = useApp((s) => s.catalog.showRecorded);
  const [selected, setSelected] = useState<string | null>(null);
  const items = useRecordedItems();
  const seeds = useMemo(() => new Set([...(templates ?? []), ...imported]), [templates, imported]);
  if (!files.length || !open) return null;
  const current = items.find((i) => i.id === selected) ?? items[0];
  return (
    <section className="recorded-runs" role="dialog" aria-label="Recorded runs" data-testid="recorded-runs">
      <header className="recorded-head">
        <h2>Recorded runs</h2>
        <span className="muted">
          {items.length} run{items.length === 1 ? '' : 's'} from {files.length} Agent-Diff results file{files.length === 1 ? '' : 's'}
        </span>
        <button type="button" className="btn btn-ghost btn-small" aria-label="Close recorded runs" onClick={() => show(false)}>
          ×
        </button>
      </header>
      <div className="recorded-body">
        <ul className="recorded-list" aria-label="Runs" data-testid="recorded-list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`recorded-item${item === current ? ' selected' : ''}`}
                aria-current={item === current ? 'true' : undefined}
                data-testid="recorded-item"
                data-passed={String(item.run.passed)}
                data-steps={item.run.steps.length}
                data-replayable={String(!!item.test && notReplayable(item.run, item.test, PAGE_LANGUAGES) === null)}
                onClick={() => setSelected(item.id)}
              >
                <span className={`recorded-dot ${item.run.passed ? 'pass' : 'fail'}`} aria-label={item.run.passed ? 'passed' : 'failed'} />
                <span className="recorded-item-text">
                  <span className="recorded-item-title">{item.test?.title ?? item.test?.id ?? item.run.prompt.slice(0, 60)}</span>
                  <span className="muted">
                    {modelOf(item.file)} · {item.run.steps.length} step{item.run.steps.length === 1 ? '' : 's'}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {current ? <RunDetail key={current.id} item={current} seeds={seeds} /> : null}
      </div>
    </section>
  );
}

/** The page foot's way into the recorded runs' viewer, once some are imported (the viewer opens over the page). */
export function RecordedRunsToggle() {
  const open = useApp((s) => s.catalog.recordedOpen);
  const files = useApp((s) => s.catalog.recorded);
  const show = useApp((s) => s.catalog.showRecorded);
  const items = useRecordedItems();
  if (!files.length || open) return null;
  return (
    <button type="button" className="btn btn-small recorded-toggle" data-testid="recorded-toggle" onClick={() => show(true)}>
      Recorded runs ({items.length})
    </button>
  );
}
