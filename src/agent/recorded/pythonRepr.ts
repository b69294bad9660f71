/**
 * A parser for Python literals as `repr()` writes them (strings with either quote and their escapes, numbers,
 * None/True/False, lists, tuples, dicts, sets), and for the `key=value key=value …` text pydantic's `__str__`
 * gives a LangChain message — the form Agent-Diff's results files keep their traces in. It never evaluates
 * anything; malformed text throws a ReprError naming the offset.
 */
export type PyValue = null | boolean | number | string | PyValue[] | { [key: string]: PyValue };

export class ReprError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
};

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  fail(message: string): never {
    throw new ReprError(message, this.at);
  }

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }

  peek(): string {
    return this.text[this.at] ?? '';
  }

  expect(char: string): void {
    if (this.text[this.at] !== char) this.fail(`expected ${JSON.stringify(char)}`);
    this.at++;
  }

  value(): PyValue {
    this.skipSpace();
    const c = this.peek();
    if (c === "'" || c === '"') return this.string();
    if (c === '[') return this.sequence('[', ']');
    if (c === '(') return this.sequence('(', ')');
    if (c === '{') return this.braces();
    if (/[-+0-9.]/.test(c)) return this.number();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.at))?.[0];
    if (word === 'None') return (this.at += 4), null;
    if (word === 'True') return (this.at += 4), true;
    if (word === 'False') return (this.at += 5), false;
    if (word === 'inf' || word === 'nan') return (this.at += 3), word === 'inf' ? Infinity : NaN;
    return this.fail(word ? `unsupported name ${word}` : 'expected a value');
  }

  string(): string {
    const quote = this.peek();
    this.at++;
    let out = '';
    for (;;) {
      const c = this.text[this.at++];
      if (c === undefined) this.fail('unterminated string');
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.at++];
      if (e in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const width = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.text.slice(this.at, this.at + width);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) this.fail(`bad \\${e} escape`);
        out += String.fromCodePoint(parseInt(hex, 16));
        this.at += width;
      } else if (/[0-7]/.test(e)) {
        const octal = /^[0-7]{1,3}/.exec(this.text.slice(this.at - 1))?.[0] ?? e;
        out += String.fromCharCode(parseInt(octal, 8));
        this.at += octal.length - 1;
      } else out += `\\${e}`;
    }
  }

  number(): number {
    const match = /^[-+]?(?:\d[\d_]*\.?[\d_]*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|inf|nan)/.exec(this.text.slice(this.at));
    if (!match) this.fail('expected a number');
    this.at += match[0].length;
    return Number(match[0].replace(/_/g, '').replace(/inf$/, 'Infinity').replace(/nan$/, 'NaN'));
  }

  sequence(open: string, close: string): PyValue[] {
    this.expect(open);
    const items: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === close) return this.at++, items;
      items.push(this.value());
      this.skipSpace();
      if (this.peek() === ',') this.at++;
      else if (this.peek() !== close) this.fail(`expected , or ${close}`);
    }
  }

  /** A dict, or a set (kept as a list). */
  braces(): PyValue {
    this.expect('{');
    const entries: [string, PyValue][] = [];
    const setItems: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === '}') {
        this.at++;
        return setItems.length ? setItems : Object.fromEntries(entries);
      }
      const key = this.value();
      this.skipSpace();
      if (this.peek() === ':') {
        this.at++;
        entries.push([typeof key === 'string' ? key : JSON.stringify(key), this.value()]);
      } else setItems.push(key);
      this.skipSpace();
      if (this.peek() === ',') this.at++;
      else if (this.peek() !== '}') this.fail('expected , or }');
    }
  }
}

/** One Python literal, the whole text. */
export function parsePyLiteral(text: string): PyValue {
  const reader = new Reader(text);
  const value = reader.value();
  reader.skipSpace();
  if (reader.at !== text.length) reader.fail('unexpected text after the value');
  return value;
}

/** `content='…' additional_kwargs={} id='…'` → `{ content, additional_kwargs, id }`. */
export function parseFieldRepr(text: string): Record<string, PyValue> {
  const reader = new Reader(text);
  const fields: Record<string, PyValue> = {};
  for (;;) {
    reader.skipSpace();
    if (reader.at >= text.length) return fields;
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(reader.at))?.[0];
    if (name === undefined) return reader.fail('expected a field name');
    reader.at += name.length;
    reader.expect('=');
    fields[name] = reader.value();
  }
}
