import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pyodideAssets } from './scripts/vitePyodide.ts';

export default defineConfig({
  // Relative base: the built site works from any sub-path of a static host (checked by test/e2e/run.mjs).
  base: './',
  plugins: [react(), pyodideAssets(), appEntryInBuild(), scriptPolicyInBuild()],
  worker: {
    // The workbench worker starts the sandbox's workers itself; nested module workers need the 'es' format.
    format: 'es',
  },
  server: {
    // Transformed while the server starts, not when the first page asks: the page's entry and the workbench worker
    // (PGlite, the replicas, the sandbox host), so a fresh browser on a restarted dev server is ready sooner.
    warmup: { clientFiles: ['./src/ui/boot.ts', './src/ui/main.tsx', './src/ui/workbench/workbenchWorker.ts', './src/ui/workbench/workbenchHandlers.ts'] },
  },
  optimizeDeps: {
    // PGlite finds its .wasm and .data next to its own module; pre-bundling moves the module and breaks that.
    exclude: ['@electric-sql/pglite', 'pyodide'],
    // Monaco's modules, pre-bundled for the dev server (one request instead of ~190): they load lazily, so the
    // dependency scan of index.html does not find them. Read from the editor's own imports, so the two never differ
    // (a module left out would load unbundled beside the bundle: two copies of Monaco's services).
    include: monacoImports(),
  },
  build: {
    target: 'es2022',
    // Monaco and PGlite are large by nature and load lazily; the warning says nothing useful about them.
    chunkSizeWarningLimit: 4096,
  },
});

/** The `monaco-editor/…` modules src/ui/editor/ imports (workers, imported with `?worker`, are built apart). */
function monacoImports(): string[] {
  const dir = new URL('./src/ui/editor/', import.meta.url);
  const found = readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f))
    .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/(?:from|import)\s+'(monaco-editor\/[^'?]+)'/g)].map((m) => m[1]));
  return [...new Set(found)];
}

/**
 * The page's entry is boot.ts, which on the dev server imports the app (main.tsx) only once the workbench worker has
 * started: the ~270 modules the dev server sends one by one would otherwise hold up the worker's. A build makes the
 * app its entry instead (main.tsx imports boot.ts first): a few chunks, all preloaded from the page at once.
 */
function appEntryInBuild(): Plugin {
  return {
    name: 'difflab:app-entry-in-build',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const entry = 'src="/src/ui/boot.ts"';
        // Without its script a build would ship boot.ts alone, which loads the app only on the dev server: a blank page.
        if (!html.includes(entry)) throw new Error(`index.html has no <script ${entry}>: the build cannot make main.tsx its entry`);
        return html.replace(entry, 'src="/src/ui/main.tsx"');
      },
    },
  };
}

/**
 * The built page's script policy (issue 31), as a meta tag: a static host sends no headers. Scripts only from the
 * site itself and blob: URLs (the Python worker's wrapper, src/ui/workerUnderPagePolicy.ts, and the pattern
 * worker); WebAssembly and eval stay allowed (Pyodide, PGlite, zod's probe). Only `script-src`: the page talks to
 * model providers at any URL. A worker started from a blob: URL inherits it, which is what bounds a Python script's
 * dynamic import(). Not on the dev server, whose page has inline scripts (React's refresh preamble).
 */
const SCRIPT_POLICY = "script-src 'self' blob: 'wasm-unsafe-eval' 'unsafe-eval'";

function scriptPolicyInBuild(): Plugin {
  return {
    name: 'difflab:script-policy-in-build',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: SCRIPT_POLICY }, injectTo: 'head-prepend' }],
  };
}
