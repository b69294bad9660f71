/**
 * The results explorer's pure parts: one run model over every source (page batches, imported `difflab eval` files,
 * people's attempts, live runs, demo runs), the runs behind an aggregate cell, filters, and two runs of one scenario
 * aligned step by step with the first step where they diverge.
 */
import type { Diff, Row } from '../engine/index.ts';
import { failureClass, type FailureClass } from './failures.ts';
import { isHumanRun, isMcpRun, modelLabel, runState, stepDiffOf, summarizeRun, type AgentRunRecord, type AgentStep, type RunState, type RunSummary } from './record.ts';
import { groupKeysOf, type GroupKey } from './stats.ts';

/**
 * Where a run came from. `eval`: a `difflab eval` results file (its ids are `<batch> :: <suite>/<scenario>#…`); `mcp`:
 * the record an MCP client's session left (`difflab mcp --out`).
 */
export type RunSource = 'batch' | 'eval' | 'mcp' | 'human' | 'live' | 'demo';

export const runSources: readonly RunSource[] = ['batch', 'eval', 'mcp', 'human', 'live', 'demo'];

/** A run's outcome in one word (its RunState): an errored run (the provider failed) is not counted as the model failing. */
export type RunOutcome = 'pass' | 'fail' | 'error';

const outcomeOf = { passed: 'pass', failed: 'fail', errored: 'error' } as const satisfies Record<RunState, RunOutcome>;

/** What the explorer lists of a run; `record` is the run itself, for the run viewer and the comparison. */
export interface ExplorerRun {
  id: string;
  record: AgentRunRecord;
  summary: RunSummary;
  source: RunSource;
  /** `suite/scenario`: runs of one scenario share it. */
  scenarioKey: string;
  title: string;
  model: string;
  outcome: RunOutcome;
  failure: FailureClass | null;
  /** The faults in `--faults` syntax, '' for none. */
  faults: string;
}

export function runSource(r: AgentRunRecord): RunSource {
  if (isHumanRun(r)) return 'human';
  if (r.id.startsWith('demo-')) return 'demo';
  if (r.batch && r.id.startsWith(`${r.batch} :: `)) return 'eval';
  if (isMcpRun(r)) return 'mcp';
  if (!r.batch || r.batch === 'live' || r.batch.startsWith('fork of ')) return 'live';
  return 'batch';
}

export function toExplorerRun(record: AgentRunRecord): ExplorerRun {
  const summary = summarizeRun(record);
  return {
    id: record.id,
    record,
    summary,
    source: runSource(record),
    scenarioKey: `${record.scenario.suite ?? ''}/${record.scenario.id}`,
    title: record.scenario.title,
    model: modelLabel(record.model),
    outcome: outcomeOf[runState(record)],
    failure: failureClass(record),
    faults: summary.faults,
  };
}

/**
 * An aggregate cell: the runs of a table row (`by` = key), optionally of one model too (a model × service grid's
 * cell). Its runs are exactly those the table counted for it.
 */
export interface CellRef {
  by: GroupKey;
  key: string;
  model?: string;
}

export function cellLabel(c: CellRef): string {
  return `${c.model !== undefined ? `${c.model} × ` : ''}${c.by} ${c.key}`;
}

export function inCell(run: RunSummary, cell: CellRef): boolean {
  return groupKeysOf(run, cell.by).includes(cell.key) && (cell.model === undefined || run.model === cell.model);
}

/** The ids of the runs behind a cell, in the order given. */
export function cellRunIds(records: readonly AgentRunRecord[], cell: CellRef): string[] {
  return records.filter((r) => inCell(summarizeRun(r), cell)).map((r) => r.id);
}

/** '' (or absent) means any. `text` matches scenario id and title, model, batch and run id, case-insensitively. */
export interface RunFilters {
  text: string;
  scenario: string;
  model: string;
  outcome: '' | RunOutcome;
  failure: '' | FailureClass;
  /** A fault kind (`rate-limit`), or `none` for runs without faults. */
  fault: string;
  source: '' | RunSource;
}

export const noRunFilters: RunFilters = { text: '', scenario: '', model: '', outcome: '', failure: '', fault: '', source: '' };

/** The fault kinds of a run's `--faults` text (`rate-limit=3/1,latency=200,on=box` → rate-limit, latency). */
export function faultKinds(faults: string): string[] {
  return faults
    .split(',')
    .map((f) => f.split('=')[0].trim())
    .filter((k) => k && k !== 'on');
}

export function matchesFilters(run: ExplorerRun, f: RunFilters): boolean {
  if (f.scenario && run.scenarioKey !== f.scenario) return false;
  if (f.model && run.model !== f.model) return false;
  if (f.outcome && run.outcome !== f.outcome) return false;
  if (f.failure && run.failure !== f.failure) return false;
  if (f.source && run.source !== f.source) return false;
  if (f.fault) {
    const kinds = faultKinds(run.faults);
    if (f.fault === 'none' ? kinds.length > 0 : !kinds.includes(f.fault)) return false;
  }
  const text = f.text.trim().toLowerCase();
  if (text) {
    const hay = [run.scenarioKey, run.title, run.model, run.record.batch ?? '', run.id].join('\n').toLowerCase();
    if (!text.split(/\s+/).every((word) => hay.includes(word))) return false;
  }
  return true;
}

