import { describe, expect, it } from 'vitest';
import { validateSpec, type SpecIssue } from '../../../src/evaluation/spec.ts';

const paths = (issues: SpecIssue[]) => issues.map((i) => i.path);
const one = (spec: unknown) => {
  const issues = validateSpec(spec);
  expect(issues).toHaveLength(1);
  return issues[0];
};
const assertion = (a: Record<string, unknown>) => ({ assertions: [{ diff_type: 'added', entity: 'messages', ...a }] });

describe('validateSpec', () => {
  it('accepts a well-formed spec using every part of the DSL', () => {
    expect(
      validateSpec({
        version: '0.1',
        scenario: 's',
        task: 't',
        strict: true,
        ignore_fields: { global: ['updated_at'], messages: ['ts'], 'slack.users': ['tz'] },
        assertions: [
          {
            diff_type: 'added',
            entity: 'messages',
            where: { channel_id: 'C1', text: { regex: '(?i)hi' }, 'meta.x': null },
            expected_count: 1,
          },
          {
            diff_type: 'removed',
            entity: 'slack.users',
            where: { user_id: { in: ['U1'] } },
            expected_count: { min: 0, max: 2 },
            description: 'd',
          },
          {
            diff_type: 'changed',
            entity: 'channels',
            expected_changes: { topic_text: { from: { exists: true }, to: { contains: 'Q3' } }, is_archived: true },
            ignore: ['etag'],
          },
        ],
        aggregates: [{ fn: 'count', field: 'id', op: 'between', value: [1, 3] }],
      }),
    ).toEqual([]);
  });

  it('never throws, whatever it is given', () => {
    const junk = [null, 42, 'x', [], { assertions: null }, { assertions: [null, [], 'x'] }, { assertions: [{ where: 5, expected_changes: [] }] }];
    for (const v of junk) {
      expect(() => validateSpec(v)).not.toThrow();
      expect(validateSpec(v).length).toBeGreaterThan(0);
    }
  });

  it('names an unknown operator by its path and lists the valid ones', () => {
    const fine = { diff_type: 'added', entity: 'messages' };
    const issue = one({ assertions: [fine, fine, { ...fine, where: { channel_id: { contians: 'C1' } } }] });
    expect(issue.path).toBe('$.assertions[2].where.channel_id.contians');
    expect(issue.message).toContain('unknown operator "contians"');
    expect(issue.message).toContain('did you mean "contains"');
    expect(issue.message).toContain('valid operators: eq, ne, in, not_in, contains');
  });

  it('quotes keys that are not identifiers in paths', () => {
    const issue = one(assertion({ where: { 'start.dateTime': { startswith: '2018' } } }));
    expect(issue.path).toBe('$.assertions[0].where["start.dateTime"].startswith');
  });

  it('reports a wrongly typed operand', () => {
    expect(one(assertion({ where: { n: { gt: '5' } } }))).toEqual({
      path: '$.assertions[0].where.n.gt',
      message: '"gt" expects a number, got string',
    });
    expect(one(assertion({ where: { n: { in: [] } } })).message).toBe('"in" expects a non-empty array, got an empty array');
    expect(one(assertion({ where: { n: { exists: 'yes' } } })).path).toBe('$.assertions[0].where.n.exists');
  });

  it('reports a regex that cannot compile', () => {
    const issue = one(assertion({ where: { text: { regex: '(unclosed' } } }));
    expect(issue.path).toBe('$.assertions[0].where.text.regex');
    expect(issue.message).toMatch(/cannot be compiled/);
  });

  it('reports predicates with no operator or several', () => {
    expect(one(assertion({ where: { a: {} } })).path).toBe('$.assertions[0].where.a');
    expect(one(assertion({ where: { a: { eq: 1, ne: 2 } } })).message).toMatch(/exactly one operator, found 2/);
    expect(one(assertion({ where: { a: [1, 2] } })).message).toMatch(/got array/);
  });

  it('reports missing and unknown assertion fields, and a bad diff_type', () => {
    const issues = validateSpec({ assertions: [{ diff_type: 'created', entitty: 'messages' }] });
    expect(paths(issues)).toEqual(['$.assertions[0].entitty', '$.assertions[0].diff_type', '$.assertions[0].entity']);
    expect(issues[1].message).toContain('added, removed, changed');
  });

  it('reports expected_count shapes', () => {
    expect(one(assertion({ expected_count: -1 })).path).toBe('$.assertions[0].expected_count');
    expect(one(assertion({ expected_count: 1.5 })).path).toBe('$.assertions[0].expected_count');
    expect(one(assertion({ expected_count: '1' })).path).toBe('$.assertions[0].expected_count');
    expect(one(assertion({ expected_count: {} })).message).toMatch(/needs "min", "max" or both/);
    expect(one(assertion({ expected_count: { min: 1, most: 2 } })).path).toBe('$.assertions[0].expected_count.most');
    expect(one(assertion({ expected_count: { min: 'one' } })).path).toBe('$.assertions[0].expected_count.min');
    expect(one(assertion({ expected_count: { min: 3, max: 1 } })).message).toMatch(/greater than max/);
  });

  it('reports expected_changes shapes', () => {
    const changed = (expected_changes: unknown) => ({ assertions: [{ diff_type: 'changed', entity: 'c', expected_changes }] });
    expect(one(changed({})).path).toBe('$.assertions[0].expected_changes');
    const eq = one(changed({ status: { eq: 'done' } }));
    expect(eq.path).toBe('$.assertions[0].expected_changes.status.eq');
    expect(eq.message).toContain('{"to": {"eq": …}}');
    expect(one(changed({ status: { to: { equals: 'done' } } })).path).toBe('$.assertions[0].expected_changes.status.to.equals');
    expect(one(changed({ tags: ['a'] })).path).toBe('$.assertions[0].expected_changes.tags');
    expect(validateSpec(changed({ status: 'done', n: { from: null } }))).toEqual([]);
  });

  it('reports ignore lists at both levels', () => {
    expect(one({ ...assertion({}), ignore_fields: { global: 'updated_at' } }).path).toBe('$.ignore_fields.global');
    expect(one({ ...assertion({}), ignore_fields: { global: ['a', ''] } }).path).toBe('$.ignore_fields.global[1]');
    expect(one({ ...assertion({}), ignore_fields: { 'not an entity': [] } }).path).toBe('$.ignore_fields["not an entity"]');
    const dup = one(assertion({ ignore: ['etag', 'etag'] }));
    expect(dup).toEqual({ path: '$.assertions[0].ignore[1]', message: 'duplicate field "etag" (also at [0])' });
  });

  it('reports top-level problems', () => {
    expect(one({ assertions: [] })).toEqual({ path: '$.assertions', message: 'empty: a spec needs at least one assertion' });
    expect(one({})).toEqual({ path: '$.assertions', message: 'missing: a spec needs at least one assertion' });
    expect(one({ ...assertion({}), version: '1.0' }).path).toBe('$.version');
    expect(one({ ...assertion({}), strict: 'yes' }).path).toBe('$.strict');
    expect(one({ ...assertion({}), asserts: [] }).path).toBe('$.asserts');
    expect(one({ ...assertion({}), aggregates: [{ fn: 'median', field: 'x', op: 'eq', value: 1 }] }).path).toBe('$.aggregates[0].fn');
    expect(validateSpec('x')).toEqual([
      { path: '$', message: 'a spec must be an object {assertions, ignore_fields?, strict?}, got string' },
    ]);
  });

  it('reports one issue per bad field across a spec', () => {
    const issues = validateSpec({
      assertions: [
        { diff_type: 'added', entity: 'a', where: { x: { contians: 'y' } } },
        { diff_type: 'removed', entity: '', expected_count: -2 },
      ],
      ignore_fields: { global: ['a', 'a'] },
    });
    expect(paths(issues).sort()).toEqual(
      ['$.assertions[0].where.x.contians', '$.assertions[1].entity', '$.assertions[1].expected_count', '$.ignore_fields.global[1]'].sort(),
    );
  });
});
