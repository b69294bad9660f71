import { describe, expect, it } from 'vitest';
import { answerFromReply, boundText, extractCodeBlocks } from '../../../src/agent/codeBlocks.ts';

describe('extractCodeBlocks', () => {
  it('finds JavaScript and shell blocks in order, and skips other languages', () => {
    const text = 'First:\n```js\nconsole.log(1)\n```\nthen\n```bash\n$ curl https://a.test\n```\n```json\n{"a":1}\n```\n```\ncurl https://b.test\n```\n```\nconsole.log(2)\n```';
    expect(extractCodeBlocks(text)).toEqual([
      { language: 'javascript', source: 'console.log(1)' },
      { language: 'bash', source: 'curl https://a.test' },
      { language: 'bash', source: 'curl https://b.test' },
      { language: 'javascript', source: 'console.log(2)' },
    ]);
  });

  it('a reply without code has no blocks', () => {
    expect(extractCodeBlocks('All done. Answer: 42')).toEqual([]);
  });
});

describe('answerFromReply', () => {
  it('takes what follows the last Answer: line', () => {
    expect(answerFromReply('I looked.\nAnswer: 3 channels')).toBe('3 channels');
    expect(answerFromReply('**Answer:** #general')).toBe('#general');
    expect(answerFromReply('Answer: a\nmore text\nAnswer: b')).toBe('b');
  });
  it('falls back to the whole reply', () => {
    expect(answerFromReply('  Posted it.  ')).toBe('Posted it.');
    expect(answerFromReply('   ')).toBeNull();
  });
});

describe('boundText', () => {
  it('keeps short text and cuts long text with a visible note', () => {
    expect(boundText('abc', 10)).toBe('abc');
    const cut = boundText('x'.repeat(1000), 100);
    expect(cut).toContain('[output cut: 900 characters not shown]');
    expect(cut.length).toBeLessThan(200);
  });
});
