import { Bash, getCommandNames, type BashOptions, type CommandName, type IFileSystem } from 'just-bash';
import { realClock, virtualClock } from '../clock.ts';
import type { ScriptOutcome } from '../protocol.ts';
import { consoleTruncatedNote, memoryLimitMessage, outputLimitMessage, timeLimitMessage } from '../stopMessages.ts';
import { defaultLimits, type SandboxLimits, type ScratchFile } from '../types.ts';
import type { RunnerIO, ScriptRunner } from '../worker.ts';
import { curlCommand, type CurlFetch } from './curl.ts';
import { closeRealm, installRealm, realNow } from './realm.ts';
import { LineSplitter, StreamingFs, streamingPlugin, type StreamName } from './streamOutput.ts';
import { xargsCommand } from './xargs.ts';

/** The run's scratch directory: the shell starts in HOME, and /tmp is where scripts keep things too. */
export const SCRATCH_DIRS = ['/home/user', '/tmp'] as const;
/** Commands just-bash has that a script may not use: sqlite3 runs a database engine (and a worker of its own). */
const REFUSED: readonly string[] = ['sqlite3'];
/** Output a script may print before it is stopped: the console keeps much less (maxConsoleChars), this bounds memory. */
const OUTPUT_CAP_BYTES = 8 * 1024 * 1024;
/**
 * just-bash's own time deadline is off: the sandbox's limit, on the real clock, stops the script (TimeLimitReached).
 * With a finite one it would also arm and clear a timer around every command.
 */
const NO_DEADLINE_MS = Number.POSITIVE_INFINITY;

/**
 * Thrown by the realm's clock once the script has run past its time limit (see `run`). just-bash reads the clock
 * many times a command (its execution budget checks its deadline with Date.now()), so a running script meets it
 * within a command, whatever it is doing, and `exec` rejects with it.
 *
 * Why not just-bash's `signal`: given one, it makes an AbortController for every command, listens on the signal
 * and aborts that controller with a new Error when the command ends: a fifth of the worker's time in a `curl | jq`
 * loop (a Bash round trip 0.91 ms without it against 1.01–1.05 ms with it, `bench --parts bash`, Intel Xeon).
 */
class TimeLimitReached extends Error {}

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

function outcomeOf(exitCode: number, seen: { outputLimit: boolean; memoryLimit: boolean }, timedOut: boolean, limits: SandboxLimits): ScriptOutcome {
  if (timedOut) return { ok: false, reason: 'timeout', error: timeLimitMessage(limits) };
  if (exitCode === 0) return { ok: true };
  if (seen.outputLimit) return { ok: false, reason: 'error', error: outputLimitMessage(OUTPUT_CAP_BYTES) };
  if (seen.memoryLimit) return { ok: false, reason: 'memory', error: memoryLimitMessage(limits) };
  return { ok: false, reason: 'error', error: `bash: the script exited with status ${exitCode}` };
}

/**
 * Why a script does not parse, in the words just-bash's shell prints (`bash: syntax error: …`), or null. The shell
 * parses a whole script before it runs any of it, so a script that does not parse never ran. The parser is reached
 * through `transform` of a shell of its own (the browser bundle exports no `parse`, and the script's shell applies
 * its streaming plugin to the first script it transforms); any other error of `transform` is left to `exec`.
 */
function syntaxError(source: string): string | null {
  try {
    (parser ??= new Bash({ commands: [] })).transform(source);
    return null;
  } catch (error) {
    if (!(error instanceof Error) || !PARSE_ERRORS.includes(error.name)) return null;
    return error.name === 'LexerError' ? `bash: ${error.message}` : `bash: syntax error: ${error.message}`;
  }
}

let parser: Bash | undefined;
const PARSE_ERRORS = ['ParseException', 'LexerError'];

/**
 * Console entries from the shell's output lines, within the console's budget (the host enforces it too), noting
 * the limit messages just-bash prints on stderr.
 */
