import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../../../src/cli/evaluate.ts';
import { readDiff, readSpec } from '../../../src/cli/recordedDiff.ts';

const spec = { assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C1' } }] };
const diff = { inserts: [{ __table__: 'messages', message_id: '1', channel_id: 'C1' }], updates: [], deletes: [] };

describe('recorded specs and diffs', () => {
  it('accepts a spec as an object, a JSON string (dataset answer) or a test holding expected_output', () => {
    for (const form of [spec, JSON.stringify(spec), { name: 't', expected_output: spec }, { expected_output: JSON.stringify(spec) }]) {
      expect(readSpec(form)).toEqual({ ok: true, spec });
    }
    const bad = readSpec({ expected_output: { assertions: [{ diff_type: 'grown', entity: 'x' }] } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0].path).toMatch(/^\$\.expected_output\.assertions\[0\]/);
  });

  it('accepts a bare diff or one inside a diffRun response, and names bad rows by path', () => {
    expect(readDiff(diff)).toEqual({ ok: true, diff });
    expect(readDiff({ beforeSnapshot: 'a', afterSnapshot: 'b', diff })).toEqual({ ok: true, diff });
    expect(readDiff({ inserts: [] })).toEqual({ ok: true, diff: { inserts: [], updates: [], deletes: [] } });
    const bad = readDiff({ inserts: [{ message_id: '1' }], updates: [{ __table__: 'messages', before: {} }], deletes: 'x' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.path)).toEqual(['$.deletes', '$.inserts[0].__table__', '$.updates[0].after']);
  });

  it('evaluates a batch in input order and keeps bad lines in place', () => {
    const text = [JSON.stringify({ spec, diff }), '', 'nope', JSON.stringify({ spec }), JSON.stringify({ spec, diff: { inserts: [] } })].join('\n');
    const { lines, bad } = evaluateBatch(text, { closedWorld: true });
    const out = lines.map((l) => JSON.parse(l));
    expect(bad).toBe(2);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ passed: true, agent_diff_passed: true });
    expect(out[1]).toMatchObject({ line: 3, error: expect.stringMatching(/not valid JSON/) });
    expect(out[2]).toMatchObject({ line: 4, error: 'each line must be an object {spec, diff}' });
    expect(out[3]).toMatchObject({ passed: false, score: { passed: 0, total: 1 } });
  });
});
