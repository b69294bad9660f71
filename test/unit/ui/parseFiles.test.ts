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
  it("takes an Agent-Diff results file as recorded runs, and a seed named like difflab replay's (before the first dot)", () => {
    const message = (fields: string) => fields;
    const results = {
      'run-1': {
        prompt: 'Create a team called Design',
        passed: true,
        score: { total: 1, passed: 1, percent: 100 },
        failures: [],
        diff: {},
        trace: {
          messages: [
            message("content='Create a team called Design' additional_kwargs={} response_metadata={}"),
            message("content='' additional_kwargs={} response_metadata={} tool_calls=[{'name': 'execute_python', 'args': {'code': 'print(1)'}, 'id': 'call_1', 'type': 'tool_call'}]"),
            message("content='1\\n' name='execute_python' tool_call_id='call_1'"),
            message("content='Done.' additional_kwargs={} response_metadata={}"),
          ],
        },
      },
      'run-2': { prompt: 'Other', passed: false, score: null, failures: ['assertion#1 failed'], diff: {}, trace: { error: 'Recursion limit reached' } },
    };
    const parsed = parseFiles([
      { name: 'evaluation_results_linear_bench_model_20251114_234002.json', text: JSON.stringify(results) },
      { name: 'linear_default.recorded.json', text: JSON.stringify({ teams: [{ id: 't1' }] }) },
    ]);
    expect(parsed.suites).toEqual([]);
    expect(parsed.results).toHaveLength(1);
    const [run1, run2] = parsed.results[0].runs;
    expect(run1).toMatchObject({ key: 'run-1', passed: true, finalAnswer: 'Done.', traceError: null });
    expect(run1.steps).toMatchObject([{ tool: 'execute_python', language: 'python', code: 'print(1)', output: '1\n' }]);
    expect(run2).toMatchObject({ passed: false, steps: [], failures: ['assertion#1 failed'] });
    expect(run2.traceError).toContain('Recursion limit');
    expect(parsed.reports[0]).toMatchObject({ kind: 'results', ok: true, summary: 'Agent-Diff results: 2 recorded runs, 1 passed' });
    expect(parsed.seeds.map((s) => s.name)).toEqual(['linear_default']);
  });

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
  it("takes Agent-Diff's docs files by their published names and refuses one of the wrong shape", () => {
    const out = parseFiles([
      { name: 'slack_api_full_docs.json', text: JSON.stringify({ 'POST /chat.postMessage': { description: 'Sends a message' } }) },
      { name: 'box_api_full_docs.json', text: JSON.stringify({ 'GET /folders/{folder_id}': 'not an object' }) },
    ]);
    expect(out.docs.map((d) => d.service)).toEqual(['slack']);
    expect(out.seeds).toEqual([]);
    expect(out.reports.map((r) => [r.kind, r.ok])).toEqual([['docs', true], ['docs', false]]);
    expect(out.reports[1].issues[0].message).toContain('"GET /folders/{folder_id}" is not an object');
  });

  it("takes a scripted model's replies file, and names the JSON path of each problem in a malformed one", () => {
    const good = parseFiles([{ name: 'my-run.json', text: JSON.stringify({ test_1: ['<thinking>x</thinking><action>echo hi</action>', '<done>ok</done>'] }) }]);
    expect(good.replies).toEqual([{ name: 'my-run', runs: { test_1: ['<thinking>x</thinking><action>echo hi</action>', '<done>ok</done>'] }, report: 0 }]);
    expect(good.reports[0]).toMatchObject({ kind: 'replies', ok: true });
    const bad = parseFiles([{ name: 'run.replies.json', text: JSON.stringify({ test_1: 'one reply', test_2: ['fine', 3], test_3: [] }) }]);
    expect(bad.replies).toEqual([]);
    expect(bad.seeds).toEqual([]);
    expect(bad.reports[0]).toMatchObject({ kind: 'replies', ok: false });
    expect(bad.reports[0].issues.map((i) => i.path)).toEqual(['$["test_1"]', '$["test_2"][1]']);
    expect(bad.reports[0].issues[0].message).toContain('wrap it in [ ]');
    // Named as replies, a file that is not even an object of tests is still reported as one.
    expect(parseFiles([{ name: 'replies.json', text: '{}' }]).reports[0]).toMatchObject({ kind: 'replies', ok: false });
    // A seed (tables of rows) is not taken for replies.
    expect(parseFiles([{ name: 'seed.json', text: JSON.stringify({ users: [{ id: 'U1' }] }) }]).reports[0].kind).toBe('seed');
  });
});
