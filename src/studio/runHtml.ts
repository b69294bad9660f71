import type { Diff } from '../engine/types.ts';
import { actionLanguageTitle, modelLabel, stepDiffOf, type AgentAction, type AgentRunRecord } from '../agent/record.ts';
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
${s.text.trim() ? `<div class="text">${e(s.text)}</div>` : ''}
${s.actions.map(actionHtml).join('\n')}
${diffHtml(stepDiffOf(s))}
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>DiffLab run: ${e(run.scenario.title)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#1d2330}
pre{background:#f4f5f7;padding:.75em;overflow:auto;border-radius:6px;font:12px/1.45 ui-monospace,monospace}
.text{white-space:pre-wrap}
.pass{color:#137333}.fail{color:#b3261e}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}td,th{border:1px solid #dde;padding:2px 6px;text-align:left;vertical-align:top}
.ins{background:#e6f4ea}.del{background:#fce8e6}.upd{background:#fef7e0}
.step{border-top:1px solid #dde;margin-top:1.5em}
</style>
</head>
<body>
<h1>${e(run.scenario.title)}</h1>
<p><strong>Scenario</strong> <code>${e(run.scenario.id)}</code> on seed <code>${e(run.scenario.seed)}</code> · <strong>by</strong> ${e(modelLabel(run.model))}${e(human)} · ${e(run.startedAt)} · ${(run.timing.totalMs / 1000).toFixed(1)} s · ${run.steps.length} step(s) · ended: ${e(run.endReason)}</p>
<h2>Prompt</h2>
<blockquote>${e(run.scenario.prompt)}</blockquote>
${faults}
<h2>Grade: <span class="${v.passed ? 'pass' : 'fail'}">${v.passed ? 'PASSED' : 'FAILED'}</span> ${v.score.passed}/${v.score.total} (${v.score.percent.toFixed(0)}%)</h2>
${v.failures.length ? `<ul>${v.failures.map((f) => `<li>${e(f)}</li>`).join('')}</ul>` : ''}
${run.error ? `<p class="fail">Error: ${e(run.error)}</p>` : ''}
${run.answer !== null ? `<p><strong>Answer</strong> ${e(run.answer)}</p>` : ''}
<h2>Steps</h2>
${steps}
<h2>Final diff</h2>
${diffHtml(run.runDiff)}
<script type="application/json" id="difflab-run">${JSON.stringify(run).replace(/</g, '\\u003c')}</script>
</body>
</html>
`;
}

function actionHtml(a: AgentAction): string {
  const e = escapeHtml;
  const label = a.kind === 'tool' ? `tool call <code>${e(a.code)}</code>` : actionLanguageTitle(a);
  const code = a.kind === 'tool' ? (a.script ?? '') : a.code;
  return `<p>${label}${a.ok ? '' : ' <span class="fail">failed</span>'}</p>
<pre class="code">${e(code)}</pre>
<pre class="observation">${e(a.observation)}</pre>`;
}

function diffHtml(diff: Diff): string {
  const rows = [
    ...diff.inserts.map((r) => ['ins', 'added', r.__table__, cells(r)]),
    ...diff.deletes.map((r) => ['del', 'removed', r.__table__, cells(r)]),
    ...diff.updates.map((u) => {
      const keys = [...new Set([...Object.keys(u.before), ...Object.keys(u.after)])].filter((k) => JSON.stringify(u.before[k]) !== JSON.stringify(u.after[k]));
      return ['upd', 'changed', u.__table__, keys.map((k) => `${escapeHtml(k)}: ${escapeHtml(show(u.before[k]))} → ${escapeHtml(show(u.after[k]))}`).join('<br>')];
    }),
  ];
  if (rows.length === 0) return '<p>No changes.</p>';
  return `<table><tr><th>change</th><th>table</th><th>fields</th></tr>${rows.map(([cls, what, table, fields]) => `<tr class="${cls}"><td>${what}</td><td>${escapeHtml(table)}</td><td>${fields}</td></tr>`).join('')}</table>`;
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
