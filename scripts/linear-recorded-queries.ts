/**
 * The GraphQL documents that Agent-Diff's recorded Linear runs sent (`../shared/agent-diff/results/*.json`), measured
 * against the replica: which the replica refuses although Linear's published schema accepts them (replica misses),
 * which both refuse (the model's own mistakes), and each document's complexity against Linear's limit.
 *
 *   node --import tsx scripts/linear-recorded-queries.ts [--json] [--results DIR]
 *
 * A run's trace holds LangChain messages as Python `repr` strings; a model's code is the `code` argument of its
 * `execute_python` / `execute_bash` tool calls. Documents are the Python string literals of that code (f-string
 * fields filled in: inside a GraphQL string with `x`, elsewhere with `null`) and the `"query"` of JSON bodies in bash,
 * kept when they parse as GraphQL. Linear's published schema is read where it is, never copied.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { repoRoot } from '../src/cli/files.ts';
import { MAX_COMPLEXITY, queryComplexity } from '../src/replicas/linear/complexity.ts';
import { linearSchema } from '../src/replicas/linear/executor.ts';

// ---- Python literals, as `repr` writes them

type Py = string | number | boolean | null | Py[] | { [key: string]: Py };

/** Reads one Python literal (str, number, None/True/False, list, tuple, dict) at `at`; returns it and where it ends. */
export function readPythonLiteral(text: string, at: number): { value: Py; end: number } {
  let i = at;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const value = (): Py => {
    ws();
    const c = text[i];
    if (c === "'" || c === '"') return str();
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      i++;
      const out: Py[] = [];
      for (ws(); text[i] !== close; ws()) {
        out.push(value());
        ws();
        if (text[i] === ',') i++;
      }
      i++;
      return out;
    }
    if (c === '{') {
      i++;
      const out: Record<string, Py> = {};
      for (ws(); text[i] !== '}'; ws()) {
        const key = value();
        ws();
        if (text[i++] !== ':') throw new Error(`expected ':' at ${i}`);
        out[String(key)] = value();
        ws();
        if (text[i] === ',') i++;
      }
      i++;
      return out;
    }
    const word = /^(None|True|False|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!word) throw new Error(`unexpected ${JSON.stringify(text.slice(i, i + 20))} at ${i}`);
    i += word[0].length;
    return word[0] === 'None' ? null : word[0] === 'True' ? true : word[0] === 'False' ? false : Number(word[0]);
  };
  const str = (): string => {
    const quote = text[i++];
    let out = '';
    while (text[i] !== quote) {
      if (i >= text.length) throw new Error('unterminated string');
      if (text[i] !== '\\') {
        out += text[i++];
        continue;
      }
      const e = text[i + 1];
      i += 2;
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'x') (out += String.fromCharCode(parseInt(text.slice(i, i + 2), 16))), (i += 2);
      else if (e === 'u') (out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16))), (i += 4);
      else if (e === 'U') (out += String.fromCodePoint(parseInt(text.slice(i, i + 8), 16))), (i += 8);
      else out += e;
    }
    i++;
    return out;
  };
  const v = value();
  return { value: v, end: i };
}

/** The `code` of every tool call in one message's repr. */
export function toolCodes(message: string): { tool: string; code: string }[] {
  const at = message.indexOf('tool_calls=[');
  if (at < 0) return [];
  const calls = readPythonLiteral(message, at + 'tool_calls='.length).value as Record<string, any>[];
  return calls.filter((c) => typeof c?.args?.code === 'string').map((c) => ({ tool: String(c.name), code: c.args.code as string }));
}

// ---- string literals of Python source, and GraphQL documents among them

