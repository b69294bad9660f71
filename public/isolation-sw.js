// DiffLab's own service worker, registered only by a page in a browser without WebAssembly JSPI (src/ui/isolation.ts):
// it adds the two headers of cross-origin isolation to the site's own responses, which a plain static host does not
// send, so that the page has SharedArrayBuffer and a Python script can block on a request (src/sandbox/syncAnswer.ts).
// Its scope is the folder it is served from: the site under any sub-path, nothing beside it.
// COEP `credentialless` (Chromium 96+, Firefox 119+), not `require-corp`: the page's cross-origin requests are CORS
// fetches to model providers, which either allows, and one `no-cors` probe without credentials that tells a
// provider without CORS headers from one that is down (src/agent/providers/reachability.ts), which `require-corp`
// would block for want of a Cross-Origin-Resource-Policy header.
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Another origin's answer passes untouched (CORS decides); so does a request the browser may only serve from cache.
  if (new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(fetch(request).then(isolated));
});

function isolated(response) {
  // A redirect left for the browser to follow (navigations) or an error: as it is.
  if (response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'credentialless');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
