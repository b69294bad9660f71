import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatDuration, parseShard, planBatch, runBatch, type BatchJob, type BatchModel, type BatchProgress } from '../agent/batch.ts';
import { endpointsCalled, docsConditions, RELEVANT_ENDPOINTS_FILE, type DocsCondition } from '../agent/docs.ts';
import { runAgent } from '../agent/loop.ts';
import { defaultPrices } from '../agent/pricing.ts';
import { createProvider } from '../agent/providers/index.ts';
import { repliesModel, repliesProblems, replayScriptModel, type ScriptedRuns } from '../agent/providers/scriptedProvider.ts';
import { agentModes, type AgentMode } from '../agent/prompts.ts';
import { toolSets, type ToolSet } from '../agent/codeTools.ts';
import { agentDiffDocsText, docsFileProblem, serviceOfDocsFile, type AgentDiffDocs, type AgentDiffDocsFile } from '../agent/agentDiffDocs.ts';
import { REACT_MAX_ITERATIONS } from '../agent/react.ts';
import { isHumanRun, MCP_AGENT_COMMAND_BASE_URL, parseRunRecords, runState, toJsonl, type AgentRunRecord } from '../agent/record.ts';
import { retryable } from '../agent/runState.ts';
import { formatReport } from '../agent/report.ts';
import type { ModelProvider, ProviderProtocol } from '../agent/types.ts';
import { sessionWorld } from '../agent/world.ts';
import { FAULT_SYNTAX, formatFaultPlan, hasFaults, parseFaultPlan, type FaultPlan, type Workbench } from '../session/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { agentCommandModel, runAgentCommandJob, type AgentCommandPlan } from './agentCommandRun.ts';
import { isFile, readJsonFile, readTextFile, repoRoot } from './files.ts';
import { judgeOverProtocol } from '../evaluation/index.ts';
import { seedsDir } from './seeds.ts';
import { OUT_DIR_ENV, SHARD_COUNT_ENV, SHARD_INDEX_ENV, shardFileName, shardFromEnv } from './shardEnv.ts';
import { loadSuiteFile, projectSuiteFiles, suiteFiles, type SuiteFile } from './suites.ts';

