import type { Diff } from '../engine/index.ts';
import type { HybridVerdict, Verdict } from '../evaluation/index.ts';
import { languageById, type LanguageId } from '../sandbox/languages.ts';
import type { RequestLogEntry } from '../sandbox/types.ts';
import type { Scenario, ScenarioMetadata } from '../scenarios/index.ts';
import { formatFaultPlan, type FaultPlan } from '../session/faults.ts';
import type { ToolSet } from './codeTools.ts';
import type { DocsCondition } from './docs.ts';
import type { AgentMode } from './prompts.ts';
import type { ChatMessage, ProviderErrorKind, ProviderProtocol, ProviderRetry, ToolCall, ToolSpec, Usage } from './types.ts';
import { runPassed, runState, type RunState } from './runState.ts';

export { runPassed, runState, type RunState } from './runState.ts';

/** The version tag of an agent run record; readers refuse other major versions. */
export const RUN_FORMAT = 'difflab-agent-run/1';

/**
 * What ran in one step: a code block in its language (`js` JavaScript, `bash`, `python`), or a tool call. `curl`
 * appears only in records from before Bash ran for real: a curl block turned into a JavaScript script.
 */
export interface AgentAction {
  kind: 'js' | 'bash' | 'python' | 'curl' | 'tool';
  /** What the model wrote: the block's text (a code tool's `code` argument), or for an API tool the tool name. */
  code: string;
  /** The script that ran in the sandbox, when it differs from `code` (curl); tool calls: the arguments as JSON. */
  script?: string;
  /** Tool mode: the call's id, to pair it with its result (API tools, and code tools recorded as their language). */
  toolCallId?: string;
  /** The observation sent back to the model (bounded, with a note when cut). */
  observation: string;
  ok: boolean;
  error: string | null;
  requests: RequestLogEntry[];
  /** Wall time of the action in the environment: sandbox (worker start included), requests, diff and evaluation. */
  ms: number;
  /** What this action changed. */
  stepDiff: Diff;
}

const KIND_LANGUAGE: Record<Exclude<AgentAction['kind'], 'tool'>, LanguageId> = { js: 'javascript', curl: 'javascript', bash: 'bash', python: 'python' };

/** The language a code action ran in (an old record's `curl` ran as the JavaScript it became); undefined for tools. */
export function actionLanguage(action: Pick<AgentAction, 'kind'>): LanguageId | undefined {
  return action.kind === 'tool' ? undefined : KIND_LANGUAGE[action.kind];
}

/** The action's kind for people: `JavaScript`, `Bash`, `curl`, `tool`. */
export function actionLanguageTitle(action: Pick<AgentAction, 'kind'>): string {
  if (action.kind === 'tool' || action.kind === 'curl') return action.kind;
  return languageById(KIND_LANGUAGE[action.kind])?.title ?? action.kind;
}

/** The action kind that records a block of this language. */
export function actionKindOf(language: LanguageId): AgentAction['kind'] {
  return language === 'javascript' ? 'js' : language;
}

/** One turn of the model and what its actions did. */
export interface AgentStep {
  index: number;
  /** The model's reply text. */
  text: string;
  toolCalls?: ToolCall[];
  actions: AgentAction[];
  usage: Usage;
  /** Time waiting for the model. */
  modelMs: number;
  /** Time spent on this step outside the model: its actions (see AgentAction.ms) plus the loop's own work. */
  harnessMs: number;
  stopReason: string | null;
  /** The transient provider failures retried before this step's reply came whole (absent: none). */
  retries?: ProviderRetry[];
  /**
   * What this turn sent the model that the turns before had not: the task (first turn), then the observations of the
   * previous turn's actions, as sent (bounded). With `system`, `tools` and the replies before, it is the whole request.
   */
  sent?: ChatMessage[];
  /** The whole run's diff after this step, and its evaluation: what replay shows at this step. */
  runDiff: Diff;
  verdict: Verdict;
  /** A note for people about this step (a demo run's teaching note), shown beside it. */
  note?: string;
}

/** `time_limit`: the run's own time budget (the ReAct protocol's 300 s) ran out. */
export type EndReason = 'final_answer' | 'max_iterations' | 'time_limit' | 'stopped' | 'error';

/** Who acted: a model over one of the wire protocols, or a person (`human`, working in the playground). */
export type RunActor = ProviderProtocol | 'human';

/** The model a run used (or `protocol: 'human'` for a person's attempt). Never holds a key. */
export interface ModelRef {
  protocol: RunActor;
  baseURL: string;
  model: string;
  /** A label for tables (`openai/gpt-4.1-mini`); defaults to the model name. */
  label?: string;
}

