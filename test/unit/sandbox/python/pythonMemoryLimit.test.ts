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
 * Ways a Python script fills memory (64 MB by default), in big steps between two of the interrupt checks Python makes
 * every few dozen bytecodes: each must end at the memory limit, not at the time limit. Deep recursion is not among
 * them: it is Python's RecursionError, reported as the script's error.
 */
const FILLERS: [string, string][] = [
  ['64 MB bytearrays kept in a list', 'keep = []\nwhile True:\n    keep.append(bytearray(1 << 26))\n'],
  ['32 MB strings kept in a list', "keep = []\nwhile True:\n    keep.append('x' * (1 << 25))\n"],
  ['a list of ints extended a million at a time', 'numbers = []\nwhile True:\n    numbers.extend(range(10**6))\n'],
  ['100 MB string joins kept in a list', "parts = ['x' * 1000] * 100_000\nkeep = []\nwhile True:\n    keep.append(','.join(parts))\n"],
  // Thousands of objects rather than a few big ones (each a few kB, so that it fills memory fast on a busy machine too).
  ['a dict of strings, one per key', 'd = {}\ni = 0\nwhile True:\n    d[i] = str(i) * 1000\n    i += 1\n'],
  // Stopped by construction: neither the MemoryError nor the KeyboardInterrupt that follows keeps it running.
  ['a loop that catches MemoryError', 'keep = []\nwhile True:\n    try:\n        keep.append(bytearray(1 << 26))\n    except MemoryError:\n        pass\n'],
  ['a loop that catches every exception', 'keep = []\nwhile True:\n    try:\n        keep.append(bytearray(1 << 26))\n    except BaseException:\n        pass\n'],
];

describe('Python sandbox: the memory limit', SLOW, () => {
  it.each(FILLERS)('stops %s at the memory limit', async (_, source) => {
    expect(await python(source)).toMatchObject({ ok: false, reason: 'memory', error: memoryLimitMessage(defaultLimits) });
  });

  it('runs the next script as usual after a memory stop', async () => {
    expect(await python(FILLERS[0][1])).toMatchObject({ reason: 'memory' });
    const next = await python("chunk = bytearray(8 << 20)\nprint(len(chunk))\n");
    expect(next).toMatchObject({ ok: true });
    expect(next.console.map((entry) => entry.text)).toEqual([String(8 << 20)]);
  });
});
