import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ModelProvider, ModelRequest, ModelTurn, ProviderConfig, ToolCall } from '../types.ts';
import { toProviderError, truncatedStream } from './providerError.ts';
import { guardCall } from './reachability.ts';
import { watchStreamEnd } from './streamEnd.ts';
import { withRetries } from './attempts.ts';

const DEFAULT_RETRIES = 4;

/**
 * OpenAI Chat Completions, and every service that speaks it at another base URL (OpenRouter, DeepSeek, Mistral,
 * Groq, Together, Gemini's OpenAI-compatible endpoint, Ollama, LM Studio, vLLM). Streams, and asks for usage in the
 * last chunk (`stream_options.include_usage`).
 */
export function openaiProvider(config: ProviderConfig, apiKey: string, fetchImpl?: typeof fetch): ModelProvider {
  const retries = config.maxRetries ?? DEFAULT_RETRIES;
  // One client per call, so that each call has its own guarded fetch (see guardCall).
  const clientFor = (fetch: typeof globalThis.fetch) =>
    new OpenAI({
      // Local servers (Ollama, LM Studio) take any key; the SDK refuses an empty one.
      apiKey: apiKey || 'none',
      baseURL: config.baseURL || undefined,
      maxRetries: retries,
      timeout: config.timeoutMs ?? 120_000,
      // The key is the user's own, typed into this page and sent only to the provider they chose.
      dangerouslyAllowBrowser: true,
      fetch,
    });
  const where = config.baseURL || 'api.openai.com';

  const once = async (request: ModelRequest, watch: (inner: typeof fetch) => typeof fetch): Promise<ModelTurn> => {
    const turn: ModelTurn = { text: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stopReason: null };
    const calls: ToolCall[] = [];
    const guard = guardCall(fetchImpl, where, request.signal);
    const end = watchStreamEnd(guard.fetch);
    const client = clientFor(watch(end.fetch));
    let streaming = false;
    try {
      const stream = await client.chat.completions.create(
        {
          model: request.model,
          messages: toOpenAIMessages(request),
          ...(request.tools?.length ? { tools: request.tools.map(toOpenAITool) } : {}),
          ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: guard.signal },
      );
      streaming = true;
      for await (const chunk of stream) {
        if (chunk.usage) {
          turn.usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
        }
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        if (delta.content) {
          turn.text += delta.content;
          request.onText?.(delta.content);
        }
        for (const tc of delta.tool_calls ?? []) {
          const slot = (calls[tc.index ?? 0] ??= { id: '', name: '', arguments: '' });
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) slot.name += tc.function.name;
          if (tc.function?.arguments) slot.arguments += tc.function.arguments;
        }
        if (choice.finish_reason) turn.stopReason = choice.finish_reason;
      }
    } catch (err) {
      throw guard.diagnosis() ?? toProviderError(err, { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError }, where, apiKey, retries, request.model, streaming);
    }
    // A complete reply ends with a choice's finish_reason, or at least with [DONE]; a stream with neither was cut off.
    if (turn.stopReason === null && !end.sawDone()) throw truncatedStream(where, 'a finish_reason or [DONE]', turn.text.length + calls.reduce((a, c) => a + (c?.arguments.length ?? 0), 0));
    turn.toolCalls = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
    return turn;
  };

  return {
    protocol: 'openai',
    complete: (request: ModelRequest): Promise<ModelTurn> => withRetries(request, (watch) => once(request, watch)),
  };
}

function toOpenAITool(tool: { name: string; description: string; parameters: Record<string, unknown> }): ChatCompletionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

function toOpenAIMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: request.system }];
  for (const m of request.messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'tool') out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
    else {
      out.push({
        role: 'assistant',
        content: m.content || null,
        ...(m.toolCalls?.length
          ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments || '{}' } })) }
          : {}),
      });
    }
  }
  return out;
}
