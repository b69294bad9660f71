import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cache = mkdtempSync(join(tmpdir(), 'difflab-datadirs-'));
process.env.DIFFLAB_CACHE_DIR = cache;
const { engineFor } = await import('../../../src/cli/dataDirs.ts');

const toy = { name: 'toy', schemaSql: 'CREATE TABLE pets (id text PRIMARY KEY, name text NOT NULL);' };
const seedFile = join(cache, 'pets.json');

function need(pets: { id: string; name: string }[]) {
  writeFileSync(seedFile, JSON.stringify({ pets }));
  let reads = 0;
  return {
    seed: { name: 'pets', file: seedFile, read: () => (reads++, { pets }) },
    reads: () => reads,
  };
}

async function petsOf(engine: Awaited<ReturnType<typeof engineFor>>) {
  const env = await engine.createEnvironment('pets');
  const rows = await env.transaction('toy', (tx) => tx.query<{ id: string }>('SELECT id FROM pets ORDER BY id'));
  await env.dispose();
  return rows.map((r) => r.id);
}

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('data directories cached per command need', () => {
  it('builds one for the replicas and seeds asked for, then starts from it without loading the seed', async () => {
    const first = need([{ id: 'p1', name: 'Rex' }]);
    const built = await engineFor([toy], [first.seed]);
    expect(first.reads()).toBe(1);
    expect(await petsOf(built)).toEqual(['p1']);
    await built.close();
    expect(readdirSync(cache).filter((f) => /^pgdata-.*\.tar$/.test(f))).toHaveLength(1);

    const again = need([{ id: 'p1', name: 'Rex' }]);
    const cached = await engineFor([toy], [again.seed]);
    expect(again.reads()).toBe(0);
    expect([...cached.services.keys()]).toEqual(['toy']);
    expect(await petsOf(cached)).toEqual(['p1']);
    await cached.close();
  }, 180_000);

  it('builds another when the seed file changes', async () => {
    const changed = need([{ id: 'p2', name: 'Tom' }]);
    const engine = await engineFor([toy], [changed.seed]);
    expect(changed.reads()).toBe(1);
    expect(await petsOf(engine)).toEqual(['p2']);
    await engine.close();
  }, 180_000);

  it('starts from the cached one while other processes use it (each use touches its modification time)', async () => {
    const same = need([{ id: 'p2', name: 'Tom' }]);
    const cached = readdirSync(cache).filter((f) => f.endsWith('.tar'));
    expect(cached.length).toBeGreaterThan(0);
    // Another process's use of the cache, as engineFor's own utimesSync, while this one starts from it.
    const touching = setInterval(() => {
      const later = new Date(Date.now() + 1000 * Math.random());
      for (const f of cached) utimesSync(join(cache, f), later, later);
    }, 1);
    try {
      const engine = await engineFor([toy], [same.seed]);
      expect(same.reads()).toBe(0);
      expect(await petsOf(engine)).toEqual(['p2']);
      await engine.close();
    } finally {
      clearInterval(touching);
    }
  }, 180_000);

  it('builds again from a torn file', async () => {
    const same = need([{ id: 'p2', name: 'Tom' }]);
    for (const f of readdirSync(cache).filter((f) => /^pgdata-.*\.tar$/.test(f))) writeFileSync(join(cache, f), 'not a tar');
    const engine = await engineFor([toy], [same.seed]);
    expect(same.reads()).toBe(1);
    expect(await petsOf(engine)).toEqual(['p2']);
    await engine.close();
  }, 180_000);
});
