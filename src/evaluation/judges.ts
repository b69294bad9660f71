import { parseJudgement, RUBRIC_DIMENSIONS, type Judge, type Judgement } from './rubric.ts';

/**
 * A judge behind an OpenAI-compatible chat-completions endpoint (`POST {baseUrl}/chat/completions`), called with
 * `fetch` so it runs in the browser and in Node. The request carries the full judge prompt; the reply must be the
 * JSON `Judgement`.
 */
export function chatCompletionsJudge(options: { baseUrl: string; model: string; apiKey?: string; fetch?: typeof fetch; temperature?: number }): Judge {
  const doFetch = options.fetch ?? fetch;
  return async (request) => {
    const response = await doFetch(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: options.model,
        temperature: options.temperature ?? 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: request.prompt.system },
          { role: 'user', content: request.prompt.user },
        ],
      }),
    });
    if (!response.ok) throw new Error(`judge model answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[]; model?: string };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string') throw new Error('judge model reply has no choices[0].message.content');
    return { ...parseJudgement(text), model: body.model ?? options.model };
  };
}

/**
 * A judge behind Anthropic's Messages API (`POST {baseUrl}/v1/messages`), called with `fetch`. In a page the request
 * needs Anthropic's opt-in header for direct browser access, which it always sends (the key is the user's own).
 */
export function messagesJudge(options: { baseUrl: string; model: string; apiKey?: string; fetch?: typeof fetch; temperature?: number }): Judge {
  const doFetch = options.fetch ?? fetch;
  return async (request) => {
    const response = await doFetch(`${options.baseUrl.replace(/\/$/, '').replace(/\/v1$/, '')}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
        ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        max_tokens: 4096,
        temperature: options.temperature ?? 0,
        system: request.prompt.system,
        messages: [{ role: 'user', content: request.prompt.user }],
      }),
    });
    if (!response.ok) throw new Error(`judge model answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { content?: { type?: string; text?: string }[]; model?: string };
    const text = body.content?.filter((c) => c.type === 'text').map((c) => c.text ?? '').join('');
    if (!text) throw new Error('judge model reply has no text content');
    return { ...parseJudgement(text), model: body.model ?? options.model };
  };
}

/** The judge for a provider protocol: OpenAI-compatible chat completions or Anthropic Messages. */
export function judgeOverProtocol(protocol: 'openai' | 'anthropic', options: { baseUrl: string; model: string; apiKey?: string }): Judge {
  return protocol === 'anthropic' ? messagesJudge(options) : chatCompletionsJudge(options);
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The self-test's scripted judge: full marks on every rubric when the answer contains the scenario's reference
 * answer (whitespace and case aside), zero otherwise. Deterministic, so a rubric-only scenario's reference answer
 * passes and an empty run fails. Without a reference answer it does not judge (the rubrics stay "not judged").
 */
export const referenceAnswerJudge: Judge = async (request): Promise<Judgement> => {
  if (!request.referenceAnswer) throw new Error('the scenario has no reference answer to judge against');
  const ok = Boolean(request.referenceAnswer && request.answer && squash(request.answer).includes(squash(request.referenceAnswer)));
  return {
    model: 'reference-answer-judge',
    rubrics: request.rubrics.map((r) => ({
      index: r.index,
      scores: Object.fromEntries(RUBRIC_DIMENSIONS.map((d) => [d, ok ? 1 : 0])),
      rationale: ok ? 'the answer contains the reference answer' : 'the answer does not contain the reference answer',
    })),
  };
};