export const evalSpec = {
  name: 'eval',
  usage:
    'difflab eval --suite <file|service> --provider <openai|anthropic|reference|scripted> [--base-url <url>] --model <name> [--trials 3] [--concurrency 4] [--docs none|relevant|all] [--docs-file <x_api_full_docs.json>] [--mode code|tools|react] [--tools all|api|code] [--faults rate-limit,5xx,latency,short-pages] [--judge-model <name>] [--shard i/n] --out results.jsonl | --out-dir <dir>\n       difflab eval --suite <file|service> --agent-command <command> [--agent-timeout 600] [--agent-env VAR]… [--tools api|code|all] [--trials 3] [--shard i/n] --out results.jsonl | --out-dir <dir>\n       difflab eval --retry-errored results.jsonl [--out retried.jsonl]',
  flags: {
    suite: { type: 'string', repeatable: true, valueName: 'file|service', description: 'a suite file, or a service name for scenarios/<service>/suite.json' },
    filter: { type: 'string', valueName: 'text', description: 'only scenarios whose id, title or category contains this text' },
    provider: { type: 'string', valueName: 'openai|anthropic|reference|scripted', description: 'the wire protocol; "reference" is a scripted model that submits each reference solution (its .sh in --mode react), "scripted" one that gives the replies of --replies (no key, no network for either)' },
    'agent-command': {
      type: 'string',
      valueName: 'command',
      description:
        'instead of --provider: run this external agent (a /bin/sh command line) once per scenario and trial against the scenario as an MCP server over Streamable HTTP on 127.0.0.1, in an empty working directory; it gets the prompt and the MCP configuration in $DIFFLAB_PROMPT, $DIFFLAB_PROMPT_FILE, stdin, $DIFFLAB_MCP_URL, $DIFFLAB_MCP_CONFIG (Claude Code\'s --mcp-config), $CODEX_HOME/config.toml, ~/.cursor/mcp.json and the placeholders {prompt}, {prompt_file}, {mcp_url}, {mcp_config} (docs/mcp.md)',
    },
    'agent-timeout': { type: 'number', valueName: 's', description: "--agent-command's time limit per run: past it the agent's process group is stopped and the run is errored", defaultText: '600' },
    'agent-env': {
      type: 'string',
      repeatable: true,
      valueName: 'VAR',
      description: "pass this variable of DiffLab's environment to --agent-command (e.g. ANTHROPIC_API_KEY); nothing else of it is passed but PATH",
    },
    replies: { type: 'string', valueName: 'file.json', description: 'for --provider scripted: {"<test id>": ["<reply 1>", "<reply 2>", …]}, the model\'s replies turn by turn' },
    'docs-file': { type: 'string', repeatable: true, valueName: 'file', description: "Agent-Diff's endpoint docs (<service>_api_full_docs.json) as the docs of --docs relevant|all: relevant is chosen by each task's tools_required" },
    'base-url': { type: 'string', valueName: 'url', description: 'the API base URL (OpenAI-compatible: up to /v1)', defaultText: "the SDK's default" },
    model: { type: 'string', repeatable: true, valueName: 'name', description: 'model name; give several to compare', defaultText: 'reference for --provider reference' },
    'key-env': { type: 'string', valueName: 'VAR', description: 'environment variable holding the API key', defaultText: 'DIFFLAB_API_KEY, then OPENAI_API_KEY or ANTHROPIC_API_KEY' },
    trials: { type: 'number', valueName: 'n', description: 'attempts per scenario and model', defaultText: '3' },
    concurrency: { type: 'number', valueName: 'n', description: 'runs at once', defaultText: '4' },
    docs: { type: 'string', valueName: 'none|relevant|all', description: 'docs in the system prompt', defaultText: 'none' },
    mode: { type: 'string', valueName: 'code|tools|react', description: "code blocks, native tool calls, or Agent-Diff's ReAct loop (one Bash <action> a turn)", defaultText: 'code' },
    tools: {
      type: 'string',
      valueName: 'all|api|code',
      description: 'in --mode tools: the API tools of the route tables, the code tools (execute_python, execute_bash, execute_javascript), or both',
      defaultText: 'all',
    },
    'max-iterations': { type: 'number', valueName: 'n', description: 'model turns per run', defaultText: `15; ${REACT_MAX_ITERATIONS} in --mode react` },
    faults: {
      type: 'string',
      valueName: 'list',
      description: `faults injected between the agent and the replica, recorded with each run: ${FAULT_SYNTAX} (N: every N-th request; S: Retry-After seconds; MS: milliseconds)`,
      defaultText: 'none',
    },
    'judge-model': {
      type: 'string',
      valueName: 'name',
      description: 'judge the rubrics of hybrid-graded scenarios with this model (over --judge-protocol at --judge-base-url, same key)',
      defaultText: 'none: rubrics are not judged, the verdict is static-only',
    },
    'judge-protocol': { type: 'string', valueName: 'openai|anthropic', description: "the judge's API: OpenAI-compatible chat completions or Anthropic Messages", defaultText: 'openai' },
    'judge-base-url': { type: 'string', valueName: 'url', description: "the judge's API base URL", defaultText: 'https://api.openai.com/v1 (anthropic: https://api.anthropic.com)' },
    'max-retries': {
      type: 'number',
      valueName: 'n',
      description: "the SDK's retries of a model request after 429, 5xx or a dropped connection, before the reply starts (each is recorded in the run)",
      defaultText: '4',
    },
    'retry-errored': {
      type: 'string',
      valueName: 'results.jsonl',
      description:
        'run again exactly the errored runs of this results file, each with its own settings, and write the file with them replaced (to --out, else in place); errors that cannot succeed on retry (refused key, unknown model, bad request, context too long) are skipped and named; the runs of an external agent run its recorded command again, under --agent-timeout and --agent-env as given to the retry',
    },
    shard: {
      type: 'string',
      valueName: 'i/n',
      description: `run only shard i of n (merge the shards' files with difflab merge)`,
      defaultText: `from the environment: ${SHARD_INDEX_ENV} (0 … n − 1, as an Indexed Job sets it) and ${SHARD_COUNT_ENV} (n); else no sharding`,
    },
    batch: { type: 'string', valueName: 'name', description: 'a name for this evaluation in reports and comparisons', defaultText: '"<models> <mode>/<docs>"' },
    out: { type: 'string', valueName: 'file.jsonl', description: 'where the run records go, one JSON line per run' },
    'out-dir': {
      type: 'string',
      valueName: 'dir',
      description: 'instead of --out: write shard-<i>-of-<n>.jsonl (results.jsonl unsharded) into this folder, e.g. a mounted volume',
      defaultText: `$${OUT_DIR_ENV}`,
    },
    seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
  },
  notes: [
    'The key is read from the environment, sent only to --base-url, and never written to the results.',
    'Progress goes to stderr; at the end the results table is printed (as difflab report does).',
    `Shards from a scheduler: without --shard, ${SHARD_INDEX_ENV}=k and ${SHARD_COUNT_ENV}=n run shard k+1 of n (a Kubernetes Indexed Job sets the index; pass the count); with --out-dir the file is shard-<k+1>-of-<n>.jsonl, and difflab merge <dir> joins a folder of them.`,
    'Each record has a state: passed, failed or errored (the provider failed before the model ended the run: a refused key, a server error, a dropped connection, a reply cut off mid-stream, the request timeout). Errored runs keep their steps and diff and are left out of pass rate, score, pass@k and pass^k; the report says how many. --retry-errored <file> runs them again.',
    'With --agent-command, the record\'s model is the command; a non-zero exit, a signal or the time limit makes the run errored, an exit with 0 ends it (its stdout is the final answer) and it is judged. Tokens are 0 unless the agent writes {"inputTokens": n, "outputTokens": n} to $DIFFLAB_USAGE_FILE.',
    'Exit code 0 when every run finished (passed, failed or errored), 1 when some run could not run.',
  ].join('\n'),
} as const satisfies CommandSpec;

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new CliError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** What a job runs under: the same for every job of one evaluation; a retried job takes its record's. */
interface JobPlan {
  protocol: ProviderProtocol | 'reference' | 'scripted' | 'agent-command';
  /** An external agent run over MCP instead of DiffLab's loop (--agent-command). */
  agent?: AgentCommandPlan;
  mode: AgentMode;
  docs: DocsCondition;
  toolset?: ToolSet;
  maxIterations?: number;
  faults: FaultPlan;
  batch: string;
}

