import { ProviderError } from '../types.ts';

/**
 * A browser reports a model API it cannot reach with one error for every cause — `TypeError: Failed to fetch`
 * (Chromium), `NetworkError when attempting to fetch resource` (Firefox) — whether the server sent no CORS headers,
 * nothing listens on the port, the host is unknown or the device is offline. A follow-up request in `no-cors` mode
 * tells them apart: it comes back (opaque) when the server is there, so the first failure was CORS; it fails too when
 * nothing answers. Either way retrying cannot help, so the call ends at once instead of after the SDK's retries.
 */

const PROBE_TIMEOUT_MS = 3000;

/** Whether this runs in a page or a worker, where CORS applies (Node's fetch has none). */
function inBrowser(): boolean {
  const g = globalThis as { document?: unknown; importScripts?: unknown };
  return g.document !== undefined || typeof g.importScripts === 'function';
}

function isOffline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine === false;
}

function origin(): string {
  return (globalThis as { location?: { origin?: string } }).location?.origin ?? 'this page';
}

/** Why a request to `url` could not be made, or null when that cannot be told (then the SDK's retries go on). */
export async function diagnoseUnreachable(url: string, where: string, fetchImpl: typeof fetch): Promise<ProviderError | null> {
  if (isOffline()) {
    return new ProviderError('offline', `this device is offline, so ${where} cannot be reached: reconnect to the network and run again.`);
  }
  let answered: boolean;
  try {
    await fetchImpl(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    answered = true;
  } catch {
    answered = false;
  }
  if (answered) {
    return new ProviderError(
      'cors',
      `${where} answered, but without CORS headers (Access-Control-Allow-Origin), so the browser does not let this page read the reply. ` +
        `Allow ${origin()} on the server (Ollama: OLLAMA_ORIGINS; LM Studio: "Enable CORS"; vLLM: --allowed-origins), ` +
        'use a provider that accepts calls from a browser, or run headless with `npx difflab eval`.',
    );
  }
  return new ProviderError(
    'unreachable',
    `nothing answered at ${where}: the server is not running, the port is closed or the address is wrong. ` +
      'Check the base URL and that the server is up (and that this device is online).',
  );
}

export interface CallGuard {
  /** The fetch to give the SDK for this call. */
  fetch: typeof fetch;
  /** The signal to give the SDK for this call: the caller's, and aborted when a failure was diagnosed. */
  signal: AbortSignal;
  /** The diagnosed failure, once the call failed for a reason retrying cannot fix. */
  diagnosis(): ProviderError | null;
}

/**
 * Guards one model call: a network-level failure of its fetch is diagnosed (`diagnoseUnreachable`) and, when the
 * cause is known, the call is aborted so the SDK stops retrying; the caller then throws `diagnosis()`. Off outside a
 * browser, unless `probe` says otherwise (tests).
 */
export function guardCall(fetchImpl: typeof fetch | undefined, where: string, outer: AbortSignal | undefined, probe = inBrowser()): CallGuard {
  const base = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const controller = new AbortController();
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  let diagnosed: ProviderError | null = null;
  const guarded = (async (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      return await base(input, init);
    } catch (err) {
      if (!probe || controller.signal.aborted || !(err instanceof TypeError)) throw err;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      diagnosed = await diagnoseUnreachable(url, where, base);
      if (diagnosed) controller.abort(diagnosed);
      throw err;
    }
  }) as typeof fetch;
  return { fetch: guarded, signal: controller.signal, diagnosis: () => diagnosed };
}
