/**
 * Starts the module worker `scriptUrl` under the page's Content-Security-Policy (issue 31). A dedicated worker
 * loaded from the site's own URL takes its policy from that script's response headers, which a static host does not
 * send; one loaded from a blob: URL inherits its creator's (CSP3; measured in Chromium and firefox-esr). So the worker
 * is a one-line blob module that imports the real script: the page's `script-src` (index.html's meta, added by the
 * build) then decides what the worker's dynamic `import()` may fetch, which no script API can turn off otherwise.
 * The imported script keeps its own URL (`import.meta.url`); `self.location` is the blob's.
 */
export function workerUnderPagePolicy(scriptUrl: string | URL, name: string): Worker {
  const absolute = new URL(scriptUrl, location.href).href;
  const blob = new Blob([`import ${JSON.stringify(absolute)};\n`], { type: 'text/javascript' });
  const url = URL.createObjectURL(blob);
  try {
    return new Worker(url, { type: 'module', name });
  } finally {
    // The worker holds its script from construction on (the URL is resolved then).
    URL.revokeObjectURL(url);
  }
}
