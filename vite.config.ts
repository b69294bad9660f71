import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pyodideAssets } from './scripts/vitePyodide.ts';

export default defineConfig({
  // Relative base: the built site works from any sub-path of a static host (checked by test/e2e/run.mjs).
  base: './',
  plugins: [react(), pyodideAssets()],
  worker: {
    // The workbench worker starts the sandbox's workers itself; nested module workers need the 'es' format.
    format: 'es',
  },
  optimizeDeps: {
    // PGlite finds its .wasm and .data next to its own module; pre-bundling moves the module and breaks that.
    exclude: ['@electric-sql/pglite', 'pyodide'],
  },
  build: {
    target: 'es2022',
    // Monaco and PGlite are large by nature and load lazily; the warning says nothing useful about them.
    chunkSizeWarningLimit: 4096,
  },
});
