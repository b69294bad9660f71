import { micromark } from 'micromark';
import { useMemo } from 'react';
import { highlightCodeBlocks } from '../highlight/highlightCode.ts';
import '../highlight/highlight.css';

/**
 * Model text rendered as CommonMark. micromark's defaults are what makes this safe to put in the page: raw HTML in
 * the text is escaped, and javascript:/data: links are dropped, so a reply cannot inject markup or script. Fenced
 * code is then coloured (highlight.js escapes what it colours).
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const html = useMemo(() => highlightCodeBlocks(micromark(text)), [text]);
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A block of code in one language, coloured (tool arguments as JSON); plain when the language is not known. */
export function CodeBlock({ code, language, className = '' }: { code: string; language: string; className?: string }) {
  const html = useMemo(() => highlightCodeBlocks(`<pre><code class="language-${language}">${escapeHtml(code)}</code></pre>`), [code, language]);
  return <div className={`markdown code-block ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
