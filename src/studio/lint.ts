import type { Diff, SchemaInfo, SeedFile } from '../engine/types.ts';
import { evaluateDiff, type AssertionSpec, type Verdict } from '../evaluation/index.ts';
import type { Scenario } from '../scenarios/types.ts';
import { assertionStyleWarnings } from './assertionStyle.ts';
import { mutantsOf, rowSample, type MutantKind } from './mutants.ts';
import { seedTables } from './seedTables.ts';

/**
 * The scenario lint: proves a scenario sound from two runs (its reference solution and the empty script) without
 * running anything itself, so the CLI and the page share it. Checks: (a) the reference passes, (b) the empty
 * script fails, (c) mutants of the reference diff fail, (d) each assertion is needed, (e) the prompt names no ids,
 * (f) no assertion is brittle or loose as written (`assertionStyle.ts`).
 */

/** What one run of a script left: its run diff, its final answer and why it stopped early, if it did. */
export interface ScriptRun {
  diff: Diff;
  answer: string | null;
  error: string | null;
}

export interface LintInput {
  scenario: Scenario;
  schema: SchemaInfo;
  seed: SeedFile;
  /** Null when the scenario has no reference solution. */
  reference: ScriptRun | null;
  empty: ScriptRun;
}

export interface MutantResult {
  kind: MutantKind;
  name: string;
  /** The scenario's own verdict fails it (closed world when the scenario has it). */
  caught: boolean;
  /** Agent-Diff's open-world verdict (assertions only) fails it. */
  caughtOpenWorld: boolean;
}

export interface AssertionNeed {
  index: number;
  description?: string;
  needed: boolean;
  /** Why it is needed (the mutants it alone catches, …) or why it is flagged. */
  why: string;
}

export interface MutationScore {
  caught: number;
  total: number;
}

export interface LintReport {
  id: string;
  /** (a), (b) and (e) failures: the scenario is broken until they are fixed. */
  problems: string[];
  /** (c), (d) and (f) findings: the scenario is weak but runs. */
  warnings: string[];
  referencePassed: boolean | null;
  emptyFailed: boolean;
  mutants: MutantResult[];
  score: MutationScore;
  /** The same mutants judged by Agent-Diff's open-world verdict, as the scenario scores when exported there. */
  openWorldScore: MutationScore;
  assertions: AssertionNeed[];
  /** Ids from the seed that the prompt names (empty when the scenario says ids are explicit). */
  promptIds: string[];
  /** Set when the reference diff is big enough that only a sample of its rows got per-row mutants. */
  sampledRows?: { mutated: number; total: number };
}

