import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellRunIds, compareRuns, diffSignature, faultKinds, filterOptions, matchesFilters, noRunFilters, runSource, toExplorerRun } from '../../../src/agent/explore.ts';
import { isMcpRun, MCP_STDIO_BASE_URL, parseRunRecords, stepDiffOf, summarizeRun, type AgentRunRecord } from '../../../src/agent/record.ts';
import { statsBy } from '../../../src/agent/stats.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

// The shipped demo runs: five runs of one scenario, each doing something different (scripts/make-demo-runs.ts).
const { records: demos } = parseRunRecords(readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8'));
const demo = (id: string) => structuredClone(demos.find((r) => r.id === id)!);

/** A demo run re-labelled as another source, model, batch or scenario. */
function variant(id: string, over: Partial<AgentRunRecord> & { scenarioId?: string; services?: string[] }): AgentRunRecord {
  const { scenarioId, services, ...rest } = over;
  const r = { ...demo(id), ...rest };
  if (scenarioId || services) r.scenario = { ...r.scenario, ...(scenarioId ? { id: scenarioId } : {}), ...(services ? { services } : {}) };
  return r;
}

const evalRun = variant('demo-correct', { id: 'gpt eval :: slack-core/random-boardgame-venue#0@gpt/code/none', batch: 'gpt eval', model: { protocol: 'openai', baseURL: '', model: 'gpt' } });
const pageRun = variant('demo-side-effect', { id: 'page-1', batch: 'gpt code/none 2026-12-02 06:00', model: { protocol: 'openai', baseURL: '', model: 'gpt' }, faults: { rateLimit: { every: 3, retryAfterSeconds: 1 }, services: ['slack'] } });
const humanRun = variant('demo-trace-lies', { id: 'human-1', batch: 'human', model: { protocol: 'human', baseURL: '', model: 'human' }, human: { budget: 15, outOfBudget: false } });
const liveRun = variant('demo-recovery', { id: 'live-1', batch: 'live', model: { protocol: 'anthropic', baseURL: '', model: 'claude' } });
const crossRun = variant('demo-stopped-early', { id: 'cross-1', batch: 'gpt code/none 2026-12-02 06:00', model: { protocol: 'openai', baseURL: '', model: 'gpt' }, scenarioId: 'cross', services: ['slack', 'calendar'] });
const all = [evalRun, pageRun, humanRun, liveRun, crossRun, demo('demo-correct')];

describe('one run model over every source', () => {
  it('tells where a run came from: an eval file, a page batch, a person, a live run, a demo', () => {
    expect(all.map(runSource)).toEqual(['eval', 'batch', 'human', 'live', 'batch', 'demo']);
  });

  it('tells an MCP client\'s run (difflab mcp --out) from a live run', () => {
    const mcp = variant('demo-correct', { id: 'run-mcp', model: { protocol: 'openai', baseURL: MCP_STDIO_BASE_URL, model: 'claude-code 2.1.0' } });
    expect(runSource(mcp)).toBe('mcp');
    expect(isMcpRun(mcp)).toBe(true);
    expect(all.some(isMcpRun)).toBe(false);
  });

  it('gives each run its outcome, failure class and faults', () => {
    const runs = all.map(toExplorerRun);
    expect(runs.map((r) => r.outcome)).toEqual(['pass', 'fail', 'fail', 'pass', 'fail', 'pass']);
    expect(runs[1].failure).toBe('unexplained_side_effects');
    expect(runs[2].failure).toBe('wrong_entity_changed');
    expect(runs[4].failure).toBe('stopped_early');
    expect(faultKinds(runs[1].faults)).toEqual(['rate-limit']);
    expect(runs[0].scenarioKey).toBe('slack-core/random-boardgame-venue');
  });
});

describe("an aggregate cell's runs", () => {
  it('are exactly the runs its table row counts, for every key the results tables group by', () => {
    const summaries = all.map(summarizeRun);
    for (const by of ['model', 'service', 'span', 'category', 'faults'] as const) {
      for (const { key, stats } of statsBy(summaries, by)) {
        const ids = cellRunIds(all, { by, key });
        expect(ids.length, `${by} ${key}`).toBe(stats.runs);
      }
    }
  });

  it('count a cross-service run under each of its services, and a model × service cell only that model', () => {
    expect(cellRunIds(all, { by: 'service', key: 'calendar' })).toEqual(['cross-1']);
    expect(cellRunIds(all, { by: 'service', key: 'slack' })).toHaveLength(all.length);
    expect(cellRunIds(all, { by: 'service', key: 'slack', model: 'gpt' })).toEqual([evalRun.id, 'page-1', 'cross-1']);
    expect(cellRunIds(all, { by: 'span', key: '2 services' })).toEqual(['cross-1']);
    expect(cellRunIds(all, { by: 'model', key: 'nobody' })).toEqual([]);
  });
});

describe('filters', () => {
  const runs = all.map(toExplorerRun);
  const ids = (over: Partial<typeof noRunFilters>) => runs.filter((r) => matchesFilters(r, { ...noRunFilters, ...over })).map((r) => r.id);

  it('narrow by scenario, model, verdict, failure class, fault and source, and combine', () => {
    expect(ids({})).toHaveLength(runs.length);
    expect(ids({ scenario: 'slack-core/cross' })).toEqual(['cross-1']);
    expect(ids({ model: 'claude' })).toEqual(['live-1']);
    expect(ids({ outcome: 'fail' })).toEqual(['page-1', 'human-1', 'cross-1']);
    expect(ids({ failure: 'unexplained_side_effects' })).toEqual(['page-1']);
    expect(ids({ fault: 'rate-limit' })).toEqual(['page-1']);
    expect(ids({ fault: 'none' })).not.toContain('page-1');
    expect(ids({ source: 'eval' })).toEqual([evalRun.id]);
    expect(ids({ model: 'gpt', outcome: 'fail' })).toEqual(['page-1', 'cross-1']);
  });

  it('search every word in scenario, title, model, batch and id, case-insensitively', () => {
    expect(ids({ text: 'HUMAN' })).toEqual(['human-1']);
    expect(ids({ text: 'board game GPT' })).toEqual([evalRun.id, 'page-1']);
    expect(ids({ text: 'cross gpt' })).toEqual(['cross-1']);
    expect(ids({ text: 'no such run' })).toEqual([]);
  });

  it('offer the values present, with their counts', () => {
    const o = filterOptions(runs);
    expect(o.model).toEqual([
      { value: 'A correct run', label: 'A correct run', count: 1 },
      { value: 'claude', label: 'claude', count: 1 },
      { value: 'gpt', label: 'gpt', count: 3 },
      { value: 'human', label: 'human', count: 1 },
    ]);
    expect(o.source.find((s) => s.value === 'batch')?.count).toBe(2);
    expect(o.fault.map((f) => f.value)).toEqual(['none', 'rate-limit']);
    expect(o.scenario.find((s) => s.value === 'slack-core/cross')?.label).toBe(demo('demo-correct').scenario.title);
  });
});

describe('two runs side by side', () => {
  it('a run beside itself, or beside a copy made at another time, does not diverge', () => {
    const a = demo('demo-correct');
    expect(compareRuns(a, a).divergence).toBeNull();
    // The same actions at another moment: the message's ts and created_at differ, and are left out.
    const later = JSON.parse(JSON.stringify(a).replace(/17\d{8}\.\d{6}/g, '1799999999.000001').replace(/20\d\d-\d\d-\d\dT[\d:.]+Z?/g, '2031-01-01T00:00:00.000Z')) as AgentRunRecord;
    expect(JSON.stringify(later)).not.toBe(JSON.stringify(a));
    expect(compareRuns(a, later).divergence).toBeNull();
  });

  it('aligns step n with step n and marks the first step whose requests, state change or verdict differ', () => {
    // Both first list the channels; then one posts and the other reads members.
    const c = compareRuns(demo('demo-correct'), demo('demo-stopped-early'));
    expect(c.steps.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(c.steps[0].differences).toEqual([]);
    expect(c.divergence).toBe(1);
    expect(c.steps[1].differences).toEqual(['requests', 'diff', 'verdict']);
    expect(c.sameVerdict).toBe(false);
  });

  it('counts a state change alone, and a step only one run has', () => {
    const a = demo('demo-correct');
    const b = demo('demo-correct');
    const row = b.steps[1].actions[0].stepDiff.inserts[0];
    row.message_text = 'Something else';
    const c = compareRuns(a, b);
    expect(c.divergence).toBe(1);
    expect(c.steps[1].differences).toEqual(['diff']);
    expect(diffSignature(stepDiffOf(b.steps[1]))[0]).toContain('Something else');
    const shorter = { ...demo('demo-correct'), steps: demo('demo-correct').steps.slice(0, 2) };
    const d = compareRuns(a, shorter);
    expect(d.divergence).toBe(2);
    expect(d.steps[2]).toMatchObject({ b: null, differences: ['missing'] });
  });
});
