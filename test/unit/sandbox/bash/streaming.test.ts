import { describe, expect, it } from 'vitest';
import type { ConsoleEntry } from '../../../../src/sandbox/types.ts';
import { echoFetch, runBash, stderr, stdout } from './harness.ts';

// Bash output reaches the console as the script prints it (src/sandbox/bash/streamOutput.ts), not when it ends,
// and what was printed before a stop stays. Streaming must not change what a script does or prints.

describe('Bash sandbox: output while the script runs', () => {
  it('shows a line before the script goes on: the request after it waits until the console has it', async () => {
    let printed!: () => void;
    const consoleHasIt = new Promise<void>((resolve) => (printed = resolve));
    const seen: ConsoleEntry[] = [];
    // The request is answered only once "before" is on the console: output held to the end would never get there
    // and the script would hit the time limit instead.
    const answer = echoFetch();
    const result = await runBash('echo before; for i in 1 2; do echo "loop $i"; done; curl -s https://slack.com/api/auth.test > /dev/null; echo after', {
      fetch: async (request) => {
        await consoleHasIt;
        return answer(request);
      },
      onConsole: (entry) => {
        seen.push(entry);
        if (entry.text === 'loop 2') printed();
      },
    });
    expect(result).toMatchObject({ ok: true });
    expect(seen.map((e) => e.text)).toEqual(['before', 'loop 1', 'loop 2', 'after']);
    expect(result.console).toEqual(seen);
  });

  it('keeps what was printed before the time limit, with JavaScript’s stop message', async () => {
    const result = await runBash('echo start; for i in 1 2 3; do echo "step $i"; echo "warn $i" >&2; done; while true; do :; done', { limits: { timeMs: 1500 } });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', error: 'Script stopped: it ran longer than 1.5 s (time limit)' });
    expect(result.console.map((e) => `${e.level} ${e.text}`)).toEqual(['log start', 'log step 1', 'error warn 1', 'log step 2', 'error warn 2', 'log step 3', 'error warn 3']);
  });

  it('keeps what was printed before the memory limit and before exit, set -e and a failing command', async () => {
    const memory = await runBash('echo growing; x=a; for i in $(seq 1 40); do x="$x$x"; done; echo never', { limits: { memoryBytes: 16 * 1024 * 1024 } });
    expect(memory).toMatchObject({ ok: false, reason: 'memory' });
    expect(stdout(memory)).toBe('growing');
    const exited = await runBash('echo one; f() { echo in f; exit 3; }; f; echo never');
    expect(exited).toMatchObject({ ok: false, error: 'bash: the script exited with status 3' });
    expect(stdout(exited)).toBe('one\nin f');
    const setE = await runBash('set -e; echo one; false; echo never');
    expect(stdout(setE)).toBe('one');
    expect(setE.ok).toBe(false);
  });

  it('leaves what a script does as it was: variables, functions, loops, pipes, $(…), redirections, nested shells', async () => {
    let files: string[] = [];
    const result = await runBash(
      [
        'n=0; for i in 1 2 3; do n=$((n+i)); [ $i = 2 ] && break; done; echo "n=$n"',
        'f() { echo "f got $1"; }; f a | tr a-z A-Z',
        'x=$(echo inner; echo inner2 >&2); echo "x=$x"',
        'echo to-file > /tmp/out; echo "file=$(cat /tmp/out)"',
        'echo -n "part "; echo whole',
        'printf "a\\nb\\n" | while read -r l; do echo "got $l"; done',
        'while read -r l; do echo "read $l"; done < /tmp/out',
        'y=$(bash -c "echo nested"); echo "y=$y"',
        'if true; then echo yes; else echo no; fi; case b in a) echo A;; b) echo B;; esac',
        '{ echo grouped; echo grouped-err >&2; } 2>&1 | sort',
        'ls /nope 2>/dev/null || echo "missing $?"',
        'echo "héllo ✓"',
      ].join('\n'),
      { onFiles: (left) => (files = left.map((f) => f.path)) },
    );
    expect(result.ok).toBe(true);
    expect(stdout(result).split('\n')).toEqual([
      'n=3',
      'F GOT A',
      'x=inner',
      'file=to-file',
      'part whole',
      'got a',
      'got b',
      'read to-file',
      'y=nested',
      'yes',
      'B',
      'grouped',
      'grouped-err',
      'missing 2',
      'héllo ✓',
    ]);
    expect(stderr(result)).toBe('inner2');
    // The stream devices are the shell's own: no file of them is left in the scratch directory.
    expect(files).toContain('/tmp/out');
    expect(files.filter((p) => p.includes('difflab'))).toEqual([]);
  });
});
