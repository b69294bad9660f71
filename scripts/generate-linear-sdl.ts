// Writes src/replicas/linear/fullSdl.ts: the schema the Linear replica serves, as SDL. It is Linear's GraphQL schema
// as @linear/sdk declares it in the TypeScript types it generates from that schema
// (node_modules/@linear/sdk/dist/index-*.d.mts, MIT), plus the replica's own declarations (sdl.ts, Linear's
// published schema) where the SDK no longer has them. Deterministic: the same SDK and sdl.ts give the same file.
//
//   node --import tsx scripts/generate-linear-sdl.ts           writes the module
//   node --import tsx scripts/generate-linear-sdl.ts --check   exits 1 if the committed module differs
//
// graphql-codegen's TypeScript output keeps everything SDL needs but descriptions and argument defaults (both left
// out: docs.ts words what agents read). How each GraphQL construct reads there:
//   object type      type X = Node & Entity & { __typename?: "X"; field: T; nullable?: Maybe<T>; list: Array<T> }
//   interface        type Node = { id: Scalars["ID"] }    (a type literal without __typename, named in an object's &)
//   union            type X = A | B
//   enum             declare enum X { Name = "value" }    (the GraphQL value is the string)
//   input object     type X = { required: T; optional?: InputMaybe<T> }
//   field arguments  type XFieldArgs = { … }             (parent and field name in Pascal case, then "Args")
//   scalar           Scalars["Name"]
// The schema is what Query and Mutation reach through fields and arguments; the webhook payload types and the SDK's
// document types in the same file are not reached.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
} from 'graphql';
import ts from 'typescript';
import { linearSdl } from '../src/replicas/linear/sdl.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sdkDir = join(root, 'node_modules/@linear/sdk');
const outPath = join(root, 'src/replicas/linear/fullSdl.ts');
const BUILT_IN = new Set(['ID', 'String', 'Boolean', 'Int', 'Float']);

/**
 * Type names codegen changed: it writes input, interface and union names in Pascal case (`IDComparator` becomes
 * `IdComparator`), while object types keep theirs (their `__typename` shows it) and so do enums. These are the input
 * types whose GraphQL name differs. Evidence: `IDComparator` in Linear's published schema; `IssueIDComparator` and
 * `EntityIdentifierIDComparator` as clients of Linear's API name them (e.g. cynic `graphql_type` attributes).
 * `WorkflowDefinitionIdComparator` is Linear's own spelling (its SDK changelog), so it stays.
 */
const GRAPHQL_NAMES: Record<string, string> = {
  IdComparator: 'IDComparator',
  IssueIdComparator: 'IssueIDComparator',
  EntityIdentifierIdComparator: 'EntityIdentifierIDComparator',
};
const graphqlName = (tsName: string) => GRAPHQL_NAMES[tsName] ?? tsName;

// ---- the model both sources are read into

interface FieldModel {
  name: string;
  type: string;
  args: { name: string; type: string; deprecated?: string }[];
  deprecated?: string;
}
type TypeModel =
  | { kind: 'type' | 'interface'; name: string; implements: string[]; fields: FieldModel[] }
  | { kind: 'input'; name: string; fields: FieldModel[] }
  | { kind: 'enum'; name: string; values: { name: string; deprecated?: string }[] }
  | { kind: 'union'; name: string; members: string[] }
  | { kind: 'scalar'; name: string };

// ---- reading the SDK's TypeScript types

/** A GraphQL type reference as SDL writes it, with its named type. */
function readRef(node: ts.TypeNode, nonNull: boolean): { text: string; named: string } {
  const bang = nonNull ? '!' : '';
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText();
    const arg = node.typeArguments?.[0];
    if ((name === 'Maybe' || name === 'InputMaybe') && arg) return readRef(arg, false);
    if (name === 'Array' && arg) {
      const inner = readRef(arg, true);
      return { text: `[${inner.text}]${bang}`, named: inner.named };
    }
    if (node.typeArguments) throw new Error(`unexpected generic ${node.getText()}`);
    return { text: graphqlName(name) + bang, named: name };
  }
  if (ts.isIndexedAccessTypeNode(node) && node.objectType.getText() === 'Scalars' && ts.isLiteralTypeNode(node.indexType) && ts.isStringLiteral(node.indexType.literal)) {
    return { text: node.indexType.literal.text + bang, named: node.indexType.literal.text };
  }
  throw new Error(`unexpected type ${node.getText()}`);
}

function deprecationOf(node: ts.Node): string | undefined {
  const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === 'deprecated');
  return tag ? (ts.getTextOfJSDocComment(tag.comment) ?? '').trim() || 'No longer supported' : undefined;
}

