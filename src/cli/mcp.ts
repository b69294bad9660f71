import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toolSets, type ToolSet } from '../agent/codeTools.ts';
import { runAgent, systemPrompt, runSettings } from '../agent/loop.ts';
import { McpClientProvider } from '../agent/providers/mcpClientProvider.ts';
import { MCP_STDIO_BASE_URL, runPassed, toJsonl, type AgentRunRecord } from '../agent/record.ts';
import { deferredDiffWorld } from '../agent/deferredDiffs.ts';
import { toolModeTools } from '../agent/world.ts';
import { loadReplicas } from '../replicas/catalog.ts';
import type { Scenario } from '../scenarios/index.ts';
import { FAULT_SYNTAX, hasFaults, parseFaultPlan, type FaultPlan, type Workbench } from '../session/index.ts';
import { parseArgs, type CommandSpec } from './args.ts';
import { CliError, EXIT_OK } from './errors.ts';
import { MCP_MAX_ANSWER_CHARS } from './mcpAnswer.ts';
import { MCP_MAX_BODY_BYTES, mcpErrorBody } from './mcpHttp.ts';
import { createMcpServer, scenarioPrompt } from './mcpServer.ts';
import { mcpStdin, type StdinRefusal } from './mcpStdin.ts';
import { seedsDir } from './seeds.ts';
import { findTest, suiteFiles, type SuiteFile } from './suites.ts';

export const mcpSpec = {
  name: 'mcp',
  usage: 'difflab mcp --suite <file|service> [--test <id>] [--tools api|code|all] [--faults list] [--out file]',
  flags: {
    suite: { type: 'string', required: true, valueName: 'file|service', description: 'a suite file, or a service name for scenarios/<service>/suite.json' },
    test: { type: 'string', valueName: 'id', description: "the scenario: its seed, acting user and clock; its prompt is the server's MCP prompt, and the run is judged when the client disconnects", defaultText: "none: the suite's seed, no verdict" },
    tools: { type: 'string', valueName: 'api|code|all', description: 'the API tools of the route tables, the code tools (execute_python, execute_bash, execute_javascript), or both', defaultText: 'api' },
    faults: { type: 'string', valueName: 'list', description: `faults injected between the client and the replica, recorded with the run: ${FAULT_SYNTAX}`, defaultText: 'none' },
    out: { type: 'string', valueName: 'file', description: "on disconnect: with --test the run record (one JSON line, eval's format), else the seed's diff as JSON" },
    seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
  },
  notes: [
    'An MCP server over stdio (protocol 2025-11-25): stdout carries only JSON-RPC, messages go to stderr.',
    "When the client closes stdin or sends SIGTERM/SIGINT, the run is evaluated, the record written to --out and the verdict's one line printed to stderr.",
    'Each tool call is a step of the record, with its arguments, its answer and the diff after it: open the file in the page like any run.',
  ].join('\n'),
} as const satisfies CommandSpec;

/** A step limit no client session should reach; a call past it is answered as not run. */
const MCP_MAX_CALLS = 10_000;


/** The suite's seed as a scenario without assertions: what `mcp` serves without --test. */
function seedScenario(file: SuiteFile): Scenario {
  const first = file.suite.tests[0];
  if (!first) throw new CliError(`suite ${file.file} has no tests, so no seed to serve`);
  return {
    ...first,
    id: `${file.suite.id}:seed`,
    title: `The seed ${first.seed}`,
    prompt: '',
    spec: { ...first.spec, assertions: [] },
    answerChecks: [],
    rubrics: [],
    criticalAssertions: undefined,
    solution: undefined,
    services: file.suite.services,
  };
}

