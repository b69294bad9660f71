import { describe, expect, it } from 'vitest';
import { difflab } from './fixtures.ts';

describe('difflab usage', () => {
  it('prints help for every command', async () => {
    for (const command of ['run', 'check', 'evaluate', 'selftest', 'serve', 'bench']) {
      const r = await difflab([command, '--help']);
      expect(r.code, command).toBe(0);
      expect(r.stdout).toContain(`usage: difflab ${command}`);
      expect(r.stdout).toContain('--help');
    }
  });

  it('rejects unknown commands and flags with a clear message', async () => {
    const command = await difflab(['frobnicate']);
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/unknown command "frobnicate"/);
    expect(command.stderr).toMatch(/commands:/);

    const flag = await difflab(['evaluate', '--spek', 'x.json']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/unknown flag --spek/);
    expect(flag.stderr).toMatch(/--spec/);

    const missing = await difflab(['run', '--suite', 'x.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing --test/);

    const none = await difflab([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/usage: difflab <command>/);
  });
});
