// Reads the parts of a Markdown guide the docs test checks: fenced shell blocks with the doc-test marker before
// them, relative links, and the anchors GitHub gives headings. Line-based, for the project's own guides.

export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);

export type Marker = { kind: 'run' } | { kind: 'skip'; reason: string } | { kind: 'none' } | { kind: 'malformed'; text: string };

export interface ShellBlock {
  line: number; // 1-based line of the opening fence
  language: string;
  marker: Marker;
  code: string;
}

export interface Link {
  line: number;
  target: string;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/;
const MARKER = /^\s*<!--\s*doc-test:(.*?)-->\s*$/;

function readMarker(line: string | undefined): Marker {
  const m = line === undefined ? null : MARKER.exec(line);
  if (!m) return { kind: 'none' };
  const text = m[1]!.trim();
  if (text === 'run') return { kind: 'run' };
  const skip = /^skip\s*[—–-]\s*(\S.*)$/.exec(text);
  if (skip) return { kind: 'skip', reason: skip[1]!.trim() };
  return { kind: 'malformed', text };
}

/** Each line, with whether it is inside a fenced block (fence lines count as inside). */
function fenceMap(lines: string[]): boolean[] {
  const inside: boolean[] = [];
  let open: string | null = null;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (open === null && m) {
      open = m[1]!;
      inside.push(true);
    } else if (open !== null) {
      inside.push(true);
      if (m && m[1]!.startsWith(open[0]!) && m[1]!.length >= open.length && m[2] === '') open = null;
    } else inside.push(false);
  }
  return inside;
}

export function shellBlocks(text: string): ShellBlock[] {
  const lines = text.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = FENCE.exec(lines[i]!);
    if (!m) continue;
    const fence = m[1]!;
    const language = m[2]!.toLowerCase();
    let end = i + 1;
    while (end < lines.length) {
      const close = FENCE.exec(lines[end]!);
      if (close && close[1]!.startsWith(fence[0]!) && close[1]!.length >= fence.length && close[2] === '') break;
      end++;
    }
    if (SHELL_LANGUAGES.has(language)) {
      const indent = /^\s*/.exec(lines[i]!)![0].length;
      const body = lines.slice(i + 1, end).map((l) => l.slice(Math.min(indent, /^\s*/.exec(l)![0].length)));
      blocks.push({ line: i + 1, language, marker: readMarker(lines[i - 1]), code: body.join('\n') });
    }
    i = end;
  }
  return blocks;
}

/** The commands of a block: a console block's `$ ` lines, any other block whole. */
export function blockScript(block: ShellBlock): string {
  if (block.language !== 'console') return block.code;
  return block.code.split('\n').filter((l) => l.startsWith('$ ')).map((l) => l.slice(2)).join('\n');
}

export function links(text: string): Link[] {
  const lines = text.split('\n');
  const inside = fenceMap(lines);
  const found: Link[] = [];
  lines.forEach((raw, i) => {
    if (inside[i]) return;
    const line = raw.replace(/(`+)(?:(?!\1).)*?\1/g, '');
    for (const m of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line: i + 1, target: m[1]! });
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (def) found.push({ line: i + 1, target: def[1]! });
    for (const m of line.matchAll(/<(?:img|a)\s[^>]*(?:src|href)="([^"]+)"/g)) found.push({ line: i + 1, target: m[1]! });
  });
  return found;
}

export function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');
}

/** GitHub's heading ids (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(text: string): Set<string> {
  const lines = text.split('\n');
  const inside = fenceMap(lines);
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  lines.forEach((line, i) => {
    if (inside[i]) return;
    for (const m of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) ids.add(m[1]!);
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) return;
    const plain = h[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const base = plain.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  });
  return ids;
}
