import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript (it runs before any TypeScript loader, at every `npm run dev`)
import { pgdataInputs, pgdataInputsHash, pgdataIsCurrent } from '../../../scripts/pgdata.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'difflab-pgdata-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

const repo = {
  'scripts/build-pgdata.ts': '// build',
  'src/engine/engine.ts': '// engine',
  'src/replicas/index.ts': '// replicas',
  'src/replicas/slack/schema.ts': 'CREATE TABLE messages (id text PRIMARY KEY);',
  'src/replicas/slack/index.ts': '// slack',
  'src/replicas/slack/routes.ts': '// routes: not in the dump',
  'scenarios/slack/seeds/northwind.json': '{"messages": []}',
  'scenarios/slack/solutions/a.js': '// a solution: not in the dump',
  'node_modules/@electric-sql/pglite/package.json': '{"version": "0.5.17"}',
};

describe('the data directory is rebuilt only when its inputs changed', () => {
  it('hashes the seeds, the replicas’ schemas, the engine, PGlite’s version and the build script', () => {
    const r = tree(repo);
    expect(pgdataInputs(r)).toEqual([
      'scripts/build-pgdata.ts',
      'src/replicas/index.ts',
      'src/engine/engine.ts',
      'src/replicas/slack/schema.ts',
      'src/replicas/slack/index.ts',
      'scenarios/slack/seeds/northwind.json',
      'node_modules/@electric-sql/pglite/package.json',
    ]);
    const before = pgdataInputsHash(r);
    expect(pgdataInputsHash(r)).toBe(before);
    writeFileSync(join(r, 'src/replicas/slack/routes.ts'), '// a new route');
    writeFileSync(join(r, 'scenarios/slack/solutions/a.js'), '// better');
    expect(pgdataInputsHash(r)).toBe(before);
    for (const [file, text] of [
      ['scenarios/slack/seeds/northwind.json', '{"messages": [{"id": "1"}]}'],
      ['src/replicas/slack/schema.ts', 'CREATE TABLE messages (id text PRIMARY KEY, text text);'],
      ['node_modules/@electric-sql/pglite/package.json', '{"version": "0.5.18"}'],
      ['scenarios/slack/seeds/extra.json', '{}'],
    ]) {
      const was = pgdataInputsHash(r);
      writeFileSync(join(r, file), text);
      expect(pgdataInputsHash(r), file).not.toBe(was);
    }
  });

  it('is current only with the built file and the stamp of the same inputs', () => {
    const r = tree(repo);
    expect(pgdataIsCurrent(r)).toBe(false);
    mkdirSync(join(r, 'public'), { recursive: true });
    writeFileSync(join(r, 'public/pgdata.tar.gz'), 'dump');
    mkdirSync(join(r, 'node_modules/.cache/difflab'), { recursive: true });
    writeFileSync(join(r, 'node_modules/.cache/difflab/pgdata.inputs'), pgdataInputsHash(r) + '\n');
    expect(pgdataIsCurrent(r)).toBe(true);
    writeFileSync(join(r, 'scenarios/slack/seeds/northwind.json'), '{"messages": [{"id": "2"}]}');
    expect(pgdataIsCurrent(r)).toBe(false);
  });
});