/** The values each filter can take among these runs, sorted, with how many runs have each. */
export function filterOptions(runs: readonly ExplorerRun[]): Record<'scenario' | 'model' | 'outcome' | 'failure' | 'fault' | 'source', { value: string; label: string; count: number }[]> {
  const tally = (pick: (r: ExplorerRun) => (string | null)[], label: (v: string) => string = (v) => v) => {
    const counts = new Map<string, number>();
    for (const r of runs) for (const v of new Set(pick(r))) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort((a, b) => a[0].localeCompare(b[0], undefined, { numeric: true })).map(([value, count]) => ({ value, label: label(value), count }));
  };
  const titles = new Map(runs.map((r) => [r.scenarioKey, r.title]));
  return {
    scenario: tally((r) => [r.scenarioKey], (v) => titles.get(v) ?? v),
    model: tally((r) => [r.model]),
    outcome: tally((r) => [r.outcome]),
    failure: tally((r) => [r.failure]),
    fault: tally((r) => (faultKinds(r.faults).length ? faultKinds(r.faults) : ['none'])),
    source: tally((r) => [r.source]),
  };
}

// ---- Two runs side by side --------------------------------------------------------------------------------------

/** A request as compared across runs: method, URL and status (a redirect hop the host followed is not a call). */
export function requestSignature(step: AgentStep): string[] {
  return step.actions.flatMap((a) => a.requests.filter((q) => !q.redirected).map((q) => `${q.method} ${q.url} → ${q.status}`));
}

// Values that differ between two runs doing the same thing: wall-clock times (ISO strings, Slack's `ts`, epoch numbers).
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const EPOCH_TS = /^1\d{9}(\.\d{1,6})?$/;

function normalValue(v: unknown): unknown {
  if (typeof v === 'string' && (ISO_TIME.test(v) || EPOCH_TS.test(v))) return '<time>';
  if (typeof v === 'number' && EPOCH_TS.test(String(v))) return '<time>';
  if (Array.isArray(v)) return v.map(normalValue);
  if (v && typeof v === 'object') return normalRow(v as Row);
  return v;
}

function normalRow(row: Row): Row {
  return Object.fromEntries(
    Object.keys(row)
      .filter((k) => !k.startsWith('__'))
      .sort()
      .map((k) => [k, normalValue(row[k])]),
  );
}

/** One changed row as compared across runs: `+` inserted, `~` updated (only the fields that changed), `−` deleted. */
export interface DiffEntry {
  mark: '+' | '~' | '−';
  table: string;
  /** The row's fields (an update: the changed fields, as after), times masked as `<time>`. */
  fields: Row;
  /** What the comparison compares: mark, table and fields. */
  signature: string;
}

/** A step's state change, row by row, sorted, so the order rows were written in does not count. */
export function diffEntries(diff: Diff): DiffEntry[] {
  const where = (r: { __table__: string; __service__?: string }) => `${r.__service__ ? `${r.__service__}.` : ''}${r.__table__}`;
  const entry = (mark: DiffEntry['mark'], table: string, fields: Row): DiffEntry => ({ mark, table, fields, signature: `${mark} ${table} ${JSON.stringify(fields)}` });
  const changed = (u: Diff['updates'][number]) => {
    const before = normalRow(u.before);
    const after = normalRow(u.after);
    return Object.fromEntries(Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => [k, after[k]]));
  };
  return [
    ...diff.inserts.map((r) => entry('+', where(r), normalRow(r))),
    ...diff.updates.map((u) => entry('~', where(u), changed(u))),
    ...diff.deletes.map((r) => entry('−', where(r), normalRow(r))),
  ].sort((x, y) => x.signature.localeCompare(y.signature));
}

/** A step's state change as compared across runs: every changed row with its table and values, times left out. */
export function diffSignature(diff: Diff): string[] {
  return diffEntries(diff).map((e) => e.signature);
}

/** What differs at an aligned step: its requests, its change to the state, the verdict as of it, or a step one run lacks. */
export type StepDifference = 'requests' | 'diff' | 'verdict' | 'missing';

export interface AlignedStep {
  index: number;
  a: AgentStep | null;
  b: AgentStep | null;
  differences: StepDifference[];
}

export interface RunComparison {
  steps: AlignedStep[];
  /** The index of the first step with a difference; null when the runs did the same thing at every step. */
  divergence: number | null;
  /** Whether the two runs end with the same verdict. */
  sameVerdict: boolean;
}

function stepVerdict(s: AgentStep): string {
  return `${s.verdict.passed}|${s.verdict.agent_diff_passed}|${s.verdict.closed_world_passed}|${s.verdict.score.passed}/${s.verdict.score.total}`;
}

const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * Step n of one run beside step n of the other (a run's steps are its model turns, so turn n faces turn n). The first
 * divergent step is the first at which the two differ in any of: the requests made (method, URL, status, in order),
 * the change to the state (rows, tables and values, times left out), the verdict as of that step, or one run having
 * no such step. Reply text is not compared: two models word things differently and still act alike.
 */
export function compareRuns(a: AgentRunRecord, b: AgentRunRecord): RunComparison {
  const n = Math.max(a.steps.length, b.steps.length);
  const steps: AlignedStep[] = [];
  for (let i = 0; i < n; i++) {
    const sa = a.steps[i] ?? null;
    const sb = b.steps[i] ?? null;
    const differences: StepDifference[] = [];
    if (!sa || !sb) differences.push('missing');
    else {
      if (!same(requestSignature(sa), requestSignature(sb))) differences.push('requests');
      if (!same(diffSignature(stepDiffOf(sa)), diffSignature(stepDiffOf(sb)))) differences.push('diff');
      if (stepVerdict(sa) !== stepVerdict(sb)) differences.push('verdict');
    }
    steps.push({ index: i, a: sa, b: sb, differences });
  }
  const first = steps.find((s) => s.differences.length > 0);
  return { steps, divergence: first ? first.index : null, sameVerdict: runState(a) === runState(b) };
}

export const differenceLabels: Record<StepDifference, string> = {
  requests: 'other requests',
  diff: 'another change to the state',
  verdict: 'another verdict',
  missing: 'only one run has this step',
};
