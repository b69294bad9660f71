import type { Replica } from '../replicas/index.ts';
import type { Scenario } from '../scenarios/index.ts';
import type { ConsoleEntry } from '../sandbox/types.ts';
import { answerFromConsole, type TraceEntry } from '../evaluation/index.ts';
import { boundText, explicitAnswer, extractCodeBlocks, scriptObservation, type CodeBlock } from './codeBlocks.ts';
import { docsFor } from './docs.ts';
import { codeModePrompt, taskMessage, toolModePrompt } from './prompts.ts';
import { parseReactReply, reactFormatProblem, reactObservation, reactPrompt, REACT_MAX_ITERATIONS, REACT_TIME_LIMIT_MS } from './react.ts';
import { hasFaults, type FaultPlan } from '../session/faults.ts';
import { actionKindOf, runState, defaultRunSettings, RUN_FORMAT, scenarioRef, type AgentAction, type AgentRunRecord, type AgentStep, type EndReason, type ModelRef, type RunSettings } from './record.ts';
import { ProviderError, type ChatMessage, type ModelProvider, type ModelTurn, type ProviderErrorKind, type ProviderRetry, type ToolCall } from './types.ts';
import { codeArgument } from './codeTools.ts';
import { agentTools, isCodeTool, toolModeTools, type AgentWorld, type FinalState, type ModeTool, type WorldOutcome } from './world.ts';
import { traceOfAction } from './trace.ts';
import { codeObservations, replaySteps, transcriptOf } from './fork.ts';

export { defaultRunSettings } from './record.ts';

/** What a live view listens to while a run goes on. */
export interface AgentEvents {
  onStepStart?(index: number): void;
  onText?(index: number, delta: string): void;
  onConsole?(index: number, entries: ConsoleEntry[]): void;
  onAction?(index: number, action: AgentAction): void;
  /** The step's model request was sent again after a transient failure: the text streamed so far is void. */
  onRetry?(index: number, retry: ProviderRetry): void;
  onStep?(step: AgentStep): void;
}

export interface AgentRunOptions {
  provider: ModelProvider;
  model: ModelRef;
  world: AgentWorld;
  scenario: Scenario;
  suite?: string;
  /** The replicas of the scenario's services (their route tables give docs and tools). */
  replicas: Replica[];
  settings?: Partial<RunSettings>;
  /** For the `relevant` docs condition: the endpoints the reference solution called (else the scenario's metadata.tools). */
  relevantEndpoints?: readonly string[];
  /** Docs text that replaces the route tables' under the docs condition (Agent-Diff's own endpoint docs; agentDiffDocs.ts). */
  docsText?: string;
  trial?: number;
  batch?: string;
  /**
   * The faults the world injects (set on its Session by the caller, e.g. `session.setFaults`): recorded with the run.
   * The loop does not inject them itself, so the record says what the world was told.
   */
  faults?: FaultPlan;
  id?: string;
  /**
   * Continues a saved run from a step: its steps up to `through` are replayed into the (fresh) environment and kept,
   * and the model (this run's, which may differ) takes over from there with the same conversation.
   */
  fork?: { record: AgentRunRecord; through: number };
  /** Stops the run: the model request and the running script are cancelled, then the state is evaluated. */
  signal?: AbortSignal;
  events?: AgentEvents;
}

export function systemPrompt(replicas: Replica[], scenario: Scenario, settings: RunSettings, relevant?: readonly string[], docsText?: string): string {
  const docs = docsText ?? docsFor(replicas, settings.docs, relevant ?? scenario.metadata.tools ?? []);
  if (settings.mode === 'react') return reactPrompt(replicas, docs, scenario.clock);
  return settings.mode === 'tools' ? toolModePrompt(replicas, docs, settings.toolset) : codeModePrompt(replicas, docs);
}

/**
 * The settings of a run: the defaults, the protocol's own (ReAct: 25 turns, 300 s; tool mode: API and code tools),
 * then what was asked.
 */