interface EvalJob extends BatchJob {
  plan: JobPlan;
  file: SuiteFile;
  /** The record's id: a retried run keeps the id of the run it replaces. */
  id: string;
}

interface EvalContext {
  seeds?: string;
  concurrency: number;
  apiKey: string;
  /** The SDKs' retries of 429, 5xx and dropped connections (absent: their default). */
  maxRetries?: number;
  judge: ReturnType<typeof judgeOverProtocol> | null;
  agentDiffDocs: AgentDiffDocs | null;
  scriptedRuns: ScriptedRuns | null;
  suites: SuiteFile[];
  onRecord: (record: AgentRunRecord) => void;
}

function evalJobId(plan: JobPlan, job: BatchJob): string {
  return `${plan.batch} :: ${job.suite ?? ''}/${job.scenario.id}#${job.trial}@${job.model.ref.model}/${plan.mode}/${plan.docs}`;
}

/** The API key from the environment: --key-env, else DIFFLAB_API_KEY, then the protocol's own variable. */
function apiKeyFor(protocol: ProviderProtocol, keyEnv: string | undefined, baseURL: string | undefined): string {
  const vars = keyEnv ? [keyEnv] : ['DIFFLAB_API_KEY', protocol === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'];
  const apiKey = vars.map((v) => process.env[v]).find((v) => v) ?? '';
  if (!apiKey && !baseURL?.match(/localhost|127\.0\.0\.1/)) {
    throw new CliError(`no API key: set ${vars.join(' or ')} (local servers at localhost need none)`);
  }
  return apiKey;
}

function positiveInteger(flag: string, value: number | undefined, fallback: number, zero = false): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < (zero ? 0 : 1)) throw new CliError(`--${flag} must be a ${zero ? 'whole number' : 'positive whole number'}`);
  return n;
}

