import { codeToolName } from '../codeTools.ts';
import type { LanguageId } from '../../sandbox/languages.ts';
import type { ModelProvider, ModelRequest, ModelTurn } from '../types.ts';

export interface ScriptedReply {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

/**
 * A model that answers from a script, instantly and with no network: for demo runs, benchmarks of the harness and
 * checking a pipeline end to end without a key. `reply` gets the request and the turn number (0-based).
 */
export function scriptedProvider(reply: (request: ModelRequest, turn: number) => ScriptedReply): ModelProvider {
  let turn = 0;
  return {
    protocol: 'openai',
    async complete(request: ModelRequest): Promise<ModelTurn> {
      if (request.signal?.aborted) throw Object.assign(new Error('stopped'), { name: 'AbortError' });
      const r = reply(request, turn);
      const text = r.text ?? '';
      if (text) request.onText?.(text);
      const toolCalls = (r.toolCalls ?? []).map((c, i) => ({ id: `scripted_${turn}_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) }));
      turn++;
      const input = request.system.length + request.messages.reduce((a, m) => a + m.content.length, 0);
      // Token counts estimated at 4 characters a token, so that cost and token charts have something to show.
      return { text, toolCalls, usage: { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(text.length / 4) }, stopReason: toolCalls.length ? 'tool_calls' : 'stop' };
    },
  };
}

/**
 * A scripted model that submits a known script, then reports it is done: as its one code block, or in tool mode as
 * one call of the language's code tool (`execute_javascript`).
 */
export function replayScriptModel(source: string, options: { language?: LanguageId; asToolCall?: boolean } = {}): ModelProvider {
  const language = options.language ?? 'javascript';
  const first = options.asToolCall
    ? { text: 'Running the script.', toolCalls: [{ name: codeToolName(language), arguments: { code: source } }] }
    : { text: `Running the script.\n\`\`\`${language}\n${source}\n\`\`\`` };
  return scriptedProvider((_req, turn) => (turn === 0 ? first : { text: 'Done.' }));
}

/** Replies a scripted model gives for each test id, turn by turn (`difflab eval --provider scripted --replies`). */
export type ScriptedRuns = Record<string, string[]>;

/** A scripted model that gives these replies in turn; past the last it says it is done (in the ReAct format too). */
export function repliesModel(replies: readonly string[]): ModelProvider {
  return scriptedProvider((_req, turn) => ({ text: replies[turn] ?? '<thinking>Nothing left to do.</thinking>\n<done>Done.</done>' }));
}
