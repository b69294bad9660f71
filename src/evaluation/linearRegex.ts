import { RE2JS } from 're2js';

/**
 * Python patterns that RE2 can express, run by `re2js` (a pure-JavaScript port of RE2: matching time linear in the
 * text whatever the pattern). It starts from the JavaScript translation of `pythonRegex.ts` and rewrites the few
 * constructs that translation spells with lookaround — `$` at the end, `^`/`$` under MULTILINE, `\b` — into RE2's own
 * anchors; whatever still needs lookaround or a backreference is left to the backtracking engine (`patternMatcher.ts`).
 */
export interface LinearPattern {
  re: RE2JS;
  /** The pattern has `\b` for Unicode words, which RE2's ASCII `\b` matches alike only on ASCII text. */
  asciiBoundaryOnly: boolean;
}

const UNICODE_W = '[\\p{L}\\p{N}_]';
const ASCII_W = '[A-Za-z0-9_]';
const boundary = (w: string) => `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;

/** The RE2 form of a translated pattern, or null when only a backtracking engine can run it. */
export function linearPattern(source: string, flags: string): LinearPattern | null {
  let s = source;
  const unicodeB = s.includes(boundary(UNICODE_W));
  s = s.split(boundary(UNICODE_W)).join('\\b').split(boundary(ASCII_W)).join('\\b');
  s = s.split('(?<![^\\n])').join('(?m:^)').split('(?![^\\n])').join('(?m:$)');
  // Python's `$` (end, or before a final newline) is `\n?\z` when nothing follows it but closing groups.
  s = s.replace(/\(\?=\\n\?\$\)(\)*)$/, '(?:\\n?\\z)$1');
  if (/\(\?<?[=!]/.test(s) || /(^|[^\\])(\\\\)*\\[1-9]/.test(s)) return null;
  s = s.replace(/\\u\{([0-9a-fA-F]+)\}/g, '\\x{$1}').replace(/\\u([0-9a-fA-F]{4})/g, '\\x{$1}');
  if (flags.includes('i')) s = `(?i)${s}`;
  try {
    return { re: RE2JS.compile(s), asciiBoundaryOnly: unicodeB };
  } catch {
    return null;
  }
}

const ASCII = /^[\x00-\x7f]*$/;

/** Whether the linear form decides `text` exactly as Python would. */
export function linearApplies(p: LinearPattern, text: string): boolean {
  return !p.asciiBoundaryOnly || ASCII.test(text);
}
