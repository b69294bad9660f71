import { ProviderError } from '../types.ts';

/** The error classes both official SDKs export (they share one generator, so the shapes agree). */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error & { status?: number; headers?: unknown };
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

/** Removes the key from a text, in case a provider echoes it back (some do in their 401 bodies). */
export function scrubKey(text: string, apiKey: string): string {
  if (!apiKey || apiKey.length < 4) return text;
  return text.split(apiKey).join('[key]');
}

/** The stream ended without the provider's end of message: what came is part of a reply, not a reply. */
export function truncatedStream(where: string, marker: string, received: number): ProviderError {
  return new ProviderError('truncated', `the reply from ${where} was cut off: the stream ended without ${marker} (after ${received} characters)`, undefined, true);
}

/**
 * Turns whatever an SDK threw into a ProviderError that says, in a person's words, what happened and what to do.
 * Called after the SDK's own retries (429, 5xx and connection failures are retried with backoff first).
 * `midStream`: the reply had started streaming (a break then is retried as a new request of the same turn).
 */
export function toProviderError(err: unknown, classes: SdkErrorClasses, where: string, apiKey: string, retries: number, model?: string, midStream = false): ProviderError {
  if (err instanceof ProviderError) return err;
  const detail = scrubKey(err instanceof Error ? err.message : String(err), apiKey);
  if (err instanceof classes.APIUserAbortError || (err instanceof Error && err.name === 'AbortError')) {
    return new ProviderError('aborted', 'the request to the model was stopped');
  }
  if (err instanceof classes.APIConnectionTimeoutError) {
    return new ProviderError('timeout', `${where} did not answer within the request's time limit${retries ? ` (after ${retries} retries)` : ''}: ${detail}`, undefined, midStream);
  }
  if (err instanceof classes.APIConnectionError) {
    return new ProviderError('network', `could not reach ${where}${retries ? ` (after ${retries} retries)` : ''}: ${detail}`);
  }
  if (err instanceof classes.APIError) {
    const status = (err as { status?: number }).status;
    if (status === 401 || status === 403) {
      return new ProviderError('auth', `${where} refused the API key (HTTP ${status}): check the key and that it may use this model. ${detail}`, status);
    }
    // OpenAI `context_length_exceeded` ("This model's maximum context length is …": before the model check, since it
    // names the model), Anthropic "prompt is too long", vLLM and Ollama "maximum context length".
    if (status === 400 && /context.?length|context.?window|prompt is too long|maximum context/i.test(detail)) {
      return new ProviderError('context_length', `${where} refused the request as longer than the model's context (HTTP ${status}): ${detail}`, status);
    }
    // A model name the provider does not know: OpenAI and Groq answer 404 `model_not_found`, Anthropic 404
    // `not_found_error` ("model: …"), Ollama 404 "model … not found", OpenRouter 400 "… is not a valid model ID".
    if ((status === 404 || status === 400) && /model/i.test(detail)) {
      const named = model ? ` “${model}”` : '';
      return new ProviderError('model', `${where} does not serve the model${named} (HTTP ${status}): check the model name and that this key may use it. ${detail}`, status);
    }
    if (status === 429) {
      return new ProviderError('rate_limit', `${where} is rate limiting this key (HTTP 429), still after ${retries} retries with backoff: wait, lower the concurrency, or raise the limit. ${detail}`, status);
    }
    if (status !== undefined && status >= 500) return new ProviderError('server', `${where} failed (HTTP ${status}): ${detail}`, status);
    if (status !== undefined) return new ProviderError('bad_request', `${where} rejected the request (HTTP ${status}): ${detail}`, status);
  }
  // A stream cut in the middle surfaces as a plain TypeError/Error from the body reader.
  if (err instanceof TypeError || /terminated|socket|network|ECONNRESET|premature|aborted/i.test(detail)) {
    return new ProviderError('network', `the connection to ${where} dropped while the model was answering: ${detail}`, undefined, midStream);
  }
  return new ProviderError('other', `${where}: ${detail}`);
}