/** A type literal's members, `__typename` left out; a property is non-null unless it is optional (`?:`). */
function membersOf(literal: ts.TypeLiteralNode) {
  const fields: { name: string; type: string; named: string; deprecated?: string }[] = [];
  let typename = false;
  for (const member of literal.members) {
    if (!ts.isPropertySignature(member) || !member.type) throw new Error(`unexpected member ${member.getText()}`);
    const name = member.name.getText();
    if (name === '__typename') {
      typename = true;
      continue;
    }
    const deprecated = deprecationOf(member);
    const ref = readRef(member.type, !member.questionToken);
    fields.push({ name, type: ref.text, named: ref.named, ...(deprecated === undefined ? {} : { deprecated }) });
  }
  return { fields, typename };
}

type Declaration =
  | { kind: 'literal'; literal: ts.TypeLiteralNode; implements: string[] }
  | { kind: 'union'; members: string[] }
  | { kind: 'enum'; node: ts.EnumDeclaration }
  | { kind: 'scalar' };

function readDeclarations(file: string): Map<string, Declaration> {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out = new Map<string, Declaration>();
  for (const st of sf.statements) {
    if (ts.isEnumDeclaration(st)) {
      out.set(st.name.text, { kind: 'enum', node: st });
    } else if (ts.isTypeAliasDeclaration(st)) {
      const name = st.name.text;
      const body = st.type;
      if (name === 'Scalars' && ts.isTypeLiteralNode(body)) {
        for (const m of body.members) if (!BUILT_IN.has(m.name!.getText())) out.set(m.name!.getText(), { kind: 'scalar' });
      } else if (ts.isTypeLiteralNode(body)) {
        out.set(name, { kind: 'literal', literal: body, implements: [] });
      } else if (ts.isIntersectionTypeNode(body)) {
        const literal = body.types.find(ts.isTypeLiteralNode);
        const refs = body.types.filter(ts.isTypeReferenceNode).map((t) => t.typeName.getText());
        // Anything else (Pick<…> & …) is one of the SDK's document types.
        if (literal && refs.length + 1 === body.types.length) out.set(name, { kind: 'literal', literal, implements: refs });
      } else if (ts.isUnionTypeNode(body) && body.types.every(ts.isTypeReferenceNode)) {
        out.set(name, { kind: 'union', members: body.types.map((t) => (t as ts.TypeReferenceNode).typeName.getText()) });
      }
    }
  }
  return out;
}

