import { actionLanguageTitle, type AgentAction, type AgentStep } from '../../../agent/record.ts';
import type { ToolSpec } from '../../../agent/types.ts';
import { retryText } from '../../../agent/runState.ts';
import { CodeBlock, Markdown } from '../Markdown.tsx';
import { Chip, Term, termProps } from '../../glossary/Term.tsx';
import { actionTerm } from '../../glossary/scenarioChips.ts';

/**
 * One step: the model's reply, each action's code and output, and its latency, tokens and verdict. A step of an MCP
 * client's run (`mcp`) is one tool call it sent: its time before the call is the client's, and DiffLab never saw its
 * tokens nor what its model was sent, so neither is shown.
 */
export function AgentStepCard({ step, selected, onSelect, tools, mcp = false }: { step: AgentStep; selected: boolean; onSelect: () => void; tools?: readonly ToolSpec[]; mcp?: boolean }) {
  const v = step.verdict;
  return (
    <li className={`agent-step ${selected ? 'selected' : ''}`} data-testid="agent-step">
      <button type="button" className="agent-step-head" onClick={onSelect} aria-pressed={selected} title="Show this step's diff and verdict on the right">
        <strong>Step {step.index + 1}</strong>
        <span className={`badge ${v.passed ? 'pass' : 'fail'}`} {...termProps('step-verdict', false)}>
          {v.passed ? 'passing' : 'failing'} {v.score.passed}/{v.score.total}
        </span>
        <span className="muted">
          {mcp
            ? `client ${step.modelMs} ms · server ${step.harnessMs} ms`
            : `model ${step.modelMs} ms · harness ${step.harnessMs} ms · ${step.usage.inputTokens}+${step.usage.outputTokens} tokens`}
        </span>
      </button>
      {step.note && (
        <aside className="step-note" data-testid="step-note">
          <span className="step-note-label">
            <Term id="demo-note">Demo note</Term>
          </span>
          {step.note}
        </aside>
      )}
      {step.retries && (
        <ul className="agent-retries" data-testid="step-retries" aria-label="Provider retries before this reply">
          {step.retries.map((r, i) => (
            <li key={i}>
              <Term id="provider-retry">provider retry</Term>: {retryText(r)}
            </li>
          ))}
        </ul>
      )}
      {mcp ? tools && <OfferedTools tools={tools} /> : (step.sent || tools) && <TurnSent step={step} tools={tools} />}
      {mcp && step.actions.length === 0 && step.stopReason === 'disconnected' && (
        <p className="muted" data-testid="step-disconnected">
          The client ended the session: the run was judged on the state as it left it.
        </p>
      )}
      {step.text && <Markdown className="agent-reply" text={step.text} />}
      {step.actions.map((a, i) => (
        <div key={i} className={`agent-action ${a.ok ? '' : 'failed'}`}>
          <div className="agent-action-head">
            <Chip term={actionTerm(a.kind)} className="badge">
              {actionBadge(a)}
            </Chip>
            <span className="muted">
              {a.ms} ms · {a.requests.length} request{a.requests.length === 1 ? '' : 's'} · {a.stepDiff.inserts.length + a.stepDiff.updates.length + a.stepDiff.deletes.length} change(s)
            </span>
          </div>
          {/* A code block is in the reply's text; a tool call's arguments (a code tool's code) are not. */}
          {a.kind === 'tool' ? (
            <CodeBlock className="agent-code" code={readableArguments(a.script ?? '')} language="json" />
          ) : a.toolCallId ? (
            <CodeBlock className="agent-code" code={a.code} language={a.kind === 'js' ? 'javascript' : a.kind} />
          ) : null}
          <details className="agent-output-box" open={!a.ok || a.observation.length < 600}>
            <summary>
              output · {a.observation.split('\n').length} line{a.observation.includes('\n') ? 's' : ''}
            </summary>
            <pre className="agent-output">{a.observation}</pre>
          </details>
        </div>
      ))}
    </li>
  );
}

/**
 * What the turn sent the model that earlier turns had not (the task, then the observations as sent, bounded), the
 * tool schemas offered, and the reply as it came (text, tool calls, stop reason): the request and answer, not a summary.
 */
function TurnSent({ step, tools }: { step: AgentStep; tools?: readonly ToolSpec[] }) {
  const reply = JSON.stringify({ text: step.text, ...(step.toolCalls?.length ? { toolCalls: step.toolCalls } : {}), stopReason: step.stopReason, usage: step.usage }, null, 2);
  return (
    <details className="agent-sent" data-testid="step-sent">
      <summary>
        sent to the model{step.sent ? ` · ${step.sent.length} new message${step.sent.length === 1 ? '' : 's'}` : ''}
        {tools ? ` · ${tools.length} tool schema${tools.length === 1 ? '' : 's'}` : ''} · reply as received
      </summary>
      {step.sent?.map((m, i) => (
        <div key={i}>
          <span className="muted">{m.role === 'tool' ? `tool result (${m.name})` : m.role}</span>
          <pre className="agent-output">{m.content}</pre>
        </div>
      ))}
      {tools && (
        <div>
          <span className="muted">tool schemas, offered every turn</span>
          <pre className="agent-output">{JSON.stringify(tools, null, 2)}</pre>
        </div>
      )}
      <span className="muted">reply as received</span>
      <pre className="agent-output">{reply}</pre>
    </details>
  );
}

/** The tools an MCP client was offered (its tools/list), as their schemas. */
function OfferedTools({ tools }: { tools: readonly ToolSpec[] }) {
  return (
    <details className="agent-sent" data-testid="step-tools">
      <summary>{tools.length} tool schemas offered to the client</summary>
      <pre className="agent-output">{JSON.stringify(tools, null, 2)}</pre>
    </details>
  );
}

/**
 * A tool call's arguments one per line when they do not fit a short line (a message's text, a query): only the
 * whitespace changes; arguments that are not JSON stay as they came.
 */
function readableArguments(script: string): string {
  if (script.length <= 60) return script;
  try {
    return JSON.stringify(JSON.parse(script), null, 2);
  } catch {
    return script;
  }
}

/** An API tool call by its tool, a code tool's call (`execute_python`) and a code block by their language. */
function actionBadge(a: AgentAction): string {
  if (a.kind === 'tool') return `tool ${a.code}`;
  return a.toolCallId ? `tool · ${actionLanguageTitle(a)}` : actionLanguageTitle(a);
}
