import { patternTest } from './patternMatcher.ts';

/**
 * A check on the agent's final answer (for tasks that ask a question as well as, or instead of, changing state).
 *
 * - `equals`, `contains`, `not_contains`: text comparisons after collapsing whitespace; case-insensitive unless
 *   `ignore_case: false`.
 * - `regex`: a real JavaScript regular expression (EmailBench's checker matched such patterns as literal text),
 *   case-insensitive unless `ignore_case: false`.
 * - `number`: some number written in the answer lies within `tolerance` (default 0) of `value`. Thousands
 *   separators (`58,400`) and a leading currency sign are understood.
 * - `set_equals`: the answer lists exactly `items` (in any order, no extra, none missing). The list is the answer
 *   split on newlines, commas, semicolons and " and ", with bullets, numbering and a trailing full stop removed.
 */
export interface AnswerCheck {
  description?: string;
  kind: 'equals' | 'contains' | 'not_contains' | 'regex' | 'number' | 'set_equals';
  /** The text, pattern or number to compare with (not used by `set_equals`). */
  value?: string | number;
  /** `number`: the largest accepted difference. */
  tolerance?: number;
  /** `set_equals`: the expected items. */
  items?: string[];
  ignore_case?: boolean;
  critical?: boolean;
}

export interface AnswerCheckResult {
  index: number;
  check: AnswerCheck;
  passed: boolean;
  reason: string;
}

const normalise = (s: string, ignoreCase: boolean) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return ignoreCase ? t.toLowerCase() : t;
};

/** Every number written in a text: `GBP 58,400.50` → 58400.5, `-3` → -3, `4417` → 4417. */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g)) out.push(Number(m[0].replace(/,/g, '')));
  return out;
}

/** The items an answer lists (see `set_equals`). */
export function listItems(text: string): string[] {
  return text
    .split(/\r?\n|;|,|\band\b/i)
    .map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim().replace(/\.$/, '').trim())
    .filter(Boolean);
}

/** Judges an answer against each check; a missing answer fails every check but `not_contains`. */
export function checkAnswers(checks: readonly AnswerCheck[], answer: string | null | undefined): AnswerCheckResult[] {
  return checks.map((check, index) => {
    const label = check.description ? ` (${check.description})` : '';
    if (answer === null || answer === undefined) {
      const passed = check.kind === 'not_contains';
      return { index, check, passed, reason: passed ? 'no answer given' : `no answer was given${label}` };
    }
    const ic = check.ignore_case ?? true;
    const a = normalise(answer, ic);
    const v = normalise(String(check.value ?? ''), ic);
    const shown = answer.length > 80 ? answer.slice(0, 77) + '…' : answer;
    let passed: boolean;
    let expected = JSON.stringify(check.value);
    switch (check.kind) {
      case 'equals':
        passed = a === v;
        break;
      case 'contains':
        passed = a.includes(v);
        break;
      case 'not_contains':
        passed = !a.includes(v);
        break;
      case 'regex': {
        const result = patternTest('javascript', String(check.value ?? ''), answer, ic);
        if (result === null) return { index, check, passed: false, reason: `invalid regular expression ${check.value}` };
        passed = result;
        break;
      }
      case 'number': {
        const target = Number(check.value);
        const tolerance = check.tolerance ?? 0;
        passed = Number.isFinite(target) && numbersIn(answer).some((n) => Math.abs(n - target) <= tolerance + 1e-9);
        expected = tolerance ? `${target} ± ${tolerance}` : String(target);
        break;
      }
      case 'set_equals': {
        const want = new Set((check.items ?? []).map((s) => normalise(s, ic)));
        const got = new Set(listItems(answer).map((s) => normalise(s, ic)));
        passed = want.size === got.size && [...want].every((w) => got.has(w));
        expected = `exactly {${(check.items ?? []).join(', ')}}`;
        break;
      }
    }
    const verb = { equals: 'equal', contains: 'contain', not_contains: 'not contain', regex: 'match', number: 'state the number', set_equals: 'list' }[check.kind];
    return {
      index,
      check,
      passed,
      reason: passed ? `answer ${check.kind === 'number' || check.kind === 'set_equals' ? 'has' : verb + 's'} ${expected}` : `answer ${JSON.stringify(shown)} does not ${verb} ${expected}${label}`,
    };
  });
}

/** The answer a script gives: its last console line starting with `Answer:` (the convention solutions follow). */
export function answerFromConsole(lines: readonly { text: string }[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\s*Answer:\s*([\s\S]*)$/.exec(lines[i].text);
    if (m) return m[1].trim();
  }
  return null;
}
