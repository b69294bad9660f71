// Where bin/difflab.mjs imports the CLI from: a bundle of src/ made by esbuild the first time these sources are
// started, kept in node_modules/.cache/difflab/cli-<key>/ and imported as plain JavaScript afterwards (tsx's loader
// hooks cost every start about half a second of CPU). The key is the sources' paths, sizes and modification times,
// so an edited source, a checkout or a fresh install builds again. Where no bundle can be made (no esbuild, the
// cache folder not writable), the sources run through tsx as before.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCES = join(ROOT, 'src');
const ENTRY = join(SOURCES, 'cli', 'main.ts');
const CACHE = join(ROOT, 'node_modules', '.cache', 'difflab');
/** Bundles of older sources unused for this long are removed when a new one is built. */
const STALE_MS = 60 * 60 * 1000;
/** Raised when what a bundle holds changes shape (the build options below). */
const FORMAT = 1;

/** The module to import `main` from: the bundle's entry, or the TypeScript entry with tsx registered. */
export async function cliEntry() {
  if (!process.env.DIFFLAB_NO_BUNDLE) {
    try {
      return pathToFileURL(await bundle()).href;
    } catch (err) {
      process.stderr.write(`difflab: could not bundle the CLI (${firstError(err)}); running it through tsx, which starts slower\n`);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return pathToFileURL(ENTRY).href;
}

async function bundle() {
  const dir = join(CACHE, `cli-${sourcesKey()}`);
  const entry = join(dir, 'main.mjs');
  if (existsSync(entry)) {
    // Its modification time is its last use, for removeStale.
    const now = new Date();
    utimesSync(dir, now, now);
    return entry;
  }
  const esbuild = createRequire(import.meta.url)('esbuild');
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  // Plugins need the asynchronous build.
  await esbuild.build({
    entryPoints: { main: ENTRY },
    absWorkingDir: ROOT,
    bundle: true,
    // Commands stay separate chunks, imported when run: `evaluate` never loads PGlite.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages find their own files (.wasm, data) beside their modules: they stay in node_modules. The cache is
    // under node_modules, so the bundle's bare imports resolve from there.
    packages: 'external',
    outdir: building,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    loader: { '.py': 'text' },
    logLevel: 'silent',
    plugins: [sourceUrls],
  });
  try {
    renameSync(building, dir);
  } catch (err) {
    // Another process built the same bundle first: use that one.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(entry)) throw err;
  }
  removeStale(dir);
  return entry;
}

/**
 * Each source keeps its own `import.meta.url`: the CLI finds the repository, its workers' sources and its data
 * beside the TypeScript files, wherever the chunk that holds their code is written.
 */
const sourceUrls = {
  name: 'difflab-source-urls',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** esbuild's message starts "Build failed with 1 error:"; its first error says more. */
function firstError(err) {
  const first = err?.errors?.[0];
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
  return String(err?.message ?? err).split('\n')[0];
}

function sourcesKey() {
  const hash = createHash('sha256').update(JSON.stringify([FORMAT, ROOT, process.version]));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const s = statSync(path);
        hash.update(`${relative(ROOT, path).split(sep).join('/')}\0${s.size}\0${s.mtimeMs}\0`);
      }
    }
  };
  walk(SOURCES);
  for (const file of ['package.json', 'tsconfig.json']) {
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

function removeStale(keep) {
  for (const name of readdirSync(dirname(keep))) {
    if (!name.startsWith('cli-')) continue;
    const path = join(dirname(keep), name);
    if (path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}