/** Every string literal of a Python source, adjacent literals joined; f-string fields filled in (see the header). */
export function pythonStrings(source: string): string[] {
  const out: string[] = [];
  let pending: string | null = null;
  let i = 0;
  const flush = () => {
    if (pending !== null) out.push(pending);
    pending = null;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '#') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
      continue;
    }
    const m = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(source.slice(i, i + 5));
    const startsWord = i > 0 && /[A-Za-z0-9_]/.test(source[i - 1]);
    if (!m || startsWord) {
      if (!/\s/.test(c)) flush();
      i++;
      continue;
    }
    const prefix = m[1].toLowerCase();
    const quote = m[2];
    let j = i + m[0].length;
    let body = '';
    while (j < source.length && !source.startsWith(quote, j)) {
      if (quote.length === 1 && source[j] === '\n') break;
      if (source[j] === '\\' && !prefix.includes('r')) {
        const e = source[j + 1];
        body += e === 'n' ? '\n' : e === 't' ? '\t' : e === '\n' ? '' : e;
        j += 2;
      } else body += source[j++];
    }
    i = j + quote.length;
    const text = prefix.includes('f') ? fillFields(body) : body;
    pending = (pending ?? '') + text;
  }
  flush();
  return out;
}

/** `{{`/`}}` are braces; a `{field}` inside a GraphQL string becomes `x`, elsewhere `null` (valid where nullable). */
function fillFields(body: string): string {
  let out = '';
  let inString = false;
  for (let k = 0; k < body.length; k++) {
    const ch = body[k];
    if (ch === '{' && body[k + 1] === '{') (out += '{'), k++;
    else if (ch === '}' && body[k + 1] === '}') (out += '}'), k++;
    else if (ch === '{') {
      let depth = 1;
      for (k++; k < body.length && depth > 0; k++) depth += body[k] === '{' ? 1 : body[k] === '}' ? -1 : 0;
      k--;
      out += inString ? 'x' : 'null';
    } else {
      if (ch === '"' && body[k - 1] !== '\\') inString = !inString;
      out += ch;
    }
  }
  return out;
}

/** The `"query"` strings of JSON bodies in a shell script (`curl -d '{"query": "..."}'`). */
export function shellQueries(source: string): string[] {
  return [...source.matchAll(/"query"\s*:\s*("(?:[^"\\]|\\.)*")/g)].flatMap((m) => {
    try {
      return [JSON.parse(m[1]) as string];
    } catch {
      return [];
    }
  });
}

