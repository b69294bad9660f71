import { useEffect, useRef } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { entryByKey } from '../../stores/catalogSlice.ts';
import { AgentStepCard } from './AgentStepCard.tsx';
import { Markdown } from '../Markdown.tsx';
import { RunTimeline } from './RunTimeline.tsx';
import { VerdictDock } from './VerdictDock.tsx';
import { money, tokens } from './format.ts';
import { Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';
import { withCode } from '../explain/NotRunNotice.tsx';
import { StateBadge } from './StateBadge.tsx';
import { erroredAt, runState } from '../../../agent/runState.ts';
import { isMcpRun } from '../../../agent/record.ts';

/** Run / Stop, the streaming reply, and the steps so far — or a saved run, replayed with a scrubber. */
export function AgentLiveView() {
  const status = useApp((s) => s.agent.status);
  const live = useApp((s) => s.agent.live);
  const replay = useApp((s) => s.agent.replay);
  const step = useApp((s) => s.agent.step);
  const error = useApp((s) => s.agent.error);
  const prices = useApp((s) => s.agent.prices);
  const title = useApp((s) => entryByKey(s.catalog.entries, s.catalog.selectedKey)?.scenario.title);
  const { runLive, showStep, continueByHand } = useApp((s) => s.agent);
  const steps = replay?.steps ?? live?.steps ?? [];
  const usage = steps.reduce((u, s) => ({ inputTokens: u.inputTokens + s.usage.inputTokens, outputTokens: u.outputTokens + s.usage.outputTokens }), { inputTokens: 0, outputTokens: 0 });
  const model = replay?.model.model ?? '';
  // An MCP client's tokens and prompts never reach DiffLab: its run has no token count nor price to show.
  const mcp = replay ? isMcpRun(replay) : false;
  const ended = mcp && replay?.endReason === 'final_answer' ? 'disconnected' : replay?.endReason;
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The newest step stays in view while the run streams (the page never scrolls: only the run's own column).
    if (status === 'running') end.current?.scrollIntoView({ block: 'nearest' });
  }, [status, steps.length, live?.streaming?.text]);
  const presenter = useApp((s) => s.teach.presenter);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Presenter mode shows one step at a time (teach.css): each step starts at the top of the run's column.
    const column = list.current?.closest('.agent-body');
    const shown = list.current?.querySelector('.agent-step.selected');
    if (presenter && column && shown) column.scrollTop += shown.getBoundingClientRect().top - column.getBoundingClientRect().top - 8;
  }, [presenter, step]);

  return (
    <section className="agent-live" aria-label="Agent run">
      <div className="agent-toolbar">
        <span className="muted">{title ? `on “${title}”` : 'pick a scenario'}</span>
        <div className="spacer" />
        <span className="muted" data-testid="agent-totals">
          {steps.length} step{steps.length === 1 ? '' : 's'}
          {mcp ? ' · tool calls of an MCP client' : ` · ${tokens(usage)}${model ? ` · ${money(prices, model, usage)}` : ''}`}
        </span>
      </div>
      {error && (
        <p className="error-note" role="alert" data-testid="agent-error">
          {withCode(error)}
        </p>
      )}
      {replay && (
        <div className="agent-replay-bar" data-testid="agent-result">
          <StateBadge record={replay} upper />
          <span>
            {replay.model.model} · {mcp ? 'MCP client' : `${replay.settings.mode}/${replay.settings.docs}`} · <Term id={termOr(`end:${ended}`, 'end-reason')}>ended: {ended === 'disconnected' ? 'client disconnected' : replay.endReason.replace('_', ' ')}</Term>
            {runState(replay) === 'errored' && <span data-testid="agent-errored-at"> · {erroredAt(replay)}, left out of pass rates</span>}
            {replay.answer ? ` · answer: “${replay.answer.slice(0, 80)}”` : ''}
            {mcp ? '' : ` · ${money(prices, replay.model.model, replay.usage)}`}
          </span>
          {steps.length > 1 && (
            <label className="agent-scrubber">
              step {(step ?? 0) + 1}/{steps.length}
              <input type="range" min={0} max={steps.length - 1} value={step ?? 0} onChange={(e) => showStep(Number(e.target.value))} aria-label="Step" data-testid="agent-scrubber" />
            </label>
          )}
          {status === 'idle' && steps.length > 0 && (
            <>
              <button type="button" className="btn btn-small" onClick={() => void runLive(true)} title="Keep steps up to the one shown and let the model chosen above continue" data-testid="agent-fork">
                Fork at step {(step ?? 0) + 1}
              </button>
              <button type="button" className="btn btn-small" onClick={() => void continueByHand()} title="Replay up to the step shown, then go on in the script editor">
                Continue by hand
              </button>
            </>
          )}
        </div>
      )}
      {replay?.note && <p className="agent-note">{replay.note}</p>}
      <RunTimeline steps={steps} selected={step} onSelect={showStep} />
      <ol className="agent-steps" ref={list}>
        {steps.map((s) => (
          <AgentStepCard key={s.index} step={s} selected={step === s.index} onSelect={() => showStep(s.index)} tools={s.index === 0 ? replay?.tools : undefined} mcp={mcp} />
        ))}
        {live?.streaming && !replay && (
          <li className="agent-step streaming" aria-live="polite">
            <strong>Step {live.streaming.index + 1}</strong> <span className="muted">the model is answering…</span>
            <Markdown className="agent-reply" text={live.streaming.text} />
            {live.console.length > 0 && <pre className="agent-output">{live.console.map((c) => c.text).join('\n')}</pre>}
          </li>
        )}
      </ol>
      {!live && !replay && (
        <p className="empty-note">
          Choose a provider and model, paste a key, pick a scenario on the left and press Run agent. Each step shows the model&apos;s code, its output, latency and tokens;
          the diff and assertions on the right follow the run. No key? Pick “Scripted” to watch the reference solution go through the same loop.
        </p>
      )}
      <div ref={end} />
      {(live || replay) && <VerdictDock steps={steps} shown={status === 'running' ? null : step} />}
    </section>
  );
}
