import { describe, expect, it } from 'vitest';
import { parseFieldRepr, parsePyLiteral, ReprError } from '../../../../src/agent/recorded/pythonRepr.ts';

describe('parsePyLiteral', () => {
  it('reads what repr() writes', () => {
    expect(parsePyLiteral(`{'a': [1, 2.5, -3e2], "b": (None, True, False), 'c': 'it\\'s', 'd': "say \\"hi\\"\\n", 'e': {1, 2}}`)).toEqual({
      a: [1, 2.5, -300],
      b: [null, true, false],
      c: "it's",
      d: 'say "hi"\n',
      e: [1, 2],
    });
    expect(parsePyLiteral(`'caf\\xe9 \\u2603 \\U0001f600 \\\\d+ \\t'`)).toBe('café ☃ 😀 \\d+ \t');
    expect(parsePyLiteral('[]')).toEqual([]);
    expect(parsePyLiteral('{}')).toEqual({});
  });

  it('throws a ReprError naming the offset for text that is not a literal', () => {
    expect(() => parsePyLiteral("{'a': }")).toThrow(ReprError);
    expect(() => parsePyLiteral("'open")).toThrow(/unterminated string at offset/);
    expect(() => parsePyLiteral('UUID("x")')).toThrow(/unsupported name UUID/);
    expect(() => parsePyLiteral('[1] 2')).toThrow(/unexpected text/);
  });
});

describe('parseFieldRepr', () => {
  it("reads a LangChain message's fields, the tool calls' code included", () => {
    const message = `content="I'll look." additional_kwargs={'refusal': None} response_metadata={'token_usage': {'completion_tokens': 614}} id='lc_run--a7' tool_calls=[{'name': 'execute_python', 'args': {'code': 'import requests\\nprint(requests.post(url, json={"q": 1}).json())\\n'}, 'id': 'toolu_01', 'type': 'tool_call'}] usage_metadata={'input_tokens': 779}`;
    const fields = parseFieldRepr(message);
    expect(fields.content).toBe("I'll look.");
    expect(fields.id).toBe('lc_run--a7');
    expect(fields.tool_calls).toEqual([
      { name: 'execute_python', args: { code: 'import requests\nprint(requests.post(url, json={"q": 1}).json())\n' }, id: 'toolu_01', type: 'tool_call' },
    ]);
    expect(parseFieldRepr(`content='out\\n' name='execute_python' id='59' tool_call_id='call_up'`)).toEqual({
      content: 'out\n',
      name: 'execute_python',
      id: '59',
      tool_call_id: 'call_up',
    });
  });
});
