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

/** A problem with a replies file, at the JSON path of the bad part. */
export interface RepliesIssue {
  path: string;
  message: string;
}

/** Whether a parsed JSON file is meant as replies: keyed by test id, with strings where a seed has rows. */
export function looksLikeReplies(value: unknown, fileName = ''): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value) || 'tests' in value || 'format' in value) return false;
  if (/replies/i.test(fileName)) return true;
  return Object.values(value).some((v) => typeof v === 'string' || (Array.isArray(v) && v.some((x) => typeof x === 'string')));
}

/** What is wrong with a replies file (`{"<test id>": ["<reply 1>", …]}`); empty when it can be used. */
export function repliesProblems(value: unknown): RepliesIssue[] {
  const shape = 'a replies file is a JSON object {"<test id>": ["<reply 1>", "<reply 2>", …]}';
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [{ path: '$', message: shape }];
  const entries = Object.entries(value);
  if (!entries.length) return [{ path: '$', message: `no test ids: ${shape}` }];
  const issues: RepliesIssue[] = [];
  for (const [id, replies] of entries) {
    const at = `$[${JSON.stringify(id)}]`;
    if (!Array.isArray(replies)) {
      issues.push({ path: at, message: `the replies of a test are a list of strings, one a turn (got ${typeof replies === 'string' ? 'one string: wrap it in [ ]' : replies === null ? 'null' : typeof replies})` });
      continue;
    }
    replies.forEach((r, i) => {
      if (typeof r !== 'string') issues.push({ path: `${at}[${i}]`, message: `a reply is the model's whole reply text, a string (got ${r === null ? 'null' : Array.isArray(r) ? 'a list' : typeof r})` });
    });
  }
  return issues;
}
