import { backtrackCost, longestTextWithin } from './backtrackCost.ts';
import { linearApplies, linearPattern, type LinearPattern } from './linearRegex.ts';
import { EVALUATION_PATTERN_BUDGET_MS, PATTERN_BUDGET_MS, runPatterns } from './patternRunner.ts';
import { translatePythonRegex } from './pythonRegex.ts';

/**
 * Every regular expression evaluation runs through here, in bounded time whatever the pattern and the text:
 * JavaScript's RegExp inline where the pattern's backtracking bound for this text is small (`backtrackCost.ts`: the
 * common case, at RegExp's speed), else `re2js` (linear time) for the Python patterns RE2 can express, else a
 * stoppable worker with a time budget for the rest
 * (lookaround, backreferences, and answer checks, which are JavaScript patterns). Evaluation itself stays
 * synchronous: inside `withBoundedPatterns` a backtracking pattern not decided yet answers false and is noted; the
 * noted (pattern, text) pairs then run in the worker, and the evaluation runs again with their answers, until
 * nothing is missing. A pattern that ran out of budget counts as not matching and is named in the verdict.
 */
export type PatternDialect = 'python' | 'javascript';

interface Compiled {
  key: string;
  /** How the pattern is shown in a verdict. */
  shown: string;
  linear: LinearPattern | null;
  source: string;
  flags: string;
  /** The longest text RegExp may test inline within `NATIVE_STEP_BUDGET` (-1: none, it may be exponential). */
  nativeUpTo: number;
  native: RegExp;
}

/** Work RegExp may do inline for one test (the bound overestimates: measured at most a few milliseconds). */
const NATIVE_STEP_BUDGET = 10_000_000;

const compiled = new Map<string, Compiled | null>();
const COMPILED_LIMIT = 1000;

function compile(dialect: PatternDialect, pattern: string, ignoreCase: boolean): Compiled | null {
  const key = `${dialect}:${ignoreCase ? 'i' : ''}:${pattern}`;
  const hit = compiled.get(key);
  if (hit !== undefined) return hit;
  let made: Compiled | null = null;
  if (dialect === 'python') {
    const t = translatePythonRegex(pattern);
    if (t.ok) made = { key, shown: pattern, linear: linearPattern(t.source, t.flags), source: t.source, flags: t.flags, nativeUpTo: longestTextWithin(backtrackCost(t.source, t.flags), NATIVE_STEP_BUDGET), native: new RegExp(t.source, t.flags) };
  } else {
    const flags = ignoreCase ? 'iu' : 'u';
    try {
      const native = new RegExp(pattern, flags); // compiling does not backtrack
      made = { key, shown: pattern, linear: null, source: pattern, flags, nativeUpTo: longestTextWithin(backtrackCost(pattern, flags), NATIVE_STEP_BUDGET), native };
    } catch {
      made = null;
    }
  }
  if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, made);
  return made;
}

/** Whether the pattern compiles (Python: as `re` would accept it; JavaScript: as RegExp would). */
export function isValidPattern(dialect: PatternDialect, pattern: string, ignoreCase = false): boolean {
  return compile(dialect, pattern, ignoreCase) !== null;
}

/** The linear-time form of a Python pattern, when it has one (for uses beyond a yes/no match). */
export function linearPythonPattern(pattern: string): LinearPattern | null {
  return compile('python', pattern, false)?.linear ?? null;
}

// Answers of the worker, kept across evaluations (a pattern's answer on a text never changes): lint evaluates many
// mutants of one diff. Bounded by the number of texts kept.
const answers = new Map<string, Map<string, boolean>>();
let answerCount = 0;
const ANSWER_LIMIT = 50_000;

function remember(key: string, text: string, value: boolean): void {
  if (answerCount >= ANSWER_LIMIT) {
    answers.clear();
    answerCount = 0;
  }
  let m = answers.get(key);
  if (!m) answers.set(key, (m = new Map()));
  if (!m.has(text)) answerCount++;
  m.set(text, value);
}

interface Pass {
  misses: Map<string, { c: Compiled; texts: Set<string> }>;
  /** Pairs that ran out of budget: pattern key → texts. */
  expensive: Map<string, Set<string>>;
  expensiveShown: Set<string>;
}

let pass: Pass | null = null;

/**
 * `re.search(pattern, text)` (Python) or `RegExp#test` (JavaScript): true or false, null for an invalid pattern.
 * Outside `withBoundedPatterns` a backtracking pattern runs inline, unbounded.
 */
export function patternTest(dialect: PatternDialect, pattern: string, text: string, ignoreCase = false): boolean | null {
  const c = compile(dialect, pattern, ignoreCase);
  if (!c) return null;
  if (text.length <= c.nativeUpTo || unbounded) return c.native.test(text);
  if (c.linear && linearApplies(c.linear, text)) return c.linear.re.test(text);
  const known = answers.get(c.key)?.get(text);
  if (known !== undefined) return known;
  if (!pass) return c.native.test(text);
  if (pass.expensive.get(c.key)?.has(text)) return false;
  let miss = pass.misses.get(c.key);
  if (!miss) pass.misses.set(c.key, (miss = { c, texts: new Set() }));
  miss.texts.add(text);
  return false;
}

let unbounded = false;

/** Evaluation as it was before patterns were bounded (every pattern a RegExp, inline): only the bench's baseline. */
export function withUnboundedPatterns<T>(evaluate: () => T): T {
  unbounded = true;
  try {
    return evaluate();
  } finally {
    unbounded = false;
  }
}

/** Runs a synchronous evaluation with every pattern bounded (see above); `expensive` names the patterns that ran out. */
export async function withBoundedPatterns<T>(evaluate: () => T, budgetMs = EVALUATION_PATTERN_BUDGET_MS): Promise<{ value: T; expensive: string[] }> {
  const p: Pass = { misses: new Map(), expensive: new Map(), expensiveShown: new Set() };
  const deadline = Date.now() + budgetMs;
  for (;;) {
    pass = p;
    let value: T;
    try {
      value = evaluate();
    } finally {
      pass = null;
    }
    if (p.misses.size === 0) return { value, expensive: [...p.expensiveShown] };
    const misses = [...p.misses.values()].map((m) => ({ c: m.c, texts: [...m.texts] }));
    p.misses.clear();
    const outcomes = await runPatterns(
      misses.map((m) => ({ source: m.c.source, flags: m.c.flags, texts: m.texts })),
      Math.max(0, deadline - Date.now()),
    );
    outcomes.forEach((o, i) => {
      const { c, texts } = misses[i];
      if ('results' in o) texts.forEach((t, j) => remember(c.key, t, o.results[j]));
      else if ('error' in o) texts.forEach((t) => remember(c.key, t, false));
      else {
        if (!p.expensive.has(c.key)) p.expensive.set(c.key, new Set());
        texts.forEach((t) => p.expensive.get(c.key)!.add(t));
        p.expensiveShown.add(c.shown);
      }
    });
  }
}

/** The verdict line for patterns that ran out of budget. */
export function expensivePatternLine(patterns: string[]): string {
  return `patterns too expensive to evaluate (over ${PATTERN_BUDGET_MS} ms each), counted as not matching: ${patterns.map((p) => JSON.stringify(p)).join(', ')}`;
}
