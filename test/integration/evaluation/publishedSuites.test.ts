import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../../src/evaluation/spec.ts';

// Agent-Diff's published suites are read where they are, never copied into the repository.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const suitesDir = resolve(repoRoot, '../shared/agent-diff/testsuites');
const present = existsSync(suitesDir);

interface PublishedSuite {
  ignore_fields?: unknown;
  tests: { id: string; assertions: unknown; ignore_fields?: unknown }[];
}

describe.skipIf(!present)('validateSpec on the published Agent-Diff suites', () => {
  const files = present ? readdirSync(suitesDir).filter((f) => f.endsWith('.json')) : [];

  it('finds the suites', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: every test validates clean', (file) => {
    const suite = JSON.parse(readFileSync(join(suitesDir, file), 'utf8')) as PublishedSuite;
    expect(suite.tests.length).toBeGreaterThan(0);
    const problems = suite.tests.flatMap((t) => {
      const ignore = t.ignore_fields ?? suite.ignore_fields;
      const spec = ignore === undefined ? { assertions: t.assertions } : { assertions: t.assertions, ignore_fields: ignore };
      return validateSpec(spec).map((issue) => `${t.id} ${issue.path}: ${issue.message}`);
    });
    expect(problems).toEqual([]);
  });
});

if (!present) {
  describe('validateSpec on the published Agent-Diff suites', () => {
    it.skip(`skipped: ${suitesDir} is absent`, () => {});
  });
}
