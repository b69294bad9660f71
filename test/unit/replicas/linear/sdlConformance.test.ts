import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { linearSdl } from '../../../../src/replicas/linear/sdl.ts';
import { linearNewerArguments, linearSdlNewer } from '../../../../src/replicas/linear/sdlNewer.ts';

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

  it('the newer fields are the only additions, and Linear\'s published schema indeed lacks each of them', () => {
    const full = linearSchema();
    const extra = differences(full, reference!);
    const newer = parse(linearSdlNewer).definitions.flatMap((d: any) =>
      d.kind === 'ObjectTypeExtension'
        ? d.fields.map((f: any) => `${d.name.value}.${f.name.value}: no such field`)
        : reference!.getType(d.name.value) ? [] : [`${d.name.value}: no such type`],
    );
    for (const [coordinate, args] of Object.entries(linearNewerArguments)) {
      for (const name of Object.keys(args)) newer.push(`${coordinate}(${name}): no such argument`);
    }
    expect(extra.sort()).toEqual(newer.sort());
  });
});

describe.skipIf(!existsSync(sdkDir))("@linear/sdk's newer fields", () => {
  it('each field the replica adds beyond the published schema is declared in the SDK 98 generated types', () => {
    const dts = readFileSync(resolve(sdkDir, 'index-D2pH4Pk9.d.mts'), 'utf8');
    const missing: string[] = [];
    for (const d of parse(linearSdlNewer).definitions as any[]) {
      if (d.kind !== 'ObjectTypeExtension') continue;
      const start = dts.search(new RegExp(`\\ntype ${d.name.value} = [^{\\n]*\\{`));
      const block = dts.slice(start, dts.indexOf('\n};', start));
      for (const f of d.fields) if (!new RegExp(`\\n  ${f.name.value}\\??:`).test(block)) missing.push(`${d.name.value}.${f.name.value}`);
    }
    expect(missing).toEqual([]);
  });
});

describe.skipIf(!existsSync(sdkDir))("@linear/sdk's operation documents", () => {
  const source = existsSync(sdkDir) ? readFileSync(resolve(sdkDir, 'index.mjs'), 'utf8') : '';
  const documents = [...source.matchAll(/new TypedDocumentString\(`([\s\S]*?)`/g)].map((m) => m[1]).filter((t) => /^\s*(query|mutation)\b/.test(t));
  const schema = linearSchema();

  /** A document is in scope when the replica serves its root field and the first nested field it descends into. */
  function inScope(doc: string): boolean {
    const op = parse(doc).definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;
    const root = op.operation === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    return op.selectionSet.selections.every((s: any) => {
      const field = root.getFields()[s.name.value];
      if (!field) return false;
      const nested = (s.selectionSet?.selections ?? []).filter((x: any) => x.kind === 'Field');
      const type = getNamedType(field.type) as any;
      return nested.every((n: any) => !type.getFields || type.getFields()[n.name.value]);
    });
  }

  it('finds the 674 documents the SDK ships', () => {
    expect(documents.length).toBe(674);
  });

  it('every document whose root and nested fields the replica serves validates against its schema', () => {
    const scoped = documents.filter(inScope);
    expect(scoped.length).toBeGreaterThanOrEqual(60);
    const failures = scoped.flatMap((d) => validate(schema, parse(d)).map((e) => `${/(query|mutation) (\w+)/.exec(d)?.[2]}: ${e.message}`));
    expect(failures).toEqual([]);
  });
});
