import { beforeAll, describe, expect, it } from 'vitest';
import { installNodePatternWorker } from '../../../src/cli/patternWorker.ts';
import type { Diff } from '../../../src/engine/index.ts';
import { checkAnswers, evaluateDiffBounded, patternTest, withBoundedPatterns, type AssertionSpec } from '../../../src/evaluation/index.ts';
import { linearPattern } from '../../../src/evaluation/linearRegex.ts';
import { translatePythonRegex } from '../../../src/evaluation/pythonRegex.ts';

beforeAll(() => installNodePatternWorker());

const hostile = 'a'.repeat(34) + '!';
const message = (text: string): Diff => ({ inserts: [{ __table__: 'messages', message_id: 'm1', message_text: text }], updates: [], deletes: [] });
const spec = (regex: string): AssertionSpec =>
  ({ assertions: [{ diff_type: 'added', entity: 'messages', where: { message_text: { regex } }, expected_count: 1 }] }) as unknown as AssertionSpec;

describe('regular expressions in evaluation: bounded whatever the pattern and the text', () => {
  it('runs the Python patterns RE2 can express in linear time, with Python’s meaning', async () => {
    for (const p of ['(?i)(4th|fourth)[\\s-]*floor', '^D', '^NDA - Granite Peak Analytics( LLC)?\\.txt$', '3,?213(\\.50?)?\\b', '(?s)Primary:\\s*Wen\\b.*Secondary', '(?m)^b$', '^(a+)+$']) {
      const t = translatePythonRegex(p);
      expect(t.ok && linearPattern(t.source, t.flags), p).toBeTruthy();
    }
    const cases: [string, string, boolean][] = [
      ['^(a+)+$', hostile, false],
      ['^(a+)+$', 'aaaa\n', true], // Python's `$` also before a final newline
      ['^(a+)+$', 'aaaa\n\n', false],
      ['(?i)(4th|fourth)[\\s-]*floor', 'the Fourth\u00a0floor', true], // Unicode \s
      ['(?m)^b$', 'a\nb\nc', true],
      ['\\bsix\\b', 'about six days', true],
      ['\\bsix\\b', 'sixty', false],
      ['\\bcafé\\b', 'un café noir', true], // Unicode word boundary: not RE2's ASCII one
      ['\\bé', 'xé', false],
      ['3,?213(\\.50?)?\\b', 'total 3,213.50 USD', true],
    ];
    const { value } = await withBoundedPatterns(() => cases.map(([p, text]) => patternTest('python', p, text)));
    expect(value).toEqual(cases.map((c) => c[2]));
  });

  it('runs lookaround and backreferences in a worker: the answers of the suites’ patterns are Python’s', async () => {
    const cases: [string, string, boolean][] = [
      ['(?si)(?=.*harbor yoga)(?=.*16\\.3)(?=.*csp)', 'CSP ... Harbor Yoga 16.3', true],
      ['(?si)(?=.*harbor yoga)(?=.*16\\.3)(?=.*csp)', 'Harbor Yoga 16.3', false],
      ['^(?!.*recieved).*received', 'we received it', true],
      ['(?<![\\d.])6(?![\\d.])|\\bsix\\b', 'v1.6', false],
      ['(a)\\1', 'xaa', true],
    ];
    const { value, expensive } = await withBoundedPatterns(() => cases.map(([p, text]) => patternTest('python', p, text)));
    expect(value).toEqual(cases.map((c) => c[2]));
    expect(expensive).toEqual([]);
  });

  it('stops a catastrophic backtracking pattern at its budget: the verdict fails and names it; the next one is judged', async () => {
    const slow = '^(?=(a+)+$)';
    const v = await evaluateDiffBounded(spec(slow), message(hostile), { closedWorld: false });
    expect(v.passed).toBe(false);
    expect(v.expensivePatterns).toEqual([slow]);
    expect(v.failures.join('\n')).toContain(JSON.stringify(slow));
    const ok = await evaluateDiffBounded(spec('^(?=a+!)'), message(hostile), { closedWorld: false });
    expect(ok.passed).toBe(true);
    expect(ok.expensivePatterns).toBeUndefined();
  });

  it('bounds answer checks (JavaScript patterns on a model’s answer) the same way', async () => {
    const checks = [
      { kind: 'regex' as const, value: '^(a+)+$', ignore_case: false },
      { kind: 'regex' as const, value: 'harbor', description: 'names the venue' },
    ];
    const { value, expensive } = await withBoundedPatterns(() => checkAnswers(checks, `${hostile} at HARBOR`));
    expect(value.map((r) => r.passed)).toEqual([false, true]);
    expect(expensive).toEqual(['^(a+)+$']);
    const v = await evaluateDiffBounded({ assertions: [] } as unknown as AssertionSpec, message('x'), { answerChecks: checks, answer: hostile });
    expect(v.failures.some((f) => f.includes('too expensive'))).toBe(true);
  });
});