const LOOKS_LIKE_GRAPHQL = /^\s*(query|mutation|fragment|\{)/;

export interface RecordedDocument {
  text: string;
  document: DocumentNode;
  /** How many tool calls sent it. */
  calls: number;
  runs: Set<string>;
}

/** The distinct GraphQL documents of every recorded run under `dir`. */
export function recordedDocuments(dir: string): { documents: RecordedDocument[]; runs: number; toolCalls: number } {
  const byText = new Map<string, RecordedDocument>();
  let runs = 0;
  let toolCalls = 0;
  for (const file of readdirSync(dir).filter((f) => /^evaluation_results_.*\.json$/.test(f)).sort()) {
    const results = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, { trace?: { messages?: string[] } }>;
    for (const [runId, run] of Object.entries(results)) {
      runs++;
      for (const message of run.trace?.messages ?? []) {
        for (const { tool, code } of toolCodes(message)) {
          toolCalls++;
          const texts = tool === 'execute_bash' ? shellQueries(code) : pythonStrings(code);
          for (const text of texts) {
            if (!LOOKS_LIKE_GRAPHQL.test(text)) continue;
            let document: DocumentNode;
            try {
              document = parse(text);
            } catch {
              continue;
            }
            const key = text.trim();
            const hit = byText.get(key) ?? { text: key, document, calls: 0, runs: new Set<string>() };
            hit.calls++;
            hit.runs.add(`${file}#${runId}`);
            byText.set(key, hit);
          }
        }
      }
    }
  }
  return { documents: [...byText.values()], runs, toolCalls };
}

export interface Finding {
  documents: number;
  toolCalls: number;
  runs: number;
  /** Documents Linear's published schema accepts and the replica refuses: each error message, with how many documents. */
  replicaMisses: Record<string, number>;
  /** Root fields of valid documents that the replica does not serve (answered "feature not accessible"), by coordinate. */
  unservedRootFields: Record<string, number>;
  /** Documents both refuse (the model's mistakes), by message. */
  bothRefuse: Record<string, number>;
  overComplexityLimit: { text: string; complexity: number }[];
  maxComplexity: number;
}

/** The root fields a document selects that have no resolver in the replica's schema. */
function unservedRoots(schema: GraphQLSchema, document: DocumentNode): string[] {
  const out: string[] = [];
  for (const def of document.definitions) {
    if (def.kind !== 'OperationDefinition') continue;
    const root = def.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    for (const sel of def.selectionSet.selections) {
      if (sel.kind === 'Field' && !sel.name.value.startsWith('__') && !root?.getFields()[sel.name.value]?.resolve) out.push(`${root?.name}.${sel.name.value}`);
    }
  }
  return out;
}

/** Compares the replica's answer to validation with the published schema's for every recorded document. */
export async function measure(dir: string, published: GraphQLSchema, replica?: GraphQLSchema): Promise<Finding> {
  replica ??= await linearSchema();
  const { documents, runs, toolCalls } = recordedDocuments(dir);
  const finding: Finding = { documents: documents.length, toolCalls, runs, replicaMisses: {}, unservedRootFields: {}, bothRefuse: {}, overComplexityLimit: [], maxComplexity: 0 };
  const bump = (into: Record<string, number>, message: string) => (into[message] = (into[message] ?? 0) + 1);
  for (const d of documents) {
    const ours = validate(replica, d.document);
    const theirs = validate(published, d.document);
    if (ours.length && !theirs.length) new Set(ours.map((e) => e.message)).forEach((m) => bump(finding.replicaMisses, m));
    if (ours.length && theirs.length) new Set(ours.map((e) => e.message)).forEach((m) => bump(finding.bothRefuse, m));
    if (ours.length) continue;
    for (const coordinate of unservedRoots(replica, d.document)) bump(finding.unservedRootFields, coordinate);
    const complexity = queryComplexity(replica, d.document, undefined, undefined) ?? 0;
    finding.maxComplexity = Math.max(finding.maxComplexity, complexity);
    if (complexity > MAX_COMPLEXITY) finding.overComplexityLimit.push({ text: d.text.slice(0, 200), complexity });
  }
  return finding;
}

export const defaultResultsDir = resolve(repoRoot, '../shared/agent-diff/results');
export const publishedSchemaPath = resolve(repoRoot, '../shared/agent-diff/linear-api.graphql');

if (process.argv[1] && resolve(process.argv[1]) === resolve(repoRoot, 'scripts/linear-recorded-queries.ts')) {
  const at = process.argv.indexOf('--results');
  const dir = at > 0 ? process.argv[at + 1] : defaultResultsDir;
  if (!existsSync(dir) || !existsSync(publishedSchemaPath)) {
    console.error(`needs ${dir} and ${publishedSchemaPath}`);
    process.exit(2);
  }
  const finding = await measure(dir, buildSchema(readFileSync(publishedSchemaPath, 'utf8')));
  if (process.argv.includes('--json')) console.log(JSON.stringify(finding, null, 1));
  else {
    console.log(`${finding.runs} runs, ${finding.toolCalls} tool calls, ${finding.documents} distinct GraphQL documents`);
    console.log(`complexity: max ${finding.maxComplexity}; over ${MAX_COMPLEXITY}: ${finding.overComplexityLimit.length}`);
    for (const o of finding.overComplexityLimit) console.log(`  ${o.complexity}  ${o.text.replace(/\s+/g, ' ')}`);
    console.log(`refused by the replica, accepted by Linear's published schema (${Object.keys(finding.replicaMisses).length} messages):`);
    for (const [m, n] of Object.entries(finding.replicaMisses).sort((a, b) => b[1] - a[1])) console.log(`  ${n}× ${m}`);
    console.log(`refused by both (the models' own mistakes): ${Object.values(finding.bothRefuse).reduce((a, b) => a + b, 0)} errors`);
    for (const [m, n] of Object.entries(finding.bothRefuse).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${n}× ${m}`);
  }
}
