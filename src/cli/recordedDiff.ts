import type { Diff, SchemaInfo } from '../engine/types.ts';
import { evaluateDiff, validateSpec, type AssertionSpec, type Verdict } from '../evaluation/index.ts';

export interface Issue {
  path: string;
  message: string;
}

export type Recorded = { ok: true; verdict: Verdict } | { ok: false; error: string; issues: Issue[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An assertion spec as other tools hand it over: the spec object itself, a JSON string of it (Agent-Diff's dataset
 * `answer`), or a test that holds it in `expected_output` (Agent-Diff's platform API).
 */
export function readSpec(value: unknown): { ok: true; spec: AssertionSpec } | { ok: false; issues: Issue[] } {
  let v = value;
  let path = '$';
  if (isObject(v) && 'expected_output' in v) {
    v = v.expected_output;
    path = '$.expected_output';
  }
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch (err) {
      return { ok: false, issues: [{ path, message: `a spec given as a string must be JSON: ${(err as Error).message}` }] };
    }
  }
  if (!isObject(v)) return { ok: false, issues: [{ path, message: 'a spec must be an object {assertions, ignore_fields?}' }] };
  const issues = validateSpec(v as unknown as AssertionSpec);
  if (issues.length) return { ok: false, issues: issues.map((i) => ({ path: path + i.path.replace(/^\$/, ''), message: i.message })) };
  return { ok: true, spec: v as unknown as AssertionSpec };
}

/** A diff in Agent-Diff's format, bare or inside a diffRun / results response (`{diff: {...}}`). */
export function readDiff(value: unknown): { ok: true; diff: Diff } | { ok: false; issues: Issue[] } {
  let v = value;
  let base = '$';
  if (isObject(v) && !('inserts' in v || 'updates' in v || 'deletes' in v) && isObject(v.diff)) {
    v = v.diff;
    base = '$.diff';
  }
  if (!isObject(v)) return { ok: false, issues: [{ path: base, message: 'a diff must be an object {inserts, updates, deletes}' }] };
  const issues: Issue[] = [];
  const list = (key: 'inserts' | 'updates' | 'deletes'): unknown[] => {
    const x = v[key];
    if (x === undefined || x === null) return [];
    if (!Array.isArray(x)) {
      issues.push({ path: `${base}.${key}`, message: 'must be an array' });
      return [];
    }
    return x;
  };
  const inserts = list('inserts');
  const updates = list('updates');
  const deletes = list('deletes');
  const rowCheck = (rows: unknown[], key: string) =>
    rows.forEach((r, i) => {
      if (!isObject(r)) issues.push({ path: `${base}.${key}[${i}]`, message: 'must be a row object' });
      else if (typeof r.__table__ !== 'string') issues.push({ path: `${base}.${key}[${i}].__table__`, message: 'must name the table (string)' });
    });
  rowCheck(inserts, 'inserts');
  rowCheck(deletes, 'deletes');
  updates.forEach((u, i) => {
    const p = `${base}.updates[${i}]`;
    if (!isObject(u)) return issues.push({ path: p, message: 'must be {__table__, before, after}' });
    if (typeof u.__table__ !== 'string') issues.push({ path: `${p}.__table__`, message: 'must name the table (string)' });
    if (!isObject(u.before)) issues.push({ path: `${p}.before`, message: 'must be the row before the change' });
    if (!isObject(u.after)) issues.push({ path: `${p}.after`, message: 'must be the row after the change' });
  });
  if (issues.length) return { ok: false, issues };
  return { ok: true, diff: { inserts, updates, deletes } as Diff };
}

export function evaluateRecorded(spec: unknown, diff: unknown, options: { schema?: SchemaInfo; closedWorld: boolean }): Recorded {
  const s = readSpec(spec);
  if (!s.ok) return { ok: false, error: 'invalid spec', issues: s.issues };
  const d = readDiff(diff);
  if (!d.ok) return { ok: false, error: 'invalid diff', issues: d.issues };
  try {
    return { ok: true, verdict: evaluateDiff(s.spec, d.diff, { schema: options.schema, closedWorld: options.closedWorld }) };
  } catch (err) {
    return { ok: false, error: `evaluation failed: ${(err as Error).message}`, issues: [] };
  }
}

/** The verdict fields the CLI prints, in a fixed order. */
export function verdictJson(v: Verdict) {
  return {
    passed: v.passed,
    agent_diff_passed: v.agent_diff_passed,
    score: v.score,
    failures: v.failures,
    unexplained: v.unexplained,
  };
}
