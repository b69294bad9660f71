import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  validate,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { generatedModule } from '../../../../scripts/generate-linear-sdl.ts';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { linearFullSdl } from '../../../../src/replicas/linear/fullSdl.ts';
import { linearSdl } from '../../../../src/replicas/linear/sdl.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Linear's published SDL is read where it is, never copied into the repository.
const referencePath = resolve(repoRoot, '../shared/agent-diff/linear-api.graphql');
const sdkDir = resolve(repoRoot, 'node_modules/@linear/sdk/dist');

/** Every declaration of `ours` that `reference` lacks or types differently, as "Type.field: problem". */
function differences(ours: GraphQLSchema, reference: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const ref = reference.getType(type.name);
    if (!ref) {
      problems.push(`${type.name}: no such type`);
      continue;
    }
    if (ref.constructor !== type.constructor) problems.push(`${type.name}: a different kind of type`);
    if (isEnumType(type) && isEnumType(ref)) {
      const values = new Set(ref.getValues().map((v) => v.name));
      for (const v of type.getValues()) if (!values.has(v.name)) problems.push(`${type.name}.${v.name}: no such enum value`);
    }
    if (isUnionType(type) && isUnionType(ref)) {
      const members = new Set(ref.getTypes().map((t) => t.name));
      for (const t of type.getTypes()) if (!members.has(t.name)) problems.push(`${type.name}: ${t.name} is not a member`);
    }
    if ((isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) && (isObjectType(ref) || isInterfaceType(ref) || isInputObjectType(ref))) {
      const refFields = ref.getFields() as Record<string, any>;
      for (const field of Object.values(type.getFields()) as any[]) {
        const rf = refFields[field.name];
        if (!rf) {
          problems.push(`${type.name}.${field.name}: no such field`);
          continue;
        }
        if (String(rf.type) !== String(field.type)) problems.push(`${type.name}.${field.name}: ${field.type} where Linear has ${rf.type}`);
        for (const arg of field.args ?? []) {
          const ra = rf.args.find((a: any) => a.name === arg.name);
          if (!ra) problems.push(`${type.name}.${field.name}(${arg.name}): no such argument`);
          else if (String(ra.type) !== String(arg.type)) problems.push(`${type.name}.${field.name}(${arg.name}): ${arg.type} where Linear has ${ra.type}`);
        }
        if (isInputObjectType(ref)) continue;
        for (const ra of rf.args ?? []) {
          if (String(ra.type).endsWith('!') && ra.defaultValue === undefined && !field.args.some((a: any) => a.name === ra.name)) {
            problems.push(`${type.name}.${field.name}: leaves out the required argument ${ra.name}`);
          }
        }
      }
      if (isInputObjectType(ref)) {
        for (const rf of Object.values(refFields)) {
          if (String(rf.type).endsWith('!') && !(type.getFields() as Record<string, unknown>)[rf.name]) problems.push(`${type.name}: leaves out the required field ${rf.name}`);
        }
      }
    }
  }
  return problems;
}

describe.skipIf(!existsSync(referencePath))("the replica's SDL against Linear's published schema", () => {
  const reference = existsSync(referencePath) ? buildSchema(readFileSync(referencePath, 'utf8')) : null;

  it('declares only types, fields, arguments and enum values that Linear has, with the same types', () => {
    expect(differences(buildSchema(linearSdl), reference!)).toEqual([]);
  });

  it('is a real subset: it serves dozens of root fields and far fewer types than Linear', () => {
    const ours = buildSchema(linearSdl);
    expect(Object.keys(ours.getQueryType()!.getFields()).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(ours.getMutationType()!.getFields()).length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(ours.getTypeMap()).length).toBeLessThan(Object.keys(reference!.getTypeMap()).length / 2);
  });

  it("names every type as Linear does: none differs from the published schema's name only in letter case", () => {
    // codegen writes `IDComparator` as `IdComparator`; the generator renames it back.
    const published = new Map(Object.keys(reference!.getTypeMap()).map((n) => [n.toLowerCase(), n]));
    const renamed = Object.keys(buildSchema(linearFullSdl).getTypeMap()).filter((n) => published.has(n.toLowerCase()) && published.get(n.toLowerCase()) !== n);
    expect(renamed).toEqual([]);
  });
});

describe.skipIf(!existsSync(sdkDir))("the served schema: Linear's whole schema as @linear/sdk declares it", () => {
  it('is what scripts/generate-linear-sdl.ts generates from the SDK and sdl.ts', () => {
    expect(readFileSync(resolve(repoRoot, 'src/replicas/linear/fullSdl.ts'), 'utf8')).toBe(generatedModule());
  }, 120_000);

  it('is a valid schema of Linear\'s size', () => {
    const full = buildSchema(linearFullSdl);
    expect(Object.keys(full.getTypeMap()).length).toBeGreaterThan(1000);
    expect(Object.keys(full.getQueryType()!.getFields()).length).toBeGreaterThan(150);
    expect(Object.keys(full.getMutationType()!.getFields()).length).toBeGreaterThan(350);
  });

  it("keeps every declaration of the replica's own SDL, with its type, but for the three filters Linear's SDK now types IssueIDComparator", () => {
    const changed = differences(buildSchema(linearSdl), buildSchema(linearFullSdl));
    expect(changed).toEqual([
      'IssueCollectionFilter.id: IDComparator where Linear has IssueIDComparator',
      'IssueFilter.id: IDComparator where Linear has IssueIDComparator',
      'NullableIssueFilter.id: IDComparator where Linear has IssueIDComparator',
    ]);
    // The two comparators take the same constraints, so the filter code serves both.
    const full = buildSchema(linearFullSdl);
    const fields = (name: string) => Object.keys((full.getType(name) as any).getFields()).sort();
    expect(fields('IssueIDComparator')).toEqual(fields('IDComparator'));
  });
});

describe.skipIf(!existsSync(sdkDir))("@linear/sdk's operation documents", () => {
  const source = existsSync(sdkDir) ? readFileSync(resolve(sdkDir, 'index.mjs'), 'utf8') : '';
  const documents = [...source.matchAll(/new TypedDocumentString\(`([\s\S]*?)`/g)].map((m) => m[1]).filter((t) => /^\s*(query|mutation)\b/.test(t));

  it('finds the 674 documents the SDK ships', () => {
    expect(documents.length).toBe(674);
  });

  it('every one validates against the served schema', async () => {
    const schema = await linearSchema();
    const failures = documents.flatMap((d) => validate(schema, parse(d)).map((e) => `${/(query|mutation) (\w+)/.exec(d)?.[2]}: ${e.message}`));
    expect(failures).toEqual([]);
  });
});
