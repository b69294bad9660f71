import { Bash, getCommandNames, InMemoryFs, type BashOptions, type CommandName } from 'just-bash';
import { realClock, virtualClock } from '../clock.ts';
import type { ScriptOutcome } from '../protocol.ts';
import { consoleTruncatedNote, memoryLimitMessage, outputLimitMessage, timeLimitMessage } from '../stopMessages.ts';
import type { ConsoleEntry, ConsoleLevel, SandboxLimits, ScratchFile } from '../types.ts';
import type { RunnerIO, ScriptRunner } from '../worker.ts';
import { curlCommand } from './curl.ts';
import { closeRealm, installRealm, realNow } from './realm.ts';
import { xargsCommand } from './xargs.ts';

/** The run's scratch directory: the shell starts in HOME, and /tmp is where scripts keep things too. */
export const SCRATCH_DIRS = ['/home/user', '/tmp'] as const;
/** Commands just-bash has that a script may not use: sqlite3 runs a database engine (and a worker of its own). */
const REFUSED: readonly string[] = ['sqlite3'];
/** Output a script may print before it is stopped: the console keeps much less (maxConsoleChars), this bounds memory. */
const OUTPUT_CAP_BYTES = 8 * 1024 * 1024;
/** just-bash's time deadline is left far away: the sandbox's own limit, on the real clock, stops the script. */
const NO_DEADLINE_MS = 2 ** 31 - 1;

// Taken before anything in the realm can replace it.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

function executionLimits(limits: SandboxLimits): NonNullable<BashOptions['executionLimits']> {
  const memory = limits.memoryBytes;
  return {
    maxExecutionTimeMs: NO_DEADLINE_MS,
    // A busy loop runs until the time limit, as in JavaScript, rather than to an iteration count.
    maxCommandCount: 1e9,
    maxLoopIterations: 1e9,
    maxCallDepth: 200,
    maxOutputSize: OUTPUT_CAP_BYTES,
    // What a script can hold in strings, files and buffers: parts of the memory limit.
    maxStringLength: Math.floor(memory / 4),
    maxHeredocSize: Math.floor(memory / 4),
    maxFileSystemBytes: Math.floor(memory / 2),
    maxLiveBytes: memory,
    maxInputBytes: memory,
    maxSourceBytes: 1024 * 1024,
  };
}

/** just-bash reports a resource limit on stderr; these are the ones that mean memory. */
const MEMORY_LIMIT = /(string length|live|file ?system|input|heredoc|array element)[a-z ]*limit exceeded/i;
const OUTPUT_LIMIT = /output size (limit )?exceeded/i;

function outcomeOf(exitCode: number, stderr: string, timedOut: boolean, limits: SandboxLimits): ScriptOutcome {
  if (timedOut) return { ok: false, reason: 'timeout', error: timeLimitMessage(limits) };
  if (exitCode === 0) return { ok: true };
  if (OUTPUT_LIMIT.test(stderr)) return { ok: false, reason: 'error', error: outputLimitMessage(OUTPUT_CAP_BYTES) };
  if (MEMORY_LIMIT.test(stderr)) return { ok: false, reason: 'memory', error: memoryLimitMessage(limits) };
  return { ok: false, reason: 'error', error: `bash: the script exited with status ${exitCode}` };
}

/** Lines of output as console entries, within the console's budget (the host enforces it too). */
function emitLines(io: RunnerIO, text: string, level: ConsoleLevel, budget: { left: number; cut: boolean }, limits: SandboxLimits): void {
  if (!text) return;
  const lines = text.replace(/\n$/, '').split('\n');
  for (const line of lines) {
    if (budget.cut) return;
    if (line.length > budget.left) {
      budget.cut = true;
      io.console({ level: 'warn', text: consoleTruncatedNote(limits) });
      return;
    }
    budget.left -= line.length;
    const entry: ConsoleEntry = { level, text: line };
    io.console(entry);
  }
}

async function scratchFiles(fs: InMemoryFs, cap: number): Promise<ScratchFile[]> {
  const files: ScratchFile[] = [];
  let total = 0;
  for (const path of fs.getAllPaths().sort()) {
    if (!SCRATCH_DIRS.some((dir) => path.startsWith(`${dir}/`))) continue;
    const stat = await fs.stat(path).catch(() => null);
    if (!stat?.isFile) continue;
    const bytes = await fs.readFileBuffer(path);
    total += bytes.byteLength;
    if (total > cap) break;
    files.push({ path, bytes: new Uint8Array(bytes) });
  }
  return files;
}

/**
 * Bash's runner: just-bash (a shell interpreter in TypeScript, with its own jq, sed, awk, grep…) on an in-memory
 * file system, with DiffLab's curl (curl.ts) as its only way out. Each script is a fresh shell in a fresh worker;
 * the run's scratch files come in with the job and go back with the outcome.
 */
export function bashRunner(): ScriptRunner {
  return {
    language: 'bash',
    async run({ source, limits, determinism, files }, io) {
      let deadline = Infinity;
      let timedOut = false;
      const controller = new AbortController();
      const stopIfLate = () => {
        if (!timedOut && realNow() > deadline) {
          timedOut = true;
          controller.abort();
        }
      };
      const clock = determinism.now === undefined ? realClock() : virtualClock(determinism.now);
      installRealm({ clock: determinism.now === undefined ? undefined : clock, randomSeed: determinism.randomSeed, onTick: stopIfLate });
      closeRealm();

      const fs = new InMemoryFs(Object.fromEntries(files.map((f) => [f.path, f.bytes])));
      for (const dir of SCRATCH_DIRS) await fs.mkdir(dir, { recursive: true });
      const commands = getCommandNames().filter((name) => !REFUSED.includes(name)) as CommandName[];
      const bash = new Bash({
        fs,
        cwd: SCRATCH_DIRS[0],
        env: { HOME: SCRATCH_DIRS[0], USER: 'user', LOGNAME: 'user', SHELL: '/bin/bash', LANG: 'C.UTF-8' },
        commands,
        customCommands: [curlCommand((request) => io.fetch(request)), xargsCommand],
        executionLimits: executionLimits(limits),
        // The worker is the boundary, as for QuickJS, and closeRealm() has taken the network and storage out of it.
        // just-bash's defence-in-depth (globals patched during each run) would add ~12 ms a script and slow every command.
        defenseInDepth: false,
        // `sleep` moves the virtual clock and takes no wall time: a Retry-After wait must not eat the time limit.
        sleep: async (ms) => clock.fired(clock.due(ms)),
      });

      io.started();
      deadline = realNow() + limits.timeMs;
      // The interpreter checks the clock before each command (stopIfLate); this stops a script that idles instead.
      realSetTimeout(stopIfLate, limits.timeMs + 1);
      const result = await bash.exec(source, { signal: controller.signal, rawScript: true });
      const budget = { left: limits.maxConsoleChars, cut: false };
      emitLines(io, result.stdout, 'log', budget, limits);
      emitLines(io, result.stderr, 'error', budget, limits);
      io.done(outcomeOf(result.exitCode, result.stderr, timedOut, limits), await scratchFiles(fs, Math.floor(limits.memoryBytes / 2)));
    },
  };
}
