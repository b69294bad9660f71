/**
 * The command line's start for `npm run bench` (issue 20): the real CLI spawned as a user runs it, warm caches (one
 * unmeasured run first builds the bundle and the data directory if they are stale), SAMPLES runs each, medians of
 * wall time, CPU time (user + system, the figure that means something on a shared machine) and peak memory.
 * `run`, `check` and `eval` are timed to their exit through /usr/bin/time (wall time only without it); `serve` to its
 * "serving" line, its CPU and peak memory read from /proc then.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile, roundTo } from './benchStats.ts';
import { repoRoot } from './files.ts';

const SAMPLES = 3;
const TIME = '/usr/bin/time';
const BIN = join(repoRoot, 'bin', 'difflab.mjs');
const SUITE = join(repoRoot, 'scenarios', 'slack', 'suite.json');
const TEST = 'archive-beta-feedback';

interface Sample {
  wallMs: number;
  cpuMs: number | null;
  peakMb: number | null;
}

export interface StartFigure {
  command: string;
  target: string;
  samples: number;
  wallMs: number;
  cpuMs: number | null;
  peakMb: number | null;
  met: boolean;
}

const median = (xs: number[]) => roundTo(quantile(xs, 0.5), 0);

function timedExit(args: string[]): Sample {
  const useTime = existsSync(TIME);
  const started = performance.now();
  const child = useTime
    ? spawnSync(TIME, ['-f', '@@time %e %U %S %M', process.execPath, BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`difflab ${args[0]} exited with ${child.status}: ${(child.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`);
  const line = useTime ? /@@time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(child.stderr) : null;
  if (!line) return { wallMs, cpuMs: null, peakMb: null };
  return { wallMs: Number(line[1]) * 1000, cpuMs: (Number(line[2]) + Number(line[3])) * 1000, peakMb: Number(line[4]) / 1024 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** CPU time (ms) and peak resident memory (MB) of a running process, from Linux's /proc; nulls elsewhere. */
function procFigures(pid: number): { cpuMs: number | null; peakMb: number | null } {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised name: user and system time in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuMs, peakMb: hwm ? Number(hwm[1]) / 1024 : null };
  } catch {
    return { cpuMs: null, peakMb: null };
  }
}

async function timedServe(): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    return await new Promise<Sample>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('DiffLab serving on')) resolve({ wallMs: performance.now() - started, ...procFigures(child.pid!) });
      });
      child.once('exit', (code) => reject(new Error(`difflab serve exited with ${code} before serving: ${err.trim().split('\n').slice(-3).join(' ')}`)));
    });
  } finally {
    const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    child.kill('SIGTERM');
    await exited;
  }
}

function figure(command: string, target: string, targetMs: number, targetMb: number | null, samples: Sample[]): StartFigure {
  const pick = (f: (s: Sample) => number | null) => {
    const xs = samples.map(f).filter((x): x is number => x !== null);
    return xs.length ? median(xs) : null;
  };
  const wallMs = median(samples.map((s) => s.wallMs));
  const peakMb = pick((s) => s.peakMb);
  return {
    command,
    target,
    samples: samples.length,
    wallMs,
    cpuMs: pick((s) => s.cpuMs),
    peakMb,
    met: wallMs < targetMs && (targetMb === null || (peakMb !== null && peakMb < targetMb)),
  };
}

async function repeat(once: () => Sample | Promise<Sample>): Promise<Sample[]> {
  await once(); // warms the bundle and the data directory
  const samples: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once());
  return samples;
}

export async function benchStart(): Promise<{ loadAverage: number; figures: Record<string, StartFigure> }> {
  const out = mkdtempSync(join(tmpdir(), 'difflab-bench-start-'));
  try {
    const script = join(repoRoot, 'scenarios', 'slack', 'solutions', `${TEST}.js`);
    const run = await repeat(() => timedExit(['run', '--suite', SUITE, '--test', TEST, '--script', script]));
    const check = await repeat(() => timedExit(['check', '--suite', SUITE]));
    let n = 0;
    const evalOnce = await repeat(() =>
      timedExit(['eval', '--suite', SUITE, '--filter', TEST, '--provider', 'reference', '--trials', '1', '--out', join(out, `eval-${n++}.jsonl`)]),
    );
    const serve = await repeat(timedServe);
    return {
      loadAverage: roundTo(loadavg()[0], 1),
      figures: {
        run: figure(`difflab run (Slack, ${TEST})`, '< 1.5 s, < 450 MB', 1500, 450, run),
        check: figure('difflab check (Slack suite)', '< 1.5 s', 1500, null, check),
        eval: figure(`difflab eval (reference model, ${TEST}, 1 trial)`, '< 3 s', 3000, null, evalOnce),
        serve: figure('difflab serve to its serving line (every replica and seed)', '< 3 s', 3000, null, serve),
      },
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
