import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { linearFullSdl } from '../../../../src/replicas/linear/fullSdl.ts';
import { repoRoot } from '../../cli/fixtures.ts';

/**
 * Every mutation of Linear's that Agent-Diff's Linear material calls — its test suites, its dataset's tasks, the
 * recorded runs and the research runs the Box seed holds — is one the replica serves. The material is read from
 * ../shared/agent-diff at run time (never copied into the project) and the test is skipped where it is absent.
 */
const shared = resolve(repoRoot, '../shared/agent-diff');
const files = [
  ...listed(join(shared, 'testsuites'), /^linear.*\.json$/),
  ...listed(join(shared, 'dataset'), /\.jsonl$/),
  ...listed(join(shared, 'results'), /\.json$/),
  ...listed(join(shared, 'seeds/filesystem/agent-diff-research'), /\.json$/),
];

function listed(dir: string, name: RegExp): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => name.test(f)).map((f) => join(dir, f)) : [];
}

/** Linear's mutation names called in a text: a name followed by its arguments, `issueCreate(`, or named in tools_required. */
export function mutationsCalled(text: string, mutations: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b([a-z][A-Za-z]+)\s*\(/g)) if (mutations.has(m[1])) found.add(m[1]);
  for (const list of text.matchAll(/tools_required\\?["']:\s*\[([^\]]*)\]/g)) {
    for (const m of list[1].matchAll(/([a-z][A-Za-z]+)/g)) if (mutations.has(m[1])) found.add(m[1]);
  }
  return found;
}

describe('mutations that Agent-Diff material uses', () => {
  it('are found by name in code and in tools_required lists', () => {
    const names = new Set(['issueCreate', 'teamCreate', 'userUpdate']);
    expect([...mutationsCalled('q = """mutation { issueCreate (input: {title: "teamCreate"}) { success } }"""', names)]).toEqual(['issueCreate']);
    expect([...mutationsCalled('"tools_required": ["teamCreate", "issues"]', names)]).toEqual(['teamCreate']);
    expect([...mutationsCalled(`{\\"tools_required\\": [\\"userUpdate\\"]}`, names)]).toEqual(['userUpdate']);
  });

  it.skipIf(files.length === 0)('are all served by the replica', async () => {
    const linearMutations = new Set(Object.keys(buildSchema(linearFullSdl).getMutationType()!.getFields()));
    // Linear's whole schema validates; the mutations the replica implements are the ones with a resolver (the rest
    // answer "feature not accessible").
    const served = new Set(Object.values((await linearSchema()).getMutationType()!.getFields()).filter((f) => f.resolve).map((f) => f.name));
    const used = new Map<string, string>();
    for (const file of files) {
      for (const name of mutationsCalled(readFileSync(file, 'utf8'), linearMutations)) if (!used.has(name)) used.set(name, file);
    }
    // The recorded runs alone call a dozen and more; finding none would mean the material was not read.
    expect(used.size).toBeGreaterThan(10);
    const unserved = [...used].filter(([name]) => !served.has(name)).map(([name, file]) => `${name} (${file.slice(shared.length + 1)})`);
    expect(unserved).toEqual([]);
  });
});
