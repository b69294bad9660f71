import type { FetchHandler, RequestLogEntry, ShimBody, ShimRequest, ShimResponse } from './types.ts';

/** Host side of the fetch bridge: plain ShimRequest → real Request → handler → plain ShimResponse. */

const MAX_REDIRECTS = 20;

function toBody(body: ShimBody | null): BodyInit | null {
  if (!body) return null;
  switch (body.kind) {
    case 'text':
      return body.text;
    case 'bytes':
      return body.bytes;
    case 'form': {
      // A real FormData with Files: the Request then writes multipart with its own boundary, as fetch() does.
      const form = new FormData();
      for (const entry of body.entries) {
        if ('file' in entry) {
          form.append(entry.name, new File([entry.file.bytes], entry.file.filename, { type: entry.file.type }));
        } else {
          form.append(entry.name, entry.value);
        }
      }
      return form;
    }
  }
}

export function toRequest(shim: ShimRequest): Request {
  return new Request(shim.url, { method: shim.method, headers: shim.headers, body: toBody(shim.body) });
}

export async function toShimResponse(response: Response, url: string, redirected: boolean): Promise<ShimResponse> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: new Uint8Array(await response.arrayBuffer()),
    url,
    redirected,
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The request fetch() makes for a redirect (WHATWG fetch, "HTTP-redirect fetch", steps 12–13). */
function redirectedRequest(shim: ShimRequest, status: number, location: URL): ShimRequest {
  const toGet = (status === 303 && shim.method !== 'HEAD') || ((status === 301 || status === 302) && shim.method === 'POST');
  const crossOrigin = new URL(shim.url).origin !== location.origin;
  const dropped = new Set([
    ...(toGet ? ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'] : []),
    ...(crossOrigin ? ['authorization', 'cookie', 'proxy-authorization'] : []),
  ]);
  return {
    ...shim,
    url: location.href,
    method: toGet ? 'GET' : shim.method,
    headers: shim.headers.filter(([name]) => !dropped.has(name.toLowerCase())),
    body: toGet ? null : shim.body,
  };
}

/**
 * Answers one sandboxed fetch() through the handler, following redirects as fetch() does by default, and logs
 * every hop (the followed ones marked `redirected`). This is the one redirect rule for every language's client
 * (fetch, curl with -L, Python's requests pass their redirect mode here): a redirect is followed only to a URL the
 * handler routes, since the handler refuses any other with the same error a direct request there gets. Throws
 * (with a message meant for the script) when the handler refuses or answers nonsense.
 */
export async function answerFetch(
  handler: FetchHandler,
  shim: ShimRequest,
  log: (entry: RequestLogEntry) => void,
): Promise<ShimResponse> {
  let current = shim;
  for (let hops = 0; ; hops++) {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    let response: Response;
    try {
      response = await handler(toRequest(current));
      if (!(response instanceof Response)) throw new TypeError('the request handler did not return a Response');
    } catch (error) {
      log({ method: current.method, url: current.url, status: 0, ms: elapsed(), ...(hops > 0 ? { redirected: true as const } : {}) });
      throw error;
    }
    log({ method: current.method, url: current.url, status: response.status, ms: elapsed(), ...(hops > 0 ? { redirected: true as const } : {}) });
    const location = response.headers.get('location');
    if (current.redirect === 'manual' || !isRedirect(response.status) || location === null) {
      return toShimResponse(response, current.url, hops > 0);
    }
    if (current.redirect === 'error') throw new TypeError(`fetch failed: redirected to ${location} (redirect: 'error')`);
    if (hops >= MAX_REDIRECTS) throw new TypeError(`fetch failed: more than ${MAX_REDIRECTS} redirects`);
    await response.body?.cancel();
    current = redirectedRequest(current, response.status, new URL(location, current.url));
  }
}
