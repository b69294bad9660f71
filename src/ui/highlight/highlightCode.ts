/**
 * Syntax colouring of the code an agent writes (reply blocks, tool arguments): highlight.js's core with the four
 * languages runs use — JavaScript, Bash, Python, JSON — a few kB instead of Monaco's tokenizers, which load only with
 * the editor. highlight.js escapes what it colours, so its HTML is as safe to insert as micromark's.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';

hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('python', python);
hljs.registerLanguage('json', json);

/** Fence names models use, by the language that colours them. */
const aliases: Record<string, string> = {
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  ts: 'javascript',
  typescript: 'javascript',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  curl: 'bash',
  python: 'python',
  py: 'python',
  python3: 'python',
  json: 'json',
};

/** The language a fence name is coloured as, or null for one not coloured. */
export function highlightLanguage(fence: string): string | null {
  return aliases[fence.toLowerCase()] ?? null;
}

/** `code` as escaped HTML with `hljs-*` spans, or null when the language is not one coloured here. */
export function highlightedHtml(code: string, fence: string): string | null {
  const language = highlightLanguage(fence);
  return language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null;
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Colours the fenced blocks of micromark's HTML (`<pre><code class="language-x">…</code></pre>`). micromark escapes
 * exactly `& < > "` in code; the text is unescaped and handed to highlight.js, which escapes it again.
 */
export function highlightCodeBlocks(html: string): string {
  return html.replace(/<pre><code class="language-([\w+-]+)">([\s\S]*?)<\/code><\/pre>/g, (block, fence: string, escaped: string) => {
    const text = escaped.replace(/&(amp|lt|gt|quot);/g, (e) => entities[e]);
    const coloured = highlightedHtml(text, fence);
    return coloured === null ? block : `<pre><code class="hljs language-${fence}" data-highlighted="${highlightLanguage(fence)}">${coloured}</code></pre>`;
  });
}
