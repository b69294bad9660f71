import { ProviderError, type ModelRequest, type ModelTurn, type ProviderRetry } from '../types.ts';

/** How many times a reply stream that broke part-way is asked for again, as a new request of the same turn. */
export const STREAM_RETRIES = 2;

/** Statuses the official SDKs retry (their `shouldRetry`): 408, 409, 429 and every 5xx. */
function retriedStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The wait a response asked for: `retry-after-ms`, else `Retry-After` in seconds or as a date. */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const after = headers.get('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

export interface ObservedFetch {
  fetch: typeof fetch;
  /** The failed attempts another attempt followed: the SDK's retries, each with its cause and wait. */
  retries(): ProviderRetry[];
}

/**
 * Watches the attempts an SDK makes for one call through its `fetch`: a response with a status the SDK retries, or
 * a connection that failed, followed by another attempt, is a retry. Nothing is delayed or changed.
 */
export function observeAttempts(inner: typeof fetch): ObservedFetch {
  const failed: { retry: Omit<ProviderRetry, 'waitedMs'>; at: number; next?: number }[] = [];
  const observed = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const now = performance.now();
    const last = failed[failed.length - 1];
    if (last && last.next === undefined) last.next = now;
    try {
      const response = await inner(input, init);
      if (retriedStatus(response.status)) {
        const wait = retryAfterMs(response.headers);
        failed.push({ retry: { cause: `HTTP ${response.status}`, status: response.status, ...(wait !== undefined ? { retryAfterMs: Math.round(wait) } : {}) }, at: performance.now() });
      }
      return response;
    } catch (err) {
      if (!init?.signal?.aborted) failed.push({ retry: { cause: `connection: ${err instanceof Error ? err.message : String(err)}` }, at: performance.now() });
      throw err;
    }
  }) as typeof fetch;
  return {
    fetch: observed,
    retries: () => failed.filter((f) => f.next !== undefined).map((f) => ({ ...f.retry, waitedMs: Math.round(f.next! - f.at) })),
  };
}

/**
 * One model turn with its retries: `attempt` makes one request, giving the SDK the fetch `watch` returns; a reply
 * stream that breaks part-way (a ProviderError with `midStream`) is asked for again as a new request, up to
 * STREAM_RETRIES times. The turn, or the error that ended it, carries every retry (the SDK's and these).
 */
export async function withRetries(request: ModelRequest, attempt: (watch: (inner: typeof fetch) => typeof fetch) => Promise<ModelTurn>): Promise<ModelTurn> {
  const retries: ProviderRetry[] = [];
  for (let n = 0; ; n++) {
    let observed: ObservedFetch | undefined;
    const watch = (inner: typeof fetch) => (observed = observeAttempts(inner)).fetch;
    const sdkRetries = () => (observed as ObservedFetch | undefined)?.retries() ?? [];
    try {
      const turn = await attempt(watch);
      retries.push(...sdkRetries());
      return retries.length ? { ...turn, retries } : turn;
    } catch (err) {
      retries.push(...sdkRetries());
      if (!(err instanceof ProviderError && err.midStream && n < STREAM_RETRIES && !request.signal?.aborted)) {
        if (err instanceof ProviderError) err.retries = retries;
        throw err;
      }
      const retry: ProviderRetry = { cause: `stream broke: ${err.message}`, waitedMs: 0, midStream: true };
      retries.push(retry);
      request.onRetry?.(retry);
    }
  }
}
