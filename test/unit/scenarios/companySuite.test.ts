import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/scenarios/index.ts';

const dir = resolve(import.meta.dirname, '../../../scenarios/company');
const raw = JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8'));
const loaded = loadSuite(raw);
if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
const tests = loaded.suite.tests;
const seed = JSON.parse(readFileSync(join(dir, 'seeds/fernbrook.json'), 'utf8')) as Record<string, Record<string, Record<string, unknown>[]>>;
const serviceOf = (entity: string) => entity.split('.')[0];

describe('the company suite (scenarios/company/suite.json)', () => {
  it('is what build-suite.mjs writes', () => {
    expect(() => execFileSync(process.execPath, [join(dir, 'build-suite.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('has at least 50 scenarios across two or more services, 20 across three or more and 5 across four or five', () => {
    const span = tests.map((t) => t.services.length);
    expect(tests.length).toBeGreaterThanOrEqual(50);
    expect(span.every((n) => n >= 2)).toBe(true);
    expect(span.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(20);
    expect(span.filter((n) => n >= 4).length).toBeGreaterThanOrEqual(5);
  });

  it('asserts in at least two services in every scenario, always naming the service of a table', () => {
    for (const t of tests) {
      const entities = t.spec.assertions.map((a) => a.entity);
      expect(entities.every((e) => e.includes('.')), t.id).toBe(true);
      expect(new Set(entities.map(serviceOf)).size, t.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('has horizons from 4 to 40 calls, and the metadata every scenario needs', () => {
    const horizons = tests.map((t) => t.metadata.horizon!);
    expect(Math.min(...horizons)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...horizons)).toBeLessThanOrEqual(40);
    expect(Math.max(...horizons)).toBeGreaterThan(25);
    for (const t of tests) {
      expect(t.metadata, t.id).toMatchObject({ operations: expect.any(Array), ambiguity: expect.any(String), information_availability: expect.any(String), category: expect.any(String) });
      expect(existsSync(join(dir, t.solution!)), t.id).toBe(true);
    }
  });

  it('acts as a person who exists in every service the scenario names, under that service’s id', () => {
    const has = { slack: ['users', 'user_id'], box: ['box_users', 'id'], calendar: ['calendar_users', 'email'], linear: ['users', 'id'], mail: ['people', 'person_id'] } as const;
    for (const t of tests) {
      expect(t.actingUsers, t.id).toBeDefined();
      for (const svc of t.services) {
        const [table, column] = has[svc as keyof typeof has];
        expect(seed[svc][table].some((r) => r[column] === t.actingUsers![svc]), `${t.id} ${svc}`).toBe(true);
      }
    }
  });

  it('names no database id in a prompt', () => {
    const ids = new Set<string>();
    for (const tables of Object.values(seed)) {
      for (const rows of Object.values(tables)) {
        for (const r of rows) for (const [k, v] of Object.entries(r)) if (/(^|_)id$|^id$|Id$/.test(k) && typeof v === 'string' && v.length >= 8 && /\d/.test(v)) ids.add(v);
      }
    }
    expect(ids.size).toBeGreaterThan(1000);
    for (const t of tests) {
      const named = (t.prompt.match(/[\w.@:-]{8,}/g) ?? []).flatMap((w) => [w, w.replace(/[.:]+$/, '')]).filter((w) => ids.has(w));
      expect(named, t.id).toEqual([]);
    }
  });
});
