/** A fenced code block of a model's reply, and how it runs. */
export interface CodeBlock {
  kind: 'js' | 'shell';
  source: string;
}

const JS = new Set(['js', 'javascript', 'mjs', 'ts', 'typescript', 'node', 'jsx']);
const SHELL = new Set(['bash', 'sh', 'shell', 'zsh', 'curl', 'console', 'shellscript']);

/**
 * The runnable blocks of a reply, in order. A block without a language runs as shell when it starts with curl and
 * as JavaScript otherwise; blocks in other languages (json, text, python) are shown, not run.
 */
export function extractCodeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const fence = /^([ \t]*)(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^\1?\2[ \t]*$/gm;
  for (const m of text.matchAll(fence)) {
    const lang = m[3].toLowerCase();
    const source = m[4].replace(/\n$/, '');
    if (!source.trim()) continue;
    if (JS.has(lang)) blocks.push({ kind: 'js', source });
    else if (SHELL.has(lang)) blocks.push({ kind: 'shell', source: stripPrompts(source) });
    else if (lang === '') blocks.push(/^\s*(\$\s*)?curl\s/.test(source) ? { kind: 'shell', source: stripPrompts(source) } : { kind: 'js', source });
  }
  return blocks;
}

/** `$ curl …` as in a terminal transcript. */
function stripPrompts(source: string): string {
  return source.replace(/^[ \t]*\$[ \t]+/gm, '');
}

/** The answer a final reply states on its last `Answer:` line, or null. */
export function explicitAnswer(text: string): string | null {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\s*(?:\*\*)?Answer(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*)$/i.exec(lines[i]);
    if (m) {
      const rest = [m[1], ...lines.slice(i + 1)].join('\n').trim();
      if (rest) return rest;
    }
  }
  return null;
}

/** The answer in a final reply: what follows its last `Answer:` line, else the whole reply. */
export function answerFromReply(text: string): string | null {
  return explicitAnswer(text) ?? (text.trim() || null);
}

/** Cuts an observation to a size the model can take, with a visible note saying how much was left out. */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  return `${text.slice(0, head)}\n… [output cut: ${text.length - max} characters not shown] …\n${text.slice(text.length - tail)}`;
}
