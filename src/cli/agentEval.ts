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
import { toJsonl, type AgentRunRecord } from '../agent/record.ts';
import { formatReport } from '../agent/report.ts';
import type { ModelProvider, ProviderProtocol } from '../agent/types.ts';
import { sessionWorld } from '../agent/world.ts';
import { FAULT_SYNTAX, formatFaultPlan, hasFaults, parseFaultPlan, type FaultPlan, type Workbench } from '../session/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { isFile, readJsonFile, readTextFile } from './files.ts';
import { judgeOverProtocol } from '../evaluation/index.ts';
import { seedsDir } from './seeds.ts';
import { OUT_DIR_ENV, SHARD_COUNT_ENV, SHARD_INDEX_ENV, shardFileName, shardFromEnv } from './shardEnv.ts';
import { suiteFiles } from './suites.ts';

export const evalSpec = {
  name: 'eval',
  usage:
    'difflab eval --suite <file|service> --provider <openai|anthropic|reference|scripted> [--base-url <url>] --model <name> [--trials 3] [--concurrency 4] [--docs none|relevant|all] [--docs-file <x_api_full_docs.json>] [--mode code|tools|react] [--tools all|api|code] [--faults rate-limit,5xx,latency,short-pages] [--judge-model <name>] [--shard i/n] --out results.jsonl | --out-dir <dir>',
  flags: {
    suite: { type: 'string', required: true, repeatable: true, valueName: 'file|service', description: 'a suite file, or a service name for scenarios/<service>/suite.json' },
    filter: { type: 'string', valueName: 'text', description: 'only scenarios whose id, title or category contains this text' },
    provider: { type: 'string', required: true, valueName: 'openai|anthropic|reference|scripted', description: 'the wire protocol; "reference" is a scripted model that submits each reference solution (its .sh in --mode react), "scripted" one that gives the replies of --replies (no key, no network for either)' },
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
    'Exit code 0 when every run finished (passed or failed), 1 when some run could not run.',
  ].join('\n'),
} as const satisfies CommandSpec;

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new CliError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

