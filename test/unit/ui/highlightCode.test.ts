import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { highlightCodeBlocks, highlightedHtml } from '../../../src/ui/highlight/highlightCode.ts';

describe('highlightCodeBlocks', () => {
  it('colours the fenced JavaScript, Bash, Python and JSON of a reply', () => {
    for (const [fence, code, cls] of [
      ['javascript', 'const r = await fetch("https://slack.com/api/auth.test");', 'hljs-keyword'],
      ['bash', 'ch=$(curl -s "https://slack.com/api/auth.test")\necho "$ch"', 'hljs-string'],
      ['python', 'import requests\nprint(requests.get("x").json())', 'hljs-keyword'],
      ['json', '{"channel": "C07RANDOM", "n": 2}', 'hljs-attr'],
    ]) {
      const html = highlightCodeBlocks(micromark(`Text\n\`\`\`${fence}\n${code}\n\`\`\``));
      expect(html, fence).toContain(`class="${cls}"`);
      expect(html).toContain('<p>Text</p>');
    }
  });

  it('keeps the text exact and escaped: no markup from the reply gets through', () => {
    const code = 'const s = "<img src=x onerror=alert(1)>" && a < b;';
    const html = highlightCodeBlocks(micromark('```js\n' + code + '\n```'));
    expect(html).not.toContain('<img');
    const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
    expect(text.trim()).toBe(code);
  });

  it('leaves a block of an unknown language as micromark wrote it', () => {
    const html = micromark('```cobol\nDISPLAY "hi".\n```');
    expect(highlightCodeBlocks(html)).toBe(html);
    expect(highlightedHtml('x', 'cobol')).toBeNull();
  });
});
