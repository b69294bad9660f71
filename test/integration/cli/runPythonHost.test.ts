import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { difflab, makeFixture, repoRoot } from './fixtures.ts';

// Issue 31, as it was found: a Python script given to `difflab run` ran a command on the host (os.system) and
// printed a host file onto run's stdout ahead of the JSON. Pyodide starts in a worker: minutes on a busy machine.
const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('difflab run with a Python script that tries the host', { timeout: 300_000 }, () => {
  it('runs no command, writes no host file, keeps stdout one JSON verdict, even through the C function beneath os.system', async () => {
    const marker = (name: string) => JSON.stringify(join(fx.dir, name));
    const script = fx.script(
      'host.py',
      `
import os
try:
    print('system', os.system('id > ' + ${marker('system')} + '; cat /etc/hostname package.json'))
except OSError as error:
    print('refused', error)
# A fresh posix module from the interpreter's own copy of its functions: the real system() again, beneath which
# Emscripten calls Node's child_process.
import _imp, importlib.machinery
fresh = _imp.create_builtin(importlib.machinery.ModuleSpec('posix', None))
print('fresh', fresh.system)
fresh.system('id > ' + ${marker('original')} + '; cat package.json')
`,
    );
    const r = await difflab(['run', '--suite', 'scenarios/slack/suite.json', '--test', 'random-boardgame-venue', '--script', script], { cwd: repoRoot });
    expect(existsSync(join(fx.dir, 'system'))).toBe(false);
    expect(existsSync(join(fx.dir, 'original'))).toBe(false);
    const out = JSON.parse(r.stdout) as { console: { text: string }[]; error: string | null; passed: boolean };
    const printed = out.console.map((line) => line.text);
    expect(printed[0]).toMatch(/^refused \[Errno 138\] DiffLab's sandbox runs no other programs/);
    expect(printed).toContain('fresh <built-in function system>');
    // The original reaches Node's child_process, which the lockdown poisoned: the script stops there, with why.
    expect(out.error).toMatch(/no access to the host/);
    expect(out.passed).toBe(false);
  });
});
