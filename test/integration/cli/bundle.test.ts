import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { difflab, repoRoot } from './fixtures.ts';

const cache = join(repoRoot, 'node_modules', '.cache', 'difflab');

describe('bin/difflab.mjs', () => {
  it('runs the CLI from a bundle of src/ kept in node_modules/.cache/difflab', async () => {
    const r = await difflab(['evaluate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('usage: difflab evaluate');
    const bundles = readdirSync(cache).filter((f) => /^cli-[0-9a-f]+$/.test(f));
    expect(bundles.some((b) => existsSync(join(cache, b, 'main.mjs')))).toBe(true);
  });

  it('runs the sources through tsx when told not to bundle', async () => {
    const r = await difflab(['evaluate', '--help'], { env: { DIFFLAB_NO_BUNDLE: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: difflab evaluate');
  });

  it('ends the process soon after its command has finished, even when something would hold it open', async () => {
    // An interval preloaded into the process stands in for a handle left pending (Node 20 has left a failed file
    // read so): without the bin's exit, the process would never end.
    const started = Date.now();
    const r = await difflab(['check', '--suite', 'no-such-suite.json'], { env: { NODE_OPTIONS: '--import=data:text/javascript,setInterval(()=>{},60000)' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('suite file not found');
    expect(r.stderr).toContain('kept the process open; exiting');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
