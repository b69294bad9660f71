import type { AgentEvents } from '../loop.ts';
import type { AgentAction } from '../record.ts';
import type { ModelProvider, ModelTurn } from '../types.ts';
import type { AgentWorld } from '../world.ts';

/** What the client is told of its call: the observation tool mode gives a model, and whether the call failed. */
export interface ClientAnswer {
  text: string;
  isError: boolean;
}

interface Waiting {
  id: string;
  name: string;
  args: Record<string, unknown>;
  answer: (a: ClientAnswer) => void;
}

/**
 * An MCP client as the "model" of a tool-mode run: each tool call it makes is one turn with that one call, so the
 * agent loop runs it exactly as it runs a model's (faults, code tools, step diffs, verdicts) and the record has
 * eval's format. Calls made at once are taken one at a time, in order. When the client goes away (`end`), the next
 * turn is a final one without calls, and the loop evaluates the run.
 */
export class McpClientProvider implements ModelProvider {
  readonly protocol = 'openai' as const;
  private queue: Waiting[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private running = new Map<string, Waiting>();
  private calls = 0;

  /** A tool call from the client; resolves when the loop has run it. */
  call(name: string, args: Record<string, unknown>): Promise<ClientAnswer> {
    if (this.ended) return Promise.resolve({ text: 'the session has ended: this call was not run', isError: true });
    return new Promise((answer) => {
      this.queue.push({ id: `mcp_${this.calls++}`, name, args, answer });
      this.wake?.();
    });
  }

  /** The loop ran a call (AgentEvents.onAction); `isError` is what the world's outcome said of the service's answer. */
  answered(action: AgentAction, serviceRefused: boolean): void {
    const waiting = action.toolCallId ? this.running.get(action.toolCallId) : undefined;
    if (!waiting) return;
    this.running.delete(waiting.id);
    waiting.answer({ text: action.observation, isError: !action.ok || serviceRefused });
  }

  /**
   * The world to run the loop in and the loop's events that answer the client. The loop's action says whether the
   * call failed; whether the service refused it (Slack's `ok: false`) is in the world's outcome, which comes just before.
   */
  attach(world: AgentWorld): { world: AgentWorld; events: AgentEvents } {
    let refused = false;
    return {
      world: {
        ...world,
        async callTool(service, name, args) {
          const outcome = await world.callTool(service, name, args);
          refused = outcome.toolResult?.isError ?? false;
          return outcome;
        },
      },
      events: {
        onAction: (_i, action) => {
          this.answered(action, action.kind === 'tool' && refused);
          refused = false;
        },
      },
    };
  }

  /** The client disconnected: no more calls; those not yet run are answered as not run. */
  end(): void {
    this.ended = true;
    for (const w of this.queue.splice(0)) w.answer({ text: 'the session has ended: this call was not run', isError: true });
    this.wake?.();
  }

  async complete(): Promise<ModelTurn> {
    while (!this.queue.length && !this.ended) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    const next = this.queue.shift();
    if (!next) return { text: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stopReason: 'disconnected' };
    this.running.set(next.id, next);
    return {
      text: '',
      toolCalls: [{ id: next.id, name: next.name, arguments: JSON.stringify(next.args) }],
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: 'tool_calls',
    };
  }
}
