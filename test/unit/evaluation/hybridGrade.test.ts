import { describe, expect, it } from 'vitest';
import { emptyDiff, type Diff } from '../../../src/engine/types.ts';
import {
  buildJudgeRequest,
  evaluateDiff,
  gradeHybrid,
  hybridGates,
  referenceAnswerJudge,
  type Judge,
  type JudgeRequest,
  type AssertionSpec,
  type TraceEntry,
} from '../../../src/evaluation/index.ts';

const scenario = { id: 's', title: 'S', prompt: 'Flag the message and say how many there are.' };
const diffWithFlag = () => ({
  ...emptyDiff(),
  updates: [{ __table__: 'messages', before: { message_id: 'm1', flag_status: 'none' }, after: { message_id: 'm1', flag_status: 'flagged' } }],
});
const ASSERTIONS = [
  { diff_type: 'changed', entity: 'messages', where: { message_id: 'm1' }, expected_changes: { flag_status: { to: 'flagged' } } },
  { diff_type: 'added', entity: 'messages', where: {}, expected_count: 1 },
];
const spec = { assertions: ASSERTIONS } as unknown as AssertionSpec;
const firstOnly = { assertions: [ASSERTIONS[0]] } as unknown as AssertionSpec;

/** A fake judge that scores every dimension of every rubric with the given value and records what it saw. */
function fixedJudge(score: number, seen: JudgeRequest[] = []): Judge {
  return async (request) => {
    seen.push(request);
    return { rubrics: request.rubrics.map((r) => ({ index: r.index, scores: Object.fromEntries(r.dimensions.map((d) => [d, score])) })) };
  };
}

