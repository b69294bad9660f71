import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, SCAN_LIMIT } from '../../../src/engine/engine.ts';

const toy = {
  name: 'toy',
  schemaSql: `
    CREATE TABLE notes (id text PRIMARY KEY, owner text, channel text, body text, meta jsonb, n int);
    CREATE INDEX notes_owner ON notes (owner);
    CREATE INDEX notes_n ON notes (n, owner);
    CREATE TABLE tags (id text PRIMARY KEY, label text);`,
};

const BIG = SCAN_LIMIT + 500;
let engine: Engine;
beforeAll(async () => {
  engine = await Engine.create({ services: [toy] });
  await engine.loadTemplate('toyseed', {
    notes: Array.from({ length: BIG }, (_, i) => ({ id: `n${i}`, owner: `u${i % 50}`, channel: `c${i % 7}`, body: `note ${i}`, meta: { i }, n: i })),
    tags: [{ id: 't1', label: 'urgent' }, { id: 't2', label: 'later' }],
  });
}, 60_000);
afterAll(() => engine.close());

describe('Engine.templateRows: bounded seed lookups', () => {
  it('finds rows of a big table through an index or its primary key, at most `limit`, as JSON images', async () => {
    const byOwner = await engine.templateRows('toyseed', 'toy', 'notes', 'owner', ['u3'], 5);
    expect(byOwner).toHaveLength(5);
    expect(byOwner.every((r) => r.owner === 'u3')).toBe(true);
    expect(byOwner[0].meta).toEqual(expect.objectContaining({ i: expect.any(Number) }));
    const byKey = await engine.templateRows('toyseed', 'toy', 'notes', 'id', ['n7', 'n8', 'n-missing'], 20);
    expect(byKey.map((r) => r.id).sort()).toEqual(['n7', 'n8']);
    // Values come as the spec wrote them; the column's type reads them (an integer from 5 or "5").
    expect((await engine.templateRows('toyseed', 'toy', 'notes', 'n', [5, '6'], 5)).map((r) => r.id).sort()).toEqual(['n5', 'n6']);
  });

  it('does not scan a big table by a column without an index', async () => {
    expect(await engine.templateRows('toyseed', 'toy', 'notes', 'channel', ['c1'], 5)).toEqual([]);
  });

  it('scans a small table by any column', async () => {
    expect(await engine.templateRows('toyseed', 'toy', 'tags', 'label', ['urgent'], 5)).toEqual([{ id: 't1', label: 'urgent' }]);
  });

  it('finds nothing, without throwing, for unknown names, JSON columns and values the column type cannot hold', async () => {
    expect(await engine.templateRows('toyseed', 'toy', 'nope', 'id', ['x'], 5)).toEqual([]);
    expect(await engine.templateRows('toyseed', 'toy', 'notes', 'nope', ['x'], 5)).toEqual([]);
    expect(await engine.templateRows('toyseed', 'toy', 'notes', 'meta', ['x'], 5)).toEqual([]);
    expect(await engine.templateRows('nope', 'toy', 'notes', 'id', ['x'], 5)).toEqual([]);
    expect(await engine.templateRows('toyseed', 'toy', 'tags', 'id', [], 5)).toEqual([]);
    expect(await engine.templateRows('toyseed', 'toy', 'notes', 'n', ['abc'], 5)).toEqual([]);
    // The database is fine afterwards.
    await engine.createEnvironment('toyseed').then((env) => env.dispose());
  });
});
