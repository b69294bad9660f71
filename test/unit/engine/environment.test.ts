import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/index.ts';

const toy = {
  name: 'toy',
  schemaSql: `
    CREATE TABLE owners (id text PRIMARY KEY, name text NOT NULL);
    CREATE TABLE pets (id text PRIMARY KEY, owner_id text REFERENCES owners(id), name text, tags jsonb, born timestamptz);
    CREATE TABLE pet_tags (pet_id text, tag text, PRIMARY KEY (pet_id, tag));
    CREATE TABLE vets (id text PRIMARY KEY, email text NOT NULL UNIQUE, notes text);
    CREATE INDEX vets_notes_words ON vets USING gin (to_tsvector('simple', coalesce(notes, '')));
    CREATE INDEX pets_live ON pets (owner_id, lower(name)) WHERE name IS NOT NULL;`,
};

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.create({ services: [toy] });
  await engine.loadTemplate('toyseed', {
    owners: [{ id: 'o1', name: 'Ada' }],
    pets: [
      { id: 'p1', owner_id: 'o1', name: 'Rex', tags: { kind: 'dog' }, born: '2020-01-01T00:00:00Z' },
      { id: 'p2', owner_id: 'o1', name: 'Tom', tags: null },
    ],
  });
}, 60_000);
afterAll(() => engine.close());

/** A schema's indexes as definitions without the schema's name, to compare copies with the canonical tables. */
async function indexesOf(schema: string): Promise<string[]> {
  const r = await engine.db.query<{ def: string }>(`SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1`, [schema]);
  return r.rows.map((x) => x.def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+?\./, 'CREATE $1INDEX ON ')).sort();
}