describe('hybrid grading', () => {
  it('a score of exactly 0.5 passes, unless a critical check failed', async () => {
    // Two assertions, one passes: static score 0.5 (closed world not counted here).
    const verdict = evaluateDiff(spec, diffWithFlag(), { closedWorld: false });
    const base = { scenario, verdict, closedWorld: false, rubrics: [], answer: null, trace: [], diff: diffWithFlag() };
    const ok = await gradeHybrid(base);
    expect([ok.score, ok.passed, ok.mode]).toEqual([0.5, true, 'static-only']);
    const critical = await gradeHybrid({ ...base, criticalAssertions: [1] });
    expect([critical.score, critical.passed]).toEqual([0.5, false]);
    expect(critical.failedCritical.map((c) => [c.kind, c.index])).toEqual([['assertion', 1]]);
  });

  it('weighs static and rubric components equally when both exist', async () => {
    const verdict = evaluateDiff(spec, diffWithFlag(), { closedWorld: false, answerChecks: [{ kind: 'number', value: 3 }], answer: 'There are 3.' });
    // static: 2 of 3 pass → 0.667; rubric judged 0.2 → total 0.433: fails on score alone.
    const r = await gradeHybrid({ scenario, verdict, closedWorld: false, rubrics: [{ description: 'good answer' }], answer: 'There are 3.', trace: [], diff: diffWithFlag(), judge: fixedJudge(0.2) });
    expect(r.mode).toBe('hybrid');
    expect(r.staticScore).toBeCloseTo(2 / 3);
    expect(r.rubricScore).toBeCloseTo(0.2);
    expect(r.score).toBeCloseTo((2 / 3 + 0.2) / 2);
    expect(r.passed).toBe(false);
  });

  it('a critical rubric under 0.5 fails the scenario even with a perfect static score', async () => {
    const verdict = evaluateDiff(firstOnly, diffWithFlag(), { closedWorld: true });
    const r = await gradeHybrid({
      scenario,
      verdict,
      closedWorld: true,
      rubrics: [{ description: 'polite', critical: true, weight: 1 }, { description: 'short', weight: 3 }],
      answer: 'done',
      trace: [],
      diff: diffWithFlag(),
      judge: async (req) => ({ rubrics: [{ index: 0, scores: { correctness: 0.4 } }, { index: 1, scores: Object.fromEntries(req.rubrics[1].dimensions.map((d) => [d, 1])) }] }),
    });
    expect(r.staticScore).toBe(1);
    // Rubric 0 has 7 dimensions, only one scored 0.4 → 0.057; weighted with rubric 1 (1.0 × 3).
    expect(r.rubricScore).toBeCloseTo((0.4 / 7 + 3) / 4);
    expect(r.score).toBeGreaterThan(0.5);
    expect(r.passed).toBe(false);
    expect(r.failedCritical.map((c) => c.kind)).toEqual(['rubric']);
  });

  it('the closed world gates the pass without being scored, so doing nothing scores nothing', async () => {
    const empty = evaluateDiff(firstOnly, emptyDiff(), { closedWorld: true });
    const idle = await gradeHybrid({ scenario, verdict: empty, closedWorld: true, rubrics: [], answer: null, trace: [], diff: emptyDiff() });
    expect([idle.score, idle.passed]).toEqual([0, false]);
    const sideEffect = { ...diffWithFlag(), inserts: [{ __table__: 'folders', folder_id: 'f9', name: 'Stray' }] };
    const messy = await gradeHybrid({ scenario, verdict: evaluateDiff(firstOnly, sideEffect, { closedWorld: true }), closedWorld: true, rubrics: [], answer: null, trace: [], diff: sideEffect });
    expect([messy.score, messy.passed, messy.failedCritical.map((c) => c.kind)]).toEqual([1, false, ['closed_world']]);
  });

  it('a judge that fails (dropped network, no reference answer) leaves the rubrics not judged and says why', async () => {
    const verdict = evaluateDiff(firstOnly, diffWithFlag(), { closedWorld: false });
    const base = { scenario, verdict, closedWorld: false, rubrics: [{ description: 'x', critical: true }], answer: 'done', trace: [], diff: diffWithFlag() };
    const dropped = await gradeHybrid({ ...base, judge: async () => Promise.reject(new TypeError('fetch failed')) });
    expect([dropped.mode, dropped.passed, dropped.staticScore, dropped.judgeError]).toEqual(['static-only', true, 1, 'fetch failed']);
    expect(dropped.checks.find((c) => c.kind === 'rubric')).toMatchObject({ score: null, passed: null, reason: expect.stringMatching(/judge failed: fetch failed/) });
    const noReference = await gradeHybrid({ ...base, judge: referenceAnswerJudge });
    expect(noReference.judgeError).toMatch(/no reference answer/);
    const judged = await gradeHybrid({ ...base, answer: 'It is done.', referenceAnswer: 'done', judge: referenceAnswerJudge });
    expect([judged.mode, judged.rubricScore, judged.passed]).toEqual(['hybrid', 1, true]);
  });

  it('without a judge, rubrics are "not judged" and the verdict says it is static-only', async () => {
    const verdict = evaluateDiff(firstOnly, diffWithFlag());
    const r = await gradeHybrid({ scenario, verdict, closedWorld: true, rubrics: [{ description: 'x', critical: true }], answer: null, trace: [], diff: diffWithFlag() });
    expect(r.mode).toBe('static-only');
    expect(r.rubricScore).toBeNull();
    expect(r.checks.find((c) => c.kind === 'rubric')).toMatchObject({ score: null, passed: null, reason: 'not judged (no judge configured)' });
    expect(r.passed).toBe(true);
  });

  it('the judge sees full tool arguments and results, however long', async () => {
    const longArg = 'A'.repeat(5_000);
    const longResult = { items: Array.from({ length: 200 }, (_, i) => ({ id: `msg_${i}`, subject: `Subject ${i}` })) };
    const trace: TraceEntry[] = [
      { kind: 'tool_call', name: 'post_messages_send', arguments: { to: ['a@b.example'], body: longArg }, result: { id: 'm9' }, status: 201 },
      { kind: 'tool_call', name: 'get_messages', arguments: { page_size: 100 }, result: longResult, status: 200 },
    ];
    const seen: JudgeRequest[] = [];
    const verdict = evaluateDiff(firstOnly, diffWithFlag());
    await gradeHybrid({ scenario, verdict, closedWorld: true, rubrics: [{ description: 'x' }], answer: 'ok', trace, diff: diffWithFlag(), judge: fixedJudge(1, seen) });
    expect(seen[0].prompt.user).toContain(longArg);
    expect(seen[0].prompt.user).toContain(JSON.stringify(longResult));
    expect(seen[0].trace).toEqual(trace);
    expect(seen[0].omitted).toEqual({ traceEntries: [], diffRows: 0 });
  });

  it('over the token budget, whole read entries are dropped (marked), never cut, and writes are kept', () => {
    const big = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ id: i, text: 'x'.repeat(100) })) });
    const trace: TraceEntry[] = [
      { kind: 'tool_call', name: 'get_messages', arguments: {}, result: big(100) },
      { kind: 'tool_call', name: 'post_messages_send', arguments: { body: 'B'.repeat(3000) }, result: { id: 'm1' } },
      { kind: 'tool_call', name: 'get_folders', arguments: {}, result: big(100) },
      { kind: 'message', role: 'assistant', text: 'Final answer: done' },
    ];
    const req = buildJudgeRequest({ scenario, rubrics: [{ description: 'x' }], answer: 'done', trace, diff: emptyDiff(), budgetTokens: 6_000 });
    expect(req.omitted.traceEntries).toEqual([0]);
    expect(req.trace[0]).toMatchObject({ kind: 'console' });
    expect(req.trace[1]).toEqual(trace[1]);
    expect(req.trace[2]).toEqual(trace[2]);
    expect(req.prompt.user).toContain('B'.repeat(3000));
    expect(req.prompt.user).toContain('1 omitted for the token budget');
  });

  it('the self-test judge accepts the reference answer and rejects anything else', async () => {
    const base = { scenario, rubrics: [{ description: 'names the pilots', critical: true }], trace: [], diff: emptyDiff(), referenceAnswer: 'Ostara Foods, Marigold Bakeries and Juniper Pet Supply' };
    const right = await referenceAnswerJudge(buildJudgeRequest({ ...base, answer: 'The pilots are Ostara Foods, Marigold Bakeries and Juniper Pet Supply, from 1 April.' }));
    const wrong = await referenceAnswerJudge(buildJudgeRequest({ ...base, answer: 'Ostara Foods only' }));
    expect(Object.values(right.rubrics[0].scores).every((s) => s === 1)).toBe(true);
    expect(Object.values(wrong.rubrics[0].scores).every((s) => s === 0)).toBe(true);
  });
});

