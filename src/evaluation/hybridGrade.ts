import type { Diff } from '../engine/types.ts';
import type { Verdict } from './evaluate.ts';
import { buildJudgeRequest, rubricScore, type Judge, type Judgement, type RubricDimension, type RubricSpec, type TraceEntry } from './rubric.ts';

/** One graded check of the hybrid verdict. */
export interface HybridCheck {
  kind: 'assertion' | 'closed_world' | 'answer' | 'rubric';
  index: number;
  critical: boolean;
  /** 0–1: 1/0 for static checks, the judged score for rubrics; null for a rubric that was not judged. */
  score: number | null;
  passed: boolean | null;
  reason: string;
}

export interface HybridVerdict {
  /** score ≥ 0.5 and every critical check passed. */
  passed: boolean;
  /** 0–1: static and rubric components weighted equally when both exist, else the one present. */
  score: number;
  staticScore: number | null;
  rubricScore: number | null;
  /** `hybrid` when rubrics were judged; `static-only` when no judge ran (rubrics are then "not judged"). */
  mode: 'hybrid' | 'static-only';
  checks: HybridCheck[];
  failedCritical: HybridCheck[];
  judgement?: Judgement;
  /** What the judge did not see for the token budget. */
  judgeOmitted?: { traceEntries: number[]; diffRows: number };
  /** Why the judge gave no judgement (network, provider error, nothing to judge against); rubrics are then not judged. */
  judgeError?: string;
}

export interface HybridInput {
  scenario: { id: string; title: string; prompt: string };
  /** The static verdict of `evaluateDiff` (assertions, closed world, answer checks). */
  verdict: Verdict;
  /** Whether the closed-world check counts (the scenario's closed_world). */
  closedWorld: boolean;
  /** Indexes of assertions that are critical. */
  criticalAssertions?: readonly number[];
  rubrics: readonly RubricSpec[];
  answer: string | null;
  trace: readonly TraceEntry[];
  diff: Diff;
  referenceAnswer?: string;
  /** Without a judge, rubrics are reported as not judged and the verdict is static-only. */
  judge?: Judge | null;
  budgetTokens?: number;
}

export const PASS_SCORE = 0.5;

/** EmailBench's grading, done with real checks: static checks and judged rubrics, critical checks gate the pass. */
export async function gradeHybrid(input: HybridInput): Promise<HybridVerdict> {
  const critical = new Set(input.criticalAssertions ?? []);
  const checks: HybridCheck[] = [];
  for (const a of input.verdict.assertions) {
    checks.push({ kind: 'assertion', index: a.index, critical: critical.has(a.index), score: a.passed ? 1 : 0, passed: a.passed, reason: a.reason });
  }
  for (const r of input.verdict.answers) {
    checks.push({ kind: 'answer', index: r.index, critical: Boolean(r.check.critical), score: r.passed ? 1 : 0, passed: r.passed, reason: r.reason });
  }
  const staticChecks = checks.slice();
  // The closed world gates the pass but is not scored: doing nothing explains every change, so scoring it would
  // hand an empty run half the static score.
  if (input.closedWorld && input.verdict.assertions.length > 0) {
    const ok = input.verdict.closed_world_passed;
    checks.push({ kind: 'closed_world', index: 0, critical: true, score: ok ? 1 : 0, passed: ok, reason: ok ? 'every change is explained' : `${input.verdict.unexplained.length} unexplained change(s)` });
  }
  const staticScore = staticChecks.length ? staticChecks.reduce((s, c) => s + (c.score ?? 0), 0) / staticChecks.length : null;

  let rubricTotal: number | null = null;
  let judgement: Judgement | undefined;
  let judgeOmitted: HybridVerdict['judgeOmitted'];
  let judgeError: string | undefined;
  const request = input.rubrics.length > 0 && input.judge ? buildJudgeRequest({ ...input, budgetTokens: input.budgetTokens }) : null;
  if (request && input.judge) {
    judgeOmitted = request.omitted;
    try {
      judgement = await input.judge(request);
    } catch (err) {
      // A failed judge loses nothing: the static checks stand and the rubrics are reported as not judged, with why.
      judgeError = (err as Error)?.message ?? String(err);
    }
  }
  const judged = judgement !== undefined;
  if (input.rubrics.length > 0) {
    if (judgement && request) {
      let weighted = 0;
      let weights = 0;
      for (const r of request.rubrics) {
        const j = judgement.rubrics.find((x) => x.index === r.index);
        const score = j ? rubricScore(r.dimensions as RubricDimension[], j.scores) : 0;
        const weight = r.weight ?? 1;
        weighted += score * weight;
        weights += weight;
        checks.push({ kind: 'rubric', index: r.index, critical: Boolean(r.critical), score, passed: score >= PASS_SCORE, reason: j?.rationale ?? (j ? `scored ${score.toFixed(2)}` : 'the judge gave no score') });
      }
      rubricTotal = weights ? weighted / weights : 0;
    } else {
      const why = judgeError ? `not judged (the judge failed: ${judgeError})` : 'not judged (no judge configured)';
      input.rubrics.forEach((r, index) => checks.push({ kind: 'rubric', index, critical: Boolean(r.critical), score: null, passed: null, reason: why }));
    }
  }

  const parts = [staticScore, rubricTotal].filter((x): x is number => x !== null);
  const score = parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 1;
  const failedCritical = checks.filter((c) => c.critical && c.passed === false);
  return {
    passed: score >= PASS_SCORE && failedCritical.length === 0,
    score,
    staticScore,
    rubricScore: rubricTotal,
    mode: judged ? 'hybrid' : 'static-only',
    checks,
    failedCritical,
    judgement,
    judgeOmitted,
    ...(judgeError ? { judgeError } : {}),
  };
}

/** One of the three gates of the hybrid verdict, and how this grade fared at it. */
export interface HybridGate {
  gate: 'score' | 'critical' | 'closed_world';
  passed: boolean;
  /** For people: `score 40% < 50%`, `critical assertion #2 failed: …`, `closed world: 1 unexplained change`. */
  text: string;
}

const CHECK_NAMES: Record<HybridCheck['kind'], string> = { assertion: 'assertion', closed_world: 'closed world', answer: 'answer check', rubric: 'rubric' };

/**
 * Which gates decided a hybrid verdict: the score (at least PASS_SCORE), the closed world (when the scenario has
 * it) and each critical check. A failed grade lists the gates that failed it first; a passed one, every gate.
 */
export function hybridGates(grade: HybridVerdict): HybridGate[] {
  const pct = `${Math.round(100 * grade.score)}%`;
  const gates: HybridGate[] = [
    { gate: 'score', passed: grade.score >= PASS_SCORE, text: `score ${pct} ${grade.score >= PASS_SCORE ? '≥' : '<'} ${Math.round(100 * PASS_SCORE)}%` },
  ];
  const world = grade.checks.find((c) => c.kind === 'closed_world');
  if (world) gates.push({ gate: 'closed_world', passed: world.passed === true, text: world.passed ? 'closed world: every change is explained' : `closed world: ${world.reason}` });
  const critical = grade.checks.filter((c) => c.critical && c.kind !== 'closed_world');
  const failed = critical.filter((c) => c.passed === false);
  for (const c of failed) gates.push({ gate: 'critical', passed: false, text: `critical ${CHECK_NAMES[c.kind]} #${c.index + 1} failed: ${c.reason}` });
  if (critical.length > 0 && failed.length === 0) gates.push({ gate: 'critical', passed: true, text: `every critical check passed (${critical.length})` });
  return [...gates.filter((g) => !g.passed), ...gates.filter((g) => g.passed)];
}
