import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type Environment } from '../../../src/engine/index.ts';
import { envServiceSchema, templateSchema } from '../../../src/engine/sqlNames.ts';

const toy = {
  name: 'toy',
  schemaSql: `
    CREATE TABLE owners (id text PRIMARY KEY, name text NOT NULL, email text UNIQUE);
    CREATE TABLE pets (id text PRIMARY KEY, owner_id text, name text, notes text, tags jsonb);
    CREATE INDEX pets_owner ON pets (owner_id, lower(name));
    CREATE INDEX pets_words ON pets USING gin (to_tsvector('simple', coalesce(notes, ''))) WITH (fastupdate = off);
    CREATE TABLE visits (pet_id text, day date, PRIMARY KEY (pet_id, day));`,
};

const seed = {
  owners: [
    { id: 'o1', name: 'Ada', email: 'ada@example.com' },
    { id: 'o2', name: 'Grace', email: 'grace@example.com' },
  ],
  pets: [
    { id: 'p1', owner_id: 'o1', name: 'Rex', notes: 'barks at the postman', tags: { kind: 'dog' } },
    { id: 'p2', owner_id: 'o2', name: 'Tom', notes: null, tags: null },
  ],
  visits: [],
};

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.create({ services: [toy] });
  await engine.loadTemplate('toyseed', seed);
}, 60_000);
afterAll(() => engine.close());

/** The same work in an environment: ids, clock reads, writes, and what they leave behind. */
async function exercise(env: Environment) {
  const ids = [env.ids.next(), env.ids.uuid(), env.ids.next(4)];
  const times = [env.clock.now(), env.clock.now()];
  const position = await env.journalPosition();
  await env.transaction('toy', async (tx) => {
    await tx.query(`INSERT INTO pets (id, owner_id, name, notes) VALUES ($1, 'o2', 'Kit', 'sleeps all day')`, [ids[0]]);
    await tx.query(`UPDATE pets SET name = 'Rexy', tags = '{"kind":"dog","good":true}' WHERE id = 'p1'`);
    await tx.query(`DELETE FROM owners WHERE id = 'o1'`);
    await tx.query(`INSERT INTO visits VALUES ('p2', '2026-01-02')`);
  });
  const refused = await env
    .transaction('toy', (tx) => tx.query(`INSERT INTO owners (id, name, email) VALUES ('o3', 'Lin', 'grace@example.com')`))
    .then(() => 'inserted', (err: Error) => err.message.replace(/"[^"]*"\./g, ''));
  const found = await env.transaction('toy', (tx) =>
    tx.query(`SELECT id FROM pets WHERE to_tsvector('simple', coalesce(notes, '')) @@ to_tsquery('simple', 'sleeps') ORDER BY id`),
  );
  const tables = await env.tables();
  const rows = await Promise.all(tables.map((t) => env.rows(t.service, t.table)));
  const journal = (await env.journal()).map(({ seq: _seq, ...entry }) => entry);
  return { ids, times, position, refused, found, tables, rows, journal, diff: await env.diff() };
}

/** The environment's indexes and constraints as the catalog prints them, its schema name taken out. */
async function catalogOf(schema: string) {
  const r = await engine.db.query<{ def: string }>(
    `SELECT replace(pg_get_indexdef(i.indexrelid), $1, 'S') AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $2
     UNION ALL
     SELECT c.relname || ': ' || k.conname || ' ' || pg_get_constraintdef(k.oid) FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $2 AND k.contype <> 'n'
     ORDER BY 1`,
    [schema, schema],
  );
  return r.rows.map((x) => x.def);
}

describe('the environment pool', () => {
  it('hands out an environment that is byte for byte a fresh one: ids, clock, journal, rows, catalog', async () => {
    engine.pool.size = 0;
    const fresh = await engine.createEnvironment('toyseed', { actingUserId: 'o2', clockStart: Date.UTC(2026, 0, 2) });
    engine.pool.size = 2;
    engine.pool.warm(['toyseed']);
    await engine.pool.settled();
    expect(engine.pool.stats().ready.toyseed).toBe(2);
    const hitsBefore = engine.pool.stats().hits;
    const pooled = await engine.createEnvironment('toyseed', { actingUserId: 'o2', clockStart: Date.UTC(2026, 0, 2) });
    expect(engine.pool.stats().hits).toBe(hitsBefore + 1);

    expect(pooled.actingUserId).toBe('o2');
    expect(await catalogOf(envServiceSchema(pooled.id, 'toy'))).toEqual(await catalogOf(envServiceSchema(fresh.id, 'toy')));
    const a = await exercise(fresh);
    const b = await exercise(pooled);
    expect(b).toEqual(a);
    expect(a.refused).toMatch(/duplicate key/);
    expect(a.found).toHaveLength(1);
    expect(a.journal).toHaveLength(4);
    await fresh.dispose();
    await pooled.dispose();
    engine.pool.size = 0;
    await engine.pool.settled();
  });

  it('copies keep the template\'s indexes and constraints, built after the rows', async () => {
    const env = await engine.createEnvironment('toyseed');
    const template = await catalogOf(templateSchema('toyseed', 'toy'));
    expect(await catalogOf(envServiceSchema(env.id, 'toy'))).toEqual(template);
    expect(template.join('\n')).toMatch(/USING gin .*fastupdate='?off/);
    expect(template.join('\n')).toMatch(/owners_email_key UNIQUE \(email\)/);
    await env.dispose();
  });

  it('refills in the background after each environment it hands out', async () => {
    engine.pool.size = 1;
    engine.pool.warm(['toyseed']);
    await engine.pool.settled();
    const envs = [];
    for (let i = 0; i < 3; i++) {
      envs.push(await engine.createEnvironment('toyseed'));
      await engine.pool.settled();
      expect(engine.pool.stats().ready.toyseed).toBe(1);
    }
    // Each holds its own copy.
    await envs[0].transaction('toy', (tx) => tx.query(`DELETE FROM pets`));
    const left = await envs[1].transaction('toy', (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pets`));
    expect(left[0].n).toBe(2);
    for (const env of envs) await env.dispose();
    engine.pool.size = 0;
    await engine.pool.settled();
  });

  it('never hands out a copy of a seed that has since been reloaded', async () => {
    await engine.loadTemplate('reloaded', seed);
    engine.pool.size = 2;
    engine.pool.warm(['reloaded']);
    await engine.pool.settled();
    expect(engine.pool.stats().ready.reloaded).toBe(2);
    await engine.loadTemplate('reloaded', { ...seed, pets: [{ id: 'p9', owner_id: 'o1', name: 'New', notes: null, tags: null }] });
    const env = await engine.createEnvironment('reloaded');
    const pets = await env.transaction('toy', (tx) => tx.query<{ id: string }>(`SELECT id FROM pets ORDER BY id`));
    expect(pets.map((p) => p.id)).toEqual(['p9']);
    await env.dispose();
    engine.pool.size = 0;
    await engine.pool.settled();
    await engine.dropTemplate('reloaded');
  });

  it('closes while it is still filling', async () => {
    const other = await Engine.create({ services: [toy], poolSize: 3 });
    await other.loadTemplate('toyseed', seed);
    other.pool.warm(['toyseed']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(other.close()).resolves.toBeUndefined();
  }, 60_000);
});
