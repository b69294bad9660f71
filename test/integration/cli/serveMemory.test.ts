import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openWorkbench } from '../../../src/cli/nodeEngine.ts';
import { createRouter } from '../../../src/replicas/router.ts';
import type { Workbench } from '../../../src/session/index.ts';

// Issue 33: `serve` grew after every create → upload → delete cycle. PGlite runs PostgreSQL as one process, with no
// checkpointer: the WAL, kept in PGlite's memory, kept every byte an upload wrote after its environment was dropped.
// A cycle here is what a serve worker does for one environment (the router without its time budget, so that a
// loaded machine cannot turn an upload into a timeout that writes nothing).
const MB = 1024 * 1024;
let workbench: Workbench;

beforeAll(async () => {
  workbench = await openWorkbench('scenarios', { needs: { services: ['box'], seeds: ['kestrel_box'] } });
}, 180_000);
afterAll(async () => {
  await workbench?.engine.close();
});

type EmFS = { readdir(path: string): string[]; stat(path: string): { mode: number; size: number } };

/** The bytes of PGlite's in-memory files (its data directory and WAL) and its WebAssembly memory. */
function pgliteBytes(): number {
  const mod = (workbench.engine.db as PGlite).Module;
  const fs = mod.FS as unknown as EmFS;
  const du = (dir: string): number =>
    fs
      .readdir(dir)
      .filter((n) => n !== '.' && n !== '..')
      .reduce((n, name) => {
        const st = fs.stat(`${dir}/${name}`);
        return n + ((st.mode & 0o170000) === 0o040000 ? du(`${dir}/${name}`) : st.size);
      }, 0);
  return du('/pglite') + mod.HEAPU8.buffer.byteLength;
}

describe('memory across environments created, given a large upload and deleted', () => {
  it('PGlite holds no more after 14 cycles than after 4', async () => {
    const router = createRouter(workbench.router.replicas, { unbounded: true });
    const bytes = new Uint8Array(4 * MB).map((_, i) => (i * 2654435761) >>> 24);
    const after: number[] = [];
    for (let cycle = 1; cycle <= 14; cycle++) {
      const env = await workbench.openSeed('kestrel_box');
      const form = new FormData();
      form.append('attributes', JSON.stringify({ name: `big${cycle}.bin`, parent: { id: '0' } }));
      form.append('file', new Blob([bytes]), 'big.bin');
      const request = new Request('https://upload.box.com/api/2.0/files/content', { method: 'POST', body: form, headers: { authorization: 'Bearer x' } });
      const response = await router.routeService('box', 'files/content', request, env);
      expect(response.status).toBe(201);
      await env.dispose();
      after.push(pgliteBytes());
    }
    // Each cycle writes ~8 MB of WAL (86 MB over these 10 cycles without the checkpoint); it is cut back once 32 MB are written.
    expect(after[13] - after[3]).toBeLessThanOrEqual(32 * MB);
  }, 600_000);
});
