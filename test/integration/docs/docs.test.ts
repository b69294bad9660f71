import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, blockScript, isRelative, links, shellBlocks } from '../../helpers/markdownDocs.ts';

// The README and every guide: each shell block is marked runnable or skipped with a reason, the runnable ones
// succeed from the repository root, and every relative link (and its #anchor) leads somewhere.

const root = resolve(import.meta.dirname, '../../..');
const INCOMING = join(root, 'docs', 'incoming');
const BLOCK_TIMEOUT_MS = 120_000; // a few seconds each when idle; the first CLI start builds its bundle, and CI's shared cores are slower

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const name = (path: string) => relative(root, path);
const blocks = files.flatMap((file) => shellBlocks(readFileSync(file, 'utf8')).map((block) => ({ file, block })));

describe('the README and the guides', () => {
  it('mark every shell block runnable or skipped with a reason', () => {
    const unmarked = blocks
      .filter(({ block }) => block.marker.kind === 'none' || block.marker.kind === 'malformed')
      .map(({ file, block }) => `${name(file)}:${block.line}: a \`\`\`${block.language} block needs <!-- doc-test: run --> or <!-- doc-test: skip — <reason> --> on the line before it`);
    expect(unmarked).toEqual([]);
  });

  const runnable = blocks.filter(({ block }) => block.marker.kind === 'run');
  it.each(runnable.map(({ file, block }) => [`${name(file)}:${block.line}`, blockScript(block)] as const))(
    'runs the block at %s',
    async (_where, script) => {
      const result = await runBlock(script);
      const report = `exit ${result.status}${result.signal ? ` (${result.signal})` : ''}\n${result.stdout}\n${result.stderr}${result.stuck ? `\nstill running at the timeout:\n${result.stuck}` : ''}`;
      expect(result.stuck, report).toBeUndefined();
      expect(result.status, report).toBe(0);
    },
    BLOCK_TIMEOUT_MS + 5_000,
  );

  it('link only to files and headings that exist', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const anchorsIn = (path: string) => {
      if (!anchorsOf.has(path)) anchorsOf.set(path, anchors(readFileSync(path, 'utf8')));
      return anchorsOf.get(path)!;
    };
    const broken: string[] = [];
    for (const file of files.filter((f) => !f.startsWith(INCOMING + '/'))) {
      for (const { line, target } of links(readFileSync(file, 'utf8'))) {
        if (!isRelative(target)) continue;
        const [path = '', anchor] = target.split('#');
        const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(dest)) broken.push(`${name(file)}:${line}: ${target} (no such file)`);
        else if (anchor !== undefined && dest.endsWith('.md') && !anchorsIn(dest).has(decodeURIComponent(anchor)))
          broken.push(`${name(file)}:${line}: ${target} (no such heading in ${name(dest)})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

interface BlockResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The block's processes still running at the timeout (ps), when it timed out. */
  stuck?: string;
}

/**
 * Runs a block in bash, in a process group of its own: at the timeout the report names every process of the block
 * still running (the CLI, or npx around it), and the whole group is ended, not bash alone.
 */
function runBlock(script: string): Promise<BlockResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', script], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    let stuck: string | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      const ps = spawnSync('ps', ['-o', 'pid,ppid,stat,etime,args', '--sid', String(child.pid)], { encoding: 'utf8' });
      stuck = ps.stdout || ps.stderr || 'ps printed nothing';
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }, BLOCK_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolvePromise({ status, signal, stdout, stderr, stuck });
    });
  });
}
