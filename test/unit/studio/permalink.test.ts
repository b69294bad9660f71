import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFragment, decodeState, encodeFragment, encodeState, fromBase64Url, MAX_FRAGMENT, shareLink, toBase64Url } from '../../../src/studio/permalink.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

describe('permalinks', () => {
  it('round-trips bytes exactly, whatever they hold', async () => {
    const bytes = new Uint8Array(70_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 3)) & 0xff;
    const fragment = await encodeFragment(bytes);
    expect(fragment).toMatch(/^#share=v1\.[A-Za-z0-9_-]+$/);
    expect(await decodeFragment(fragment)).toEqual(bytes);
  });

  it('round-trips a real suite byte for byte and opens it as a scenario', async () => {
    const text = readFileSync(join(repoRoot, 'scenarios/slack/suite.json'), 'utf8');
    const suite = JSON.parse(text);
    suite.tests = suite.tests.slice(0, 1);
    const fragment = await encodeState({ kind: 'scenario', suite });
    const state = await decodeState(fragment);
    expect(JSON.stringify(state)).toBe(JSON.stringify({ kind: 'scenario', suite }));
    // Compression pays: a one-test suite fits in a link.
    expect(fragment.length).toBeLessThan(JSON.stringify(suite).length);
  });

  it('base64url has no padding or +/ and inverts exactly', () => {
    for (const n of [0, 1, 2, 3, 4, 255]) {
      const b = Uint8Array.from({ length: n }, (_, i) => 250 - i);
      const t = toBase64Url(b);
      expect(t).not.toMatch(/[+/=]/);
      expect(fromBase64Url(t)).toEqual(b);
    }
  });

  it('rejects fragments that are not share links or do not inflate', async () => {
    expect(await decodeState('#other=1')).toBeNull();
    expect(await decodeState('#share=v1.AAAA')).toBeNull();
  });

  it('falls back to a file when the link would be too long', async () => {
    // Incompressible text: a link cannot hold it.
    let code = '';
    let x = 1;
    for (let i = 0; i < MAX_FRAGMENT; i++) code += String.fromCharCode(33 + ((x = (x * 48271) % 2147483647) % 90));
    const long = await shareLink('https://difflab.dev/#old', { kind: 'script', code, testId: 'x' });
    expect(long).toEqual({ tooLong: true, fileName: 'x.js', text: code });
    const short = await shareLink('https://difflab.dev/#old', { kind: 'script', code: 'console.log(1)' });
    expect('url' in short && short.url.startsWith('https://difflab.dev/#share=v1.')).toBe(true);
    if ('url' in short) expect(await decodeState(new URL(short.url).hash)).toEqual({ kind: 'script', code: 'console.log(1)' });
  });
});
