import { describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../../src/cli/createNodeWorker.ts';
import { runScript } from '../../../../src/sandbox/runScript.ts';
import { memoryLimitMessage } from '../../../../src/sandbox/stopMessages.ts';
import { defaultLimits, type ScriptResult } from '../../../../src/sandbox/types.ts';

// Each run starts a Pyodide worker: seconds of CPU, minutes of wall time on a machine whose cores are busy.
const SLOW = { timeout: 300_000 };

function python(source: string): Promise<ScriptResult> {
  const fetch = async () => Response.json({ ok: true });
  return runScript(source, { fetch, createWorker: createNodeWorker, language: 'python' });
}

/**
 * Ways a Python script fills memory. Each prints only if it got more memory than the limit (64 MB by default), so a
 * line in its console means the heap passed the limit; each must end at the memory limit, not at the time limit.
 * Deep recursion is not among them: it is Python's RecursionError, reported as the script's error.
 */
const FILLERS: [string, string][] = [
  ['64 MB bytearrays kept in a list', "keep = []\nfor i in range(8):\n    keep.append(bytearray(1 << 26))\n    if len(keep) > 1:\n        print(len(keep))\n"],
  ['one 256 MB string', "s = 'x' * (256 << 20)\nprint(len(s))\n"],
  ['a list of four million ints', 'numbers = list(range(4 * 10**6))\nprint(len(numbers))\n'],
  ['a 200 MB string join', "text = ','.join(['x' * 1000] * 200_000)\nprint(len(text))\n"],
  ['a dict of small strings grown in a loop', 'd = {}\nfor i in range(10**7):\n    d[i] = str(i) * 3\nprint(len(d))\n'],
  // Stopped by construction: neither MemoryError nor the KeyboardInterrupt that follows keeps it running.
  ['a loop that catches every exception', 'while True:\n    try:\n        bytearray(1 << 27)\n    except BaseException:\n        pass\n'],
];

describe('Python sandbox: the memory limit', SLOW, () => {
  it.each(FILLERS)('stops %s at the memory limit, before the heap passes it', async (_, source) => {
    const result = await python(source);
    expect(result).toMatchObject({ ok: false, reason: 'memory', error: memoryLimitMessage(defaultLimits) });
    expect(result.console).toEqual([]);
  });

  it('runs the next script as usual after a memory stop', async () => {
    expect(await python(FILLERS[0][1])).toMatchObject({ reason: 'memory' });
    const next = await python("chunk = bytearray(8 << 20)\nprint(len(chunk))\n");
    expect(next).toMatchObject({ ok: true });
    expect(next.console.map((entry) => entry.text)).toEqual([String(8 << 20)]);
  });
});
