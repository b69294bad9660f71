import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentPath, runAgentCommand } from '../../../src/cli/agentProcess.ts';

const base = { mcpUrl: 'http://127.0.0.1:1/x/mcp', timeoutMs: 60_000, passEnv: {}, hidden: [] };

/** Whether a process still runs (a zombie waiting for its parent to reap it has ended). */
function running(pid: number): boolean {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return false;
  return !/^State:\s+Z/m.test(readFileSync(status, 'utf8'));
}

describe('runAgentCommand', () => {
  it('puts the prompt in {prompt} as one word the shell does not interpret', async () => {
    const prompt = `Friday's "board game" night: $(touch pwned) \`id\` $HOME; done`;
    const r = await runAgentCommand({ ...base, command: 'printf %s {prompt}; printf "|%s" "$DIFFLAB_PROMPT"', prompt });
    expect(r).toMatchObject({ code: 0, timedOut: false });
    expect(r.stdout).toBe(`${prompt}|${prompt}`);
  });

  it('returns when the command exits, and kills what it left running in its process group', async () => {
    const r = await runAgentCommand({ ...base, command: 'sleep 120 & echo $!', prompt: 'x' });
    expect(r.code).toBe(0);
    const pid = Number(r.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => running(pid), { timeout: 10_000 }).toBe(false);
  });

  it('stops a command past its time limit, even one that ignores SIGTERM', async () => {
    const r = await runAgentCommand({ ...base, timeoutMs: 500, command: "trap '' TERM; while :; do sleep 1; done", prompt: 'x' });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGKILL');
  });
});

describe('agentPath', () => {
  it('drops the folders an agent may not be led into and every node_modules/.bin', () => {
    expect(agentPath('/work/difflab/node_modules/.bin:/home/me/project/node_modules/.bin:/usr/local/bin:/data/suites/bin:/usr/bin:relative', ['/work/difflab', '/data/suites'])).toBe('/usr/local/bin:/usr/bin');
  });
});