/** Every type Query and Mutation reach in the SDK's types, keyed by GraphQL name. */
export function modelFromSdk(dtsFile: string): Map<string, TypeModel> {
  const decls = readDeclarations(dtsFile);
  for (const tsName of Object.keys(GRAPHQL_NAMES)) if (!decls.has(tsName)) throw new Error(`GRAPHQL_NAMES: the SDK has no ${tsName}`);
  const get = (name: string) => {
    const d = decls.get(name);
    if (!d) throw new Error(`the SDK's types have no declaration for ${name}`);
    return d;
  };
  const shapes = new Map<ts.TypeLiteralNode, ReturnType<typeof membersOf>>();
  const shape = (d: Declaration & { kind: 'literal' }) => {
    let hit = shapes.get(d.literal);
    if (!hit) shapes.set(d.literal, (hit = membersOf(d.literal)));
    return hit;
  };
  // codegen writes an arguments type's name in Pascal case ("attachmentsForURL" → QueryAttachmentsForUrlArgs).
  const argsByName = new Map<string, Declaration & { kind: 'literal' }>();
  for (const [name, d] of decls) {
    if (d.kind !== 'literal' || !name.endsWith('Args')) continue;
    if (argsByName.has(name.toLowerCase())) throw new Error(`two arguments types named ${name} in different cases`);
    argsByName.set(name.toLowerCase(), d);
  }
  const implementers = new Map<string, string[]>();
  for (const [name, d] of decls) {
    if (d.kind !== 'literal') continue;
    for (const i of d.implements) implementers.set(i, [...(implementers.get(i) ?? []), name]);
  }

  const side = new Map<string, 'output' | 'input'>();
  const queue: string[] = [];
  const visit = (name: string, as: 'output' | 'input') => {
    if (BUILT_IN.has(name)) return;
    const was = side.get(name);
    if (was === undefined) {
      side.set(name, as);
      queue.push(name);
    } else if (was !== as && get(name).kind === 'literal') {
      throw new Error(`${name} is used both as an input and as an output type`);
    }
  };
  visit('Query', 'output');
  visit('Mutation', 'output');
  const model = new Map<string, TypeModel>();
  while (queue.length) {
    const tsName = queue.shift()!;
    const name = graphqlName(tsName);
    const d = get(tsName);
    if (d.kind === 'scalar') {
      model.set(name, { kind: 'scalar', name });
    } else if (d.kind === 'enum') {
      const values = d.node.members.map((m) => {
        if (!m.initializer || !ts.isStringLiteral(m.initializer)) throw new Error(`enum ${tsName}: unexpected member ${m.getText()}`);
        const deprecated = deprecationOf(m);
        return { name: m.initializer.text, ...(deprecated === undefined ? {} : { deprecated }) };
      });
      model.set(name, { kind: 'enum', name, values });
    } else if (d.kind === 'union') {
      for (const m of d.members) visit(m, 'output');
      model.set(name, { kind: 'union', name, members: d.members.map(graphqlName) });
    } else if (side.get(tsName) === 'input') {
      const { fields } = shape(d);
      for (const f of fields) visit(f.named, 'input');
      model.set(name, { kind: 'input', name, fields: fields.map(({ name: n, type, deprecated }) => ({ name: n, type, args: [], ...(deprecated ? { deprecated } : {}) })) });
    } else {
      const { fields, typename } = shape(d);
      for (const i of d.implements) visit(i, 'output');
      const out: FieldModel[] = [];
      for (const f of fields) {
        visit(f.named, 'output');
        const argsDecl = argsByName.get(`${tsName}${f.name}Args`.toLowerCase());
        const args = argsDecl && !shape(argsDecl).typename ? shape(argsDecl).fields : [];
        for (const a of args) visit(a.named, 'input');
        out.push({
          name: f.name,
          type: f.type,
          args: args.map(({ name: n, type, deprecated }) => ({ name: n, type, ...(deprecated ? { deprecated } : {}) })),
          ...(f.deprecated ? { deprecated: f.deprecated } : {}),
        });
      }
      // The objects that implement a reached interface can be returned where it is.
      for (const other of implementers.get(tsName) ?? []) {
        const od = decls.get(other);
        if (od?.kind === 'literal' && shape(od).typename) visit(other, 'output');
      }
      const kind = typename || tsName === 'Query' || tsName === 'Mutation' ? 'type' : 'interface';
      model.set(name, { kind, name, implements: d.implements.map(graphqlName), fields: out });
    }
  }
  return model;
}

// ---- the replica's own declarations, where the SDK lacks them

/**
 * Adds what the replica's SDL declares and the SDK's schema lacks: types, fields, arguments, input fields, enum
 * values (Linear's published schema has them, the SDK no longer does; the replica keeps accepting them). Where both
 * declare the same thing, the SDK's declaration stands. Returns what was added, as coordinates.
 */
export function overlayReplicaSdl(model: Map<string, TypeModel>, sdl: string): string[] {
  const added: string[] = [];
  const ours = buildSchema(sdl);
  const deprecated = (x: { deprecationReason?: string | null }) => (x.deprecationReason ? { deprecated: x.deprecationReason } : {});
  const argModel = (a: GraphQLArgument) => ({ name: a.name, type: String(a.type), ...deprecated(a) });
  const fieldModel = (f: GraphQLField<unknown, unknown> | GraphQLInputField): FieldModel => ({
    name: f.name,
    type: String(f.type),
    args: 'args' in f ? f.args.map(argModel) : [],
    ...deprecated(f),
  });
  for (const t of Object.values(ours.getTypeMap())) {
    if (t.name.startsWith('__') || BUILT_IN.has(t.name)) continue;
    const have = model.get(t.name);
    if (!have) {
      added.push(t.name);
      if (isScalarType(t)) model.set(t.name, { kind: 'scalar', name: t.name });
      else if (isEnumType(t)) model.set(t.name, { kind: 'enum', name: t.name, values: t.getValues().map((v) => ({ name: v.name, ...deprecated(v) })) });
      else if (isUnionType(t)) model.set(t.name, { kind: 'union', name: t.name, members: t.getTypes().map((m) => m.name) });
      else if (isInputObjectType(t)) model.set(t.name, { kind: 'input', name: t.name, fields: Object.values(t.getFields()).map(fieldModel) });
      else if (isObjectType(t) || isInterfaceType(t)) {
        model.set(t.name, { kind: isObjectType(t) ? 'type' : 'interface', name: t.name, implements: t.getInterfaces().map((i) => i.name), fields: Object.values(t.getFields()).map(fieldModel) });
      }
      continue;
    }
    const kind = isScalarType(t) ? 'scalar' : isEnumType(t) ? 'enum' : isUnionType(t) ? 'union' : isInputObjectType(t) ? 'input' : isObjectType(t) ? 'type' : 'interface';
    if (kind !== have.kind) throw new Error(`${t.name} is a ${have.kind} in the SDK's schema and a ${kind} in sdl.ts`);
    if (isUnionType(t) && have.kind === 'union') {
      for (const m of t.getTypes()) {
        if (have.members.includes(m.name)) continue;
        have.members.push(m.name);
        added.push(`${t.name} | ${m.name}`);
      }
    } else if (isEnumType(t) && have.kind === 'enum') {
      for (const v of t.getValues()) {
        if (have.values.some((x) => x.name === v.name)) continue;
        have.values.push({ name: v.name, ...deprecated(v) });
        added.push(`${t.name}.${v.name}`);
      }
    } else if ((isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) && (have.kind === 'type' || have.kind === 'interface' || have.kind === 'input')) {
      for (const f of Object.values(t.getFields()) as (GraphQLField<unknown, unknown> | GraphQLInputField)[]) {
        const field = have.fields.find((x) => x.name === f.name);
        if (!field) {
          have.fields.push(fieldModel(f));
          added.push(`${t.name}.${f.name}`);
          continue;
        }
        if (!('args' in f)) continue;
        for (const a of f.args) {
          if (field.args.some((x) => x.name === a.name)) continue;
          field.args.push(argModel(a));
          added.push(`${t.name}.${f.name}(${a.name})`);
        }
      }
    }
  }
  return added;
}

