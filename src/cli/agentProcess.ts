import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * An external agent harness (Claude Code, Codex CLI, a script of one's own) run for one scenario: what it is given,
 * how long it may take, and what came of it. It sees only the task and the MCP server: its working directory is a
 * fresh empty folder, its HOME another, and its environment holds PATH (without any folder of DiffLab's, its suites or
 * its seeds), the variables below and those the user passes by name — nothing that names a suite, seed or solution.
 */

/** The variables an agent command reads (docs/mcp.md § Whole suites with an agent harness). */
export const AGENT_ENV = {
  url: 'DIFFLAB_MCP_URL',
  config: 'DIFFLAB_MCP_CONFIG',
  prompt: 'DIFFLAB_PROMPT',
  promptFile: 'DIFFLAB_PROMPT_FILE',
  usageFile: 'DIFFLAB_USAGE_FILE',
} as const;

/** The MCP server's name in every configuration written: Claude Code's tools are then `mcp__difflab__<tool>`. */
export const MCP_SERVER_NAME = 'difflab';

/** How long an agent has after SIGTERM (past its time limit) before its process group is killed. */
const KILL_GRACE_MS = 2000;
/** What is kept of the agent's output: stdout is its final message (the run's answer), stderr names a crash. */
const MAX_STDOUT_CHARS = 100_000;
const MAX_STDERR_CHARS = 4000;

export interface AgentCommandOptions {
  /** A shell command line (`/bin/sh -c`); `{prompt}`, `{prompt_file}`, `{mcp_config}` and `{mcp_url}` are replaced. */
  command: string;
  prompt: string;
  mcpUrl: string;
  timeoutMs: number;
  /** Variables passed through from DiffLab's own environment by name (`--agent-env`), e.g. an API key. */
  passEnv: Readonly<Record<string, string>>;
  /** Folders that PATH may not lead into (the package, the suites, the seeds). */
  hidden: readonly string[];
}

export interface AgentCommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Could not be started at all (no shell). */
  spawnError?: string;
  stdout: string;
  /** The end of stderr, for the record's error. */
  stderr: string;
  /** Tokens the agent reported in $DIFFLAB_USAGE_FILE, when it did. */
  usage: { inputTokens: number; outputTokens: number } | null;
}

/** `'` … `'` for /bin/sh: nothing inside is interpreted. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function inside(path: string, folder: string): boolean {
  const r = relative(resolve(folder), resolve(path));
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/**
 * PATH without the folders an agent may not be led into, nor any node_modules/.bin: npm and npx put the project's
 * first, and its `difflab` would lead the agent to the suites.
 */
export function agentPath(path: string, hidden: readonly string[]): string {
  return path
    .split(delimiter)
    .filter((dir) => dir && isAbsolute(dir) && basename(dir) !== '.bin' && !hidden.some((h) => inside(dir, h)))
    .join(delimiter);
}

/** The configuration files of the conventions supported, written under `home`; returns the Claude Code one's path. */
function writeMcpConfigs(home: string, url: string): string {
  const claude = join(home, 'mcp.json');
  writeFileSync(claude, JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url } } }, null, 2) + '\n');
  mkdirSync(join(home, '.codex'));
  // `codex exec` has no one to approve a tool call that is not read-only, and cancels it unless the server is approved.
  writeFileSync(join(home, '.codex', 'config.toml'), `[mcp_servers.${MCP_SERVER_NAME}]\nurl = ${JSON.stringify(url)}\ndefault_tools_approval_mode = "approve"\n`);
  mkdirSync(join(home, '.cursor'));
  writeFileSync(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { url } } }, null, 2) + '\n');
  return claude;
}

function reportedUsage(file: string): AgentCommandResult['usage'] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const { inputTokens, outputTokens } = (value ?? {}) as Record<string, unknown>;
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
  return typeof inputTokens === 'number' || typeof outputTokens === 'number' ? { inputTokens: count(inputTokens), outputTokens: count(outputTokens) } : null;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already gone.
  }
}

/**
 * Runs the agent command in its own process group, in a fresh temporary folder (deleted afterwards): `work/` is its
 * empty working directory, `home/` its HOME with the MCP configurations. The prompt is also written to its stdin.
 * Past the time limit the group gets SIGTERM, then SIGKILL; when the command exits, whatever it left running in its
 * group is killed too.
 */
export async function runAgentCommand(options: AgentCommandOptions): Promise<AgentCommandResult> {
  const root = mkdtempSync(join(tmpdir(), 'difflab-agent-'));
  try {
    const work = join(root, 'work');
    const home = join(root, 'home');
    const tmp = join(root, 'tmp');
    for (const dir of [work, home, tmp]) mkdirSync(dir);
    const config = writeMcpConfigs(home, options.mcpUrl);
    const promptFile = join(home, 'prompt.txt');
    writeFileSync(promptFile, options.prompt);
    const usageFile = join(home, 'usage.json');
    const env: Record<string, string> = {
      ...options.passEnv,
      PATH: agentPath(process.env.PATH ?? '', options.hidden),
      HOME: home,
      TMPDIR: tmp,
      CODEX_HOME: join(home, '.codex'),
      [AGENT_ENV.url]: options.mcpUrl,
      [AGENT_ENV.config]: config,
      [AGENT_ENV.prompt]: options.prompt,
      [AGENT_ENV.promptFile]: promptFile,
      [AGENT_ENV.usageFile]: usageFile,
    };
    const placeholders: Record<string, string> = { prompt: options.prompt, prompt_file: promptFile, mcp_config: config, mcp_url: options.mcpUrl };
    const command = options.command.replace(/\{(prompt|prompt_file|mcp_config|mcp_url)\}/g, (_, name: string) => shellQuote(placeholders[name]));
    return await new Promise<AgentCommandResult>((done) => {
      const child = spawn('/bin/sh', ['-c', command], { cwd: work, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        if (stdout.length < MAX_STDOUT_CHARS) stdout += d.slice(0, MAX_STDOUT_CHARS - stdout.length);
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr = (stderr + d).slice(-MAX_STDERR_CHARS);
      });
      // An agent that never reads its stdin closes it: the prompt is also in its environment.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.prompt);
      let kill: NodeJS.Timeout | undefined;
      const limit = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid, 'SIGTERM');
        kill = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
      }, options.timeoutMs);
      let finished = false;
      const finish = (result: Omit<AgentCommandResult, 'stdout' | 'stderr' | 'timedOut' | 'usage'>) => {
        if (finished) return;
        finished = true;
        clearTimeout(limit);
        clearTimeout(kill);
        killGroup(child.pid, 'SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
        done({ ...result, timedOut, stdout, stderr, usage: reportedUsage(usageFile) });
      };
      child.on('error', (err) => finish({ code: null, signal: null, spawnError: err.message }));
      // The output is whole at 'close'; but a grandchild holding stdout open must not keep the run waiting past 'exit'.
      child.on('close', (code, signal) => finish({ code, signal }));
      child.on('exit', (code, signal) => setTimeout(() => finish({ code, signal }), 500).unref());
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
