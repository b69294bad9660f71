import type { LanguageId } from '../../sandbox/languages.ts';
import { parseFieldRepr, type PyValue } from './pythonRepr.ts';

/**
 * Agent-Diff's published results files: a JSON object of runs keyed by run id, each with `prompt`, `passed`,
 * `score`, `failures`, `diff` and `trace.messages` — LangChain messages as pydantic's `__str__` writes them. A
 * human message (the prompt), AI messages whose `tool_calls` run `execute_python` or `execute_bash`, and tool
 * messages whose `content` is what the model saw (tied to their call by `tool_call_id`).
 */
export interface RecordedStep {
  /** The tool call's id, as recorded. */
  callId: string;
  tool: string;
  language: LanguageId | null;
  code: string;
  /** What the tool answered, as the model saw it; null when no tool message answers the call. */
  output: string | null;
  /** The model's text in the message that made the call. */
  thought: string;
}

export interface RecordedRun {
  key: string;
  runId: string;
  prompt: string;
  passed: boolean;
  score: { total: number; passed: number; percent: number } | null;
  status: string;
  failures: string[];
  executionSeconds: number | null;
  diff: unknown;
  /** The code steps in the order the model made them; empty when the trace holds none. */
  steps: RecordedStep[];
  /** The model's last message without tool calls. */
  finalAnswer: string | null;
  /** Why the recording has no steps to replay (the harness's own error, such as its recursion limit), or null. */
  traceError: string | null;
  /** Messages that could not be parsed (their index and the parser's message); the rest of the run still loads. */
  problems: string[];
}

const TOOL_LANGUAGES: Record<string, LanguageId> = { execute_python: 'python', execute_bash: 'bash', execute_javascript: 'javascript' };

function text(value: PyValue | undefined): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value.map((part) => (typeof part === 'string' ? part : typeof part === 'object' && part && 'text' in part ? String(part.text) : '')).join('');
  }
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

function codeOf(args: PyValue | undefined): string {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return '';
  for (const key of ['code', 'command', 'script', 'cmd']) {
    if (typeof args[key] === 'string') return args[key] as string;
  }
  return '';
}

/** True when the file looks like an Agent-Diff results file (so an import can tell it from a suite or a run record). */
export function isAgentDiffResults(data: unknown): data is Record<string, Record<string, unknown>> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const runs = Object.values(data as Record<string, unknown>);
  return (
    runs.length > 0 &&
    runs.every((run) => !!run && typeof run === 'object' && typeof (run as { prompt?: unknown }).prompt === 'string' && 'trace' in (run as object))
  );
}

export function parseRecordedRun(key: string, raw: Record<string, unknown>): RecordedRun {
  const trace = (raw.trace ?? {}) as { messages?: unknown; error?: unknown };
  const messages = Array.isArray(trace.messages) ? trace.messages : [];
  const steps: RecordedStep[] = [];
  const byCall = new Map<string, RecordedStep>();
  const problems: string[] = [];
  let finalAnswer: string | null = null;
  messages.forEach((message, index) => {
    if (typeof message !== 'string') return;
    let fields: Record<string, PyValue>;
    try {
      fields = parseFieldRepr(message);
    } catch (error) {
      problems.push(`message ${index}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (typeof fields.tool_call_id === 'string') {
      const step = byCall.get(fields.tool_call_id);
      if (step) step.output = text(fields.content);
      return;
    }
    const calls = Array.isArray(fields.tool_calls) ? fields.tool_calls : [];
    if (index === 0 && !calls.length) return;
    if (!calls.length) {
      finalAnswer = text(fields.content);
      return;
    }
    for (const call of calls) {
      if (!call || typeof call !== 'object' || Array.isArray(call)) continue;
      const tool = String(call.name ?? '');
      const step: RecordedStep = {
        callId: String(call.id ?? `call-${steps.length}`),
        tool,
        language: TOOL_LANGUAGES[tool] ?? null,
        code: codeOf(call.args),
        output: null,
        thought: text(fields.content),
      };
      steps.push(step);
      byCall.set(step.callId, step);
    }
  });
  const score = raw.score as RecordedRun['score'] | undefined;
  return {
    key,
    runId: String(raw.runId ?? key),
    prompt: String(raw.prompt ?? ''),
    passed: raw.passed === true,
    score: score && typeof score === 'object' ? score : null,
    status: String(raw.status ?? ''),
    failures: Array.isArray(raw.failures) ? raw.failures.map(String) : [],
    executionSeconds: typeof raw.execution_time === 'number' ? raw.execution_time : null,
    diff: raw.diff ?? null,
    steps,
    finalAnswer,
    traceError: messages.length ? null : typeof trace.error === 'string' ? trace.error : 'the trace holds no messages',
    problems,
  };
}

/** Every run of a results file, in the file's order. */
export function parseAgentDiffResults(data: unknown): RecordedRun[] {
  if (!isAgentDiffResults(data)) throw new Error('not an Agent-Diff results file: expected an object of runs, each with a prompt and a trace');
  return Object.entries(data).map(([key, raw]) => parseRecordedRun(key, raw));
}

/** Prompts as the recording and the suite write them, compared without outer or repeated whitespace. */
export function promptKey(prompt: string): string {
  return prompt.trim().replace(/\s+/g, ' ');
}