export interface RunSettings {
  mode: AgentMode;
  docs: DocsCondition;
  /** Tool mode: which tools the model is offered (absent in other modes, and in records from before code tools). */
  toolset?: ToolSet;
  maxIterations: number;
  /** Wall time for the whole run (model and actions), when the protocol has one. */
  timeLimitMs?: number;
  temperature?: number;
  maxObservationChars: number;
}

/** An agent run's settings unless told otherwise; `maxIterations` is also a person's step budget. */
export const defaultRunSettings: RunSettings = {
  mode: 'code',
  docs: 'none',
  maxIterations: 15,
  maxObservationChars: 8000,
};

/** A complete agent run: enough to replay it step by step without a model or a key, and to score it. */
export interface AgentRunRecord {
  format: typeof RUN_FORMAT;
  id: string;
  startedAt: string;
  scenario: {
    id: string;
    title: string;
    prompt: string;
    seed: string;
    services: string[];
    suite?: string;
    metadata: ScenarioMetadata;
  };
  model: ModelRef;
  settings: RunSettings;
  /** Which trial of a batch this is (0-based). */
  trial: number;
  /** A note for people, e.g. what a demo run teaches. */
  note?: string;
  /** The batch (one evaluation, possibly over shards) this run belongs to; compare views pair batches. */
  batch?: string;
  /** The faults injected between the agent's requests and the replica, when any were (absent: none). */
  faults?: FaultPlan;
  /** A person's attempt: the step budget it ran under, and whether it ran out. Steps and time are `steps`/`timing`. */
  human?: HumanAttempt;
  system: string;
  /** Tool mode: the tool schemas every turn offered the model (absent in other modes and in older records). */
  tools?: ToolSpec[];
  steps: AgentStep[];
  endReason: EndReason;
  /**
   * `passed`, `failed` or `errored` (the provider failed before the model ended the run: left out of pass rate,
   * score, pass@k and pass^k). See runState.ts; records from before the field derive it (`runState`).
   */
  state?: RunState;
  /** Why the run errored (provider failure…), for people. */
  error: string | null;
  /** The provider failure's kind (`cors`, `auth`, `model`, `truncated`, `timeout`…), when a provider failed. */
  errorKind?: ProviderErrorKind;
  /** The step (0-based) whose model request failed, when a provider failed. */
  errorStep?: number;
  /** The transient failures retried before the request that failed gave up (absent: none). */
  errorRetries?: ProviderRetry[];
  /**
   * Set when the model never answered: the provider could not be reached or refused the key or the model before the
   * first reply. Such a run is errored and *not run*: nothing the model did was judged.
   */
  notRun?: true;
  answer: string | null;
  /** The final evaluation and diff (after the final answer was applied to the answer checks). */
  verdict: Verdict;
  /** The hybrid verdict of scenarios with rubrics or critical assertions; its `passed` is the run's pass. */
  grade?: HybridVerdict | null;
  runDiff: Diff;
  usage: Usage;
  timing: { totalMs: number; modelMs: number; harnessMs: number };
}

export interface HumanAttempt {
  budget: number;
  outOfBudget: boolean;
}

/** The name tables give every person's attempt: one "human" row beside the models. */
export const HUMAN_LABEL = 'human';

export function isHumanRun(r: Pick<AgentRunRecord, 'model'>): boolean {
  return r.model.protocol === 'human';
}

/** Where an MCP client's session (`difflab mcp`) says it came from: its "model" is the client, named by its initialize. */
export const MCP_STDIO_BASE_URL = 'mcp:stdio';

/** Where a run of an external agent (`eval --agent-command`) came from: its "model" is the command line. */
export const MCP_AGENT_COMMAND_BASE_URL = 'mcp:agent-command';

/**
 * A run an MCP client made: each step is one tool call it sent, its time before it the client's, and no tokens or
 * prompts ever reach DiffLab.
 */
export function isMcpRun(r: Pick<AgentRunRecord, 'model'>): boolean {
  return r.model.baseURL.startsWith('mcp:');
}

/** The diff of a step: what each of its actions changed, in order. */
export function stepDiffOf(step: Pick<AgentStep, 'actions'>): Diff {
  return {
    inserts: step.actions.flatMap((a) => a.stepDiff.inserts),
    updates: step.actions.flatMap((a) => a.stepDiff.updates),
    deletes: step.actions.flatMap((a) => a.stepDiff.deletes),
  };
}

/** What a run record keeps of its scenario. */
export function scenarioRef(scenario: Scenario, suite?: string): AgentRunRecord['scenario'] {
  return {
    id: scenario.id,
    title: scenario.title,
    prompt: scenario.prompt,
    seed: scenario.seed,
    services: scenario.services,
    ...(suite ? { suite } : {}),
    metadata: scenario.metadata,
  };
}

