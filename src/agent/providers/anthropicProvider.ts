import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelProvider, ModelRequest, ModelTurn, ProviderConfig } from '../types.ts';
import { toProviderError, truncatedStream } from './providerError.ts';
import { guardCall } from './reachability.ts';
import { withRetries } from './attempts.ts';

const DEFAULT_RETRIES = 4;
const DEFAULT_MAX_TOKENS = 4096;

/** Anthropic Messages, streamed. Tool calls arrive as `tool_use` blocks whose input streams as JSON fragments. */
export function anthropicProvider(config: ProviderConfig, apiKey: string, fetchImpl?: typeof fetch): ModelProvider {
  const retries = config.maxRetries ?? DEFAULT_RETRIES;
  // One client per call, so that each call has its own guarded fetch (see guardCall).
  const clientFor = (fetch: typeof globalThis.fetch) =>
    new Anthropic({
      apiKey,
      baseURL: config.baseURL || undefined,
      maxRetries: retries,
      timeout: config.timeoutMs ?? 120_000,
      // Sends `anthropic-dangerous-direct-browser-access`, which Anthropic requires for calls from a page.
      dangerouslyAllowBrowser: true,
      fetch,
    });
  const where = config.baseURL || 'api.anthropic.com';

  return {
    protocol: 'anthropic',
    complete: (request: ModelRequest): Promise<ModelTurn> => withRetries(request, (watch) => once(request, watch)),
  };

  async function once(request: ModelRequest, watch: (inner: typeof fetch) => typeof fetch): Promise<ModelTurn> {
    const turn: ModelTurn = { text: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stopReason: null };
    const blocks = new Map<number, { id: string; name: string; json: string }>();
    const guard = guardCall(fetchImpl, where, request.signal);
    const client = clientFor(watch(guard.fetch));
    let streaming = false;
    let stopped = false;
    try {
      const stream = await client.messages.create(
        {
          model: request.model,
          system: request.system,
          messages: toAnthropicMessages(request),
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          ...(request.tools?.length ? { tools: request.tools.map(toAnthropicTool) } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          stream: true,
        },
        { signal: guard.signal },
      );
      streaming = true;
      for await (const event of stream) {
        switch (event.type) {
          case 'message_stop':
            stopped = true;
            break;
          case 'message_start':
            turn.usage.inputTokens = event.message.usage.input_tokens ?? 0;
            turn.usage.outputTokens = event.message.usage.output_tokens ?? 0;
            break;
          case 'content_block_start':
            if (event.content_block.type === 'tool_use') {
              blocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
            }
            break;
          case 'content_block_delta':
            if (event.delta.type === 'text_delta') {
              turn.text += event.delta.text;
              request.onText?.(event.delta.text);
            } else if (event.delta.type === 'input_json_delta') {
              const b = blocks.get(event.index);
              if (b) b.json += event.delta.partial_json;
            }
            break;
          case 'message_delta':
            turn.stopReason = event.delta.stop_reason ?? turn.stopReason;
            // message_delta's usage is cumulative.
            if (event.usage?.output_tokens != null) turn.usage.outputTokens = event.usage.output_tokens;
            if (event.usage?.input_tokens != null) turn.usage.inputTokens = event.usage.input_tokens;
            break;
        }
      }
    } catch (err) {
      throw guard.diagnosis() ?? toProviderError(err, { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError }, where, apiKey, retries, request.model, streaming);
    }
    // Every complete reply ends with message_stop; a stream that closed before it was cut off.
    if (!stopped) throw truncatedStream(where, 'message_stop', turn.text.length + [...blocks.values()].reduce((a, b) => a + b.json.length, 0));
    turn.toolCalls = [...blocks.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, b]) => ({ id: b.id, name: b.name, arguments: b.json || '{}' }));
    return turn;
  }
}

function toAnthropicTool(tool: { name: string; description: string; parameters: Record<string, unknown> }): Tool {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters as Tool['input_schema'] };
}

function parseInput(json: string): unknown {
  try {
    return JSON.parse(json || '{}');
  } catch {
    return {};
  }
}

/** Anthropic wants alternating turns; the results of one turn's tool calls go back together in one user turn. */
function toAnthropicMessages(request: ModelRequest): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of request.messages) {
    if (m.role === 'assistant') {
      const content: ContentBlockParam[] = [];
      if (m.content) content.push({ type: 'text', text: m.content });
      for (const c of m.toolCalls ?? []) content.push({ type: 'tool_use', id: c.id, name: c.name, input: parseInput(c.arguments) });
      out.push({ role: 'assistant', content: content.length ? content : [{ type: 'text', text: '(no reply)' }] });
      continue;
    }
    const block: ToolResultBlockParam | { type: 'text'; text: string } =
      m.role === 'tool' ? { type: 'tool_result', tool_use_id: m.toolCallId, content: m.content } : { type: 'text', text: m.content };
    const last = out[out.length - 1];
    if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(block);
    else out.push({ role: 'user', content: [block] });
  }
  return out;
}
