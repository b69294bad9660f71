import type { Diff } from '../engine/index.ts';
import type { Verdict } from '../evaluation/index.ts';
import type { RequestLogEntry } from '../sandbox/types.ts';
import type { ScenarioMetadata } from '../scenarios/index.ts';
import type { DocsCondition } from './docs.ts';
import type { AgentMode } from './prompts.ts';
import type { ProviderProtocol, ToolCall, Usage } from './types.ts';

/** The version tag of an agent run record; readers refuse other major versions. */
export const RUN_FORMAT = 'difflab-agent-run/1';

/** What ran in one step: a JavaScript block, a curl block (with the script it became) or a tool call. */
export interface AgentAction {
  kind: 'js' | 'curl' | 'tool';
  /** What the model wrote: the block's text, or for a tool the tool name. */
  code: string;
  /** The script that ran in the sandbox, when it differs from `code` (curl); tool calls: the arguments as JSON. */
  script?: string;
  /** Tool mode: the call's id, to pair it with its result. */
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
  /** The whole run's diff after this step, and its evaluation: what replay shows at this step. */
  runDiff: Diff;
  verdict: Verdict;
}

export type EndReason = 'final_answer' | 'max_iterations' | 'stopped' | 'error';

/** The model a run used. Never holds a key. */
export interface ModelRef {
  protocol: ProviderProtocol;
  baseURL: string;
  model: string;
  /** A label for tables (`openai/gpt-4.1-mini`); defaults to the model name. */
  label?: string;
}

export interface RunSettings {
  mode: AgentMode;
  docs: DocsCondition;
  maxIterations: number;
  temperature?: number;
  maxObservationChars: number;
}

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
  system: string;
  steps: AgentStep[];
  endReason: EndReason;
  /** Why the run errored (provider failure…), for people. */
  error: string | null;
  answer: string | null;
  /** The final evaluation and diff (after the final answer was applied to the answer checks). */
  verdict: Verdict;
  runDiff: Diff;
  usage: Usage;
  timing: { totalMs: number; modelMs: number; harnessMs: number };
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
  passed: boolean;
  agentDiffPassed: boolean;
  closedWorldPassed: boolean;
  scorePassed: number;
  scoreTotal: number;
  steps: number;
  endReason: EndReason;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  totalMs: number;
}

export function modelLabel(m: ModelRef): string {
  return m.label ?? m.model;
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
    passed: r.verdict.passed,
    agentDiffPassed: r.verdict.agent_diff_passed,
    closedWorldPassed: r.verdict.closed_world_passed,
    scorePassed: r.verdict.score.passed,
    scoreTotal: r.verdict.score.total,
    steps: r.steps.length,
    endReason: r.endReason,
    error: r.error,
    inputTokens: r.usage.inputTokens,
    outputTokens: r.usage.outputTokens,
    totalMs: r.timing.totalMs,
  };
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
    const v = value as Partial<AgentRunRecord> | null;
    if (!v || typeof v !== 'object') problems.push(`${where}: not an object`);
    else if (v.format !== RUN_FORMAT) problems.push(`${where}: format is ${JSON.stringify(v.format)}, expected "${RUN_FORMAT}"`);
    else if (!v.scenario || !v.verdict || !Array.isArray(v.steps)) problems.push(`${where}: missing scenario, verdict or steps`);
    else records.push(v as AgentRunRecord);
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
  'id', 'scenario', 'suite', 'services', 'category', 'horizon', 'model', 'mode', 'docs', 'trial', 'passed', 'agentDiffPassed',
  'closedWorldPassed', 'scorePassed', 'scoreTotal', 'steps', 'endReason', 'error', 'inputTokens', 'outputTokens', 'totalMs', 'batch',
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
