import { languageOfFence, type LanguageId } from '../sandbox/languages.ts';
import type { ScriptResult } from '../sandbox/types.ts';

/** A fenced code block of a model's reply, and the language it runs in. */
export interface CodeBlock {
  language: LanguageId;
  source: string;
}

/** A block without a language that starts like a shell command line runs as Bash; otherwise as JavaScript. */
const SHELL_START = /^\s*(\$\s+)?(curl|jq|echo|for|while|if|cat|printf|set|export|[A-Za-z_][A-Za-z0-9_]*=)\b/;

/**
 * The runnable blocks of a reply, in order, each in the language its fence names (```bash, ```javascript; see
 * languages.ts). Blocks in other languages (json, text) are shown, not run.
 */
export function extractCodeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const fence = /^([ \t]*)(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^\1?\2[ \t]*$/gm;
  for (const m of text.matchAll(fence)) {
    const lang = m[3].toLowerCase();
    const source = m[4].replace(/\n$/, '');
    if (!source.trim()) continue;
    const language = lang === '' ? (SHELL_START.test(source) ? 'bash' : 'javascript') : languageOfFence(lang)?.id;
    if (!language) continue;
    blocks.push({ language, source: language === 'bash' ? stripPrompts(source) : source });
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

/** What a script's run tells the model: its console output and, when it failed, why (bounded, with a note when cut). */
export function scriptObservation(r: ScriptResult, max: number): string {
  const printed = r.console.map((e) => (e.level === 'log' || e.level === 'info' ? e.text : `[${e.level}] ${e.text}`)).join('\n');
  const failure = r.ok ? '' : `\nError: ${r.error ?? r.reason ?? 'the script failed'}`;
  return boundText((printed + failure).trim() || '(no output)', max);
}