export function lintScenario(input: LintInput): LintReport {
  const { scenario } = input;
  const problems: string[] = [];
  const warnings: string[] = [];
  const answer = input.reference?.answer ?? null;
  const judge = (spec: AssertionSpec, diff: Diff, answerText: string | null = answer): Verdict =>
    evaluateDiff(spec, diff, { schema: input.schema, closedWorld: scenario.closedWorld, answerChecks: scenario.answerChecks, answer: answerText });

  // (a) and (b)
  let referenceVerdict: Verdict | null = null;
  if (!input.reference) problems.push('no reference solution: lint cannot prove the scenario solvable');
  else {
    referenceVerdict = judge(scenario.spec, input.reference.diff);
    if (input.reference.error) problems.push(`reference solution stopped: ${input.reference.error.split('\n')[0]}`);
    if (!referenceVerdict.passed) problems.push(`reference solution fails: ${[...referenceVerdict.failures, ...referenceVerdict.unexplained.map((u) => `unexplained ${u.kind} ${u.table}#${u.key}`)].slice(0, 3).join('; ')}`);
  }
  const emptyPassed = judge(scenario.spec, input.empty.diff, input.empty.answer).passed;
  if (emptyPassed) problems.push('the empty script passes: the assertions do not require any change');

  // (c): mutants only mean something when the reference passes.
  const sample = input.reference && referenceVerdict?.passed ? rowSample(input.reference.diff) : null;
  const mutants =
    input.reference && referenceVerdict?.passed && sample
      ? mutantsOf({ scenario, reference: input.reference.diff, referenceVerdict, seed: input.seed, schema: input.schema }, sample)
      : [];
  const results: MutantResult[] = mutants.map((m) => {
    const v = judge(scenario.spec, m.diff);
    return { kind: m.kind, name: m.name, caught: !v.passed, caughtOpenWorld: !v.agent_diff_passed };
  });
  for (const r of results) if (!r.caught) warnings.push(`mutant not caught — ${r.name}`);

  // (d)
  const assertions: AssertionNeed[] = [];
  if (input.reference && referenceVerdict?.passed) {
    scenario.spec.assertions.forEach((a, index) => {
      const without: AssertionSpec = { ...scenario.spec, assertions: scenario.spec.assertions.filter((_, i) => i !== index) };
      const need = (needed: boolean, why: string) => assertions.push({ index, description: a.description, needed, why });
      if (!judge(without, input.reference!.diff).passed) return need(true, "explains the reference's changes");
      if (judge(without, input.empty.diff, input.empty.answer).passed) return need(true, 'without it the empty script passes');
      const verdicts = mutants.map((m) => judge(without, m.diff));
      const through = mutants.filter((_, i) => results[i].caught && verdicts[i].passed).map((m) => m.name);
      if (through.length > 0) return need(true, `alone catches ${through.length} mutant(s): ${through.slice(0, 2).join('; ')}`);
      // The closed world catches any extra change; an assertion that forbids one still matters where it does not apply.
      const openThrough = mutants.filter((_, i) => results[i].caughtOpenWorld && verdicts[i].agent_diff_passed).map((m) => m.name);
      if (openThrough.length > 0) return need(true, `Agent-Diff's open-world verdict needs it: alone catches ${openThrough.slice(0, 2).join('; ')}`);
      need(false, 'redundant: removing it lets no mutant through (closed or open world) and the empty script still fails');
      warnings.push(`assertions[${index}]${a.description ? ` [${a.description}]` : ''} is redundant`);
    });
  }

  // (f) how the assertions are written: brittle (exact free text) and loose (conditions that hold for anything)
  warnings.push(...assertionStyleWarnings(scenario.spec.assertions, scenario.prompt));

  // (e)
  const promptIds = scenario.metadata.explicit_ids ? [] : idsNamedIn(scenario.prompt, input.seed, input.schema, scenario.services);
  if (promptIds.length > 0) problems.push(`the prompt names database ids (${promptIds.join(', ')}); set metadata.explicit_ids if that is intended`);

  return {
    id: scenario.id,
    problems,
    warnings,
    referencePassed: referenceVerdict ? referenceVerdict.passed : null,
    emptyFailed: !emptyPassed,
    mutants: results,
    score: { caught: results.filter((r) => r.caught).length, total: results.length },
    openWorldScore: { caught: results.filter((r) => r.caughtOpenWorld).length, total: results.length },
    assertions,
    promptIds,
    ...(sample && sample.mutated < sample.total ? { sampledRows: { mutated: sample.mutated, total: sample.total } } : {}),
  };
}

/** The suite's figure: mutants caught over mutants made, across its scenarios. */
export function suiteScore(reports: readonly LintReport[], which: 'score' | 'openWorldScore' = 'score'): MutationScore {
  return reports.reduce((s, r) => ({ caught: s.caught + r[which].caught, total: s.total + r[which].total }), { caught: 0, total: 0 });
}

export function percent(s: MutationScore): string {
  return s.total === 0 ? 'n/a' : `${((100 * s.caught) / s.total).toFixed(1)}%`;
}

/**
 * Key and foreign-key values of the seed that the prompt contains as whole tokens. Only text values with a digit
 * count: a key like `general` is a word a prompt may well use, `C07RANDOM` is not.
 */
export function idsNamedIn(prompt: string, seed: SeedFile, schema: SchemaInfo, services: readonly string[]): string[] {
  const idColumns = new Map<string, Set<string>>();
  const add = (table: string, cols: readonly string[]) => {
    const set = idColumns.get(table) ?? new Set<string>();
    cols.forEach((c) => set.add(c));
    idColumns.set(table, set);
  };
  for (const t of schema.tables) if (services.includes(t.service)) add(t.name, t.primaryKey);
  for (const fk of schema.foreignKeys) add(fk.table, fk.columns);
  const ids = new Set<string>();
  for (const { table, rows } of seedTables(seed, services)) {
    const cols = idColumns.get(table);
    if (!cols) continue;
    for (const row of rows) for (const c of cols) {
      const v = row[c];
      if (typeof v === 'string' && v.length >= 5 && /\d/.test(v)) ids.add(v);
    }
  }
  const tokens = new Set(prompt.split(/[^A-Za-z0-9_.:-]+/).flatMap((t) => [t, t.replace(/[.:-]+$/, '')]));
  return [...ids].filter((id) => tokens.has(id)).sort();
}