export function runSettings(asked: Partial<RunSettings> = {}): RunSettings {
  const protocol: Partial<RunSettings> =
    asked.mode === 'react' ? { maxIterations: REACT_MAX_ITERATIONS, timeLimitMs: REACT_TIME_LIMIT_MS } : asked.mode === 'tools' ? { toolset: 'all' } : {};
  return { ...defaultRunSettings, ...protocol, ...asked };
}

/**
 * Runs one agent attempt at a scenario: the model acts (code blocks or tool calls), sees what happened, and goes on
 * until it gives a final answer, reaches the iteration limit, is stopped or its provider fails. The state is
 * evaluated in every case, and every step so far is kept.
 */
export async function runAgent(options: AgentRunOptions): Promise<AgentRunRecord> {
  const settings = runSettings(options.settings);
  const { provider, world, scenario, events, signal } = options;
  const started = performance.now();
  const system = systemPrompt(options.replicas, scenario, settings, options.relevantEndpoints, options.docsText);
  const tools = settings.mode === 'tools' ? toolModeTools(options.replicas, settings.toolset) : [];
  const messages: ChatMessage[] = [{ role: 'user', content: taskMessage(scenario.prompt) }];
  const steps: AgentStep[] = [];
  /** What a rubric judge sees: the model's messages and every action, whole (a fork's kept steps as recorded). */
  const trace: TraceEntry[] = [];
  if (options.fork) {
    const kept = options.fork.record.steps.slice(0, options.fork.through + 1);
    await replaySteps(world, kept, agentTools(options.replicas));
    steps.push(...kept);
    messages.push(...transcriptOf(kept, settings.mode));
    for (const step of kept) trace.push({ kind: 'message', role: 'assistant', text: step.text }, ...step.actions.flatMap((a) => traceOfAction(a, null)));
  }
  const usage = { inputTokens: 0, outputTokens: 0 };
  let endReason: EndReason = 'max_iterations';
  let error: string | null = null;
  let errorKind: ProviderErrorKind | undefined;
  let errorStep: number | undefined;
  let errorRetries: ProviderRetry[] = [];
  const keptSteps = steps.length;
  /** How much of `messages` earlier turns sent: each step records only what its turn adds. */
  let sentUpTo = 0;
  let answer: string | null = null;
  /** The last `Answer: …` line a script printed (the same convention as the playground's scripts). */
  let printedAnswer: string | null = null;
  let modelMs = 0;
  let harnessMs = 0;
  let finalState: FinalState | null = null;

  for (let index = steps.length; index < settings.maxIterations; index++) {
    if (signal?.aborted) {
      endReason = 'stopped';
      break;
    }
    if (settings.timeLimitMs !== undefined && performance.now() - started > settings.timeLimitMs) {
      endReason = 'time_limit';
      break;
    }
    events?.onStepStart?.(index);
    const modelStarted = performance.now();
    let turn: ModelTurn;
    const sent = messages.slice(sentUpTo);
    try {
      turn = await provider.complete({
        model: options.model.model,
        system,
        messages,
        tools: tools.map((t) => t.spec),
        temperature: settings.temperature,
        signal,
        onText: (delta) => events?.onText?.(index, delta),
        onRetry: (retry) => events?.onRetry?.(index, retry),
      });
    } catch (err) {
      const pe = err instanceof ProviderError ? err : new ProviderError('other', err instanceof Error ? err.message : String(err));
      if (pe.kind === 'aborted' || signal?.aborted) endReason = 'stopped';
      else {
        endReason = 'error';
        error = pe.message;
        errorKind = pe.kind;
        errorStep = index;
        errorRetries = pe.retries ?? [];
      }
      break;
    }
    const stepModelMs = Math.round(performance.now() - modelStarted);
    modelMs += stepModelMs;
    usage.inputTokens += turn.usage.inputTokens;
    usage.outputTokens += turn.usage.outputTokens;
    messages.push({ role: 'assistant', content: turn.text, ...(turn.toolCalls.length ? { toolCalls: turn.toolCalls } : {}) });
    sentUpTo = messages.length;

    const harnessStarted = performance.now();
    const actions: AgentAction[] = [];
    let last: WorldOutcome | null = null;
    trace.push({ kind: 'message', role: 'assistant', text: turn.text });
    const record = (action: AgentAction, outcome: WorldOutcome | null) => {
      actions.push(action);
      trace.push(...traceOfAction(action, outcome));
      if (outcome) last = outcome;
      events?.onAction?.(index, action);
    };

    const blocks = settings.mode === 'code' ? extractCodeBlocks(turn.text) : [];
    const react = settings.mode === 'react' ? parseReactReply(turn.text) : null;
    const isFinal = react ? react.kind === 'done' : settings.mode === 'code' ? blocks.length === 0 : turn.toolCalls.length === 0;
    if (isFinal) {
      // An explicit `Answer:` in the reply wins, then one a script printed, then the whole reply (ReAct: its <done>).
      const reply = react?.kind === 'done' ? react.summary : turn.text;
      answer = explicitAnswer(reply) ?? printedAnswer ?? (reply.trim() || null);
      endReason = 'final_answer';
    } else if (react) {
      if (react.kind === 'action') {
        // The protocol's budget is the task's (300 s), not each command's: an action may use what is left of it.
        const left = settings.timeLimitMs === undefined ? undefined : Math.max(1000, Math.round(settings.timeLimitMs - (performance.now() - started)));
        const { action, outcome } = await runBlock(world, { language: 'bash', source: react.command }, settings.maxObservationChars, signal, (e) => events?.onConsole?.(index, e), left);
        if (outcome) action.observation = reactObservation(outcome.script, settings.maxObservationChars);
        record(action, outcome);
        if (outcome) printedAnswer = answerFromConsole(outcome.script.console) ?? printedAnswer;
        messages.push({ role: 'user', content: action.observation });
      } else if (react.kind === 'invalid') {
        messages.push({ role: 'user', content: reactFormatProblem(react.problem) });
      }
    } else if (settings.mode === 'code') {
      for (const block of blocks) {
        if (signal?.aborted) break;
        const { action, outcome } = await runBlock(world, block, settings.maxObservationChars, signal, (e) => events?.onConsole?.(index, e));
        record(action, outcome);
        if (outcome) printedAnswer = answerFromConsole(outcome.script.console) ?? printedAnswer;
      }
      messages.push({ role: 'user', content: codeObservations(actions) });
    } else {
      for (const call of turn.toolCalls) {
        const { action, outcome } = await runToolCall(world, tools, call, settings.maxObservationChars, signal, (e) => events?.onConsole?.(index, e));
        record(action, outcome);
        if (outcome && action.kind !== 'tool') printedAnswer = answerFromConsole(outcome.script.console) ?? printedAnswer;
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: action.observation });
      }
    }

    // A final reply is evaluated once, with its answer; other steps show the state after their last action.
    const state = isFinal ? (finalState = await world.finish(answer, trace)) : ((last as WorldOutcome | null) ?? (await world.finish(null)));
    const step: AgentStep = {
      index,
      text: turn.text,
      ...(turn.toolCalls.length ? { toolCalls: turn.toolCalls } : {}),
      actions,
      usage: turn.usage,
      modelMs: stepModelMs,
      harnessMs: Math.round(performance.now() - harnessStarted),
      stopReason: turn.stopReason,
      ...(turn.retries?.length ? { retries: turn.retries } : {}),
      sent,
      runDiff: state.runDiff,
      verdict: state.verdict,
    };
    harnessMs += step.harnessMs;
    steps.push(step);
    events?.onStep?.(step);
    if (isFinal) break;
    if (signal?.aborted) {
      endReason = 'stopped';
      break;
    }
  }

  const final = finalState ?? (await world.finish(answer, trace));
  return {
    format: RUN_FORMAT,
    id: options.id ?? randomId(),
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    scenario: scenarioRef(scenario, options.suite),
    model: options.model,
    settings,
    trial: options.trial ?? 0,
    ...(options.batch ? { batch: options.batch } : {}),
    ...(hasFaults(options.faults) ? { faults: options.faults } : {}),
    system,
    ...(tools.length ? { tools: tools.map((t) => t.spec) } : {}),
    steps,
    endReason,
    state: runState({ endReason, verdict: final.verdict, grade: final.grade }),
    error,
    ...(errorKind ? { errorKind } : {}),
    ...(errorStep !== undefined ? { errorStep } : {}),
    ...(errorRetries.length ? { errorRetries } : {}),
    // The model never answered (unreachable, key or model refused): the run is not a failure of the model.
    ...(endReason === 'error' && steps.length === keptSteps ? { notRun: true as const } : {}),
    answer,
    verdict: final.verdict,
    ...(final.grade ? { grade: final.grade } : {}),
    runDiff: final.runDiff,
    usage,
    timing: { totalMs: Math.round(performance.now() - started), modelMs, harnessMs },
  };
}

