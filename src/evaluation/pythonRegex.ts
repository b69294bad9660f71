/**
 * Python `re` patterns run as JS RegExps. Agent-Diff's `regex` operator is `re.search(pattern, value)`, and its
 * suites use leading inline flags (`(?i)`, `(?s)`, `(?si)`), lookaheads, `\b`, `\s` and classes. The translation
 * keeps Python's meaning where JS differs: `.` excludes only `\n`, `$` also matches before a final `\n`, `^`/`$`
 * under MULTILINE break only at `\n`, `\w`/`\d`/`\s`/`\b` are Unicode-aware, `(?P<name>…)`, `{,n}`, a literal `{`,
 * and a `]` first in a class; atomic groups and possessive quantifiers become a capture inside a lookahead plus a
 * backreference. Patterns Python rejects (bad escapes, global flags after the start, …) yield an error, as do the
 * Python features left out (conditional groups, `\N{…}`, a scoped `(?-i:…)` inside a case-insensitive pattern);
 * either way the operator answers false, as Agent-Diff does for an invalid pattern. A scoped `(?i:…)` is written
 * as case variants of its characters, since RegExp modifiers are missing from Node 20. One known difference: a
 * backreference to a group that did not take part in the match matches the empty string in JS but fails in Python.
 * Reference: https://docs.python.org/3/library/re.html#regular-expression-syntax
 */

export type RegexTranslation = { ok: true; source: string; flags: string } | { ok: false; error: string };

interface Flags {
  i: boolean;
  s: boolean;
  m: boolean;
  x: boolean;
  a: boolean;
}

interface Frame {
  flags: Flags;
  /** Python group number, for a capturing group. */
  capture?: number;
  /** Emitted when the group closes. */
  close: string;
  /** Where the group starts in the output, so that a repeat after it can wrap it. */
  start: number;
}

/** What the last emitted item was, to reject repeats where Python does ("nothing to repeat", "multiple repeat"). */
type Prev = 'none' | 'atom' | 'anchor' | 'repeat' | 'repeatDone';

const WORD = '\\p{L}\\p{N}_';
const ASCII_WORD = 'A-Za-z0-9_';
const DIGIT = '\\p{Nd}';
const ASCII_DIGIT = '0-9';
// str.isspace(): what Python's Unicode `\s` matches.
const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const ASCII_SPACE = ' \\t\\n\\r\\f\\v';
const VERBOSE_SPACE = ' \t\n\r\v\f';
const OCTAL = '01234567';
const DIGITS = '0123456789';

/** `set.includes(c)` for one character; `''.includes` is always true, and `c` is undefined past the end. */
function isOneOf(set: string, c: string | undefined): boolean {
  return c !== undefined && c.length === 1 && set.includes(c);
}

const SIMPLE_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
const FLAG_LETTERS = 'aiLmsux';
// str.isidentifier(), near enough.
const GROUP_NAME = /^[\p{L}\p{Nl}_][\p{L}\p{N}\p{Mn}\p{Mc}_]*$/u;

class PatternError extends Error {}

// Capture groups are written as markers and numbered at the end, in order of appearance, because wrapping a
// possessive repeat inserts a capture before groups that were already written. Raw NULs never appear otherwise:
// literals are written as escapes.
const capture = (id: number) => `\0c${id}\0`;
const named = (id: number) => `\0n${id}\0`;
const reference = (id: number) => `\0r${id}\0`;
const MARKER = /\0([cnr])(\d+)\0/g;

class Translator {
  private pos = 0;
  private out = '';
  private flags: Flags = { i: false, s: false, m: false, x: false, a: false };
  private globalI = false;
  private readonly stack: Frame[] = [];
  private groupCount = 0;
  private readonly closedGroups = new Set<number>();
  private readonly names = new Map<string, number>();
  /** Python group number → capture id. */
  private readonly captureIds: number[] = [];
  private readonly captureNames = new Map<number, string>();
  private captureCount = 0;
  private prev: Prev = 'none';
  /** Output position where the last atom starts. */
  private atomStart = 0;

  constructor(private readonly p: string) {}