describe('hybridGates: which gate decided', () => {
  const base = (closedWorld: boolean, diff: Diff = diffWithFlag()) => ({ scenario, closedWorld, rubrics: [], answer: null, trace: [], diff });

  it('a static 100% failed by the closed world says so first', async () => {
    const diff = { ...diffWithFlag(), inserts: [{ __table__: 'folders', folder_id: 'f9' }] };
    const grade = await gradeHybrid({ ...base(true, diff), verdict: evaluateDiff(firstOnly, diff) });
    expect([grade.score, grade.passed]).toEqual([1, false]);
    expect(hybridGates(grade)).toEqual([
      { gate: 'closed_world', passed: false, text: 'closed world: 1 unexplained change(s)' },
      { gate: 'score', passed: true, text: 'score 100% ≥ 50%' },
    ]);
  });

  it('names a failed critical check, and the score below the pass mark', async () => {
    const verdict = evaluateDiff(spec, emptyDiff(), { closedWorld: false });
    const grade = await gradeHybrid({ ...base(false, emptyDiff()), verdict, criticalAssertions: [0] });
    const gates = hybridGates(grade);
    expect(gates.map((g) => [g.gate, g.passed])).toEqual([
      ['score', false],
      ['critical', false],
    ]);
    expect(gates[0].text).toBe('score 0% < 50%');
    expect(gates[1].text).toMatch(/^critical assertion #1 failed: expected at least 1 changed messages/);
  });

  it('a pass lists every gate it passed', async () => {
    const grade = await gradeHybrid({ ...base(true), verdict: evaluateDiff(firstOnly, diffWithFlag()), criticalAssertions: [0] });
    expect(hybridGates(grade).map((g) => g.text)).toEqual(['score 100% ≥ 50%', 'closed world: every change is explained', 'every critical check passed (1)']);
  });
});
