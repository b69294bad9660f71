import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/scenarios/index.ts';

// The project's mail suite: it loads, it covers what the issue asks (80+ scenarios over 16 categories, 1–4 domains
// each, difficulty labels, 20+ that page through the scaled corpus, several personas, a reference solution each),
// and the suite format's hybrid-grading fields are validated.

const root = resolve(import.meta.dirname, '../../..');
const raw = JSON.parse(readFileSync(join(root, 'scenarios/mail/suite.json'), 'utf8'));
const loaded = loadSuite(raw);
const tests = loaded.ok ? loaded.suite.tests : [];

describe('scenarios/mail/suite.json', () => {
  it('loads as a DiffLab suite', () => {
    expect(loaded.ok ? [] : loaded.issues).toEqual([]);
  });

  it('has the scenario mix the issue asks for', () => {
    expect(tests.length).toBeGreaterThanOrEqual(80);
    const categories = new Set(tests.map((t) => t.metadata.category));
    expect(categories.size).toBe(16);
    for (const t of tests) {
      expect(t.metadata.difficulty, t.id).toMatch(/^(easy|medium|hard)$/);
      expect(t.metadata.domains?.length, t.id).toBeGreaterThanOrEqual(1);
      expect(t.metadata.domains!.length, t.id).toBeLessThanOrEqual(4);
      expect(existsSync(join(root, 'scenarios/mail', t.solution!)), t.id).toBe(true);
    }
    const paging = tests.filter((t) => t.metadata.paging);
    expect(paging.length).toBeGreaterThanOrEqual(20);
    for (const t of paging) expect(t.seed, t.id).toBe('mailhub_scaled');
    expect(new Set(tests.map((t) => t.actingUserId)).size).toBeGreaterThanOrEqual(4);
    expect(tests.some((t) => t.rubrics.length && t.referenceAnswer)).toBe(true);
  });

  it('rejects malformed hybrid-grading fields with their paths', () => {
    const bad = {
      ...raw,
      tests: [
        {
          ...raw.tests[0],
          answer_checks: [{ kind: 'number', value: 'abc' }, { kind: 'set_equals' }, { kind: 'regex', value: '(' }],
          rubrics: [{ description: 'x', dimensions: ['tone'] }],
        },
      ],
    };
    const result = loadSuite(bad);
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.tests[0].answer_checks[0].value',
        '$.tests[0].answer_checks[1].items',
        '$.tests[0].answer_checks[2].value',
        '$.tests[0].rubrics[0].dimensions[0]',
      ]),
    );
    // The index check runs once the test is otherwise well-formed.
    const badIndex = loadSuite({ ...raw, tests: [{ ...raw.tests[0], critical_assertions: [9] }] });
    expect(badIndex.ok ? [] : badIndex.issues.map((i) => i.path)).toEqual(['$.tests[0].critical_assertions[0]']);
  });
});