  run(): { source: string; flags: string } {
    this.leadingFlags();
    const p = this.p;
    while (this.pos < p.length) {
      const c = p[this.pos];
      if (this.flags.x && VERBOSE_SPACE.includes(c)) {
        this.pos++;
        continue;
      }
      if (this.flags.x && c === '#') {
        this.skipComment();
        continue;
      }
      switch (c) {
        case '\\':
          this.escape();
          break;
        case '[':
          this.charClass();
          break;
        case '(':
          this.openGroup();
          break;
        case ')':
          this.closeGroup();
          break;
        case '|':
          this.emit('|', 'none');
          this.pos++;
          break;
        case '.':
          this.emit(this.flags.s ? '[\\s\\S]' : '[^\\n]', 'atom');
          this.pos++;
          break;
        case '^':
          this.emit(this.flags.m ? '(?<![^\\n])' : '^', 'anchor');
          this.pos++;
          break;
        case '$':
          this.emit(this.flags.m ? '(?![^\\n])' : '(?=\\n?$)', 'anchor');
          this.pos++;
          break;
        case '*':
        case '+':
        case '?':
          this.pos++;
          this.repeat(c);
          break;
        case '{':
          this.brace();
          break;
        default:
          this.literal();
      }
    }
    if (this.stack.length > 0) throw new PatternError('missing ), unterminated subpattern');
    return { source: this.numberCaptures(), flags: this.globalI ? 'iu' : 'u' };
  }

  private numberCaptures(): string {
    const numbers = new Map<number, number>();
    return this.out.replace(MARKER, (_m, kind: string, id: string) => {
      const n = Number(id);
      if (kind === 'r') return `(?:\\${numbers.get(n)})`;
      numbers.set(n, numbers.size + 1);
      return kind === 'c' ? '(' : `(?<${this.captureNames.get(n)}>`;
    });
  }

  private emit(text: string, prev: Prev): void {
    if (prev === 'atom' || prev === 'anchor') this.atomStart = this.out.length;
    this.out += text;
    this.prev = prev;
  }

  private skipComment(): void {
    const nl = this.p.indexOf('\n', this.pos);
    this.pos = nl < 0 ? this.p.length : nl + 1;
  }

  /** Python accepts global flags only as a run at the very start (3.11+: anywhere else is an error). */
  private leadingFlags(): void {
    const re = /^\(\?([A-Za-z]+)\)/;
    for (;;) {
      if (this.flags.x) {
        while (this.pos < this.p.length) {
          const c = this.p[this.pos];
          if (VERBOSE_SPACE.includes(c)) this.pos++;
          else if (c === '#') this.skipComment();
          else break;
        }
      }
      const m = re.exec(this.p.slice(this.pos));
      if (!m) return;
      this.applyFlags(m[1], '');
      this.globalI = this.flags.i;
      this.pos += m[0].length;
    }
  }

