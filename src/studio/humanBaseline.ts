/**
 * Human baseline: a person attempts a scenario under the grader and budget a model gets, and the result is kept
 * beside model runs. The budget is the agent loop's step budget; time is measured, not limited.
 */
export interface HumanBudget {
  maxSteps: number;
}

/** Matches agent mode's default step budget; the lead aligns both when they merge. */
export const DEFAULT_HUMAN_BUDGET: HumanBudget = { maxSteps: 20 };

export interface HumanResult {
  /** Catalog key of the scenario (`suite/test`). */
  scenarioKey: string;
  scenarioId: string;
  passed: boolean;
  score: { passed: number; total: number; percent: number };
  steps: number;
  ms: number;
  /** ISO time the attempt ended. */
  at: string;
  /** Whether the attempt ended because the step budget ran out. */
  outOfBudget: boolean;
  faults: Record<string, unknown>;
}

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const HUMAN_RESULTS_KEY = 'difflab.human.v1';

export function loadHumanResults(storage: KeyValue | undefined): HumanResult[] {
  try {
    const raw = storage?.getItem(HUMAN_RESULTS_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as HumanResult[]) : [];
  } catch {
    return [];
  }
}

export function saveHumanResult(storage: KeyValue | undefined, result: HumanResult): HumanResult[] {
  const list = [...loadHumanResults(storage), result];
  try {
    storage?.setItem(HUMAN_RESULTS_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the result still shows for this page
  }
  return list;
}

/** Per scenario: attempts, passes and the best (passing, fewest steps, then fastest) attempt. */
export function summarizeHuman(results: readonly HumanResult[]): Map<string, { attempts: number; passes: number; best: HumanResult | null }> {
  const out = new Map<string, { attempts: number; passes: number; best: HumanResult | null }>();
  for (const r of results) {
    const s = out.get(r.scenarioKey) ?? { attempts: 0, passes: 0, best: null };
    s.attempts++;
    if (r.passed) s.passes++;
    const better = !s.best || (r.passed && !s.best.passed) || (r.passed === s.best.passed && (r.steps < s.best.steps || (r.steps === s.best.steps && r.ms < s.best.ms)));
    if (better) s.best = r;
    out.set(r.scenarioKey, s);
  }
  return out;
}
