import type { Diff, Row } from '../engine/types.ts';
import { describeAssertion, hybridGates, namedValues, type AssertionResult, type PredicateCheck, type RowExplanation, type RowKind, type Verdict } from '../evaluation/index.ts';
import { actionLanguageTitle, modelLabel, runState, stepDiffOf, type AgentAction, type AgentRunRecord } from '../agent/record.ts';
import { erroredAt, retryText } from '../agent/runState.ts';
import { formatFaultPlan } from '../session/faults.ts';

/**
 * A run record as one self-contained HTML page: prompt, steps (the actor's text, each action's code and
 * observation, the step's diff and verdict), the final diff and grade. No script, no external resource, so it opens
 * from a mail attachment or a file share without the site. The record itself is embedded as JSON, so the page can
 * be imported back into DiffLab.
 */
export function runRecordToHtml(run: AgentRunRecord): string {
  const e = escapeHtml;
  const v = run.verdict;
  const faults = run.faults ? `<p class="faults">Faults injected: <code>${e(formatFaultPlan(run.faults))}</code></p>` : '';
  const human = run.human ? ` · human attempt, budget ${run.human.budget} steps${run.human.outOfBudget ? ' (ran out)' : ''}` : '';
  const steps = run.steps
    .map(
      (s) => `<section class="step">
<h3>Step ${s.index + 1} <span class="${s.verdict.passed ? 'pass' : 'fail'}">${s.verdict.passed ? 'passing' : 'failing'} ${s.verdict.score.passed}/${s.verdict.score.total}</span></h3>
${s.retries?.length ? `<ul class="retries">${s.retries.map((r) => `<li>provider retry: ${e(retryText(r))}</li>`).join('')}</ul>` : ''}
${replyText(s.text, s.actions) ? `<div class="text">${e(replyText(s.text, s.actions))}</div>` : ''}
${s.actions.map(actionHtml).join('\n')}
${diffHtml(stepDiffOf(s), stepTagger(s.verdict, s.runDiff))}
</section>`,
    )
    .join('\n');
  const state = runState(run);
  const grade = { passed: ['pass', 'PASSED'], failed: ['fail', 'FAILED'], errored: ['error', 'ERRORED'] }[state];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>DiffLab run: ${e(run.scenario.title)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#1d2330}
pre{background:#f4f5f7;padding:.75em;border-radius:6px;font:12px/1.45 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
td{overflow-wrap:anywhere}
.why li{margin:.25em 0}.why ul{margin:.2em 0}.why code{font-size:12px}
.pass{color:#137333}.fail{color:#b3261e}.error{color:#8a5a00}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}td,th{border:1px solid #dde;padding:2px 6px;text-align:left;vertical-align:top}
.ins{background:#e6f4ea}.del{background:#fce8e6}.upd{background:#fef7e0}
tr.unexplained td{background:#fde7e4;border-color:#b3261e}
.tag-unexplained{color:#fff;background:#b3261e;border-radius:3px;padding:0 4px;font-weight:700;white-space:nowrap}
.tag-explained{color:#137333}.tag-consequence,.tag-ignored{color:#5f6673}
.verdicts td,.verdicts th{font-size:14px;padding:4px 10px}
.step{border-top:1px solid #dde;margin-top:1.5em}
@media print{body{max-width:none;margin:0;font-size:11pt}pre{background:none;border:1px solid #ccd}.step,tr,pre,.why li{break-inside:avoid}h2,h3{break-after:avoid}}
</style>
</head>
<body>
<h1>${e(run.scenario.title)}</h1>
<p><strong>Scenario</strong> <code>${e(run.scenario.id)}</code> on seed <code>${e(run.scenario.seed)}</code> · <strong>by</strong> ${e(modelLabel(run.model))}${e(human)} · ${e(run.startedAt)} · ${(run.timing.totalMs / 1000).toFixed(1)} s · ${run.steps.length} step(s) · ended: ${e(run.endReason)}</p>
<h2>Prompt</h2>
<blockquote>${e(run.scenario.prompt)}</blockquote>
${faults}
<h2>Grade: <span class="${grade[0]}">${grade[1]}</span> ${v.score.passed}/${v.score.total} (${v.score.percent.toFixed(0)}%)</h2>
${state === 'errored' ? `<p class="error">${e(erroredAt(run))}: the provider failed, not the model, so this run is left out of pass rate, score, pass@k and pass^k. What it did up to then is below.</p>` : ''}
${verdictsHtml(run)}
${whyHtml(v)}
${run.error ? `<p class="${state === 'errored' ? 'error' : 'fail'}">Error: ${e(run.error)}</p>` : ''}
${run.answer !== null ? `<p><strong>Answer</strong> ${e(run.answer)}</p>` : ''}
<h2>Final diff</h2>
<p>Each change is tagged with what explains it: an assertion, a consequence of an explained row, or nothing — an <span class="tag-unexplained">UNEXPLAINED</span> side effect, which fails the closed world.</p>
${diffHtml(run.runDiff, runTagger(v))}
<h2>Steps</h2>
${steps}
<script type="application/json" id="difflab-run">${JSON.stringify(run).replace(/</g, '\\u003c')}</script>
</body>
</html>
`;
}

/** Both state-diff verdicts, and the hybrid grade with the gate that decided it when the scenario has one. */
function verdictsHtml(run: AgentRunRecord): string {
  const v = run.verdict;
  // The result, read: `fail — 0 of 1 assertions hold`.
  const cell = (ok: boolean, result: string) => `<td><strong class="${ok ? 'pass' : 'fail'}">${ok ? 'pass' : 'fail'}</strong> — ${escapeHtml(result)}</td>`;
  const unexplained = v.unexplained.length;
  const held = `${v.score.passed} of ${v.score.total} assertions ${v.score.passed === 1 ? 'holds' : 'hold'}`;
  const changes = unexplained ? `${unexplained} change${unexplained === 1 ? '' : 's'} no assertion explains` : 'every change explained';
  const rows = [
    `<tr><th>Agent-Diff verdict</th>${cell(v.agent_diff_passed, held)}</tr>`,
    `<tr><th>Closed world</th>${cell(v.agent_diff_passed && v.closed_world_passed, `${held}, ${changes}`)}</tr>`,
  ];
  if (run.grade) {
    const gates = hybridGates(run.grade)
      .map((g) => `<li class="${g.passed ? 'pass' : 'fail'}">${g.passed ? '✓' : '✗'} ${escapeHtml(g.text)}</li>`)
      .join('');
    rows.push(`<tr><th>Hybrid grade</th>${cell(run.grade.passed, `${Math.round(100 * run.grade.score)}% (${run.grade.mode})`).replace('</td>', `<ul>${gates}</ul></td>`)}</tr>`);
  }
  return `<table class="verdicts">${rows.join('')}</table>`;
}

/** Each failed assertion, and field by field why: its nearest rows' checks, as the page's verdict pane shows them. */
function whyHtml(v: Verdict): string {
  const e = escapeHtml;
  const failed = (v.assertions ?? []).filter((a) => !a.passed);
  const answers = v.failures.slice(failed.length);
  if (!failed.length && !answers.length) return '';
  const item = (a: AssertionResult) => {
    const label = a.assertion ? (a.assertion.description ?? describeAssertion(a.assertion)) : `assertion ${a.index + 1}`;
    const rows = (a.nearest?.rows ?? []).map((r) => {
      const where = r.source === 'seed' ? ' (in the seed, unchanged)' : r.source === 'touched' ? ' (touched by the run)' : '';
      return `<li><code>${e(r.table)} ${e(r.key)}</code>${where}<ul>${r.checks.map(checkHtml).join('')}</ul></li>`;
    });
    const nearest = rows.length ? `<br>${a.nearest?.why === 'matched' ? 'Rows it matched (more than it allows):' : 'Nearest rows:'}<ul>${rows.join('')}</ul>` : '';
    return `<li><span class="fail">✗ A${a.index + 1}</span> ${e(label)} — ${e(a.reason)}${nearest}</li>`;
  };
  return `<h3>Why it failed</h3><ul class="why">${failed.map(item).join('')}${answers.map((f) => `<li><span class="fail">✗</span> ${e(f)}</li>`).join('')}</ul>`;
}

function checkHtml(c: PredicateCheck): string {
  const e = escapeHtml;
  const field = c.part === 'part' ? 'part of diff' : c.part === 'strict' ? `also changed: ${c.field}` : c.field;
  const { expected, actual } = namedValues(c);
  const wants = c.passed ? '' : c.equality ? ` ≠ <code>${e(expected)}</code>` : ` — wants <code>${e(expected)}</code>`;
  return `<li class="${c.passed ? 'pass' : 'fail'}">${c.passed ? '✓' : '✗'} <code>${e(field)}</code> <code>${e(actual)}</code>${wants}</li>`;
}

/**
 * A model's reply without the code blocks its actions show below it: the same code is not printed twice. Blocks
 * that did not run stay.
 */
function replyText(text: string, actions: readonly AgentAction[]): string {
  const ran = new Set(actions.filter((a) => a.kind !== 'tool').map((a) => a.code.trim()));
  return text.replace(/```[^\n`]*\n([\s\S]*?)```/g, (block, code: string) => (ran.has(code.trim()) ? '' : block)).replace(/\n{3,}/g, '\n\n').trim();
}

type Tag = { cls: string; text: string };
type Tagger = (kind: RowKind, index: number, row: Row) => Tag | null;

function tagOf(explanation: RowExplanation | undefined, unexplained: boolean): Tag | null {
  if (unexplained) return { cls: 'unexplained', text: 'UNEXPLAINED side effect' };
  if (!explanation) return null;
  if (explanation.assertions.length) return { cls: 'explained', text: `explained by ${explanation.assertions.map((i) => `A${i + 1}`).join(', ')}` };
  if (explanation.consequenceOf) {
    const { kind, table } = explanation.consequenceOf;
    return { cls: 'consequence', text: `follows from an explained ${kind === 'insert' ? 'new' : kind === 'delete' ? 'removed' : 'changed'} ${table} row` };
  }
  if (explanation.ignoredChange) return { cls: 'ignored', text: 'ignored fields only' };
  return null;
}

/** Tags for the rows of the run diff the verdict judged (its explanations index that diff). */
function runTagger(v: Verdict): Tagger {
  const unexplained = new Set(v.unexplained.map((u) => `${u.kind}:${u.index}`));
  return (kind, index) => tagOf(v.explanations?.[kind]?.[index], unexplained.has(`${kind}:${index}`));
}

/**
 * Tags for a step's own diff: its rows are found in the run diff after the step (which the step's verdict judged)
 * by table and image — an insert or update by its image after the step, a delete by the image it had.
 */
function stepTagger(v: Verdict, runDiff: Diff): Tagger {
  const byImage = new Map<string, { kind: RowKind; index: number }>();
  const remember = (kind: RowKind, rows: readonly Row[]) => rows.forEach((r, index) => byImage.set(`${kind}:${JSON.stringify(r)}`, { kind, index }));
  remember('insert', runDiff.inserts);
  remember('update', runDiff.updates.map((u) => ({ __table__: u.__table__, ...u.after })));
  remember('delete', runDiff.deletes);
  const tagRun = runTagger(v);
  return (kind, _index, row) => {
    // A row a step inserted and a later step updated is still an insert of the run.
    const hit = byImage.get(`${kind}:${JSON.stringify(row)}`) ?? (kind === 'update' ? byImage.get(`insert:${JSON.stringify(row)}`) : undefined);
    return hit ? tagRun(hit.kind, hit.index, row) : null;
  };
}

function actionHtml(a: AgentAction): string {
  const e = escapeHtml;
  const label = a.kind === 'tool' ? `tool call <code>${e(a.code)}</code>` : actionLanguageTitle(a);
  const code = a.kind === 'tool' ? (a.script ?? '') : a.code;
  return `<p>${label}${a.ok ? '' : ' <span class="fail">failed</span>'}</p>
<pre class="code">${e(code)}</pre>
<pre class="observation">${e(a.observation)}</pre>`;
}

function diffHtml(diff: Diff, tag: Tagger): string {
  const e = escapeHtml;
  const rows: [RowKind, string, string, string, string, Tag | null][] = [
    ...diff.inserts.map((r, i): [RowKind, string, string, string, string, Tag | null] => ['insert', 'ins', 'added', r.__table__, cells(r), tag('insert', i, r)]),
    ...diff.deletes.map((r, i): [RowKind, string, string, string, string, Tag | null] => ['delete', 'del', 'removed', r.__table__, cells(r), tag('delete', i, r)]),
    ...diff.updates.map((u, i): [RowKind, string, string, string, string, Tag | null] => {
      const keys = [...new Set([...Object.keys(u.before), ...Object.keys(u.after)])].filter((k) => JSON.stringify(u.before[k]) !== JSON.stringify(u.after[k]));
      const fields = keys.map((k) => `${e(k)}: ${e(show(u.before[k]))} → ${e(show(u.after[k]))}`).join('<br>');
      return ['update', 'upd', 'changed', u.__table__, fields, tag('update', i, { __table__: u.__table__, ...u.after })];
    }),
  ];
  if (rows.length === 0) return '<p>No changes.</p>';
  const body = rows
    .map(([, cls, what, table, fields, t]) => {
      const explained = t ? `<span class="tag-${t.cls}">${t.cls === 'unexplained' ? '⚠ ' : ''}${e(t.text)}</span>` : '';
      return `<tr class="${cls}${t?.cls === 'unexplained' ? ' unexplained' : ''}"><td>${what}</td><td>${e(table)}</td><td>${explained}</td><td>${fields}</td></tr>`;
    })
    .join('');
  return `<table><tr><th>change</th><th>table</th><th>why</th><th>fields</th></tr>${body}</table>`;
}

function cells(row: Record<string, unknown>): string {
  return Object.entries(row)
    .filter(([k]) => !k.startsWith('__'))
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(show(v))}`)
    .join('<br>');
}

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The run record embedded in an exported page, so a page can be imported back. */
export function runRecordFromHtml(html: string): unknown {
  const m = /<script type="application\/json" id="difflab-run">([\s\S]*?)<\/script>/.exec(html);
  if (!m) return null;
  try {
    return JSON.parse(m[1]);
  } catch {
    return null;
  }
}
