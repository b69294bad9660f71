/** What the agent loop says to a model and hears back, independent of the wire protocol. */

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text); parsed by the loop so a malformed call becomes an observation. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** A JSON-schema tool, as both protocols take it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onText?: (delta: string) => void;
  /** Called when the request is sent again (the text streamed so far is then void). */
  onRetry?: (retry: ProviderRetry) => void;
}

/**
 * One transient failure of a model request that was retried: by the SDK before a reply started (429, 5xx, a dropped
 * connection), or by the provider when a stream broke part-way (a new request of the same turn).
 */
export interface ProviderRetry {
  /** What failed, for people: `HTTP 429`, `HTTP 503`, `connection: …`, `stream broke: …`. */
  cause: string;
  status?: number;
  /** The wait the provider asked for (Retry-After or retry-after-ms), when it asked. */
  retryAfterMs?: number;
  /** How long the client waited before the next attempt. */
  waitedMs: number;
  /** The reply had started streaming when it broke: the whole turn was asked again. */
  midStream?: true;
}

export interface ModelTurn {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** The provider's own stop reason (`stop`, `tool_calls`, `end_turn`, `tool_use`, `length`…). */
  stopReason: string | null;
  /** The transient failures retried before this reply came whole (absent: none). */
  retries?: ProviderRetry[];
}

/** One model API: OpenAI-compatible Chat Completions or Anthropic Messages. */
export interface ModelProvider {
  readonly protocol: ProviderProtocol;
  complete(request: ModelRequest): Promise<ModelTurn>;
}

export type ProviderProtocol = 'openai' | 'anthropic';

/** Where and how to reach a model. The key is never part of this value: it is passed separately and kept in memory. */
export interface ProviderConfig {
  protocol: ProviderProtocol;
  /** Base URL of the API (OpenAI-compatible: up to `/v1`; Anthropic: the host). Empty = the SDK's default. */
  baseURL?: string;
  /** Retries after 429, 5xx and dropped connections before the reply starts (the SDKs back off exponentially). */
  maxRetries?: number;
  /** Milliseconds before a request is given up. */
  timeoutMs?: number;
}

/**
 * - auth: the key was refused; model: the provider does not serve the model named; rate_limit; bad_request; server
 * - context_length: the request was refused as longer than the model's context window
 * - cors: the server answered without CORS headers (a page cannot read it); unreachable: nothing answered (closed
 *   port, unknown host); offline: the device has no network; network: a connection that failed or dropped otherwise
 * - truncated: the reply stream ended without the provider's end of message (OpenAI's `finish_reason`, Anthropic's
 *   `message_stop`): what came is not a reply; timeout: the request's own time limit ran out
 */
export type ProviderErrorKind =
  | 'auth'
  | 'model'
  | 'rate_limit'
  | 'network'
  | 'cors'
  | 'unreachable'
  | 'offline'
  | 'bad_request'
  | 'context_length'
  | 'server'
  | 'truncated'
  | 'timeout'
  | 'aborted'
  | 'other';

/** A provider failure with a message fit to show a person; the key never appears in it. */
export class ProviderError extends Error {
  /** The transient failures retried before this one ended the request. */
  retries: ProviderRetry[] = [];
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    /** The reply had started streaming when it failed (a new request of the same turn may succeed). */
    readonly midStream = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
