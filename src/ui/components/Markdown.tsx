import { micromark } from 'micromark';
import { useMemo } from 'react';

/**
 * Model text rendered as CommonMark. micromark's defaults are what makes this safe to put in the page: raw HTML in
 * the text is escaped, and javascript:/data: links are dropped, so a reply cannot inject markup or script.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const html = useMemo(() => micromark(text), [text]);
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
