/** A check on the agent's final answer (for tasks that ask a question as well as, or instead of, changing state). */
export interface AnswerCheck {
  description?: string;
  /** `regex` is a real JavaScript regular expression (EmailBench's checker matched such patterns as literal text). */
  kind: 'equals' | 'contains' | 'not_contains' | 'regex';
  value: string;
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
    const v = normalise(check.value, ic);
    let passed: boolean;
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
        let re: RegExp;
        try {
          re = new RegExp(check.value, ic ? 'iu' : 'u');
        } catch (err) {
          return { index, check, passed: false, reason: `invalid regular expression ${check.value}: ${(err as Error).message}` };
        }
        passed = re.test(answer);
        break;
      }
    }
    const shown = answer.length > 80 ? answer.slice(0, 77) + '…' : answer;
    const verb = { equals: 'equal', contains: 'contain', not_contains: 'not contain', regex: 'match' }[check.kind];
    return {
      index,
      check,
      passed,
      reason: passed ? `answer ${verb}s ${JSON.stringify(check.value)}` : `answer ${JSON.stringify(shown)} does not ${verb} ${JSON.stringify(check.value)}${label}`,
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
