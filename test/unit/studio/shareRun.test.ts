import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunRecords, stepDiffOf } from '../../../src/agent/record.ts';
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
