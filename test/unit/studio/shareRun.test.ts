import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunRecords, stepDiffOf } from '../../../src/agent/record.ts';
import { evaluateDiff } from '../../../src/evaluation/index.ts';
import { decodeState, encodeState, shareLink } from '../../../src/studio/permalink.ts';
import { runRecordFromHtml, runRecordToHtml } from '../../../src/studio/runHtml.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

const demo = parseRunRecords(readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8')).records;
const correct = demo.find((r) => r.id === 'demo-correct')!;

describe('sharing a saved agent run', () => {
  it('a permalink of an agent run record round-trips byte for byte', async () => {
    expect(demo.length).toBeGreaterThanOrEqual(5);
    for (const run of demo) {
      const made = await shareLink('https://difflab.dev/#old', { kind: 'run', run });
      expect('url' in made, `${run.id} fits in a link`).toBe(true);
      if (!('url' in made)) continue;
      const back = await decodeState(new URL(made.url).hash);
      expect(JSON.stringify(back)).toBe(JSON.stringify({ kind: 'run', run }));
    }
  });

  it('refuses a link whose run is not a run record of this format', async () => {
    const { format: _f, ...noFormat } = correct;
    expect(await decodeState(await encodeState({ kind: 'run', run: { ...noFormat, format: 'difflab-run/1' } as never }))).toBeNull();
  });

  it('exports a run as one HTML page with prompt, steps, diff and grade, and no external resources', () => {
    const html = runRecordToHtml(correct);
    const escaped = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    const visible = html.replace(/<script type="application\/json" id="difflab-run">[\s\S]*?<\/script>/, '');
    expect(visible).toContain(escaped(correct.scenario.prompt));
    for (const step of correct.steps) {
      expect(visible).toContain(`Step ${step.index + 1}`);
      for (const a of step.actions) expect(visible).toContain(escaped(a.code));
    }
    const posted = correct.steps.map(stepDiffOf).flatMap((d) => d.inserts)[0];
    expect(posted.__table__).toBe('messages');
    expect(visible).toContain(escaped(String(posted.message_text)));
    expect(visible).toContain(`Grade: <span class="pass">PASSED</span> ${correct.verdict.score.passed}/${correct.verdict.score.total}`);
    // Self-contained: no script that runs, nothing fetched from elsewhere.
    expect(html).not.toMatch(/<script(?! type="application\/json")/i);
    expect(html).not.toMatch(/\b(src|href)\s*=|url\(|@import|<link|<iframe/i);
    // And it imports back as the same record.
    expect(runRecordFromHtml(html)).toEqual(correct);
  });
});

describe('the HTML export, read without JavaScript', () => {
  const sideEffect = demo.find((r) => r.id === 'demo-side-effect')!;
  const visible = (html: string) => html.replace(/<script type="application\/json" id="difflab-run">[\s\S]*?<\/script>/, '');

  it('shows both verdicts: Agent-Diff passes, the closed world fails on the side effect', () => {
    const html = visible(runRecordToHtml(sideEffect));
    expect(sideEffect.verdict.agent_diff_passed).toBe(true);
    const { passed, total } = sideEffect.verdict.score;
    expect(html).toContain(`<th>Agent-Diff verdict</th><td><strong class="pass">pass</strong> — ${passed} of ${total} assertions holds</td>`);
    expect(html).toContain(`<th>Closed world</th><td><strong class="fail">fail</strong> — ${passed} of ${total} assertions holds, 1 change no assertion explains</td>`);
  });

  it('reads a failed run’s verdict row as its result, and says field by field why it failed', () => {
    // The correct run's message, judged against a spec that wants it in another channel: 0 of 1, one nearest row.
    const spec = { assertions: [{ diff_type: 'added' as const, entity: 'messages', where: { channel_id: 'C0ELSEWHERE' }, expected_count: 1 }] };
    const verdict = evaluateDiff(spec, correct.runDiff, { nearest: true });
    const failed = { ...correct, verdict };
    const html = visible(runRecordToHtml(failed));
    expect(html).toContain(`<th>Agent-Diff verdict</th><td><strong class="fail">fail</strong> — 0 of 1 assertions hold</td>`);
    const why = html.slice(html.indexOf('<h3>Why it failed</h3>'), html.indexOf('<h2>Final diff</h2>'));
    const a = failed.verdict.assertions.find((x) => !x.passed && x.nearest?.rows.length)!;
    const row = a.nearest!.rows[0];
    expect(why).toContain(`<code>${escape(row.table)} ${escape(row.key)}</code>`);
    const broken = row.checks.find((c) => !c.passed)!;
    expect(why).toContain(`✗ <code>${escape(broken.field)}</code> <code>${escape(broken.actual)}</code>`);
  });

  it('prints each piece of code once (not the reply’s fence and then the action), wraps long lines and prints on paper', () => {
    const fenced = demo.find((r) => r.steps.some((s) => s.text.includes('```') && s.actions.length))!;
    expect(fenced, 'a demo run whose reply holds its code in a fence').toBeDefined();
    const html = visible(runRecordToHtml(fenced));
    for (const step of fenced.steps) for (const a of step.actions) expect(html.split(escape(a.code.trim())).length - 1, a.code).toBe(1);
    expect(html).toMatch(/pre\{[^}]*white-space:pre-wrap/);
    expect(html).toContain('@media print');
  });

  it('tags every row of the final diff, and marks the unexplained one visibly', () => {
    const html = visible(runRecordToHtml(sideEffect));
    const final = html.slice(html.indexOf('<h2>Final diff</h2>'), html.indexOf('<h2>Steps</h2>'));
    const rows = final.match(/<tr class="[^"]*">[\s\S]*?<\/tr>/g) ?? [];
    const d = sideEffect.runDiff;
    expect(rows).toHaveLength(d.inserts.length + d.updates.length + d.deletes.length);
    const unexplained = rows.filter((r) => r.includes('unexplained'));
    expect(unexplained).toHaveLength(1);
    expect(unexplained[0]).toContain('⚠ UNEXPLAINED side effect');
    expect(unexplained[0]).toContain(escape(String(sideEffect.verdict.unexplained[0].row?.message_text)));
    expect(rows.filter((r) => /explained by A\d/.test(r)).length).toBeGreaterThan(0);
    // The step that made the side effect marks it too.
    const steps = html.slice(html.indexOf('<h2>Steps</h2>'));
    expect(steps).toContain('⚠ UNEXPLAINED side effect');
  });
});

function escape(t: string): string {
  return t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
