import { afterAll, describe, expect, it } from 'vitest';
import { difflab, helloScript, makeFixture, tinySuite } from './fixtures.ts';
import { folderAndPostSolution, TINY_COMPANY, tinyCompanySeed, tinyCompanySuite } from '../../helpers/tinyCompany.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('difflab selftest', () => {
  it('passes a scenario whose solution passes and whose empty script fails', async () => {
    const suite = fx.file('good-suite.json', JSON.stringify({ ...tinySuite, tests: [tinySuite.tests[0]] }));
    const r = await difflab(['selftest', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('post-hello'))).toMatch(/^post-hello\s+pass 1\/1\s+fail 0\/1\s+1\s+1\s+\d+\s+ok$/);
    expect(lines.at(-1)).toBe('1 passed, 0 failed');
  });

  it('fails a scenario whose reference solution fails, says why, and exits 1', async () => {
    const r = await difflab(['selftest', '--suite', fx.suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.some((l) => /^test id\s+solution\s+empty script\s+calls\s+svcs\s+ms$/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('wrong-solution'))).toMatch(/fail 0\/1\s+fail 0\/1\s+1\s+1\s+\d+\s+FAILED$/);
    expect(r.stdout).toMatch(/solution: assertions\[0\]/);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
  });

  it('fails a reference solution that does its work and then stops with an error, as the lint does', async () => {
    fx.file('solutions/stops.js', `${helloScript}\nthrow new Error('self-check failed');\n`);
    const suite = fx.file('stops-suite.json', JSON.stringify({ ...tinySuite, tests: [{ ...tinySuite.tests[0], id: 'stops-after-work', solution: 'solutions/stops.js' }] }));
    const r = await difflab(['selftest', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    // The diff alone passes; the error is what fails it.
    expect(lines.find((l) => l.startsWith('stops-after-work'))).toMatch(/pass 1\/1\s+fail 0\/1\s+1\s+1\s+\d+\s+FAILED$/);
    expect(r.stdout).toMatch(/solution stopped: Error: self-check failed/);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
  });

  it('fails a scenario whose metadata.horizon is not the number of API calls its solution makes', async () => {
    const test = (id: string, horizon: number) => ({ ...tinySuite.tests[0], id, metadata: { horizon } });
    const suite = fx.file('horizon-suite.json', JSON.stringify({ ...tinySuite, tests: [test('true-horizon', 1), test('stale-horizon', 3)] }));
    const r = await difflab(['selftest', '--suite', suite, '--seeds', fx.seeds]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('true-horizon'))).toMatch(/pass 1\/1\s+fail 0\/1\s+1\s+1\s+\d+\s+ok$/);
    expect(lines.find((l) => l.startsWith('stale-horizon'))).toMatch(/\s+1\s+1\s+\d+\s+FAILED$/);
    expect(r.stdout).toMatch(/horizon: metadata says 3, the reference solution makes 1 API call\(s\)/);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
  });

  it('measures the services a solution reaches, and fails a scenario that names others', async () => {
    fx.file(`seeds/${TINY_COMPANY}.json`, JSON.stringify(tinyCompanySeed));
    fx.file('solutions/folder-and-post.js', folderAndPostSolution);
    const [test] = tinyCompanySuite.tests;
    const suite = fx.file(
      'span-suite.json',
      JSON.stringify({ ...tinyCompanySuite, tests: [test, { ...test, id: 'says-slack-only', services: ['slack'] }] }),
    );
    const r = await difflab(['selftest', '--suite', suite, '--seeds', fx.seeds]);
    const lines = r.stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('folder-and-post'))).toMatch(/pass 2\/2\s+fail 0\/2\s+2\s+2\s+\d+\s+ok$/);
    expect(r.stdout).toMatch(/services: the scenario names slack, the reference solution reaches slack, box/);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
  });

  it('says so when a service has no suite', async () => {
    const r = await difflab(['selftest', '--service', 'fax']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no suite for service "fax"/);
  });
});
