import type { Diff, Row, SeedFile } from '../../engine/index.ts';
import type { ScriptResult, ConsoleEntry } from '../../sandbox/types.ts';
import type { Scenario, Suite, SuiteIssue } from '../../scenarios/index.ts';
import type { HybridVerdict, Judgement, JudgeRequest, TraceEntry, Verdict } from '../../evaluation/index.ts';
import type { FinalState, WorldOutcome } from '../../agent/world.ts';
import type { FaultPlan } from '../../session/faults.ts';
import type { LintReport } from '../../studio/lint.ts';
import type { LanguageId } from '../../sandbox/languages.ts';
import type { RecordedRun } from '../../agent/recorded/agentDiffResults.ts';
import type { ReplayResult } from '../../agent/recorded/replayRun.ts';

/** A table as the UI needs it: where it lives, how to key its rows, and its columns in order. */
export interface TableMeta {
  service: string;
  name: string;
  primaryKey: string[];
  columns: string[];
}

export interface TableCount {
  service: string;
  table: string;
  rows: number;
}

export interface StartInfo {
  /** Seeds already loaded as templates (those in the prebuilt data directory). */
  templates: string[];
  services: string[];
  /** Whether the prebuilt data directory was used (false: initdb ran, seeds load on demand). */
  prebuilt: boolean;
  ms: number;
}

export interface OpenInfo {
  tables: TableMeta[];
  ms: number;
}

/** One step's outcome, as plain data that crosses the worker boundary. */
export interface StepOutcome {
  script: ScriptResult;
  stepDiff: Diff;
  runDiff: Diff;
  verdict: Verdict;
  /** The hybrid verdict of scenarios with rubrics or critical assertions (its `passed` is the scenario's pass). */
  grade?: HybridVerdict | null;
}

/** Every operation the workbench worker serves: its arguments and its result. */
export interface WorkbenchOps {
  /**
   * Waits for the start `boot` began (or begins it): PostgreSQL from the prebuilt data directory at `dataDir`, a
   * tar.gz dump, or from an empty cluster when it is null or cannot be fetched.
   */
  start: { args: { dataDir: string | null }; result: StartInfo };
  registerSeed: { args: { name: string; seed: SeedFile }; result: { tables: number; rows: number } };
  open: { args: { scenario: Scenario }; result: OpenInfo };
  /** A script as one step: in the open scenario's environment, or with `attemptId` in that agent attempt's. */
  run: { args: { source: string; runId: number; attemptId?: number; language?: LanguageId }; result: StepOutcome };
  reset: { args: Record<string, never>; result: null };
  tables: { args: Record<string, never>; result: TableCount[] };
  rows: { args: { service: string; table: string; offset: number; limit: number }; result: Row[] };
  checkSuite: { args: { suite: Suite }; result: SuiteIssue[] };
  /** Agent tool mode: one tool call in the open scenario's environment, as one step. */
  agentTool: { args: { service: string; name: string; args: Record<string, unknown>; attemptId?: number }; result: WorldOutcome };
  /** Agent runs: records the final answer and evaluates the state as it is. */
  agentFinish: { args: { answer: string | null; trace?: TraceEntry[]; attemptId?: number }; result: FinalState };
  /**
   * A fresh environment for one agent attempt of a batch, beside the open scenario's (which it leaves alone), so
   * that several attempts can be under way at once; `run`, `agentTool` and `agentFinish` reach it by `attemptId`.
   */
  openAttempt: { args: { scenario: Scenario }; result: { attemptId: number } };
  /** Disposes an attempt's environment. */
  closeAttempt: { args: { attemptId: number }; result: null };
  /** Faults for this and later runs, attempts' included (kept across opens until changed; `{}` turns them off). */
  setFaults: { args: { plan: FaultPlan }; result: null };
  /**
   * Whether rubrics are judged: when on, the worker asks the main thread (which holds the model's key) for each
   * judgement; when off they stay "not judged".
   */
  setJudging: { args: { on: boolean }; result: null };
  /**
   * The open scenario's verdict of a recorded run diff (a replayed step's), its failed assertions' nearest rows found
   * as a live step's are: in the diff, then the table's touched rows, then the seed.
   */
  explain: { args: { diff: Diff }; result: Verdict };
  /** Lints a scenario with its reference solution (run in fresh environments, the open one is untouched). */
  lint: { args: { scenario: Scenario; solution: string | null }; result: LintReport };
  /** Re-executes a recorded Agent-Diff run in a fresh environment of its test (the open one is untouched). */
  replay: { args: { scenario: Scenario; run: RecordedRun }; result: ReplayResult };
}

export type OpName = keyof WorkbenchOps;

export type ToWorker =
  | { [K in OpName]: { kind: 'call'; id: number; op: K; args: WorkbenchOps[K]['args'] } }[OpName]
  /** The page's first message, sent as the worker is created: start PostgreSQL now, before the app asks. */
  | { kind: 'boot'; dataDir: string | null }
  /** Stops a script: the `run` call with this `runId`, or without one the open scenario's running script. */
  | { kind: 'abort'; runId?: number }
  /** The main thread's answer to a `judge` request. */
  | { kind: 'judged'; id: number; ok: true; judgement: Judgement }
  | { kind: 'judged'; id: number; ok: false; error: string }
  /** A sandbox worker the page started for `spawnSandbox` failed to load or crashed. */
  | { kind: 'sandboxFailed'; id: number; message: string };

export type FromWorker =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: string }
  | { kind: 'console'; runId: number; entries: ConsoleEntry[] }
  /** A rubric judgement the worker needs while grading (answered with `judged`). */
  | { kind: 'judge'; id: number; request: JudgeRequest }
  /**
   * Asks the page to start a sandbox worker for one script, wired to `port` (see pageSandboxFactory.ts: nested
   * workers stall in an automated Firefox, so the page, not this worker, owns them).
   */
  | { kind: 'spawnSandbox'; id: number; language: LanguageId; port: MessagePort }
  | { kind: 'terminateSandbox'; id: number };
