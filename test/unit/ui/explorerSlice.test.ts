import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunRecords } from '../../../src/agent/record.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';
import { fakeWorkbench, loadedSuite, outcomeFor, postedDiff, scenario, startedStore } from './fixtures.ts';

const post = scenario('post');
const demoText = readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8');

async function setup() {
  const { state } = await startedStore(fakeWorkbench(() => outcomeFor(post, postedDiff)), loadedSuite('slack', [post]));
  await state().agent.importRuns(demoText);
  return state;
}

describe('the explorer store', () => {
  it("a cell opens the explorer on exactly the runs its table counted, and clears back to every run", async () => {
    const state = await setup();
    const { records } = parseRunRecords(demoText);
    const failing = records.filter((r) => !r.verdict.passed);
    // A table over the failing runs: its `model` row for one of them holds that run alone.
    state().explorer.openCell(failing, { by: 'model', key: failing[0].model.label ?? failing[0].model.model });
    expect(state().agent.view).toBe('explore');
    expect(state().explorer.cell?.ids).toEqual([failing[0].id]);
    expect(state().explorer.cell?.label).toContain('model');
    state().explorer.clearCell();
    expect(state().explorer.cell).toBeNull();
  });

  it('ticking fills A then B, a third replaces B, and ticking a chosen run unticks it', async () => {
    const state = await setup();
    const e = () => state().explorer;
    e().togglePair('demo-correct');
    expect(e().pair).toEqual(['demo-correct', null]);
    e().togglePair('demo-recovery');
    expect(e().pair).toEqual(['demo-correct', 'demo-recovery']);
    e().togglePair('demo-side-effect');
    expect(e().pair).toEqual(['demo-correct', 'demo-side-effect']);
    e().togglePair('demo-correct');
    expect(e().pair).toEqual(['demo-side-effect', null]);
    e().comparePair('demo-stopped-early', 'demo-correct');
    expect(e().pair).toEqual(['demo-stopped-early', 'demo-correct']);
  });

  it('filters merge, and clearing them keeps the open cell', async () => {
    const state = await setup();
    state().explorer.openRuns('two runs', ['demo-correct', 'demo-recovery']);
    state().explorer.setFilters({ outcome: 'pass' });
    state().explorer.setFilters({ text: 'recovery' });
    expect(state().explorer.filters).toMatchObject({ outcome: 'pass', text: 'recovery', model: '' });
    state().explorer.clearFilters();
    expect(state().explorer.filters.text).toBe('');
    expect(state().explorer.cell?.ids).toEqual(['demo-correct', 'demo-recovery']);
  });
});
