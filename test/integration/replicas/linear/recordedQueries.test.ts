import { existsSync, readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  defaultResultsDir,
  measure,
  publishedSchemaPath,
  pythonStrings,
  readPythonLiteral,
  shellQueries,
  toolCodes,
} from '../../../../scripts/linear-recorded-queries.ts';

describe('reading what recorded runs sent', () => {
  it('reads a LangChain message repr down to its tool calls', () => {
    const message = `content='' additional_kwargs={'refusal': None} tool_calls=[{'name': 'execute_python', 'args': {'code': "q = '''{ viewer { id } }'''\\nprint(\\"it's\\")"}, 'id': 'call_1', 'type': 'tool_call'}] usage_metadata={'input_tokens': 3}`;
    expect(toolCodes(message)).toEqual([{ tool: 'execute_python', code: `q = '''{ viewer { id } }'''\nprint("it's")` }]);
    expect(readPythonLiteral(`[1, -2.5, (True, None), {'a': "b\\u00e9"}]`, 0).value).toEqual([1, -2.5, [true, null], { a: 'bé' }]);
  });

  it('takes GraphQL from Python strings, f-string fields filled, and from JSON bodies in shell', () => {
    const code = `team = 'x'\nq = f"""\nmutation {{ issueCreate(input: {{teamId: "{team}", labelIds: {json.dumps(ids)}}}) {{ success }} }}\n"""\nr = ('{ a ' 'b }')`;
    const strings = pythonStrings(code);
    expect(strings).toContain('\nmutation { issueCreate(input: {teamId: "x", labelIds: null}) { success } }\n');
    expect(strings).toContain('{ a b }');
    expect(shellQueries(`curl -d '{"query": "{ viewer { id } }", "variables": {}}' https://api.linear.app/graphql`)).toEqual(['{ viewer { id } }']);
  });
});

const present = existsSync(defaultResultsDir) && existsSync(publishedSchemaPath);

describe.skipIf(!present)("the GraphQL documents of Agent-Diff's recorded Linear runs", async () => {
  const finding = present ? await measure(defaultResultsDir, buildSchema(readFileSync(publishedSchemaPath, 'utf8'))) : null;

  it('are all found: 108 runs, 394 tool calls, hundreds of distinct documents', () => {
    expect(finding!.runs).toBe(108);
    expect(finding!.toolCalls).toBe(394);
    expect(finding!.documents).toBeGreaterThan(400);
  });

  it("none that Linear's published schema accepts is refused by the replica, and none asks for a root field it does not serve", () => {
    expect(finding!.replicaMisses).toEqual({});
    expect(finding!.unservedRootFields).toEqual({});
  });

  it('one is over the complexity limit, and Linear refuses it too: a team\'s projects, 50 × 50 issues × 5 comments', () => {
    expect(finding!.overComplexityLimit.map((d) => Math.round(d.complexity))).toEqual([32301]);
    expect(finding!.overComplexityLimit[0].text).toMatch(/projects/);
  });
});