export async function evalCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(evalSpec, argv);
  if (flags['retry-errored'] !== undefined) return retryErrored(flags);
  if (!flags.suite?.length) throw new CliError('missing --suite', [`usage: ${evalSpec.usage}`]);
  const agentCommand = flags['agent-command'];
  if (agentCommand === undefined && flags.provider === undefined) throw new CliError('missing --provider (or --agent-command)', [`usage: ${evalSpec.usage}`]);
  if (agentCommand !== undefined) refuseForAgentCommand(flags);
  const protocol =
    agentCommand !== undefined ? 'agent-command' : oneOf<ProviderProtocol | 'reference' | 'scripted'>('provider', flags.provider, ['openai', 'anthropic', 'reference', 'scripted'], 'openai');
  const docs = oneOf<DocsCondition>('docs', flags.docs, docsConditions, 'none');
  const mode = oneOf<AgentMode>('mode', flags.mode, agentModes, agentCommand !== undefined ? 'tools' : 'code');
  const agentDiffDocs = loadDocsFiles(flags['docs-file'] ?? []);
  if (protocol === 'scripted' && !flags.replies) throw new CliError('--provider scripted needs --replies <file.json>');
  const scriptedRuns = flags.replies ? loadReplies(flags.replies) : null;
  const offline = protocol === 'reference' || protocol === 'scripted' || protocol === 'agent-command';
  const trials = positiveInteger('trials', flags.trials, 3);
  const concurrency = positiveInteger('concurrency', flags.concurrency, 4);
  const maxRetries = flags['max-retries'] === undefined ? undefined : positiveInteger('max-retries', flags['max-retries'], 0, true);
  const shard = flags.shard === undefined ? shardFromEnv(process.env) : (parseShard(flags.shard) ?? undefined);
  if (flags.shard !== undefined && !shard) throw new CliError(`--shard must be i/n with 1 ≤ i ≤ n, got "${flags.shard}"`);
  const out = resultsFile(flags.out, flags['out-dir'], shard);
  let faults: FaultPlan;
  try {
    faults = parseFaultPlan(flags.faults ?? '');
  } catch (err) {
    throw new CliError(`--faults: ${(err as Error).message}`);
  }
  const toolset = flags.tools === undefined ? (agentCommand !== undefined ? 'api' : undefined) : oneOf<ToolSet>('tools', flags.tools, toolSets, 'all');
  if (toolset && mode !== 'tools') throw new CliError('--tools chooses the tools of --mode tools');
  if (protocol === 'reference' && mode === 'tools' && toolset === 'api') throw new CliError('--provider reference submits scripts: in --mode tools it needs the code tools (--tools all or code)');

  const apiKey = offline ? '' : apiKeyFor(protocol, flags['key-env'], flags['base-url']);
  const modelNames = agentCommand !== undefined ? [agentCommand] : flags.model?.length ? flags.model : offline ? [protocol] : [];
  if (!modelNames.length) throw new CliError('missing --model');
  const models: BatchModel[] = modelNames.map((model) => ({
    ref: agentCommand !== undefined ? agentCommandModel(agentCommand) : { protocol: offline ? 'openai' : protocol, baseURL: offline ? protocol : (flags['base-url'] ?? ''), model },
    config: { protocol: protocol === 'anthropic' ? 'anthropic' : 'openai', baseURL: flags['base-url'] },
  }));

  const suites = suiteFiles(flags.suite);
  const agent = agentCommand === undefined ? undefined : agentCommandPlan(agentCommand, flags, suites);
  const needle = flags.filter?.toLowerCase();
  const scenarios = suites.flatMap((s) =>
    s.suite.tests
      .filter((t) => !needle || [t.id, t.title, t.metadata.category ?? ''].some((x) => x.toLowerCase().includes(needle)))
      .map((scenario) => ({ scenario, suite: s.suite.id, file: s })),
  );
  if (!scenarios.length) throw new CliError(`no scenario matches${needle ? ` --filter ${flags.filter}` : ''}`);
  // Shards of one evaluation share the batch name, so that they merge into one batch.
  const batch = flags.batch ?? `${modelNames.join('+')} ${agent ? `mcp/${toolset}` : `${mode}/${docs}`}${hasFaults(faults) ? ` faults ${formatFaultPlan(faults)}` : ''}`;
  const plan: JobPlan = {
    protocol,
    ...(agent ? { agent } : {}),
    mode,
    docs,
    ...(toolset ? { toolset } : {}),
    ...(flags['max-iterations'] ? { maxIterations: flags['max-iterations'] } : {}),
    faults,
    batch,
  };
  const jobs: EvalJob[] = planBatch(scenarios, models, trials, shard).map((job) => ({
    ...job,
    plan,
    file: scenarios.find((x) => x.scenario === job.scenario)!.file,
    id: evalJobId(plan, job),
  }));
  writeFileSync(out, '');
  const { records, failures } = await runEvalJobs(jobs, {
    seeds: flags.seeds,
    concurrency,
    apiKey,
    maxRetries,
    judge: judgeFrom(flags, apiKey),
    agentDiffDocs,
    scriptedRuns,
    suites,
    onRecord: (record) => appendFileSync(out, toJsonl([record])),
  });
  process.stdout.write(formatReport(records, defaultPrices));
  for (const f of failures) process.stderr.write(`could not run ${f.job.scenario.id} (trial ${f.job.trial}): ${f.error}\n`);
  process.stderr.write(`wrote ${records.length} run records to ${out}\n`);
  return failures.length ? EXIT_PROBLEMS : EXIT_OK;
}

