import { CliError, EXIT_USAGE } from './errors.ts';
import { helpText, type CommandSpec } from './args.ts';

/**
 * A command: its flag spec (for --help and parsing) and a lazily imported runner, so that `evaluate` never loads
 * PGlite and `difflab --help` loads no command at all.
 */
interface Command {
  spec: () => Promise<CommandSpec>;
  run: (argv: string[]) => Promise<number>;
}

function lazy<M>(load: () => Promise<M>, spec: (m: M) => CommandSpec, run: (m: M) => (argv: string[]) => Promise<number>): Command {
  return { spec: async () => spec(await load()), run: async (argv) => run(await load())(argv) };
}

const commands: Record<string, Command> = {
  run: lazy(() => import('./run.ts'), (m) => m.runSpec, (m) => m.runCommand),
  check: lazy(() => import('./check.ts'), (m) => m.checkSpec, (m) => m.checkCommand),
  evaluate: lazy(() => import('./evaluate.ts'), (m) => m.evaluateSpec, (m) => m.evaluateCommand),
  selftest: lazy(() => import('./selftest.ts'), (m) => m.selftestSpec, (m) => m.selftestCommand),
  serve: lazy(() => import('./serve.ts'), (m) => m.serveSpec, (m) => m.serveCommand),
  bench: lazy(() => import('./bench.ts'), (m) => m.benchSpec, (m) => m.benchCommand),
  eval: lazy(() => import('./agentEval.ts'), (m) => m.evalSpec, (m) => m.evalCommand),
  merge: lazy(() => import('./agentResults.ts'), (m) => m.mergeSpec, (m) => m.mergeCommand),
  report: lazy(() => import('./agentResults.ts'), (m) => m.reportSpec, (m) => m.reportCommand),
  lint: lazy(() => import('./lint.ts'), (m) => m.lintSpec, (m) => m.lintCommand),
  replay: lazy(() => import('./replay.ts'), (m) => m.replaySpec, (m) => m.replayCommand),
  mcp: lazy(() => import('./mcp.ts'), (m) => m.mcpSpec, (m) => m.mcpCommand),
};

/** One line per command: the usage list and each command's --help show it. */
const summaries: Record<string, string> = {
  run: 'run one script against a fresh environment of a test and print its verdict as JSON',
  check: "validate a suite: its format, its seeds, and that assertions name existing tables and fields",
  evaluate: 'evaluate a recorded diff (Agent-Diff format) against an assertion spec; --batch for JSONL',
  selftest: "prove every project scenario: its reference solution passes and an empty script fails",
  serve: 'serve the replicas and the Agent-Diff platform API over HTTP',
  lint: 'prove each scenario sound: reference passes, empty fails, mutants of its diff fail; mutation scores',
  bench: 'measure environment creation, request latency, diff + evaluation cost and evaluate throughput',
  eval: 'run a model as an agent over scenarios × trials (batch, shardable) and write run records as JSONL',
  merge: 'join results files (shards of one evaluation, or several runs) into one JSONL or CSV',
  replay: "re-execute Agent-Diff's recorded runs (results files) step by step and compare the verdicts",
  mcp: "serve a scenario's services as MCP tools over stdio; judge the run by its state diff when the client disconnects",
  report: 'print the results table of run records: pass rate, pass@k, pass^k, score, closed world, cost',
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length)) + 2;
  return [
    'difflab — run agent scripts against API replicas and judge them by the state diff',
    '',
    'usage: difflab <command> [flags]',
    '',
    'commands:',
    ...Object.keys(commands).map((c) => `  ${c.padEnd(width)}${summaries[c]}`),
    '',
    'difflab <command> --help shows the flags of a command.',
    '',
  ].join('\n');
}

/** Runs the CLI; returns the exit code. Never throws: user errors go to stderr without a stack. */
export async function main(argv: string[]): Promise<number> {
  (await import('./patternWorker.ts')).installNodePatternWorker();
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic && commands[topic]) process.stdout.write(helpText(await commands[topic].spec(), summaries[topic]));
    else process.stdout.write(usage());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`difflab: unknown command "${name}"\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(helpText(await command.spec(), summaries[name]));
      return 0;
    }
    return await command.run(rest);
  } catch (err) {
    if (err instanceof CliError) {
      process.stderr.write([`difflab ${name}: ${err.message.replace(/^difflab \w+: /, '')}`, ...err.details.map((d) => `  ${d}`)].join('\n') + '\n');
      return err.exitCode;
    }
    process.stderr.write(`difflab ${name}: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  }
}
