import { describe, expect, it } from 'vitest';
import { parseFiles, resolveRelative } from '../../../src/ui/stores/parseFiles.ts';

const agentDiffSuite = {
  name: 'Mini bench',
  service: 'slack',
  tests: [
    {
      id: 'test_1',
      name: 'Say hello',
      prompt: 'Say hello in #general',
      seed_template: 'mini_seed',
      impersonate_user_id: 'U1',
      metadata: { task_horizon: 2, operation_type: 'C+R', prompt_ambiguity: 'low' },
      assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C1' } }],
    },
  ],
};

describe('reading imported files', () => {
  it('takes an Agent-Diff suite and names its seed by the file', () => {
    const out = parseFiles([
      { name: 'mini.json', text: JSON.stringify(agentDiffSuite) },
      { name: 'mini_seed.json', text: JSON.stringify({ channels: [{ channel_id: 'C1' }], messages: [] }) },
    ]);
    expect(out.suites).toHaveLength(1);
    const [entry] = out.suites[0].entries;
    expect(entry.key).toBe('Mini bench/test_1');
    expect(entry.suite).toMatchObject({ format: 'agent-diff', origin: 'imported', file: 'mini.json' });
    expect(entry.scenario.metadata).toMatchObject({ horizon: 2, operations: ['C', 'R'], ambiguity: 'low' });
    expect(out.seeds.map((s) => s.name)).toEqual(['mini_seed']);
    expect(out.reports.map((r) => [r.kind, r.ok, r.summary])).toEqual([
      ['suite', true, 'Agent-Diff suite "Mini bench": 1 scenario'],
      ['seed', true, 'seed "mini_seed": 2 tables, 1 rows'],
    ]);
  });

  it('reports a malformed suite with the JSON path of each bad field', () => {
    const bad = structuredClone(agentDiffSuite) as Record<string, any>;
    delete bad.tests[0].prompt;
    bad.tests[0].assertions[0].diff_type = 'created';
    const out = parseFiles([{ name: 'bad.json', text: JSON.stringify(bad) }]);
    expect(out.suites).toEqual([]);
    const [report] = out.reports;
    expect(report.ok).toBe(false);
    expect(report.issues.map((i) => i.path)).toContain('$.tests[0].prompt');
  });

  it('reports a file that is not JSON', () => {
    const out = parseFiles([{ name: 'x.json', text: '{"tests": [' }]);
    expect(out.reports[0]).toMatchObject({ kind: 'unknown', ok: false });
    expect(out.reports[0].issues[0].path).toBe('$');
  });

  it('resolves solution paths against the suite file', () => {
    expect(resolveRelative('/scenarios/slack/suite.json', 'solutions/a.js')).toBe('/scenarios/slack/solutions/a.js');
    expect(resolveRelative('/scenarios/slack/suite.json', './solutions/../b.js')).toBe('/scenarios/slack/b.js');
  });
});
