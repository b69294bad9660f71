import { describe, expect, it } from 'vitest';
import { answerFromConsole, checkAnswers } from '../../../src/evaluation/answerChecks.ts';
import { evaluateDiff } from '../../../src/evaluation/evaluate.ts';

describe('answer checks', () => {
  it('compares case- and space-insensitively by default', () => {
    const [r] = checkAnswers([{ kind: 'equals', value: 'Wen  Zhao' }], ' wen zhao ');
    expect(r.passed).toBe(true);
    expect(checkAnswers([{ kind: 'equals', value: 'Wen', ignore_case: false }], 'wen')[0].passed).toBe(false);
  });

  it('treats regex as a real regular expression, not literal text', () => {
    expect(checkAnswers([{ kind: 'regex', value: '^\\d+ members?$' }], '12 members')[0].passed).toBe(true);
    expect(checkAnswers([{ kind: 'regex', value: '^\\d+ members?$' }], 'twelve members')[0].passed).toBe(false);
    const bad = checkAnswers([{ kind: 'regex', value: '(' }], 'x')[0];
    expect(bad.passed).toBe(false);
    expect(bad.reason).toMatch(/invalid regular expression/);
  });

  it('fails a missing answer except for not_contains', () => {
    const r = checkAnswers([{ kind: 'contains', value: 'x' }, { kind: 'not_contains', value: 'y' }], null);
    expect(r.map((x) => x.passed)).toEqual([false, true]);
  });

  it('reads the last Answer: line of the console', () => {
    expect(answerFromConsole([{ text: 'Answer: a' }, { text: 'noise' }, { text: 'Answer:  Wen Zhao ' }])).toBe('Wen Zhao');
    expect(answerFromConsole([{ text: 'no answer here' }])).toBeNull();
  });

  it('counts answer checks in the verdict and the score', () => {
    const spec = { assertions: [{ diff_type: 'added' as const, entity: 'messages', expected_count: 0 }] };
    const empty = { inserts: [], updates: [], deletes: [] };
    const ok = evaluateDiff(spec, empty, { answerChecks: [{ kind: 'contains', value: 'Wen' }], answer: 'It is Wen.' });
    expect(ok.passed).toBe(true);
    expect(ok.score).toEqual({ passed: 2, total: 2, percent: 100 });
    const wrong = evaluateDiff(spec, empty, { answerChecks: [{ kind: 'contains', value: 'Wen' }], answer: 'Tomasz' });
    expect(wrong.passed).toBe(false);
    expect(wrong.agent_diff_passed).toBe(true);
    expect(wrong.failures).toEqual(['answer_checks[0]: answer "Tomasz" does not contain "Wen"']);
  });
});
