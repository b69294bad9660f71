import { describe, expect, it } from 'vitest';
import { memoryLimitMessage } from '../../../src/sandbox/stopMessages.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';
import { lines, run } from './harness.ts';

const MB = 1024 * 1024;
const post = (body: string) => `await fetch('https://slack.com/api/chat.postMessage', { method: 'POST', body: ${body} });\nconsole.log('sent');`;

/**
 * Ways a JavaScript script fills memory (64 MB by default), several of them by handing something big to the host
 * (a request body, TextEncoder, TextDecoder), where the copy into or out of QuickJS's heap is what runs out. Each
 * must end at the memory limit: not as a crash, not as an error from the copy, not at the time limit, and not carry
 * on when the script catches what it was thrown. Deep recursion is not among them (QuickJS's stack overflow).
 */
const FILLERS: [string, string][] = [
  ['a 60 MB body made by repeat', `const s = 'x'.repeat(${60 * MB});\n${post('s')}`],
  ['a 60 MB body made by concatenation', `let s = '';\nconst chunk = 'x'.repeat(${MB});\nfor (let i = 0; i < 60; i++) s += chunk;\n${post('s')}`],
  ['a body that is JSON.stringify of a big array', `const a = new Array(${6 * MB}).fill(1234567);\n${post('JSON.stringify(a)')}`],
  ['a 30 MB Blob body', `const s = 'x'.repeat(${30 * MB});\n${post('new Blob([s])')}`],
  ['a 32 MB body that is not ASCII', `const s = 'é'.repeat(${16 * MB});\n${post('s')}`],
  ['a 32 MB body that is not ASCII, its failure caught', `const s = 'é'.repeat(${16 * MB});\ntry {\n${post('s')}\n} catch {}\nconsole.log('carried on');`],
  ['TextEncoder on a 40 MB string', `const s = 'x'.repeat(${40 * MB});\nconsole.log(new TextEncoder().encode(s).length);`],
  ['TextEncoder on a 40 MB string, its failure caught', `const s = 'x'.repeat(${40 * MB});\ntry { new TextEncoder().encode(s); } catch {}\nconsole.log('carried on');`],
  ['TextDecoder making a 90 MB string', `const b = new Uint8Array(${30 * MB}).fill(0xff);\nconsole.log(new TextDecoder().decode(b).length);`],
  ['a loop of small objects', 'const a = [];\nfor (;;) a.push({ n: a.length, s: "x" + a.length });'],
];

describe('runScript: the memory limit', () => {
  it.each(FILLERS)('stops %s at the memory limit', async (_, source) => {
    const result = await run(source);
    expect({ reason: result.ok ? 'ok' : result.reason, error: result.ok ? '' : result.error, console: lines(result) }).toEqual({
      reason: 'memory',
      error: memoryLimitMessage(defaultLimits),
      console: [],
    });
  });
});
