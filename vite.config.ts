import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // Relative base: the built site works from any sub-path of a static host (checked by test/e2e/run.mjs).
  base: './',
  plugins: [react()],
  worker: {
    // The workbench worker starts the sandbox's workers itself; nested module workers need the 'es' format.
    format: 'es',
  },
  server: {
    // Transformed while the server starts, not when the first page asks: the page's entry and the workbench worker
    // (PGlite, the replicas, the sandbox host), so a fresh browser on a restarted dev server is ready sooner.
    warmup: { clientFiles: ['./src/ui/main.tsx', './src/ui/workbench/workbenchWorker.ts'] },
  },
  optimizeDeps: {
    // PGlite finds its .wasm and .data next to its own module; pre-bundling moves the module and breaks that.
    exclude: ['@electric-sql/pglite'],
    // Monaco's modules, pre-bundled for the dev server (one request instead of ~190); they load lazily, so the
    // dependency scan of index.html does not find them.
    include: [
      'monaco-editor/editor/editor.api',
      'monaco-editor/internal/common/workers',
      'monaco-editor/languages/definitions/javascript/register',
      'monaco-editor/languages/features/typescript/register',
    ],
  },
  build: {
    target: 'es2022',
    // Monaco and PGlite are large by nature and load lazily; the warning says nothing useful about them.
    chunkSizeWarningLimit: 4096,
  },
});