async function runBlock(
  world: AgentWorld,
  block: CodeBlock,
  max: number,
  signal: AbortSignal | undefined,
  onConsole: (entries: ConsoleEntry[]) => void,
  timeMs?: number,
): Promise<{ action: AgentAction; outcome: WorldOutcome | null }> {
  const started = performance.now();
  const outcome = await world.runCode(block.source, { signal, onConsole, language: block.language, ...(timeMs ? { timeMs } : {}) });
  const ms = Math.round(performance.now() - started);
  const r = outcome.script;
  const observation = scriptObservation(r, max);
  return {
    action: {
      kind: actionKindOf(block.language),
      code: block.source,
      observation,
      ok: r.ok,
      error: r.ok ? null : (r.error ?? r.reason ?? 'failed'),
      requests: r.requests,
      ms,
      stepDiff: outcome.stepDiff,
    },
    outcome,
  };
}

async function runToolCall(
  world: AgentWorld,
  tools: ModeTool[],
  call: ToolCall,
  max: number,
  signal: AbortSignal | undefined,
  onConsole: (entries: ConsoleEntry[]) => void,
): Promise<{ action: AgentAction; outcome: WorldOutcome | null }> {
  const refuse = (message: string) => ({
    action: { kind: 'tool' as const, code: call.name, script: call.arguments, toolCallId: call.id, observation: message, ok: false, error: message, requests: [], ms: 0, stepDiff: emptyDiff() },
    outcome: null,
  });
  const tool = tools.find((t) => t.spec.name === call.name);
  if (!tool) return refuse(`there is no tool named ${call.name}`);
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(call.arguments || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse('the tool arguments must be a JSON object');
    args = parsed as Record<string, unknown>;
  } catch (err) {
    return refuse(`the tool arguments are not valid JSON: ${(err as Error).message}`);
  }
  if (isCodeTool(tool)) {
    // Recorded as a code action of its language (replayed and shown as code), paired with its call.
    const code = codeArgument(args);
    if ('problem' in code) return refuse(code.problem);
    const { action, outcome } = await runBlock(world, { language: tool.language, source: code.code }, max, signal, onConsole);
    return { action: { ...action, toolCallId: call.id }, outcome };
  }
  const started = performance.now();
  const outcome = await world.callTool(tool.service, tool.toolName, args);
  const ms = Math.round(performance.now() - started);
  const r = outcome.script;
  const observation = outcome.toolResult ? toolObservation(outcome.toolResult, max) : `the tool call failed: ${r.error}`;
  return {
    action: {
      kind: 'tool',
      code: call.name,
      script: call.arguments,
      toolCallId: call.id,
      observation,
      ok: r.ok && (outcome.toolResult?.status ?? 500) < 400,
      error: r.ok ? null : (r.error ?? 'failed'),
      requests: r.requests,
      ms,
      stepDiff: outcome.stepDiff,
    },
    outcome,
  };
}

/** What an API tool's caller reads of its answer: the HTTP status, then the body (bounded, with a note when cut). */
export function toolObservation(result: { status: number; body: unknown }, max: number): string {
  return boundText(`HTTP ${result.status}\n${typeof result.body === 'string' ? result.body : JSON.stringify(result.body)}`, max);
}

function emptyDiff() {
  return { inserts: [], updates: [], deletes: [] };
}

function randomId(): string {
  return `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