export async function mcpCommand(argv: string[]): Promise<number> {
  // stdout belongs to JSON-RPC: anything a library logs goes to stderr instead.
  console.log = console.info = console.debug = console.error;
  const flags = parseArgs(mcpSpec, argv);
  const files = suiteFiles([flags.suite]);
  if (files.length !== 1) throw new CliError(`--suite ${flags.suite}: names ${files.length} suites; give one suite file`);
  const [file] = files;
  const scenario = flags.test === undefined ? seedScenario(file) : findTest(file, flags.test);
  const toolset = (flags.tools ?? 'api') as ToolSet;
  if (!toolSets.includes(toolset)) throw new CliError(`--tools must be one of ${toolSets.join(', ')}, got "${flags.tools}"`);
  let faults: FaultPlan;
  try {
    faults = parseFaultPlan(flags.faults ?? '');
  } catch (err) {
    throw new CliError(`--faults: ${(err as Error).message}`);
  }
  const out = flags.out === undefined ? undefined : resolve(flags.out);
  if (out) writeFileSync(out, '');

  // Every service of the suite's environment (a company scenario's test may name fewer): the client sees them all.
  const services = [...new Set([...file.suite.services, ...scenario.services])];
  const replicas = await loadReplicas(services);
  const tools = toolModeTools(replicas, toolset);
  const settings = runSettings({ mode: 'tools', docs: 'none', toolset, maxIterations: MCP_MAX_CALLS, maxObservationChars: MCP_MAX_ANSWER_CHARS });
  const client = new McpClientProvider();
  const server = createMcpServer({
    tools,
    call: (tool, args) => client.call(tool.spec.name, args),
    instructions: systemPrompt(replicas, scenario, settings),
    ...(flags.test === undefined
      ? {}
      : { prompt: scenarioPrompt(scenario, 'judged by the state diff when the session ends') }),
  });
  const transport = new StdioServerTransport(mcpStdin(process.stdin, MCP_MAX_BODY_BYTES, (why) => process.stdout.write(refusals[why])));
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    client.end();
  };
  process.stdin.on('end', end);
  process.stdin.on('close', end);
  process.on('SIGTERM', end);
  process.on('SIGINT', end);

  const { needsOf, openWorkbench, withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  const needs = needsOf([{ services, tests: [scenario] }]);
  const dir = seedsDir(flags.seeds);
  // Only the code tools need a sandbox worker booting beside PGlite.
  const withWorkbench = async <T>(use: (workbench: Workbench) => Promise<T>): Promise<T> => {
    if (toolset !== 'api') return withPrewarmedWorkbench(dir, { needs }, use);
    const workbench = await openWorkbench(dir, { needs });
    try {
      return await use(workbench);
    } finally {
      await workbench.engine.close();
    }
  };
  try {
    await withWorkbench(async (workbench) => {
      const session = await workbench.open(scenario);
      if (hasFaults(faults)) session.setFaults(faults);
      // The client's initialize is answered once the environment exists (its messages wait in the pipe until then):
      // a session then always has an environment to judge, however soon the client leaves.
      await server.connect(transport);
      // Should the transport close for any other reason, the session has ended: judge it now, not at a signal.
      server.onclose = end;
      // Each answer goes back without the diff and verdict after it; the record gets them when the session ends.
      const { world, settle } = deferredDiffWorld(session);
      // Whether the service refused a call (Slack's `ok: false`) goes back to the client with its answer.
      const { world: watched, events } = client.attach(world);
      const record = await runAgent({
        provider: client,
        model: { protocol: 'openai', baseURL: MCP_STDIO_BASE_URL, model: 'mcp client' },
        world: watched,
        scenario,
        suite: file.suite.id,
        replicas,
        settings,
        faults,
        events,
      });
      await settle(record);
      // Known once the client's initialize has been read, which may be after the run began.
      record.model.model = clientName(server.getClientVersion());
      report(record, flags.test !== undefined, out);
      // The record is on disk and the database lives in memory: a client sends SIGKILL 4 s after closing stdin, and
      // releasing PGlite's memory can take longer than that on a loaded machine, so leave now.
      process.exit(EXIT_OK);
    });
  } finally {
    client.end();
    // Stdin may still be open after SIGTERM, and a failure leaves nothing else to wait for.
    setTimeout(() => process.exit(), 100).unref();
  }
  return EXIT_OK;
}

const refusalLine = (code: number, message: string) => JSON.stringify(mcpErrorBody(message, code)) + '\n';
/**
 * The answers to lines the SDK's stdio transport would drop unanswered: a message past serve's MCP bound (skipped,
 * and the session goes on), and what the SDK's HTTP transport answers -32700 (a null id: none can be read).
 */
const refusals: Record<StdinRefusal, string> = {
  too_large: refusalLine(-32000, `Payload Too Large: a message must not exceed ${MCP_MAX_BODY_BYTES} bytes; this one was skipped unread`),
  not_json: refusalLine(-32700, 'Parse error: Invalid JSON'),
  not_json_rpc: refusalLine(-32700, 'Parse error: Invalid JSON-RPC message'),
};

/** The client's name and version from its initialize request: the record's model. */
function clientName(info: { name: string; version: string } | undefined): string {
  return info ? `${info.name} ${info.version}`.trim() : 'mcp client';
}

function report(record: AgentRunRecord, judged: boolean, out: string | undefined): void {
  const calls = record.steps.reduce((n, s) => n + s.actions.length, 0);
  if (!judged) {
    if (out) writeFileSync(out, JSON.stringify(record.runDiff, null, 2) + '\n');
    const d = record.runDiff;
    process.stderr.write(`seed ${record.scenario.seed}: ${calls} tool calls; diff ${d.inserts.length} inserted, ${d.updates.length} updated, ${d.deletes.length} deleted${out ? ` → ${out}` : ''}\n`);
    return;
  }
  if (out) writeFileSync(out, toJsonl([record]));
  const { passed, total } = record.verdict.score;
  process.stderr.write(`${runPassed(record) ? 'passed' : 'failed'} ${record.scenario.id}: ${passed}/${total} assertions, ${calls} tool calls${out ? ` → ${out}` : ''}\n`);
}