  private applyFlags(add: string, remove: string): void {
    for (const f of add + remove) {
      if (!FLAG_LETTERS.includes(f)) throw new PatternError(`unknown flag ${f}`);
      if (f === 'L') throw new PatternError("bad inline flags: cannot use 'L' flag with a str pattern");
    }
    if (add.includes('a') && add.includes('u')) {
      throw new PatternError("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
    }
    if (/[aLu]/.test(remove)) throw new PatternError("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
    for (const c of remove) if (add.includes(c)) throw new PatternError('bad inline flags: flag turned on and off');
    const f = { ...this.flags };
    for (const c of add) if (c !== 'u' && c !== 'L') f[c as keyof Flags] = true;
    if (add.includes('u')) f.a = false;
    for (const c of remove) f[c as keyof Flags] = false;
    this.flags = f;
  }

  private repeat(kind: string, quantifier: string = kind): void {
    if (this.prev === 'none' || this.prev === 'anchor') throw new PatternError('nothing to repeat');
    if (this.prev === 'repeat') {
      if (kind === '?') return this.emit('?', 'repeatDone'); // lazy
      if (kind !== '+') throw new PatternError('multiple repeat');
      // Possessive: match the repeat greedily once inside a lookahead, then consume exactly that.
      const id = ++this.captureCount;
      const repeated = this.out.slice(this.atomStart);
      this.out = this.out.slice(0, this.atomStart) + `(?:(?=${capture(id)}${repeated}))${reference(id)})`;
      this.prev = 'repeatDone';
      return;
    }
    if (this.prev === 'repeatDone') throw new PatternError('multiple repeat');
    this.emit(quantifier, 'repeat');
  }

  /** `{m,n}` is a repeat only when it is well formed; otherwise `{` is a literal, as in Python. */
  private brace(): void {
    const m = /^\{(\d*)(?:(,)(\d*))?\}/.exec(this.p.slice(this.pos));
    if (!m || m[0] === '{}') {
      this.pos++;
      return this.emit('\\{', 'atom');
    }
    this.pos += m[0].length;
    const lo = m[1] ? Number(m[1]) : 0;
    const hi = m[2] ? (m[3] ? Number(m[3]) : Infinity) : lo;
    if (hi < lo) throw new PatternError('min repeat greater than max repeat');
    this.repeat('{', hi === Infinity ? `{${lo},}` : lo === hi ? `{${lo}}` : `{${lo},${hi}}`);
  }

  private literal(): void {
    const cp = this.p.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    this.emitChar(cp);
  }

  /** Inside a scoped `(?i:…)` of a case-sensitive pattern, a character stands for all its case variants. */
  private get folding(): boolean {
    return this.flags.i && !this.globalI;
  }

  private emitChar(cp: number): void {
    const variants = this.folding ? caseVariants(cp) : [];
    if (variants.length === 0) return this.emit(literalText(cp), 'atom');
    this.emit(`[${classChar(cp)}${variants.map(classChar).join('')}]`, 'atom');
  }

  private escape(): void {
    const p = this.p;
    this.pos++;
    if (this.pos >= p.length) throw new PatternError('bad escape (end of pattern)');
    const c = p[this.pos];
    const a = this.flags.a;
    switch (c) {
      case 'A':
        this.pos++;
        return this.emit('^', 'anchor');
      case 'Z':
        this.pos++;
        return this.emit('$', 'anchor');
      case 'b':
      case 'B': {
        this.pos++;
        const w = `[${a ? ASCII_WORD : WORD}]`;
        return this.emit(
          c === 'b'
            ? `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`
            : // Before Python 3.14, \B never matches an empty string.
              `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w})(?:(?<=[\\s\\S])|(?=[\\s\\S])))`,
          'anchor',
        );
      }
      case 'd':
      case 'w':
      case 's':
      case 'D':
      case 'W':
      case 'S': {
        this.pos++;
        const body = categoryBody(c.toLowerCase(), a);
        return this.emit(c === c.toLowerCase() ? `[${body}]` : `[^${body}]`, 'atom');
      }
      case '0': {
        let digits = '';
        this.pos++;
        while (digits.length < 2 && isOneOf(OCTAL, p[this.pos])) digits += p[this.pos++];
        return this.emitChar(digits ? parseInt(digits, 8) : 0);
      }
    }
    if (isOneOf(DIGITS, c)) return this.backreferenceOrOctal();
    this.emitChar(this.simpleEscape());
  }

  /** `\1`–`\99` refer to a closed group; three octal digits are a character instead. */
  private backreferenceOrOctal(): void {
    const p = this.p;
    let esc = p[this.pos++];
    if (isOneOf(DIGITS, p[this.pos])) {
      esc += p[this.pos++];
      if (isOneOf(OCTAL, esc[0]) && isOneOf(OCTAL, esc[1]) && isOneOf(OCTAL, p[this.pos])) {
        esc += p[this.pos++];
        const code = parseInt(esc, 8);
        if (code > 0o377) throw new PatternError(`octal escape value \\${esc} outside of range 0-0o377`);
        return this.emitChar(code);
      }
    }
    const group = Number(esc);
    if (group > this.groupCount) throw new PatternError(`invalid group reference ${group}`);
    if (!this.closedGroups.has(group)) throw new PatternError('cannot refer to an open group');
    this.emit(reference(this.captureIds[group]), 'atom');
  }

  /** Escapes that stand for one character, shared by classes and the rest of the pattern. */
  private simpleEscape(): number {
    const p = this.p;
    const c = p[this.pos];
    if (c in SIMPLE_ESCAPES) {
      this.pos++;
      return SIMPLE_ESCAPES[c];
    }
    if (c === 'x' || c === 'u' || c === 'U') {
      const n = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      const hex = p.slice(this.pos + 1, this.pos + 1 + n);
      if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) throw new PatternError(`incomplete escape \\${c}${hex}`);
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) throw new PatternError(`bad escape \\${c}${hex}`);
      this.pos += 1 + n;
      return code;
    }
    if (c === 'N') throw new PatternError('named character escapes (\\N{…}) are not supported');
    if (/[A-Za-z0-9]/.test(c)) throw new PatternError(`bad escape \\${c}`);
    const cp = p.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private charClass(): void {
    const p = this.p;
    this.pos++;
    let negate = false;
    if (p[this.pos] === '^') {
      negate = true;
      this.pos++;
    }
    let items = '';
    // Negated categories (`\W`, `\S`, `\D`) cannot sit inside a JS class next to Unicode properties; they are
    // applied around the class instead.
    const negatedCategories: string[] = [];
    let first = true;
    for (;;) {
      if (this.pos >= p.length) throw new PatternError('unterminated character set');
      if (p[this.pos] === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      const atom = this.classAtom();
      if (atom.category !== undefined) {
        if (p[this.pos] === '-' && p[this.pos + 1] !== ']' && this.pos + 1 < p.length) {
          throw new PatternError('bad character range');
        }
        if (atom.negated) negatedCategories.push(atom.category);
        else items += atom.category;
        continue;
      }
      const lo = atom.code!;
      if (p[this.pos] === '-' && this.pos + 1 < p.length && p[this.pos + 1] !== ']') {
        this.pos++;
        const end = this.classAtom();
        if (end.category !== undefined) throw new PatternError('bad character range');
        if (end.code! < lo) throw new PatternError('bad character range');
        items += `${classChar(lo)}-${classChar(end.code!)}`;
        if (this.folding) items += rangeVariants(lo, end.code!);
      } else {
        items += classChar(lo);
        if (this.folding) items += caseVariants(lo).map(classChar).join('');
      }
    }
    if (negatedCategories.length === 0) {
      return this.emit(`[${negate ? '^' : ''}${items}]`, 'atom');
    }
    if (!negate) {
      const alternatives = negatedCategories.map((body) => `[^${body}]`);
      if (items) alternatives.unshift(`[${items}]`);
      return this.emit(`(?:${alternatives.join('|')})`, 'atom');
    }
    const guards = (items ? `(?![${items}])` : '') + negatedCategories.map((body) => `(?=[${body}])`).join('');
    this.emit(`(?:${guards}[\\s\\S])`, 'atom');
  }

  private classAtom(): { code?: number; category?: string; negated?: boolean } {
    const p = this.p;
    if (p[this.pos] !== '\\') {
      const cp = p.codePointAt(this.pos)!;
      this.pos += cp > 0xffff ? 2 : 1;
      return { code: cp };
    }
    this.pos++;
    if (this.pos >= p.length) throw new PatternError('bad escape (end of pattern)');
    const c = p[this.pos];
    if ('dwsDWS'.includes(c)) {
      this.pos++;
      return { category: categoryBody(c.toLowerCase(), this.flags.a), negated: c !== c.toLowerCase() };
    }
    if (c === 'b') {
      this.pos++;
      return { code: 8 };
    }
    if (isOneOf(OCTAL, c)) {
      let digits = '';
      while (digits.length < 3 && isOneOf(OCTAL, p[this.pos])) digits += p[this.pos++];
      const code = parseInt(digits, 8);
      if (code > 0o377) throw new PatternError(`octal escape value \\${digits} outside of range 0-0o377`);
      return { code };
    }
    return { code: this.simpleEscape() };
  }

  private openGroup(): void {
    const p = this.p;
    const start = this.out.length;
    const open = (text: string, close: string, pythonGroup?: number): void => {
      this.stack.push({ flags: this.flags, capture: pythonGroup, close, start });
      this.emit(text, 'none');
    };
    if (p[this.pos + 1] !== '?') {
      this.pos++;
      const id = this.newCapture();
      return open(capture(id), ')', this.groupCount);
    }
    const rest = p.slice(this.pos + 2);
    if (rest.startsWith(':')) {
      this.pos += 3;
      return open('(?:', ')');
    }
    // Lookarounds are wrapped so that a repeat after them (legal in Python) is legal in JS too.
    if (rest.startsWith('=') || rest.startsWith('!')) {
      this.pos += 3;
      return open('(?:(?' + rest[0], '))');
    }
    if (rest.startsWith('<=') || rest.startsWith('<!')) {
      this.pos += 4;
      return open('(?:(?' + rest.slice(0, 2), '))');
    }
    if (rest.startsWith('>')) {
      this.pos += 3;
      const id = ++this.captureCount;
      return open(`(?:(?=${capture(id)}`, `))${reference(id)})`);
    }
    if (rest.startsWith('P<')) {
      const end = rest.indexOf('>');
      const name = end < 0 ? '' : rest.slice(2, end);
      if (!GROUP_NAME.test(name)) throw new PatternError(`bad character in group name '${name}'`);
      if (this.names.has(name)) throw new PatternError(`redefinition of group name '${name}'`);
      this.pos += 2 + end + 1;
      const id = this.newCapture();
      this.names.set(name, this.groupCount);
      this.captureNames.set(id, name);
      return open(named(id), ')', this.groupCount);
    }
    if (rest.startsWith('P=')) {
      const end = rest.indexOf(')');
      const name = end < 0 ? '' : rest.slice(2, end);
      const group = this.names.get(name);
      if (group === undefined) throw new PatternError(`unknown group name '${name}'`);
      if (!this.closedGroups.has(group)) throw new PatternError('cannot refer to an open group');
      this.pos += 2 + end + 1;
      return this.emit(reference(this.captureIds[group]), 'atom');
    }
    if (rest.startsWith('#')) {
      const end = p.indexOf(')', this.pos);
      if (end < 0) throw new PatternError('missing ), unterminated comment');
      this.pos = end + 1;
      return;
    }
    if (rest.startsWith('(')) throw new PatternError('conditional groups are not supported');
    const m = /^([A-Za-z]*)(?:-([A-Za-z]*))?([:)])/.exec(rest);
    if (!m || (!m[1] && !m[2])) throw new PatternError(`unknown extension ?${rest[0] ?? ''}`);
    if (m[3] === ')') throw new PatternError('global flags not at the start of the expression');
    if (m[2] !== undefined && !m[2]) throw new PatternError('missing flag');
    const outer = this.flags;
    this.applyFlags(m[1], m[2] ?? '');
    this.pos += 2 + m[0].length;
    // `.`, `^`, `$` and `x` are translated per scope, so only case needs care.
    // A case-sensitive pattern folds case itself (see emitChar); a case-insensitive one needs RegExp modifiers.
    const text = !this.globalI || this.flags.i === outer.i ? '(?:' : this.flags.i ? '(?i:' : '(?-i:';
    this.stack.push({ flags: outer, close: ')', start });
    this.emit(text, 'none');
  }

  private newCapture(): number {
    const id = ++this.captureCount;
    this.captureIds[++this.groupCount] = id;
    return id;
  }

  private closeGroup(): void {
    const frame = this.stack.pop();
    if (!frame) throw new PatternError('unbalanced parenthesis');
    this.pos++;
    this.flags = frame.flags;
    if (frame.capture !== undefined) this.closedGroups.add(frame.capture);
    this.out += frame.close;
    this.atomStart = frame.start;
    this.prev = 'atom';
  }
}

function categoryBody(c: string, ascii: boolean): string {
  if (c === 'd') return ascii ? ASCII_DIGIT : DIGIT;
  if (c === 'w') return ascii ? ASCII_WORD : WORD;
  return ascii ? ASCII_SPACE : SPACE;
}

/** Other characters that match `cp` case-insensitively (simple case mapping). */
function caseVariants(cp: number): number[] {
  const c = String.fromCodePoint(cp);
  const out: number[] = [];
  for (const v of [c.toLowerCase(), c.toUpperCase()]) {
    const vcp = v.codePointAt(0)!;
    if (v.length === String.fromCodePoint(vcp).length && vcp !== cp && !out.includes(vcp)) out.push(vcp);
  }
  return out;
}

const MAX_FOLDED_RANGE = 1024;

function rangeVariants(lo: number, hi: number): string {
  if (hi - lo > MAX_FOLDED_RANGE) return '';
  let out = '';
  for (let cp = lo; cp <= hi; cp++) {
    for (const v of caseVariants(cp)) if (v < lo || v > hi) out += classChar(v);
  }
  return out;
}

function literalText(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || cp === 0x20 || cp === 0x5f) {
    return String.fromCharCode(cp);
  }
  return `\\u{${cp.toString(16)}}`;
}

function classChar(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

/** Translate a Python pattern; `ok: false` where Python would raise `re.error` or JS cannot express it. */
export function translatePythonRegex(pattern: string): RegexTranslation {
  try {
    const { source, flags } = new Translator(pattern).run();
    new RegExp(source, flags); // surface JS-side syntax errors here, once
    return { ok: true, source, flags };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

const cache = new Map<string, RegExp | null>();
const CACHE_LIMIT = 1000;

/** The compiled pattern, or `null` when it is invalid. Compiled once per distinct pattern. */
export function compilePythonRegex(pattern: string): RegExp | null {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  const t = translatePythonRegex(pattern);
  const re = t.ok ? new RegExp(t.source, t.flags) : null;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, re);
  return re;
}
