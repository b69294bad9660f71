// Spare environments in a data directory (Engine.prepareSpares): the shipped site's first scenario opens without
// copying its seed. A spare must be exactly a fresh copy, be taken once, and never outlive its template's seed.
import { describe, expect, it } from 'vitest';
import { Engine, type Environment } from '../../../src/engine/index.ts';

const toy = {
  name: 'toy',
  schemaSql: `
    CREATE TABLE owners (id text PRIMARY KEY, name text NOT NULL, email text UNIQUE);
    CREATE TABLE pets (id text PRIMARY KEY, owner_id text, name text, notes text);
    CREATE INDEX pets_words ON pets USING gin (to_tsvector('simple', coalesce(notes, ''))) WITH (fastupdate = off);`,
};
const seed = {
  owners: [{ id: 'o1', name: 'Ada', email: 'ada@example.com' }],
  pets: [{ id: 'p1', owner_id: 'o1', name: 'Rex', notes: 'barks' }],
};

async function state(env: Environment) {
  const pets = await env.rows('toy', 'pets', { offset: 0, limit: 10 });
  const owners = await env.rows('toy', 'owners', { offset: 0, limit: 10 });
  return { pets, owners };
}

async function dumpWithSpare(): Promise<Blob> {
  const engine = await Engine.create({ services: [toy] });
  await engine.loadTemplate('toyseed', seed);
  await engine.prepareSpares(['toyseed', 'not-loaded']);
  const dump = await engine.dump();
  await engine.close();
  return dump;
}

describe('spare environments in a data directory', () => {
  it('the first environment of a template is its spare, the same as a fresh copy, and the next one is copied', async () => {
    const engine = await Engine.create({ services: [toy], loadDataDir: await dumpWithSpare() });
    try {
      const first = await engine.createEnvironment('toyseed');
      const second = await engine.createEnvironment('toyseed');
      expect(first.id).toMatch(/^spare/);
      expect(second.id).not.toMatch(/^spare/);
      expect(await state(first)).toEqual(await state(second));
      // Writes go to the spare's own tables and are journaled like any environment's.
      await first.transaction('toy', (tx) => tx.exec(`INSERT INTO pets (id, name) VALUES ('p2', 'Kit')`));
      expect((await state(first)).pets).toHaveLength(2);
      expect((await state(second)).pets).toHaveLength(1);
      const diff = await first.diff();
      expect(diff.inserts.map((r) => [r.__table__, r.id])).toEqual([['pets', 'p2']]);
      // A constraint of the template holds in the spare too.
      await expect(first.transaction('toy', (tx) => tx.exec(`INSERT INTO owners (id, name, email) VALUES ('o2', 'B', 'ada@example.com')`))).rejects.toThrow();
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('a spare of a seed that changed since the dump is dropped, not handed out', async () => {
    const engine = await Engine.create({ services: [toy], loadDataDir: await dumpWithSpare() });
    try {
      await engine.loadTemplate('toyseed', { ...seed, pets: [] });
      const env = await engine.createEnvironment('toyseed');
      expect(env.id).not.toMatch(/^spare/);
      expect((await state(env)).pets).toEqual([]);
      const left = await engine.db.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'env_spare%'`);
      expect(left.rows).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 120_000);
});