describe('templates', () => {
  it('have every key, unique constraint and index of the canonical schema (built after the rows are loaded), and so do environments', async () => {
    const canonical = await indexesOf('svc__toy');
    expect(canonical.length).toBe(7);
    const template = (await engine.db.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_toyseed%'`)).rows[0].nspname;
    expect(await indexesOf(template)).toEqual(canonical);
    const env = await engine.createEnvironment('toyseed');
    try {
      expect(await indexesOf(`env_${env.id}__toy`)).toEqual(canonical);
      await env.transaction('toy', (tx) => tx.query(`INSERT INTO vets (id, email) VALUES ('v1', 'a@vets.example')`));
      await expect(env.transaction('toy', (tx) => tx.query(`INSERT INTO vets (id, email) VALUES ('v2', 'a@vets.example')`))).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await env.dispose();
    }
  });
});

describe('environments', () => {
  it('journal writes and diffs them for the run and for the last step', async () => {
    const env = await engine.createEnvironment('toyseed');
    await env.beginStep();
    await env.transaction('toy', async (tx) => {
      await tx.query(`INSERT INTO pets (id, owner_id, name) VALUES ('p3', 'o1', 'Kit')`);
      await tx.query(`UPDATE pets SET name = 'Rexy' WHERE id = 'p1'`);
      await tx.query(`DELETE FROM pets WHERE id = 'p2'`);
    });
    await env.beginStep();
    await env.transaction('toy', (tx) => tx.query(`UPDATE pets SET name = 'Kitty' WHERE id = 'p3'`));
    const run = await env.diff('run');
    expect(run.inserts).toEqual([expect.objectContaining({ __table__: 'pets', id: 'p3', name: 'Kitty' })]);
    expect(run.updates).toHaveLength(1);
    expect(run.updates[0].before.name).toBe('Rex');
    expect(run.updates[0].after.name).toBe('Rexy');
    expect(run.deletes).toEqual([expect.objectContaining({ id: 'p2' })]);
    const step = await env.diff('step');
    expect(step.inserts).toEqual([]);
    expect(step.updates.map((u) => [u.before.name, u.after.name])).toEqual([['Kit', 'Kitty']]);
    await env.dispose();
  });

  it('keeps environments isolated from each other', async () => {
    const a = await engine.createEnvironment('toyseed');
    const b = await engine.createEnvironment('toyseed');
    await a.transaction('toy', (tx) => tx.query(`DELETE FROM pets`));
    const inB = await b.transaction('toy', (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pets`));
    expect(inB[0].n).toBe(2);
    expect((await b.diff()).deletes).toEqual([]);
    await a.dispose();
    await b.dispose();
  });

  it('rolls back a failed transaction completely', async () => {
    const env = await engine.createEnvironment('toyseed');
    await expect(
      env.transaction('toy', async (tx) => {
        await tx.query(`UPDATE pets SET name = 'X'`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await env.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
    await env.dispose();
  });

  it('answers a statement without parameters (one call into PGlite) with the rows and types of one with them', async () => {
    const env = await engine.createEnvironment('toyseed');
    try {
      await env.transaction('toy', async (tx) => {
        const plain = await tx.query(`SELECT p.*, 1.5::numeric AS n, ARRAY['a', 'b'] AS arr FROM pets p WHERE p.id = 'p1'`);
        const bound = await tx.query(`SELECT p.*, 1.5::numeric AS n, ARRAY['a', 'b'] AS arr FROM pets p WHERE p.id = $1`, ['p1']);
        expect(plain).toEqual(bound);
        expect(plain[0].born).toBeInstanceOf(Date);
        expect(plain[0].tags).toEqual({ kind: 'dog' });
        expect(await tx.query(`INSERT INTO pets (id, owner_id) VALUES ('p5', 'o1') ON CONFLICT DO NOTHING RETURNING id`)).toEqual([{ id: 'p5' }]);
        expect(await tx.query(`INSERT INTO pets (id, owner_id) VALUES ('p5', 'o1') ON CONFLICT DO NOTHING RETURNING id`)).toEqual([]);
      });
      // Two statements in one text are refused, and what the first did is rolled back with the request.
      await expect(env.transaction('toy', (tx) => tx.query(`UPDATE pets SET name = 'X'; SELECT 1`))).rejects.toThrow(/one statement/);
      await expect(env.transaction('toy', (tx) => tx.query(`SELECT * FROM no_such_table`))).rejects.toThrow(/no_such_table/);
      const { updates, inserts } = await env.diff();
      expect(updates).toEqual([]);
      expect(inserts.map((r) => r.id)).toEqual(['p5']);
    } finally {
      await env.dispose();
    }
  });

  it('runs statements started together one at a time, with and without parameters, each answered with its own rows', async () => {
    const env = await engine.createEnvironment('toyseed');
    try {
      const answers = await env.transaction('toy', (tx) =>
        Promise.all([
          tx.query<{ name: string }>(`SELECT name FROM pets WHERE id = $1`, ['p1']),
          tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pets`),
          tx.query<{ id: string }>(`INSERT INTO pets (id, owner_id, tags, born) VALUES ($1, $2, $3, $4) RETURNING id`, ['p7', 'o1', { a: [1] }, new Date('2021-02-03T00:00:00Z')]),
          tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pets WHERE id = $1`, ['p7']),
        ]),
      );
      expect(answers).toEqual([[{ name: 'Rex' }], [{ n: 2 }], [{ id: 'p7' }], [{ n: 1 }]]);
      const [row] = await env.transaction('toy', (tx) => tx.query<{ tags: unknown; born: Date }>(`SELECT tags, born FROM pets WHERE id = 'p7'`));
      expect(row).toEqual({ tags: { a: [1] }, born: new Date('2021-02-03T00:00:00Z') });
    } finally {
      await env.dispose();
    }
  });

  it('keeps each request in its own schema however requests of environments alternate, fail or run no statement', async () => {
    const a = await engine.createEnvironment('toyseed');
    const b = await engine.createEnvironment('toyseed');
    const count = (env: typeof a) => env.transaction('toy', async (tx) => (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pets`))[0].n);
    try {
      await a.transaction('toy', (tx) => tx.query(`DELETE FROM pets WHERE id = 'p2'`));
      // A request that fails after its first statement, one that runs none, and one whose failed statement was caught.
      await expect(b.transaction('toy', async (tx) => {
        await tx.query(`DELETE FROM pets`);
        throw new Error('boom');
      })).rejects.toThrow('boom');
      await b.transaction('toy', async () => 'no statement');
      expect([await count(b), await count(a), await count(b), await count(a)]).toEqual([2, 1, 2, 1]);
      await expect(a.transaction('toy', async (tx) => {
        await tx.query(`DELETE FROM pets`);
        await tx.query(`SELECT * FROM no_such_table`).catch(() => null);
        return 'caught';
      })).rejects.toThrow(/aborted/);
      expect([await count(a), await count(b)]).toEqual([1, 2]);
      expect((await b.diff()).deletes).toEqual([]);
      expect((await a.diff()).deletes.map((r) => r.id)).toEqual(['p2']);
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });

  it('reset returns to the seed and clears the journal', async () => {
    const env = await engine.createEnvironment('toyseed');
    const before = await env.rows('toy', 'pets');
    await env.transaction('toy', async (tx) => {
      await tx.query(`INSERT INTO pet_tags VALUES ('p1', 'good')`);
      await tx.query(`UPDATE pets SET tags = '{"kind":"wolf"}' WHERE id = 'p1'`);
      await tx.query(`DELETE FROM pets WHERE id = 'p2'`);
    });
    const t1 = env.clock.now();
    await env.reset();
    expect(await env.rows('toy', 'pets')).toEqual(before);
    expect(await env.rows('toy', 'pet_tags')).toEqual([]);
    expect(await env.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(env.clock.now()).toBe(t1);
    await env.dispose();
  });

  it('gives the same ids and times in a fresh environment of the same template', async () => {
    const a = await engine.createEnvironment('toyseed');
    const b = await engine.createEnvironment('toyseed');
    expect([a.ids.next(), a.clock.now()]).toEqual([b.ids.next(), b.clock.now()]);
    await a.dispose();
    await b.dispose();
  });

  it('memoises a value until reset, and forgets a failed load', async () => {
    const env = await engine.createEnvironment('toyseed');
    let loads = 0;
    const load = async () => ++loads;
    expect(await env.memo('k', load)).toBe(1);
    expect(await env.memo('k', load)).toBe(1);
    await expect(env.memo('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await env.memo('bad', load)).toBe(2);
    await env.reset();
    expect(await env.memo('k', load)).toBe(3);
    await env.dispose();
  });

  it('rejects a seed naming an unknown column with its path', async () => {
    await expect(engine.loadTemplate('bad', { pets: [{ id: 'x', colour: 'red' }] })).rejects.toThrow(/\$\.pets\[0\]\.colour/);
    await expect(engine.loadTemplate('bad2', { planets: [] })).rejects.toThrow(/belongs to no replica/);
  });

  it('reads primary and foreign keys from the schema', () => {
    const info = engine.schemaInfo('toy');
    expect(info.tables.find((t) => t.name === 'pet_tags')?.primaryKey).toEqual(['pet_id', 'tag']);
    expect(info.foreignKeys).toContainEqual({ service: 'toy', table: 'pets', columns: ['owner_id'], refTable: 'owners', refColumns: ['id'] });
  });
});
