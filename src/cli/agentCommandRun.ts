import type { ToolSet } from '../agent/codeTools.ts';
import { runAgent, runSettings, systemPrompt } from '../agent/loop.ts';
import { taskMessage } from '../agent/prompts.ts';
import { McpClientProvider } from '../agent/providers/mcpClientProvider.ts';
import { MCP_AGENT_COMMAND_BASE_URL, type AgentRunRecord, type ModelRef } from '../agent/record.ts';
import { ProviderError, type ModelProvider, type ModelTurn } from '../agent/types.ts';
import { deferredDiffWorld } from '../agent/deferredDiffs.ts';
import { toolModeTools } from '../agent/world.ts';
import type { Replica } from '../replicas/index.ts';
import type { Scenario } from '../scenarios/index.ts';
import { hasFaults, type FaultPlan, type Session } from '../session/index.ts';
import { runAgentCommand, type AgentCommandResult } from './agentProcess.ts';
import { serveMcpOnLoopback } from './mcpLoopback.ts';
import { MCP_MAX_ANSWER_CHARS } from './mcpAnswer.ts';

/** An MCP client makes as many calls as it likes; this bound only keeps a runaway loop finite. */
const MAX_AGENT_CALLS = 10_000;

export interface AgentCommandPlan {
  command: string;
  timeoutMs: number;
  passEnv: Readonly<Record<string, string>>;
  hidden: readonly string[];
}

export function agentCommandModel(command: string): ModelRef {
  return { protocol: 'openai', baseURL: MCP_AGENT_COMMAND_BASE_URL, model: command };
}

/**
 * How the agent process ended, as the run's last turn: exit 0 ends the run and its stdout is the final answer; a
 * non-zero exit, a signal or the time limit is a ProviderError, so the run is errored (runState.ts), not failed.
 */
function lastTurn(result: AgentCommandResult, timeoutMs: number): ModelTurn {
  const stderr = result.stderr.trim().slice(-500);
  const tail = stderr ? `: ${stderr}` : '';
  if (result.timedOut) throw new ProviderError('timeout', `the agent command ran past its time limit of ${timeoutMs / 1000} s and was stopped${tail}`);
  if (result.spawnError) throw new ProviderError('other', `the agent command could not be started: ${result.spawnError}`);
  if (result.signal) throw new ProviderError('other', `the agent command was killed by ${result.signal}${tail}`);
  if (result.code !== 0) throw new ProviderError('other', `the agent command exited with code ${result.code}${tail}`);
  return { text: result.stdout.trim(), toolCalls: [], usage: result.usage ?? { inputTokens: 0, outputTokens: 0 }, stopReason: 'exit 0' };
}

/** The MCP client's calls as the loop's turns, then the process's end as the last turn. */
class AgentCommandProvider implements ModelProvider {
  readonly protocol = 'openai' as const;
  readonly calls = new McpClientProvider();
  private ended: (() => ModelTurn) | null = null;

  end(last: () => ModelTurn): void {
    this.ended = last;
    this.calls.end();
  }

  async complete(): Promise<ModelTurn> {
    const turn = await this.calls.complete();
    if (turn.toolCalls.length || !this.ended) return turn;
    return this.ended();
  }
}

export interface AgentCommandJob {
  session: Session;
  scenario: Scenario;
  suite?: string;
  replicas: Replica[];
  toolset: ToolSet;
  faults: FaultPlan;
  trial: number;
  batch: string;
  id: string;
  agent: AgentCommandPlan;
}

/**
 * One scenario × trial with an external agent: the scenario's MCP server on 127.0.0.1 (Streamable HTTP), the agent
 * command started beside it with the prompt and the server's configuration, each of its tool calls a step of the
 * record (as `difflab mcp` records them), and the run judged when the command ends.
 */
export async function runAgentCommandJob(job: AgentCommandJob): Promise<AgentRunRecord> {
  const { scenario, replicas, toolset } = job;
  const settings = runSettings({ mode: 'tools', docs: 'none', toolset, maxIterations: MAX_AGENT_CALLS, maxObservationChars: MCP_MAX_ANSWER_CHARS });
  const provider = new AgentCommandProvider();
  const server = await serveMcpOnLoopback({
    tools: toolModeTools(replicas, toolset),
    call: (tool, args) => provider.calls.call(tool.spec.name, args),
    instructions: systemPrompt(replicas, scenario, settings),
    prompt: { name: 'task', title: 'The task', description: 'The task to do with these tools.', text: taskMessage(scenario.prompt) },
  });
  if (hasFaults(job.faults)) job.session.setFaults(job.faults);
  // Each answer goes back without the diff and verdict after it (the agent waits on every answer); the record gets
  // them when the run is over, as `difflab mcp` does.
  const deferred = deferredDiffWorld(job.session);
  const { world, events } = provider.calls.attach(deferred.world);
  try {
    const agent = runAgentCommand({ ...job.agent, prompt: taskMessage(scenario.prompt), mcpUrl: server.url }).then(
      (result) => provider.end(() => lastTurn(result, job.agent.timeoutMs)),
      (err: unknown) => provider.end(() => { throw new ProviderError('other', `the agent command could not be run: ${(err as Error).message}`); }),
    );
    const [record] = await Promise.all([
      runAgent({
        provider,
        model: agentCommandModel(job.agent.command),
        world,
        scenario,
        suite: job.suite,
        replicas,
        settings,
        faults: job.faults,
        trial: job.trial,
        batch: job.batch,
        id: job.id,
        events,
      }),
      agent,
    ]);
    await deferred.settle(record);
    return { ...record, note: `external agent over MCP, time limit ${job.agent.timeoutMs / 1000} s` };
  } finally {
    await server.close();
  }
}
