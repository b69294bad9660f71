import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { cliCacheDir } from '../../../../src/cli/cacheDir.ts';
import { bundleEntry } from '../../../../src/cli/createNodeWorker.ts';

// Issue 31: the Node side of the Python worker's lockdown, with Emscripten's module in hand (a script cannot be
// shown to reach it, but Pyodide's start-up captured Node inside it). The probe runs in its own worker thread
// (lockedRealmProbe.ts): the lockdown poisons the thread it runs in.
const markers = mkdtempSync(join(tmpdir(), 'difflab-lockdown-'));
afterAll(() => rmSync(markers, { recursive: true, force: true }));

describe('Python worker lockdown in Node (closeNodeRealm)', { timeout: 300_000 }, () => {
  it('leaves nothing captured at start-up that reaches Node: Emscripten system(), NODEFS, captured fs/child_process/process, any built-in', async () => {
    // Bundled as the CLI bundles its Python worker (the sandbox's .py files come in as text).
    const bundle = bundleEntry(fileURLToPath(new URL('./lockedRealmProbe.ts', import.meta.url)), cliCacheDir);
    const worker = new Worker(pathToFileURL(bundle), {
      workerData: { denyImportsHook: new URL('../../../../src/cli/denyImportsHook.mjs', import.meta.url).href, markers },
      env: {},
    });
    const errors: Error[] = [];
    worker.on('error', (error) => errors.push(error));
    const ended = new Promise<number>((resolve) => worker.once('exit', resolve));
    const report = await new Promise<{ tries: Record<string, string>; filesystems: string[]; fileSystemsOnModule: string[]; env: string[]; open: string[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('exit', (code) => reject(new Error(`the probe ended (${code}) before it reported: ${errors.join('; ')}`)));
    });
    // With nothing left to do, the locked thread ends by itself (Node emits beforeExit and exit on `process`) and
    // cleanly: no error, exit code 0.
    expect(await ended).toBe(0);
    expect(errors).toEqual([]);
    for (const [name, outcome] of Object.entries(report.tries)) expect(outcome, name).toBe('refused');
    // Left by design: what Node needs on `process` to run queued callbacks and end the thread (closeNodeRealm.ts).
    // Frozen by Node 20 (non-configurable, read-only), computation only: two deprecated ciphers, two type checks.
    expect(report.open.sort()).toEqual(
      ['process.exit', 'process.reallyExit', 'process.emit', 'process._fatalException', 'process.emitWarning', 'process.nextTick', 'process._tickCallback', 'crypto.createCipher', 'crypto.createDecipher', 'util/types.isKeyObject', 'util/types.isCryptoKey'].sort(),
    );
    expect(report.filesystems).toEqual(['MEMFS']);
    expect(report.fileSystemsOnModule.sort()).toEqual(['MEMFS', 'PIPEFS', 'SOCKFS']);
    expect(report.env).toEqual([]);
    expect(readdirSync(markers)).toEqual([]);
    expect(existsSync(join(markers, 'emscripten-system'))).toBe(false);
  });
});
