import type { Diff } from '../engine/index.ts';
import type { HybridVerdict, TraceEntry, Verdict } from '../evaluation/index.ts';
import type { Replica } from '../replicas/index.ts';
import { callTool, routeTools, toolAnnotations, type ToolAnnotations } from '../replicas/tools.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import type { ConsoleEntry, RequestLogEntry, ScriptResult } from '../sandbox/types.ts';
import type { Session } from '../session/index.ts';
import { codeTools, type CodeTool, type ToolSet } from './codeTools.ts';
import { AGENT_TOKEN } from './prompts.ts';
import type { ToolSpec } from './types.ts';

/** What one action did to the world: as plain data, so it can cross a worker boundary. */
export interface WorldOutcome {
  /** Code: the script's result. Tools: a synthetic one (no console) with the request in the log. */
  script: ScriptResult;
  /** Tools: the HTTP status and body, and whether the service answered with an error (ToolCallResult.isError). */
  toolResult?: { status: number; body: unknown; isError?: boolean };
  stepDiff: Diff;
  runDiff: Diff;
  verdict: Verdict;
}

/**
 * The environment the agent loop acts in. The CLI and tests wrap a Session directly (sessionWorld); the UI forwards
 * the calls to its workbench worker, where the Session lives.
 */
export interface AgentWorld {
  /** `timeMs`: the script's time limit, when the protocol gives one (else the sandbox's default). */
  runCode(source: string, options: { signal?: AbortSignal; onConsole?: (entries: ConsoleEntry[]) => void; language?: LanguageId; timeMs?: number }): Promise<WorldOutcome>;
  callTool(service: string, name: string, args: Record<string, unknown>): Promise<WorldOutcome>;
  /**
   * Records the final answer and evaluates the state as it is; scenarios graded the hybrid way are also graded,
   * their rubrics judged on `trace` (what the agent did, whole).
   */
  finish(answer: string | null, trace?: TraceEntry[]): Promise<FinalState>;
}

export interface FinalState {
  runDiff: Diff;
  verdict: Verdict;
  grade: HybridVerdict | null;
}

/** A tool as the model sees it, and the route it stands for. */
export interface AgentTool {
  spec: ToolSpec;
  service: string;
  toolName: string;
  /** What the route does, as MCP's hints (read-only, destructive, idempotent). */
  annotations: ToolAnnotations;
}

/**
 * The tools of the scenario's services. With one service the model sees the route tables' own tool names; with
 * several, names get the service as a prefix (`slack__chat_postMessage`) so that they stay unique.
 */
export function agentTools(replicas: Replica[]): AgentTool[] {
  const prefix = replicas.length > 1;
  return replicas.flatMap((replica) =>
    routeTools(replica).map((t) => ({
      spec: { name: (prefix ? `${replica.name}__${t.name}` : t.name).slice(0, 64), description: t.description, parameters: t.inputSchema },
      service: replica.name,
      toolName: t.name,
      annotations: toolAnnotations(t.route),
    })),
  );
}

/** A tool of tool mode: an API route, or a language's sandbox (see codeTools.ts). */
export type ModeTool = AgentTool | CodeTool;

export function isCodeTool(tool: ModeTool): tool is CodeTool {
  return 'language' in tool;
}

/** The tools tool mode offers under a tool set: the API tools, then the code tools (default: both). */
export function toolModeTools(replicas: Replica[], toolset: ToolSet = 'all'): ModeTool[] {
  return [...(toolset === 'code' ? [] : agentTools(replicas)), ...(toolset === 'api' ? [] : codeTools())];
}

/** An API tool call through a Session (its faults, its token), counted as a step: what the tool answered, and the
 * call as the request log shows it. The diffs and the verdict after it are the caller's. */
export async function sendSessionToolCall(session: Session, service: string, name: string, args: Record<string, unknown>): Promise<Pick<WorldOutcome, 'script' | 'toolResult'>> {
  const { env, workbench } = session;
  session.steps++;
  const started = performance.now();
  let result: WorldOutcome['toolResult'];
  let error: string | undefined;
  try {
    const r = await callTool(workbench.router, env, service, name, args, { token: AGENT_TOKEN, send: (r) => session.handle(r) });
    result = { status: r.status, body: r.body, isError: r.isError };
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const ms = Math.round(performance.now() - started);
  const replica = workbench.router.replicas.find((r) => r.name === service);
  const request: RequestLogEntry = { method: 'TOOL', url: `${replica?.baseUrls[0] ?? service + ':'}${name}`, status: result?.status ?? 0, ms };
  return { script: { ok: !error, error, reason: error ? 'error' : undefined, console: [], requests: [request], durationMs: ms }, toolResult: result };
}

/** The AgentWorld of a Session in this thread. */
export function sessionWorld(session: Session): AgentWorld {
  const { env } = session;
  return {
    async runCode(source, options) {
      const step = await session.runStep(source, {
        language: options.language,
        ...(options.timeMs ? { limits: { timeMs: options.timeMs } } : {}),
        signal: options.signal,
        onConsole: options.onConsole ? (e) => options.onConsole!([e]) : undefined,
      });
      return { script: step.script, stepDiff: step.stepDiff, runDiff: step.runDiff, verdict: step.verdict };
    },
    async callTool(service, name, args) {
      await env.beginStep();
      const sent = await sendSessionToolCall(session, service, name, args);
      const { step: stepDiff, run: runDiff } = await env.diffs();
      return { ...sent, stepDiff, runDiff, verdict: await session.judge(runDiff) };
    },
    async finish(answer, trace) {
      if (answer !== null) session.answer = answer;
      const runDiff = await env.diff('run');
      const verdict = await session.judge(runDiff);
      return { runDiff, verdict, grade: await session.grade(verdict, runDiff, trace) };
    },
  };
}