// ---- writing SDL

function printSdl(model: Map<string, TypeModel>): string {
  const dep = (reason: string | undefined) => (reason === undefined ? '' : ` @deprecated(reason: ${JSON.stringify(reason)})`);
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const field = (f: FieldModel) => {
    const args = f.args.length ? `(${[...f.args].sort(byName).map((a) => `${a.name}: ${a.type}${dep(a.deprecated)}`).join(', ')})` : '';
    return `  ${f.name}${args}: ${f.type}${dep(f.deprecated)}`;
  };
  const blocks = [...model.values()].sort(byName).map((t) => {
    switch (t.kind) {
      case 'scalar':
        return `scalar ${t.name}`;
      case 'union':
        return `union ${t.name} = ${t.members.join(' | ')}`;
      case 'enum':
        return `enum ${t.name} {\n${[...t.values].sort(byName).map((v) => `  ${v.name}${dep(v.deprecated)}`).join('\n')}\n}`;
      case 'input':
        return `input ${t.name} {\n${[...t.fields].sort(byName).map(field).join('\n')}\n}`;
      default: {
        const impl = t.implements.length ? ` implements ${t.implements.join(' & ')}` : '';
        return `${t.kind} ${t.name}${impl} {\n${[...t.fields].sort(byName).map(field).join('\n')}\n}`;
      }
    }
  });
  return blocks.join('\n\n') + '\n';
}

function sdkTypesFile(): { file: string; version: string } {
  const dist = join(sdkDir, 'dist');
  const candidates = readdirSync(dist).filter((f) => /^index-.*\.d\.mts$/.test(f));
  if (candidates.length !== 1) throw new Error(`expected one index-*.d.mts in ${dist}, found ${candidates.join(', ') || 'none'}`);
  const version = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')).version as string;
  return { file: join(dist, candidates[0]), version };
}

export function generatedModule(): string {
  const { file, version } = sdkTypesFile();
  const model = modelFromSdk(file);
  const added = overlayReplicaSdl(model, linearSdl);
  const sdl = printSdl(model);
  buildSchema(sdl); // throws on anything that is not a valid schema
  return [
    `// Generated by scripts/generate-linear-sdl.ts from the TypeScript types of @linear/sdk ${version} (MIT) and sdl.ts.`,
    '// Do not edit: change sdl.ts or update the SDK, then run `node --import tsx scripts/generate-linear-sdl.ts`.',
    '',
    '/**',
    ` * Linear's GraphQL schema as @linear/sdk ${version} declares it (every type Query and Mutation reach, without`,
    " * descriptions), plus what the replica's SDL (sdl.ts, from Linear's published schema) declares and the SDK no longer",
    ` * has: ${added.length ? added.join(', ') : 'nothing'}.`,
    ' */',
    // A template literal, one declaration a line, so that an SDK update reads as a diff.
    `export const linearFullSdl = /* GraphQL */ \`\n${sdl.replace(/[\\`]|\$\{/g, (c) => `\\${c}`)}\`;`,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = generatedModule();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outPath, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${outPath} is not what scripts/generate-linear-sdl.ts generates: run it without --check`);
      process.exit(1);
    }
    console.log(`${outPath} is up to date`);
  } else {
    writeFileSync(outPath, text);
    console.log(`wrote ${outPath} (${text.length} bytes)`);
  }
}
