import type { Diff } from '../engine/types.ts';
import type { RunRecord } from './runRecord.ts';

/**
 * A recorded run as one self-contained HTML page: prompt, steps (code, console, step diff, verdict), the final diff
 * and grade. No script, no external resource, so it opens from a mail attachment or a file share without the site.
 * The record itself is embedded as JSON, so the page can be imported back into DiffLab.
 */
export function runRecordToHtml(run: RunRecord): string {
  const e = escapeHtml;
  const grade = run.grade;
  const faults = Object.keys(run.faults).length ? `<p class="faults">Faults injected: <code>${e(JSON.stringify(run.faults))}</code></p>` : '';
  const steps = run.steps
    .map(
      (s, i) => `<section class="step">
<h3>Step ${i + 1} <span class="${s.verdict.passed ? 'pass' : 'fail'}">${s.verdict.passed ? 'passing' : 'failing'} ${s.verdict.score.passed}/${s.verdict.score.total}</span></h3>
<pre class="code">${e(s.code)}</pre>
${s.console.length ? `<pre class="console">${s.console.map((c) => `<span class="${e(c.level)}">${e(c.text)}</span>`).join('\n')}</pre>` : ''}
${diffHtml(s.stepDiff)}
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
.pass{color:#137333}.fail{color:#b3261e}.error{color:#b3261e}.warn{color:#8a5a00}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}td,th{border:1px solid #dde;padding:2px 6px;text-align:left;vertical-align:top}
.ins{background:#e6f4ea}.del{background:#fce8e6}.upd{background:#fef7e0}
.step{border-top:1px solid #dde;margin-top:1.5em}
</style>
</head>
<body>
<h1>${e(run.scenario.title)}</h1>
<p><strong>Scenario</strong> <code>${e(run.scenario.id)}</code> on seed <code>${e(run.scenario.seed)}</code> · <strong>actor</strong> ${e(run.actor)} · ${e(run.startedAt)} · ${(run.ms / 1000).toFixed(1)} s · ${run.steps.length} step(s)</p>
<h2>Prompt</h2>
<blockquote>${e(run.scenario.prompt)}</blockquote>
${faults}
<h2>Grade: <span class="${grade.passed ? 'pass' : 'fail'}">${grade.passed ? 'PASSED' : 'FAILED'}</span> ${grade.score.passed}/${grade.score.total} (${grade.score.percent.toFixed(0)}%)</h2>
${grade.failures.length ? `<ul>${grade.failures.map((f) => `<li>${e(f)}</li>`).join('')}</ul>` : ''}
<h2>Steps</h2>
${steps}
<h2>Final diff</h2>
${diffHtml(grade.diff)}
<script type="application/json" id="difflab-run">${JSON.stringify(run).replace(/</g, '\\u003c')}</script>
</body>
</html>
`;
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
