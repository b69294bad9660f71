import type { Verdict } from '../../evaluation/index.ts';
import type { LanguageId } from '../../sandbox/languages.ts';
import type { ScriptResult } from '../../sandbox/types.ts';
import type { Scenario } from '../../scenarios/index.ts';
import type { Workbench } from '../../session/index.ts';
import { promptKey, type RecordedRun, type RecordedStep } from './agentDiffResults.ts';
import { alignIds, substituteIds } from './replayIds.ts';

/** The token a replay adds to requests that carry none (the recording's server asked for none). */
export const REPLAY_AUTHORIZATION = 'Bearer difflab-replay';
/**
 * What Agent-Diff's Python executor had imported before each call: recorded code uses `requests` and `json`
 * without importing them and it worked (no recording shows a NameError for either), while its own variables did
 * not carry over (recordings show NameErrors for those). The line is prepended, so a replayed traceback's line
 * numbers are one more than the recorded ones.
 */
const PYTHON_PRELUDE = 'import json, requests\n';
/** A recorded step's time budget: Agent-Diff's executor allowed long scripts; the replay allows 30 s. */
const STEP_TIME_MS = 30_000;

export interface ReplayedStep {
  index: number;
  language: LanguageId | null;
  /** The code as run: the recorded code with earlier ids substituted. */
  code: string;
  substituted: [string, string][];
  recordedOutput: string | null;
  replayedOutput: string;
  /** Set when the step could not be run at all (a tool DiffLab has no language for). */
  skipped: string | null;
  script: ScriptResult | null;
}

export interface ReplayResult {
  runKey: string;
  testId: string;
  steps: ReplayedStep[];
  recordedPassed: boolean;
  /** Agent-Diff's verdict on the replayed state: the one the recording reports. */
  replayedPassed: boolean;
  verdict: Verdict;
  agrees: boolean;
}

/** The tests of a suite by prompt, so that recorded runs find theirs. */
export function matchRuns(runs: readonly RecordedRun[], tests: readonly Scenario[]): { run: RecordedRun; test: Scenario | null }[] {
  const byPrompt = new Map(tests.map((t) => [promptKey(t.prompt), t]));
  return runs.map((run) => ({ run, test: byPrompt.get(promptKey(run.prompt)) ?? null }));
}

/** Why a recorded run cannot be re-executed, or null when it can. */
export function notReplayable(run: RecordedRun, test: Scenario | null, languages: ReadonlySet<LanguageId>): string | null {
  if (!test) return 'no test of the suite has its prompt';
  if (run.traceError) return `the recording has no trace (${run.traceError.split('\n')[0]})`;
  const missing = run.steps.find((s) => !s.language || !languages.has(s.language));
  if (missing) return `a step calls ${missing.tool}, which this build cannot run`;
  return null;
}

/** What a model would have seen of a step, in the Agent-Diff executor's form: stdout, then `Error: …` on failure. */
export function stepOutput(script: ScriptResult): string {
  const printed = script.console.map((c) => `${c.text}\n`).join('');
  if (script.ok) return printed;
  const last = (script.error ?? script.reason ?? 'failed').trim().split('\n').pop() ?? '';
  return `${printed}Error: ${last}\n`;
}

/**
 * Re-executes a recorded run step by step in a fresh environment of its test: each step's code with the ids the
 * model copied from earlier outputs replaced by the replay's, every request given a token when it has none. The
 * replay's verdict (Agent-Diff's, as the recording reports) is set beside the recorded one.
 */
export async function replayRecordedRun(
  workbench: Workbench,
  test: Scenario,
  run: RecordedRun,
  options: { onStep?: (step: ReplayedStep) => void; signal?: AbortSignal } = {},
): Promise<ReplayResult> {
  const session = await workbench.open(test);
  session.defaultHeaders = [['Authorization', REPLAY_AUTHORIZATION]];
  const ids = new Map<string, string>();
  const steps: ReplayedStep[] = [];
  try {
    let verdict: Verdict = await session.evaluate((await session.env.diffs()).run);
    for (const [index, recorded] of run.steps.entries()) {
      if (options.signal?.aborted) break;
      const step = await replayStep(session, recorded, index, ids, options.signal);
      if (step.script) verdict = await session.evaluate((await session.env.diffs()).run);
      steps.push(step);
      options.onStep?.(step);
    }
    return {
      runKey: run.key,
      testId: test.id,
      steps,
      recordedPassed: run.passed,
      replayedPassed: verdict.agent_diff_passed,
      verdict,
      agrees: verdict.agent_diff_passed === run.passed,
    };
  } finally {
    await session.dispose();
  }
}

async function replayStep(
  session: Awaited<ReturnType<Workbench['open']>>,
  recorded: RecordedStep,
  index: number,
  ids: Map<string, string>,
  signal?: AbortSignal,
): Promise<ReplayedStep> {
  const { code, substituted } = substituteIds(recorded.code, ids);
  if (!recorded.language) {
    return { index, language: null, code, substituted, recordedOutput: recorded.output, replayedOutput: '', skipped: `no language runs ${recorded.tool}`, script: null };
  }
  const source = recorded.language === 'python' ? PYTHON_PRELUDE + code : code;
  const result = await session.runStep(source, { language: recorded.language, limits: { timeMs: STEP_TIME_MS }, signal });
  const replayedOutput = stepOutput(result.script);
  if (recorded.output !== null) alignIds(recorded.output, replayedOutput, ids);
  return { index, language: recorded.language, code, substituted, recordedOutput: recorded.output, replayedOutput, skipped: null, script: result.script };
}