export async function evalCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(evalSpec, argv);
  const protocol = oneOf<ProviderProtocol | 'reference' | 'scripted'>('provider', flags.provider, ['openai', 'anthropic', 'reference', 'scripted'], 'openai');
  const docs = oneOf<DocsCondition>('docs', flags.docs, docsConditions, 'none');
  const mode = oneOf<AgentMode>('mode', flags.mode, agentModes, 'code');
  const agentDiffDocs = loadDocsFiles(flags['docs-file'] ?? []);
  if (protocol === 'scripted' && !flags.replies) throw new CliError('--provider scripted needs --replies <file.json>');
  const scriptedRuns = flags.replies ? loadReplies(flags.replies) : null;
  const offline = protocol === 'reference' || protocol === 'scripted';
  const trials = flags.trials ?? 3;
  const concurrency = flags.concurrency ?? 4;
  if (!Number.isInteger(trials) || trials < 1) throw new CliError('--trials must be a positive whole number');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new CliError('--concurrency must be a positive whole number');
  const shard = flags.shard === undefined ? shardFromEnv(process.env) : (parseShard(flags.shard) ?? undefined);
  if (flags.shard !== undefined && !shard) throw new CliError(`--shard must be i/n with 1 ≤ i ≤ n, got "${flags.shard}"`);
  const out = resultsFile(flags.out, flags['out-dir'], shard);
  let faults: FaultPlan;
  try {
    faults = parseFaultPlan(flags.faults ?? '');
  } catch (err) {
    throw new CliError(`--faults: ${(err as Error).message}`);
  }
  const toolset = flags.tools === undefined ? undefined : oneOf<ToolSet>('tools', flags.tools, toolSets, 'all');
  if (toolset && mode !== 'tools') throw new CliError('--tools chooses the tools of --mode tools');
  if (protocol === 'reference' && mode === 'tools' && toolset === 'api') throw new CliError('--provider reference submits scripts: in --mode tools it needs the code tools (--tools all or code)');

  let apiKey = '';
  if (!offline) {
    const vars = flags['key-env'] ? [flags['key-env']] : ['DIFFLAB_API_KEY', protocol === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'];
    apiKey = vars.map((v) => process.env[v]).find((v) => v) ?? '';
    if (!apiKey && !flags['base-url']?.match(/localhost|127\.0\.0\.1/)) {
      throw new CliError(`no API key: set ${vars.join(' or ')} (local servers at localhost need none)`);
    }
  }
  const modelNames = flags.model?.length ? flags.model : offline ? [protocol] : [];
  if (!modelNames.length) throw new CliError('missing --model');
  const models: BatchModel[] = modelNames.map((model) => ({
    ref: { protocol: offline ? 'openai' : protocol, baseURL: offline ? protocol : (flags['base-url'] ?? ''), model },
    config: { protocol: protocol === 'anthropic' ? 'anthropic' : 'openai', baseURL: flags['base-url'] },
  }));

  const suites = suiteFiles(flags.suite);
  const needle = flags.filter?.toLowerCase();
  const scenarios = suites.flatMap((s) =>
    s.suite.tests
      .filter((t) => !needle || [t.id, t.title, t.metadata.category ?? ''].some((x) => x.toLowerCase().includes(needle)))
      .map((scenario) => ({ scenario, suite: s.suite.id, file: s })),
  );
  if (!scenarios.length) throw new CliError(`no scenario matches${needle ? ` --filter ${flags.filter}` : ''}`);
  const solutionOf = (job: BatchJob) => {
    const s = scenarios.find((x) => x.scenario === job.scenario)!;
    return job.scenario.solution ? resolve(s.file.dir, job.scenario.solution) : null;
  };
  const jobs = planBatch(scenarios, models, trials, shard);
  // Shards of one evaluation share the batch name, so that they merge into one batch.
  const batch = flags.batch ?? `${modelNames.join('+')} ${mode}/${docs}${hasFaults(faults) ? ` faults ${formatFaultPlan(faults)}` : ''}`;
  writeFileSync(out, '');

  const judgeProtocol = oneOf<ProviderProtocol>('judge-protocol', flags['judge-protocol'], ['openai', 'anthropic'], 'openai');
  const judgeBaseUrl = flags['judge-base-url'] ?? (judgeProtocol === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1');
  const judge = flags['judge-model'] ? judgeOverProtocol(judgeProtocol, { baseUrl: judgeBaseUrl, model: flags['judge-model'], apiKey }) : null;
  const relevant = new Map<string, Promise<string[] | undefined>>();
  const { needsOf, withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  return withPrewarmedWorkbench(seedsDir(flags.seeds), { judge, needs: needsOf(suites.map((s) => s.suite)) }, async (workbench) => {
    // Templates load one at a time: two runs opening the same new seed at once would both try to create it.
    for (const seed of new Set(jobs.map((j) => j.scenario.seed))) await workbench.ensureTemplate(seed);
    const progress = progressBar(jobs.length);
    const { records, failures } = await runBatch({
      jobs,
      concurrency,
      runOne: async (job) => {
        const solution = solutionOf(job);
        let endpoints: Promise<string[] | undefined> | undefined;
        if (docs === 'relevant' && !agentDiffDocs) {
          const key = `${job.suite}/${job.scenario.id}`;
          const dir = scenarios.find((x) => x.scenario === job.scenario)!.file.dir;
          const saved = recordedEndpoints(dir)[job.scenario.id];
          if (!relevant.has(key)) relevant.set(key, saved ? Promise.resolve(saved) : recordEndpoints(workbench, job, solution));
          endpoints = relevant.get(key);
        }
        const provider: ModelProvider =
          protocol === 'scripted'
            ? repliesModel(scriptedRuns?.[job.scenario.id] ?? [])
            : protocol === 'reference'
              ? referenceModel(solution, mode)
              : createProvider(job.model.config, apiKey);
        const replicas = workbench.router.replicas.filter((r) => job.scenario.services.includes(r.name));
        const session = await workbench.open(job.scenario);
        if (hasFaults(faults)) session.setFaults(faults);
        try {
          return await runAgent({
            provider,
            model: job.model.ref,
            world: sessionWorld(session),
            scenario: job.scenario,
            suite: job.suite,
            replicas,
            settings: { mode, docs, ...(toolset ? { toolset } : {}), ...(flags['max-iterations'] ? { maxIterations: flags['max-iterations'] } : {}) },
            relevantEndpoints: await endpoints,
            ...(agentDiffDocs ? { docsText: agentDiffDocsText(agentDiffDocs, replicas, docs, job.scenario.metadata.tools ?? []) } : {}),
            trial: job.trial,
            batch,
            faults,
            id: `${batch} :: ${job.suite ?? ''}/${job.scenario.id}#${job.trial}@${job.model.ref.model}/${mode}/${docs}`,
          });
        } finally {
          await session.dispose();
        }
      },
      onRecord: (record, p) => {
        appendFileSync(out, toJsonl([record]));
        progress.update(p);
      },
    });
    progress.done();
    process.stdout.write(formatReport(records, defaultPrices));
    for (const f of failures) process.stderr.write(`could not run ${f.job.scenario.id} (trial ${f.job.trial}): ${f.error}\n`);
    process.stderr.write(`wrote ${records.length} run records to ${out}\n`);
    return failures.length ? EXIT_PROBLEMS : EXIT_OK;
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
