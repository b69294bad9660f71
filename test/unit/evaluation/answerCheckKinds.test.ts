import { describe, expect, it } from 'vitest';
import { checkAnswers, listItems, numbersIn, type AnswerCheck } from '../../../src/evaluation/index.ts';

const one = (check: AnswerCheck, answer: string | null) => checkAnswers([check], answer)[0];

describe('answer checks', () => {
  it('regex is a real regular expression, not a literal substring', () => {
    const check: AnswerCheck = { kind: 'regex', value: 'Ingrid Solberg[\\s\\S]*Helena Brandt' };
    // A substring checker would look for the pattern text itself and fail this right answer.
    expect('Ingrid Solberg → Helena Brandt'.includes(String(check.value))).toBe(false);
    expect(one(check, 'Ingrid Solberg → Helena Brandt').passed).toBe(true);
    // ... and order matters, as the pattern says.
    expect(one(check, 'Helena Brandt, then Ingrid Solberg').passed).toBe(false);
    // A pattern that is also literal text in a wrong answer does not pass by accident.
    expect(one({ kind: 'regex', value: '(^|\\D)4417(\\D|$)' }, 'The code is 44170').passed).toBe(false);
    expect(one({ kind: 'regex', value: '(^|\\D)4417(\\D|$)' }, 'The code is 4417.').passed).toBe(true);
  });

  it('case sensitivity follows ignore_case (default: ignore)', () => {
    expect(one({ kind: 'contains', value: 'harbour room' }, 'In the Harbour Room').passed).toBe(true);
    expect(one({ kind: 'contains', value: 'harbour room', ignore_case: false }, 'In the Harbour Room').passed).toBe(false);
    expect(one({ kind: 'regex', value: '^in the', ignore_case: false }, 'In the Harbour Room').passed).toBe(false);
  });

  it('number finds a value within the tolerance, reading thousands separators and currency', () => {
    expect(numbersIn('GBP 58,400.50 and -3 items, code 4417')).toEqual([58400.5, -3, 4417]);
    expect(one({ kind: 'number', value: 58400 }, 'Liftline quoted GBP 58,400 in total.').passed).toBe(true);
    expect(one({ kind: 'number', value: 12323.11, tolerance: 0.01 }, 'Total: £12,323.12').passed).toBe(true);
    expect(one({ kind: 'number', value: 12323.11, tolerance: 0.01 }, 'Total: £12,323.15').passed).toBe(false);
    expect(one({ kind: 'number', value: 7 }, 'There are 17 of them').passed).toBe(false);
  });

  it('set_equals wants exactly the listed items, in any order and layout', () => {
    const check: AnswerCheck = { kind: 'set_equals', items: ['Kofi Mensah', 'Daniel Fairweather'] };
    expect(listItems('- Kofi Mensah\n- Daniel Fairweather.')).toEqual(['Kofi Mensah', 'Daniel Fairweather']);
    expect(one(check, 'Daniel Fairweather and kofi mensah').passed).toBe(true);
    expect(one(check, '1. Kofi Mensah\n2. Daniel Fairweather').passed).toBe(true);
    expect(one(check, 'Kofi Mensah').passed).toBe(false);
    expect(one(check, 'Kofi Mensah, Daniel Fairweather, Claire Dubois').passed).toBe(false);
  });

  it('a missing answer fails every check but not_contains', () => {
    expect(checkAnswers([{ kind: 'number', value: 1 }, { kind: 'set_equals', items: ['a'] }, { kind: 'not_contains', value: 'x' }], null).map((r) => r.passed)).toEqual([false, false, true]);
  });
});
