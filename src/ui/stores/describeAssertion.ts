import { describeChange, describeCondition, describeCount, isEquality, type Assertion } from '../../evaluation/index.ts';

export { describeAssertion } from '../../evaluation/index.ts';

/** An assertion laid out for the verdict pane: what it counts, each where condition and each expected change. */
export interface AssertionReading {
  /** `added box_folders`, `changed messages`. */
  what: string;
  /** `exactly 1`, `at least 1`. */
  count: string;
  where: { field: string; condition: string; equality: boolean }[];
  changes: { field: string; change: string }[];
}

export function readAssertion(a: Assertion): AssertionReading {
  return {
    what: `${a.diff_type} ${a.entity}`,
    count: describeCount(a.expected_count),
    where: Object.entries(a.where ?? {}).map(([field, c]) => ({ field, condition: describeCondition(c), equality: isEquality(c) })),
    changes: Object.entries(a.expected_changes ?? {}).map(([field, e]) => ({ field, change: describeChange(e) })),
  };
}
