import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunRecords } from '../../../src/agent/record.ts';
import { parseDockerfile, runDockerfile } from '../../helpers/dockerfile.ts';
import { repoRoot, sharedAgentDiff } from '../cli/fixtures.ts';

/**
 * The CLI as users get it: `npm pack`ed, installed into an empty folder outside the repository, and built into
 * the image by the Dockerfile's steps. npm installs from the cache `npm ci` filled (--offline: no network).
 */
const work = mkdtempSync(join(tmpdir(), 'difflab-package-'));
const context = join(work, 'context');
// Two installs (about 300 MB each) take minutes to delete on a busy machine.
afterAll(() => rm(work, { recursive: true, force: true }), 600_000);

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 600_000, ...options });
  return { code: r.status, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') + (r.error ? String(r.error) : '') };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/**
 * The environment without what npm passes to the scripts it runs (npm_config_local_prefix would point an inner
 * npm at the repository), and npm told to stay offline.
 */
const hostEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
const npmEnv = { ...hostEnv, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

let tarball = '';
beforeAll(() => {
  const packed = run(process.execPath, [join(repoRoot, 'scripts', 'pack.mjs'), '--out', join(context, '.pack')]);
  expect(packed.code, packed.stderr).toBe(0);
  tarball = readdirSync(join(context, '.pack')).find((f) => f.endsWith('.tgz'))!;
  expect(tarball).toMatch(/^difflab-\d+\.\d+\.\d+\.tgz$/);
}, 300_000);

describe('the packed CLI', () => {
  it('holds the CLI, suites, seeds and docs, and nothing of the tests, the page or Agent-Diff', () => {
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    expect(run('tar', ['-xzf', join(context, '.pack', tarball), '-C', unpacked]).code).toBe(0);
    const files = filesUnder(join(unpacked, 'package')).map((f) => relative(join(unpacked, 'package'), f));
    const services = readdirSync(join(repoRoot, 'scenarios'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(services.length).toBeGreaterThanOrEqual(5);
    for (const s of services) {
      expect(files).toContain(`scenarios/${s}/suite.json`);
      expect(files.some((f) => f.startsWith(`scenarios/${s}/seeds/`) && f.endsWith('.json'))).toBe(true);
      expect(files.some((f) => f.startsWith(`scenarios/${s}/solutions/`))).toBe(true);
    }
    expect(files).toEqual(expect.arrayContaining(['bin/difflab.mjs', 'package.json', 'README.md', 'src/cli/main.ts', 'docs/README.md', 'docs/cli.md', 'docs/mail-api.md']));
    expect(files.filter((f) => /^(test|src\/ui|\.ci|public|dist|node_modules)\//.test(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8'));
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin.difflab).toBe('bin/difflab.mjs');

    if (existsSync(sharedAgentDiff)) {
      const theirs = new Set(filesUnder(sharedAgentDiff).filter((f) => statSync(f).size > 0).map(sha));
      expect(files.filter((f) => theirs.has(sha(join(unpacked, 'package', f))))).toEqual([]);
    }
  });

  it('installs into an empty folder from the npm cache alone and passes selftest for a suite', () => {
    const app = join(work, 'app');
    cpSync(join(context, '.pack'), app, { recursive: true });
    const install = run('npm', ['ci'], { cwd: app, env: npmEnv });
    expect(install.code, install.stderr).toBe(0);
    // A real install, not a link back into the repository.
    expect(statSync(join(app, 'node_modules', 'difflab')).isDirectory()).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'difflab', 'scenarios', 'slack', 'suite.json'))).toBe(true);
    const selftest = run('npm', ['exec', '--', 'difflab', 'selftest', '--service', 'slack'], { cwd: app, env: npmEnv });
    expect(selftest.code, selftest.stderr + selftest.stdout).toBe(0);
    expect(selftest.stdout).toMatch(/\b[1-9]\d* passed, 0 failed/);
  }, 900_000);

  it("the Dockerfile's steps give a working CLI at its ENTRYPOINT", () => {
    const root = join(work, 'image');
    mkdirSync(root);
    const steps = parseDockerfile(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
    const image = runDockerfile(steps, { context, root, hostEnv, runEnv: { npm_config_offline: 'true' } });
    expect(image.base).toMatch(/^node:20/);
    expect(image.entrypoint).toEqual(['difflab']);

    const docker = (args: string[]) =>
      run(image.entrypoint[0], [...image.entrypoint.slice(1), ...(args.length ? args : image.cmd)], { cwd: image.workdir, env: { ...hostEnv, ...image.env } });
    const help = docker([]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('usage: difflab <command>');
    // What a pod of the Indexed Job runs: the shard from the environment, the results into the image's $DIFFLAB_OUT_DIR.
    const pod = run(image.entrypoint[0], ['eval', '--suite', 'slack', '--filter', 'incident-recap', '--provider', 'reference', '--trials', '2'], {
      cwd: image.workdir,
      env: { ...hostEnv, ...image.env, JOB_COMPLETION_INDEX: '1', DIFFLAB_SHARD_COUNT: '2' },
    });
    expect(pod.code, pod.stderr).toBe(0);
    const results = join(image.env.DIFFLAB_OUT_DIR, 'shard-2-of-2.jsonl');
    expect(results.startsWith(root)).toBe(true);
    const records = parseRunRecords(readFileSync(results, 'utf8')).records;
    expect(records.map((r) => [r.scenario.id, r.trial, r.verdict.passed])).toEqual([['incident-recap', 1, true]]);
  }, 900_000);
});