type EvalFlags = ReturnType<typeof parseArgs<typeof evalSpec.flags>>;

/** What an external agent cannot be given: it brings its own model, prompt, docs and loop. */
function refuseForAgentCommand(flags: EvalFlags): void {
  const own = (['provider', 'model', 'base-url', 'key-env', 'replies', 'docs-file', 'max-iterations', 'max-retries'] as const).filter((f) => flags[f] !== undefined);
  if (own.length) throw new CliError(`--agent-command brings its own model and loop: ${own.map((f) => `--${f}`).join(', ')} cannot be given with it`);
  if (flags.docs !== undefined && flags.docs !== 'none') throw new CliError('--agent-command: the agent gets no docs in its prompt (--docs none)');
  if (flags.mode !== undefined && flags.mode !== 'tools') throw new CliError('--agent-command: the agent calls tools over MCP (--mode tools)');
}

/**
 * The external agent's plan: its time limit, the variables passed to it by name, and the folders PATH may not lead
 * into — the package's, the seeds' and the suites' (which hold the assertions and the solutions).
 */
function agentCommandPlan(command: string, flags: EvalFlags, suites: readonly SuiteFile[]): AgentCommandPlan {
  if (!command.trim()) throw new CliError('--agent-command is empty');
  const seconds = flags['agent-timeout'] ?? 600;
  if (!(seconds > 0)) throw new CliError(`--agent-timeout must be a positive number of seconds, got ${seconds}`);
  const passEnv: Record<string, string> = {};
  for (const name of flags['agent-env'] ?? []) {
    const value = process.env[name];
    if (value === undefined) throw new CliError(`--agent-env ${name}: no such variable in this environment`);
    passEnv[name] = value;
  }
  return { command, timeoutMs: Math.round(seconds * 1000), passEnv, hidden: [repoRoot, seedsDir(flags.seeds), ...suites.map((s) => s.dir)] };
}

