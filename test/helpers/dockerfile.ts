import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs a Dockerfile's steps without Docker: the image's file system is a folder (`root`), COPY copies from the
 * build context into it, RUN runs in the mapped WORKDIR with the image's ENV. Absolute paths the image creates
 * (WORKDIR and COPY targets) are mapped into `root` wherever ENV and ENTRYPOINT name them. Only the instructions
 * below are known: anything else fails, so that the test never passes over a step it did not run.
 */
export interface Step {
  instruction: string;
  args: string;
}

export interface Image {
  root: string;
  base: string;
  env: Record<string, string>;
  workdir: string;
  entrypoint: string[];
  cmd: string[];
}

export function parseDockerfile(text: string): Step[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^(\S+)\s+([\s\S]*)$/.exec(line);
      if (!m) throw new Error(`not a Dockerfile instruction: ${line}`);
      return { instruction: m[1].toUpperCase(), args: m[2].trim() };
    });
}

function execForm(step: Step): string[] {
  let value: unknown;
  try {
    value = JSON.parse(step.args);
  } catch {
    throw new Error(`${step.instruction} must be in exec form (a JSON array), got: ${step.args}`);
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`${step.instruction} must be a JSON array of strings`);
  return value;
}

/** `k=v k2="v 2"`, or the old `k v` form. */
function envPairs(args: string): [string, string][] {
  if (!/^\S+=/.test(args)) {
    const [k, ...rest] = args.split(/\s+/);
    return [[k, rest.join(' ')]];
  }
  return [...args.matchAll(/(\S+?)=("(?:[^"\\]|\\.)*"|\S*)/g)].map((m) => [m[1], m[2].startsWith('"') ? JSON.parse(m[2]) : m[2]]);
}

export function runDockerfile(steps: Step[], options: { context: string; root: string; hostEnv: Record<string, string | undefined>; runEnv?: Record<string, string> }): Image {
  const { context, root } = options;
  const created = new Set<string>();
  const inRoot = (path: string) => join(root, path);
  // A path the image made, mapped into root; other text unchanged.
  const mapPaths = (value: string) =>
    value.replace(/(^|[:=\s])(\/[^:\s]*)/g, (whole, lead: string, path: string) =>
      [...created].some((dir) => path === dir || path.startsWith(`${dir}/`)) ? `${lead}${inRoot(path)}` : whole,
    );
  const expand = (value: string, env: Record<string, string | undefined>) => value.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '');
  const image: Image = { root, base: '', env: {}, workdir: '/', entrypoint: [], cmd: [] };
  const env = () => ({ ...options.hostEnv, ...image.env });

  for (const step of steps) {
    switch (step.instruction) {
      case 'FROM':
        if (image.base) throw new Error('one stage only: a second FROM is not run by this test');
        image.base = step.args;
        break;
      case 'ENV':
        // Paths are mapped when the image is run (a later WORKDIR may create them).
        for (const [k, v] of envPairs(step.args)) image.env[k] = expand(v, env());
        break;
      case 'WORKDIR':
        image.workdir = step.args.startsWith('/') ? step.args : join(image.workdir, step.args);
        created.add(image.workdir);
        mkdirSync(inRoot(image.workdir), { recursive: true });
        break;
      case 'COPY': {
        const parts = step.args.split(/\s+/);
        if (parts.some((p) => p.startsWith('--'))) throw new Error(`COPY flags are not run by this test: ${step.args}`);
        const dest = parts.pop()!;
        const target = dest.startsWith('/') ? dest : join(image.workdir, dest);
        created.add(target.replace(/\/$/, ''));
        for (const src of parts) {
          const from = join(context, src);
          const isDir = statSync(from).isDirectory();
          cpSync(from, isDir || dest.endsWith('/') ? join(inRoot(target), isDir ? '' : src.split('/').pop()!) : inRoot(target), { recursive: true });
        }
        break;
      }
      case 'RUN':
        execFileSync('/bin/sh', ['-c', step.args], {
          cwd: inRoot(image.workdir),
          env: { ...mapEnv(env(), mapPaths), ...options.runEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
          maxBuffer: 64 << 20,
        });
        break;
      case 'ENTRYPOINT':
        image.entrypoint = execForm(step);
        break;
      case 'CMD':
        image.cmd = execForm(step);
        break;
      default:
        throw new Error(`this test does not run ${step.instruction}: teach test/helpers/dockerfile.ts what it means`);
    }
  }
  image.env = mapEnv(image.env, mapPaths);
  image.workdir = inRoot(image.workdir);
  image.entrypoint = image.entrypoint.map(mapPaths);
  return image;
}

function mapEnv(env: Record<string, string | undefined>, map: (v: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).flatMap(([k, v]) => (v === undefined ? [] : [[k, map(v)]])));
}
