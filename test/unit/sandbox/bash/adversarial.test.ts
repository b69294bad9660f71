import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBash, stderr, stdout } from './harness.ts';

// Scripts that try to get out of the Bash sandbox or to take it down. Each must end with the message JavaScript
// gives for the same limit, or be refused, and never reach the host.

const SECRET = 'difflab-adversarial-secret-7f3a';
beforeAll(() => {
  process.env.DIFFLAB_ADVERSARIAL_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.DIFFLAB_ADVERSARIAL_SECRET;
});

const fast = { limits: { timeMs: 1500 } };

describe('Bash sandbox: runaway scripts stop with the limits’ messages', () => {
  it('stops a busy loop at the time limit', async () => {
    const result = await runBash('echo start; while true; do :; done', fast);
    expect(result).toMatchObject({ ok: false, reason: 'timeout', error: 'Script stopped: it ran longer than 1.5 s (time limit)' });
  });

  it('stops an arithmetic loop and a loop of function calls at the time limit', async () => {
    for (const script of ['i=0; while true; do i=$((i+1)); done', 'f() { local x=$1; }; for ((;;)); do f 1; done']) {
      expect(await runBash(script, fast)).toMatchObject({ ok: false, reason: 'timeout' });
    }
  });

  it('stops a script that waits on nothing but time (sleep in a loop moves only the virtual clock)', async () => {
    const result = await runBash('while true; do sleep 60; done', fast);
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('ends a fork bomb and runaway recursion with an error, not a crash', async () => {
    for (const script of [':(){ :|:& };:', 'f() { f; }; f', 'f() { echo x | f; }; f']) {
      const result = await runBash(script, fast);
      expect(result.ok).toBe(false);
      expect(result.reason === 'error' || result.reason === 'timeout').toBe(true);
    }
  });

  it('cuts a flood of output to the console budget with JavaScript’s note', async () => {
    const result = await runBash('for i in $(seq 1 2000); do echo "line $i of a flood"; done', { limits: { maxConsoleChars: 5000, timeMs: 120_000 } });
    expect(result.ok).toBe(true);
    expect(result.console.at(-1)).toEqual({ level: 'warn', text: '… console output truncated: more than 5000 characters' });
    expect(result.console.reduce((n, e) => n + e.text.length, 0)).toBeLessThan(5200);
  });

  it('stops output without end at the output limit, and a string bigger than memory at the memory limit', async () => {
    expect(await runBash('s=$(printf "%0100000d" 0); for i in $(seq 1 100); do echo "$s"; done')).toMatchObject({ ok: false, reason: 'error', error: 'Script stopped: it printed more than 8 MB (output limit)' });
    const memory = await runBash('x=a; for i in $(seq 1 40); do x="$x$x"; done; echo ${#x}', { limits: { memoryBytes: 16 * 1024 * 1024 } });
    expect(memory).toMatchObject({ ok: false, reason: 'memory', error: 'Script stopped: it used more than 16 MB of memory (memory limit)' });
  });

  it('refuses requests past the request limit with JavaScript’s message', async () => {
    const result = await runBash('for i in $(seq 1 30); do curl -s https://slack.com/api/auth.test > /dev/null; done', { limits: { maxRequests: 10 } });
    expect(result).toMatchObject({ ok: false, reason: 'requests', error: 'Script exceeded the request limit: it tried to make more than 10 requests' });
    expect(result.requests).toHaveLength(10);
  });
});

describe('Bash sandbox: nothing of the host is reachable', () => {
  it('shows no host environment variable', async () => {
    const result = await runBash('env; printenv; set; echo "${DIFFLAB_ADVERSARIAL_SECRET:-unset}"; cat /proc/self/environ 2>&1');
    const text = stdout(result) + stderr(result);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(process.cwd());
    expect(stdout(result)).toContain('unset');
  });

  it('has no host files: /etc/passwd, the repository, node_modules are not there', async () => {
    const result = await runBash(`cat /etc/passwd; cat ${process.cwd()}/package.json; ls /work /root /usr/lib/node_modules; find / -name '*.ts' -o -name '*.json' | head`);
    const text = stdout(result) + stderr(result);
    expect(text).not.toMatch(/root:x:0|difflab|"dependencies"/);
    expect(stdout(result)).toBe('');
  });

  it('reaches no other host: other sites, localhost, the platform API, metadata addresses', async () => {
    const urls = ['https://example.com/', 'http://127.0.0.1:8787/api/platform/initEnv', 'http://localhost:5173/', 'http://169.254.169.254/latest/meta-data/', 'https://slack.com.evil.example/api/auth.test', 'file:///etc/passwd'];
    const result = await runBash(urls.map((u) => `curl -s ${u}; echo "exit $?"`).join('\n'));
    expect(stdout(result).split('\n')).toEqual(urls.map(() => 'exit 6'));
    expect(result.requests.every((r) => r.status === 0)).toBe(true);
  });

  it('has no command that runs another interpreter, a database or the network besides curl', async () => {
    const result = await runBash(['python3 -c 1', 'python -c 1', 'js-exec -c 1', 'node -e 1', 'sqlite3 :memory: "select 1"', 'wget https://slack.com/api/auth.test', 'nc slack.com 443', 'ssh x'].map((c) => `${c} 2>/dev/null || echo "no ${c.split(' ')[0]}"`).join('\n'));
    expect(stdout(result).split('\n')).toEqual(['no python3', 'no python', 'no js-exec', 'no node', 'no sqlite3', 'no wget', 'no nc', 'no ssh']);
  });
});