function judgeFrom(flags: { 'judge-model'?: string; 'judge-protocol'?: string; 'judge-base-url'?: string }, apiKey: string) {
  const judgeProtocol = oneOf<ProviderProtocol>('judge-protocol', flags['judge-protocol'], ['openai', 'anthropic'], 'openai');
  const judgeBaseUrl = flags['judge-base-url'] ?? (judgeProtocol === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1');
  return flags['judge-model'] ? judgeOverProtocol(judgeProtocol, { baseUrl: judgeBaseUrl, model: flags['judge-model'], apiKey }) : null;
}

/**
 * `--retry-errored`: runs again exactly the errored runs of a results file, each with its record's settings (model,
 * base URL, mode, docs, tools, iterations, faults, batch, trial), and writes the file with each replaced by its new
 * run under the same id. Errors that cannot succeed on retry (runState.ts: nonRetryableKinds) are skipped and named.
 */
async function retryErrored(flags: EvalFlags): Promise<number> {
  const source = resolve(flags['retry-errored']!);
  const { records: all, problems } = parseRunRecords(readTextFile(source, 'results file'));
  if (problems.length) throw new CliError(`${source}: ${problems.length} bad record(s)`, problems.slice(0, 10));
  const out = flags.out === undefined ? source : resolve(flags.out);
  const errored = all.filter((r) => runState(r) === 'errored');
  const skipped = errored.filter((r) => !retryable(r));
  const again = errored.filter((r) => retryable(r));
  for (const r of skipped) process.stderr.write(`skipped ${r.id}: its error (${r.errorKind}) cannot succeed on retry: ${r.error}\n`);
  if (!again.length) {
    process.stderr.write(`${errored.length ? 'no errored run can succeed on retry' : 'no errored runs'} in ${source}: nothing to run\n`);
    if (out !== source) writeFileSync(out, toJsonl(all));
    return EXIT_OK;
  }
  const suites = flags.suite?.length ? suiteFiles(flags.suite) : projectSuiteFiles().map(loadSuiteFile);
  if (again.some(isHumanRun)) throw new CliError("a person's attempt cannot be retried by a model");
  const offlineOf = (r: AgentRunRecord) => (r.model.baseURL === 'reference' || r.model.baseURL === 'scripted' ? r.model.baseURL : null);
  const agentOf = (r: AgentRunRecord) => (r.model.baseURL === MCP_AGENT_COMMAND_BASE_URL ? r.model.model : null);
  const online = again.find((r) => !offlineOf(r) && !agentOf(r));
  const apiKey = online ? apiKeyFor(online.model.protocol as ProviderProtocol, flags['key-env'], online.model.baseURL) : '';
  const scriptedRuns = flags.replies ? loadReplies(flags.replies) : null;
  const jobs: EvalJob[] = again.map((r, index) => {
    const file = suites.find((s) => s.suite.id === r.scenario.suite && s.suite.tests.some((t) => t.id === r.scenario.id));
    if (!file) throw new CliError(`${r.id}: its scenario ${r.scenario.suite ?? ''}/${r.scenario.id} is in none of the suites read: give its suite with --suite`);
    const offline = offlineOf(r);
    if (offline === 'scripted' && !scriptedRuns) throw new CliError(`${r.id} was played by the scripted model: give its --replies`);
    const protocol = r.model.protocol as ProviderProtocol;
    const agentCommand = agentOf(r);
    return {
      index,
      scenario: file.suite.tests.find((t) => t.id === r.scenario.id)!,
      suite: file.suite.id,
      trial: r.trial,
      model: { ref: r.model, config: { protocol, baseURL: r.model.baseURL || undefined } },
      plan: {
        protocol: agentCommand !== null ? 'agent-command' : (offline ?? protocol),
        ...(agentCommand !== null ? { agent: agentCommandPlan(agentCommand, flags, suites) } : {}),
        mode: r.settings.mode,
        docs: r.settings.docs,
        ...(r.settings.toolset ? { toolset: r.settings.toolset } : {}),
        maxIterations: r.settings.maxIterations,
        faults: r.faults ?? {},
        batch: r.batch ?? 'retried',
      },
      file,
      id: r.id,
    };
  });
  process.stderr.write(`retrying ${again.length} errored run${again.length === 1 ? '' : 's'} of ${source}${skipped.length ? ` (skipped ${skipped.length} that cannot succeed on retry)` : ''}\n`);
  const { records, failures } = await runEvalJobs(jobs, {
    seeds: flags.seeds,
    concurrency: positiveInteger('concurrency', flags.concurrency, 4),
    apiKey,
    maxRetries: flags['max-retries'] === undefined ? undefined : positiveInteger('max-retries', flags['max-retries'], 0, true),
    judge: judgeFrom(flags, apiKey),
    agentDiffDocs: loadDocsFiles(flags['docs-file'] ?? []),
    scriptedRuns,
    suites,
    onRecord: () => undefined,
  });
  const fresh = new Map(records.map((r) => [r.id, r]));
  const merged = all.map((r) => fresh.get(r.id) ?? r);
  writeFileSync(out, toJsonl(merged));
  process.stdout.write(formatReport(merged, defaultPrices));
  for (const f of failures) process.stderr.write(`could not run ${f.job.scenario.id} (trial ${f.job.trial}): ${f.error}\n`);
  const still = records.filter((r) => runState(r) === 'errored').length;
  process.stderr.write(`replaced ${records.length} run record${records.length === 1 ? '' : 's'} in ${out}${still ? ` (${still} errored again)` : ''}\n`);
  return failures.length ? EXIT_PROBLEMS : EXIT_OK;
}

/** Runs jobs in a prewarmed workbench, each in a fresh session of its scenario, with a progress bar on stderr. */
async function runEvalJobs(jobs: EvalJob[], ctx: EvalContext): Promise<{ records: AgentRunRecord[]; failures: { job: EvalJob; error: string }[] }> {
  const relevant = new Map<string, Promise<string[] | undefined>>();
  const solutionOf = (job: EvalJob) => (job.scenario.solution ? resolve(job.file.dir, job.scenario.solution) : null);
  const { needsOf, withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  return withPrewarmedWorkbench(seedsDir(ctx.seeds), { judge: ctx.judge, needs: needsOf(ctx.suites.map((s) => s.suite)) }, async (workbench) => {
    // Templates load one at a time: two runs opening the same new seed at once would both try to create it.
    for (const seed of new Set(jobs.map((j) => j.scenario.seed))) await workbench.ensureTemplate(seed);
    const progress = progressBar(jobs.length);
    const result = await runBatch({
      jobs,
      concurrency: ctx.concurrency,
      runOne: async (job) => {
        const { plan } = job;
        if (plan.agent) {
          const session = await workbench.open(job.scenario);
          try {
            return await runAgentCommandJob({
              session,
              scenario: job.scenario,
              suite: job.suite,
              replicas: workbench.router.replicas.filter((r) => job.scenario.services.includes(r.name)),
              toolset: plan.toolset ?? 'api',
              faults: plan.faults,
              trial: job.trial,
              batch: plan.batch,
              id: job.id,
              agent: plan.agent,
            });
          } finally {
            await session.dispose();
          }
        }
        const solution = solutionOf(job);
        let endpoints: Promise<string[] | undefined> | undefined;
        if (plan.docs === 'relevant' && !ctx.agentDiffDocs) {
          const key = `${job.suite}/${job.scenario.id}`;
          const saved = recordedEndpoints(job.file.dir)[job.scenario.id];
          if (!relevant.has(key)) relevant.set(key, saved ? Promise.resolve(saved) : recordEndpoints(workbench, job, solution));
          endpoints = relevant.get(key);
        }
        const provider: ModelProvider =
          plan.protocol === 'scripted'
            ? repliesModel(ctx.scriptedRuns?.[job.scenario.id] ?? [])
            : plan.protocol === 'reference'
              ? referenceModel(solution, plan.mode)
              : createProvider({ ...job.model.config, ...(ctx.maxRetries !== undefined ? { maxRetries: ctx.maxRetries } : {}) }, ctx.apiKey);
        const replicas = workbench.router.replicas.filter((r) => job.scenario.services.includes(r.name));
        const session = await workbench.open(job.scenario);
        if (hasFaults(plan.faults)) session.setFaults(plan.faults);
        try {
          return await runAgent({
            provider,
            model: job.model.ref,
            world: sessionWorld(session),
            scenario: job.scenario,
            suite: job.suite,
            replicas,
            settings: { mode: plan.mode, docs: plan.docs, ...(plan.toolset ? { toolset: plan.toolset } : {}), ...(plan.maxIterations ? { maxIterations: plan.maxIterations } : {}) },
            relevantEndpoints: await endpoints,
            ...(ctx.agentDiffDocs ? { docsText: agentDiffDocsText(ctx.agentDiffDocs, replicas, plan.docs, job.scenario.metadata.tools ?? []) } : {}),
            trial: job.trial,
            batch: plan.batch,
            faults: plan.faults,
            id: job.id,
          });
        } finally {
          await session.dispose();
        }
      },
      onRecord: (record, p) => {
        ctx.onRecord(record);
        progress.update(p);
      },
    });
    progress.done();
    return result;
  });
}

/** --out, or the shard's file in --out-dir (or $DIFFLAB_OUT_DIR), created if missing. */
function resultsFile(out: string | undefined, outDir: string | undefined, shard: [number, number] | undefined): string {
  if (out !== undefined && outDir !== undefined) throw new CliError('give --out or --out-dir, not both');
  if (out !== undefined) return resolve(out);
  const dir = outDir ?? (process.env[OUT_DIR_ENV]?.trim() || undefined);
  if (dir === undefined) throw new CliError(`missing --out (or --out-dir, or ${OUT_DIR_ENV})`, [`usage: ${evalSpec.usage}`]);
  try {
    mkdirSync(resolve(dir), { recursive: true });
  } catch (err) {
    throw new CliError(`output folder ${resolve(dir)} cannot be created: ${(err as Error).message}`);
  }
  return join(resolve(dir), shardFileName(shard));
}

const recordedByDir = new Map<string, Record<string, string[]>>();

/** What `selftest --record-endpoints` saved beside the suite, or {}. */
function recordedEndpoints(dir: string): Record<string, string[]> {
  if (!recordedByDir.has(dir)) {
    const file = join(dir, RELEVANT_ENDPOINTS_FILE);
    recordedByDir.set(dir, isFile(file) ? (readJsonFile(file, 'recorded endpoints') as Record<string, string[]>) : {});
  }
  return recordedByDir.get(dir)!;
}

/** "Relevant docs" without a recording: the endpoints the scenario's reference solution calls, recorded by running it once. */
async function recordEndpoints(workbench: Workbench, job: BatchJob, solution: string | null): Promise<string[] | undefined> {
  if (!solution || !isFile(solution)) return undefined;
  const session = await workbench.open(job.scenario);
  try {
    const step = await session.runStep(readTextFile(solution, 'reference solution'));
    return endpointsCalled(workbench.router, step.script.requests);
  } finally {
    await session.dispose();
  }
}

function progressBar(total: number) {
  const tty = process.stderr.isTTY;
  let last = '';
  const render = (p: BatchProgress) => {
    const width = 30;
    const filled = Math.round((p.done / Math.max(1, p.total)) * width);
    const eta = p.etaMs === null ? '' : ` ETA ${formatDuration(p.etaMs)}`;
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} passed ${p.passed}${p.errored ? ` errored ${p.errored}` : ''} ${formatDuration(p.elapsedMs)}${eta}`;
  };
  process.stderr.write(`${total} runs\n`);
  return {
    update(p: BatchProgress) {
      last = render(p);
      process.stderr.write(tty ? `\r${last}` : `${last}\n`);
    },
    done() {
      if (tty && last) process.stderr.write('\n');
    },
  };
}

/** A scripted model's replies file, refused with the JSON path of each problem. */
function loadReplies(file: string): ScriptedRuns {
  const value = readJsonFile(resolve(file), 'scripted replies');
  const problems = repliesProblems(value);
  if (problems.length) throw new CliError(`--replies ${file}: not a replies file`, problems.map((p) => `at ${p.path}: ${p.message}`));
  return value as ScriptedRuns;
}

/** Agent-Diff's docs files, by the service each documents (from its published name). */
function loadDocsFiles(files: readonly string[]): AgentDiffDocs | null {
  if (!files.length) return null;
  const docs: AgentDiffDocs = {};
  for (const file of files) {
    const service = serviceOfDocsFile(file);
    if (!service) throw new CliError(`--docs-file ${file}: expected one of Agent-Diff's <slack|box|calendar|linear>_api_full_docs.json`);
    const value = readJsonFile(resolve(file), 'docs file');
    const problem = docsFileProblem(value);
    if (problem) throw new CliError(`--docs-file ${file}: ${problem}`);
    docs[service] = value as AgentDiffDocsFile;
  }
  return docs;
}

/**
 * The reference solution as the scripted model's submission: in the ReAct protocol, its Bash version as one action;
 * in tool mode, one `execute_javascript` call.
 */
function referenceModel(solution: string | null, mode: AgentMode): ModelProvider {
  if (mode === 'react') {
    const sh = solution?.replace(/\.[cm]?js$/, '.sh');
    const source = sh && isFile(sh) ? readTextFile(sh, 'Bash solution') : '';
    return repliesModel(source ? [`<thinking>Running the reference solution.</thinking>\n<action>\n${source}\n</action>`] : []);
  }
  return replayScriptModel(solution && isFile(solution) ? readTextFile(solution, 'reference solution') : '', { asToolCall: mode === 'tools' });
}
