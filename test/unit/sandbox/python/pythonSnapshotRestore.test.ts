import { loadPyodide } from 'pyodide';
import { describe, expect, it } from 'vitest';
import type { LoadPyodide, PyodideLike } from '../../../../src/sandbox/python/pyodideApi.ts';
import { pythonRunner, type PythonSnapshots } from '../../../../src/sandbox/python/pythonRunner.ts';
import { defaultLimits, type ConsoleEntry, type ScriptResult } from '../../../../src/sandbox/types.ts';
import type { RunnerIO } from '../../../../src/sandbox/worker.ts';

// The runner in this process (no worker): a start from a snapshot, and from one that does not restore. Each start
// loads Pyodide (seconds of CPU), so each test checks several things in one script.
const SLOW = { timeout: 300_000 };
const load: LoadPyodide = async (options) => (await loadPyodide(options)) as unknown as PyodideLike;
/** Pyodide's snapshot magic number, the first four bytes of every snapshot it makes. */
const SNAPSHOT_MAGIC = 1886286592;

const PROBE = `
import json, sys, random
closed = []
for name in ('js', 'pyodide.ffi', 'pyodide.http', 'pyodide_js'):
    try:
        __import__(name)
    except ImportError:
        closed.append(name)
print(json.dumps({'hash': hash('difflab'), 'randomization': sys.flags.hash_randomization, 'random': random.random(), 'closed': closed}))
`;

function runProbe(snapshots: PythonSnapshots): Promise<{ result: Omit<ScriptResult, 'console'>; console: ConsoleEntry[] }> {
  const runner = pythonRunner({ loadPyodide: load, snapshots });
  return new Promise((resolve) => {
    const console: ConsoleEntry[] = [];
    const io: RunnerIO = {
      started: () => {},
      console: (entry) => console.push(entry),
      fetch: () => Promise.reject(new TypeError('no network here')),
      fetchBlocking: () => new TypeError('no network here'),
      memory: () => {},
      done: (outcome) => resolve({ result: outcome as Omit<ScriptResult, 'console'>, console }),
    };
    void runner.run({ source: PROBE, limits: defaultLimits, determinism: { now: Date.parse('2026-03-25T16:00:00Z'), randomSeed: 7 }, files: [] }, io);
  });
}

describe('Python sandbox: memory snapshots', SLOW, () => {
  it('a snapshot that does not restore means a cold start (which makes a new one); a restored one is as closed and deterministic as a cold start', async () => {
    const saved: Uint8Array[] = [];
    const broken: PythonSnapshots = { load: async () => ({ bytes: Promise.resolve(new Uint8Array(64)) }), save: (bytes) => saved.push(bytes) };
    const cold = await runProbe(broken);
    expect(cold.result).toEqual({ ok: true });
    expect(saved).toHaveLength(1);
    expect(new Uint32Array(saved[0]!.buffer, saved[0]!.byteOffset, 1)[0]).toBe(SNAPSHOT_MAGIC);

    // The bytes arrive after Pyodide has started loading, as the page's fetch does.
    const restored = await runProbe({ load: async () => ({ bytes: new Promise((resolve) => setTimeout(() => resolve(saved[0]!), 50)) }) });
    expect(restored.result).toEqual({ ok: true });
    const [coldLine, restoredLine] = [cold, restored].map((r) => JSON.parse(r.console.at(-1)?.text ?? '{}') as Record<string, unknown>);
    expect(coldLine).toMatchObject({ randomization: 0, closed: ['js', 'pyodide.ffi', 'pyodide.http', 'pyodide_js'] });
    expect(restoredLine).toEqual(coldLine);
  });
});