function consoleWriter(io: RunnerIO, limits: SandboxLimits) {
  let left = limits.maxConsoleChars;
  let cut = false;
  const seen = { outputLimit: false, memoryLimit: false };
  const line = (stream: StreamName, text: string): void => {
    if (stream === 'stderr') {
      seen.outputLimit ||= OUTPUT_LIMIT.test(text);
      seen.memoryLimit ||= MEMORY_LIMIT.test(text);
    }
    if (cut) return;
    if (text.length > left) {
      cut = true;
      io.console({ level: 'warn', text: consoleTruncatedNote(limits) });
      return;
    }
    left -= text.length;
    io.console({ level: stream === 'stdout' ? 'log' : 'error', text });
  };
  return { line, seen };
}

async function scratchFiles(fs: StreamingFs, cap: number): Promise<ScratchFile[]> {
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

interface ShellParts {
  fs: IFileSystem;
  limits: SandboxLimits;
  fetch: CurlFetch;
  sleep: (ms: number) => Promise<void>;
}

const COMMANDS = getCommandNames().filter((name) => !REFUSED.includes(name)) as CommandName[];

/** A fresh shell on `fs`, its output streamed (streamOutput.ts): one per script, and one for the warm-up. */
function newShell({ fs, limits, fetch, sleep }: ShellParts): Bash {
  const bash = new Bash({
    fs,
    cwd: SCRATCH_DIRS[0],
    env: { HOME: SCRATCH_DIRS[0], USER: 'user', LOGNAME: 'user', SHELL: '/bin/bash', LANG: 'C.UTF-8' },
    commands: COMMANDS,
    customCommands: [curlCommand(fetch), xargsCommand],
    executionLimits: executionLimits(limits),
    // The worker is the boundary, as for QuickJS, and closeRealm() has taken the network and storage out of it.
    // just-bash's defence-in-depth (globals patched during each run) would add ~12 ms a script and slow every command.
    defenseInDepth: false,
    sleep,
  });
  bash.registerTransformPlugin(streamingPlugin());
  return bash;
}

/** The first line of most models' scripts: curl piped to jq. */
const CURL_JQ_WARM_UP = `id=$(curl -s -X POST https://slack.com/api/auth.test -H 'Authorization: Bearer x' | jq -r '.user_id // empty')`;

/**
 * What the warm-up runs: the commands scripts use most, so that their modules are loaded (in the page each command
 * is a chunk imported on first use) and the interpreter's paths have run once before the worker's script comes.
 */
const WARM_UP_SCRIPTS = {
  all: `set -o pipefail
${CURL_JQ_WARM_UP}
for i in $(seq 1 3); do printf '%s %s\\n' "$id" "$i"; done | sort -r | uniq | head -2 | tail -1 | cut -d' ' -f2 | wc -l > /tmp/n
echo "$id" | grep -c U | sed 's/1/one/' | awk '{ print toupper($0) }' | tr -d '\\n' | base64 | base64 -d | xargs -n1 echo
if [ -s /tmp/n ] && [[ $id == U* ]]; then cat /tmp/n | tee /tmp/m >/dev/null; fi
date -u +%Y-%m-%dT%H:%M:%SZ >&2; echo "{\\"a\\": $((1 + 2))}" | jq -c '{b: .a}'`,
  'curl-jq': CURL_JQ_WARM_UP,
};

export interface BashRunnerOptions {
  /**
   * What the worker warms up before its script comes: `all` the commands scripts use most (the default), or only
   * `curl-jq`, for a worker whose code comes compiled from a code cache (Node: src/cli/codeCachedWorker.cjs), where
   * the rest would cost CPU for a first use that is already cheap.
   */
  warmUp?: keyof typeof WARM_UP_SCRIPTS;
  /** Called when the warm-up has run to its end, before any script: where a worker takes its code cache. */
  warmedUp?: () => void;
}

const WARM_UP_BODY = new TextEncoder().encode(JSON.stringify({ ok: true, user_id: 'U0WARMUP' }));

/**
 * Runs the warm-up in a throwaway shell: nothing of it (files, variables, output) reaches a script. A script that
 * comes first (`hurry`) stops it at the next command: the commands it did load stay loaded.
 */
async function warmUp(hurry: AbortSignal, { warmUp = 'all', warmedUp }: BashRunnerOptions): Promise<void> {
  if (hurry.aborted) return;
  const fs = new StreamingFs({}, () => {});
  for (const dir of SCRATCH_DIRS) await fs.mkdir(dir, { recursive: true });
  const fetch: CurlFetch = async (request) => ({
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json']],
    body: WARM_UP_BODY.slice(),
    url: request.url,
    redirected: false,
  });
  const shell = newShell({ fs, limits: defaultLimits, fetch, sleep: async () => {} });
  await shell.exec(WARM_UP_SCRIPTS[warmUp], { signal: hurry, rawScript: true });
  if (!hurry.aborted) warmedUp?.();
}

/**
 * Bash's runner: just-bash (a shell interpreter in TypeScript, with its own jq, sed, awk, grep…) on an in-memory
 * file system, with DiffLab's curl (curl.ts) as its only way out. Each script is a fresh shell in a fresh worker;
 * the run's scratch files come in with the job and go back with the outcome. The worker loads just-bash and warms
 * its commands up as soon as it starts (`prepare`), so a spare worker is ready for its script.
 */
export function bashRunner(options: BashRunnerOptions = {}): ScriptRunner {
  return {
    language: 'bash',
    prepare: (hurry) => warmUp(hurry, options),
    async run({ source, limits, determinism, files }, io) {
      let deadline = Infinity;
      let timedOut = false;
      const stopIfLate = () => {
        if (realNow() <= deadline) return;
        timedOut = true;
        throw new TimeLimitReached();
      };
      const clock = determinism.now === undefined ? realClock() : virtualClock(determinism.now);
      installRealm({ clock: determinism.now === undefined ? undefined : clock, randomSeed: determinism.randomSeed, onTick: stopIfLate });
      closeRealm();

      const output = consoleWriter(io, limits);
      const lines = new LineSplitter(output.line);
      const fs = new StreamingFs(Object.fromEntries(files.map((f) => [f.path, f.bytes])), (stream, text) => lines.write(stream, text));
      for (const dir of SCRATCH_DIRS) await fs.mkdir(dir, { recursive: true });
      const bash = newShell({
        fs,
        limits,
        fetch: (request) => io.fetch(request),
        // `sleep` moves the virtual clock and takes no wall time: a Retry-After wait must not eat the time limit.
        sleep: async (ms) => clock.fired(clock.due(ms)),
      });

      io.started();
      const syntax = syntaxError(source);
      if (syntax !== null) {
        io.done({ ok: false, reason: 'syntax', error: syntax }, files);
        return;
      }
      deadline = realNow() + limits.timeMs;
      let exitCode = 0;
      try {
        const result = await bash.exec(source, { rawScript: true });
        exitCode = result.exitCode;
        // What did not stream: output of the statement that exited or hit a limit (it travels with the exception).
        lines.write('stdout', result.stdout, false);
        lines.write('stderr', result.stderr, false);
      } catch (error) {
        // At the time limit, what the running statement had not yet streamed is lost, as when a process is killed.
        if (!(error instanceof TimeLimitReached)) throw error;
      } finally {
        // The clock is the script's no longer: what follows (the scratch files' read) must not meet the limit.
        deadline = Infinity;
      }
      lines.flush();
      // A script idling past its limit (a request never answered) is stopped by the host, which terminates the worker.
      io.done(outcomeOf(exitCode, output.seen, timedOut, limits), await scratchFiles(fs, Math.floor(limits.memoryBytes / 2)));
    },
  };
}