/** A run reduced to what tables, statistics and the CSV export need. */
export interface RunSummary {
  id: string;
  scenario: string;
  suite?: string;
  services: string[];
  category?: string;
  horizon?: number;
  model: string;
  mode: AgentMode;
  docs: DocsCondition;
  trial: number;
  batch?: string;
  /** The faults of the run in `--faults` syntax; empty when none. */
  faults: string;
  state: RunState;
  passed: boolean;
  agentDiffPassed: boolean;
  closedWorldPassed: boolean;
  scorePassed: number;
  scoreTotal: number;
  steps: number;
  endReason: EndReason;
  error: string | null;
  errorKind?: ProviderErrorKind;
  inputTokens: number;
  outputTokens: number;
  totalMs: number;
}

export function modelLabel(m: ModelRef): string {
  return m.label ?? (m.protocol === 'human' ? HUMAN_LABEL : m.model);
}

export function summarizeRun(r: AgentRunRecord): RunSummary {
  return {
    id: r.id,
    scenario: r.scenario.id,
    suite: r.scenario.suite,
    services: r.scenario.services,
    category: r.scenario.metadata.category,
    horizon: r.scenario.metadata.horizon,
    model: modelLabel(r.model),
    mode: r.settings.mode,
    docs: r.settings.docs,
    trial: r.trial,
    batch: r.batch,
    faults: r.faults ? formatFaultPlan(r.faults) : '',
    state: runState(r),
    // What the state passed is beside the point when the provider failed: the run is not judged.
    passed: runState(r) === 'passed',
    agentDiffPassed: r.verdict.agent_diff_passed,
    closedWorldPassed: r.verdict.closed_world_passed,
    scorePassed: r.verdict.score.passed,
    scoreTotal: r.verdict.score.total,
    steps: r.steps.length,
    endReason: r.endReason,
    error: r.error,
    ...(r.errorKind ? { errorKind: r.errorKind } : {}),
    inputTokens: r.usage.inputTokens,
    outputTokens: r.usage.outputTokens,
    totalMs: r.timing.totalMs,
  };
}

/** Why a value is not a run record this version reads, or null when it is one. */
export function runRecordProblem(value: unknown): string | null {
  const v = value as Partial<AgentRunRecord> | null;
  if (!v || typeof v !== 'object') return 'not an object';
  if (v.format !== RUN_FORMAT) return `format is ${JSON.stringify(v.format)}, expected "${RUN_FORMAT}"`;
  if (!v.scenario || typeof v.scenario.prompt !== 'string' || !v.verdict || !v.runDiff || !Array.isArray(v.steps)) return 'missing scenario, verdict, diff or steps';
  return null;
}

/** One record per line. */
export function toJsonl(records: readonly AgentRunRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : '');
}

/**
 * Reads run records from JSON (one record or an array) or JSONL. Problems are reported per line, not thrown, so a
 * damaged line does not lose the rest.
 */
export function parseRunRecords(text: string): { records: AgentRunRecord[]; problems: string[] } {
  const records: AgentRunRecord[] = [];
  const problems: string[] = [];
  const trimmed = text.trim();
  const accept = (value: unknown, where: string) => {
    const problem = runRecordProblem(value);
    if (problem) problems.push(`${where}: ${problem}`);
    else records.push(value as AgentRunRecord);
  };
  if (trimmed.startsWith('[')) {
    try {
      (JSON.parse(trimmed) as unknown[]).forEach((v, i) => accept(v, `item ${i + 1}`));
    } catch (err) {
      problems.push(`not valid JSON: ${(err as Error).message}`);
    }
    return { records, problems };
  }
  trimmed.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      accept(JSON.parse(line), `line ${i + 1}`);
    } catch (err) {
      problems.push(`line ${i + 1}: not valid JSON: ${(err as Error).message}`);
    }
  });
  return { records, problems };
}

const CSV_COLUMNS: (keyof RunSummary)[] = [
  'id', 'scenario', 'suite', 'services', 'category', 'horizon', 'model', 'mode', 'docs', 'trial', 'state', 'passed', 'agentDiffPassed',
  'closedWorldPassed', 'scorePassed', 'scoreTotal', 'steps', 'endReason', 'error', 'errorKind', 'inputTokens', 'outputTokens', 'totalMs', 'batch', 'faults',
];

function csvCell(v: unknown): string {
  const s = v === undefined || v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per run, for spreadsheets. */
export function toCsv(records: readonly AgentRunRecord[]): string {
  const rows = records.map(summarizeRun).map((s) => CSV_COLUMNS.map((c) => csvCell(s[c])).join(','));
  return [CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}
