import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/errors.ts';
import { findSeedFile, listSeeds, readSeed } from '../../../src/cli/seeds.ts';

const root = mkdtempSync(join(tmpdir(), 'difflab-seeds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (path: string, content = '{"teams": []}') => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};
put('flat.json');
put('seeds/direct.json');
put('slack/seeds/nested.json');
put('slack/seeds/direct.json', '{"shadowed": []}');
put('slack/seeds/broken.json', '{');
put('slack/suite.json');

describe('seed lookup', () => {
  it('resolves <dir>/<name>.json, <dir>/seeds/<name>.json and <dir>/*/seeds/<name>.json, in that order', () => {
    expect(findSeedFile(root, 'flat')).toBe(join(root, 'flat.json'));
    expect(findSeedFile(root, 'direct')).toBe(join(root, 'seeds', 'direct.json'));
    expect(findSeedFile(root, 'nested')).toBe(join(root, 'slack', 'seeds', 'nested.json'));
    expect(findSeedFile(root, 'absent')).toBeNull();
    expect(findSeedFile(root, '../etc/passwd')).toBeNull();
  });

  it('lists the seeds of seeds/ folders (not suites) and names a missing or broken seed clearly', async () => {
    expect(listSeeds(root).map((s) => s.name)).toEqual(['direct', 'broken', 'nested']);
    expect(listSeeds(join(root, 'slack', 'seeds')).map((s) => s.name)).toEqual(['broken', 'direct', 'nested']);
    await expect(readSeed(root, 'absent')).rejects.toThrow(CliError);
    await expect(readSeed(root, 'absent')).rejects.toThrow(/seed "absent" not found/);
    await expect(readSeed(root, 'broken')).rejects.toThrow(/not valid JSON/);
    expect(await readSeed(root, 'nested')).toEqual({ teams: [] });
  });
});

describe('seed lookup through symbolic links', () => {
  const linked = mkdtempSync(join(tmpdir(), 'difflab-seeds-linked-'));
  afterAll(() => rmSync(linked, { recursive: true, force: true }));
  mkdirSync(join(linked, 'seeds'));
  symlinkSync(join(root, 'slack', 'seeds', 'nested.json'), join(linked, 'seeds', 'via_link.json'));
  symlinkSync(join(root, 'slack'), join(linked, 'svc'));
  symlinkSync(join(linked, 'missing.json'), join(linked, 'seeds', 'dangling.json'));

  it('follows links to seed files and to service folders; a dangling link is listed so that reading it names the problem', async () => {
    expect(listSeeds(linked).map((s) => s.name).sort()).toEqual(['broken', 'dangling', 'direct', 'nested', 'via_link']);
    expect(await readSeed(linked, 'via_link')).toEqual({ teams: [] });
    expect(findSeedFile(linked, 'nested')).toBe(join(linked, 'svc', 'seeds', 'nested.json'));
    await expect(readSeed(linked, 'dangling')).rejects.toThrow(/not found|ENOENT/);
  });
});
