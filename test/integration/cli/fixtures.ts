import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const bin = join(repoRoot, 'bin', 'difflab.mjs');
export const sharedAgentDiff = resolve(repoRoot, '..', 'shared', 'agent-diff');

/** A small Slack workspace: three channels (for pagination), three users, one message to react to. */
export const tinySeed = {
  teams: [{ team_id: 'T1', team_name: 'Tiny Co' }],
  users: [
    { user_id: 'U1', username: 'ada', email: 'ada@tiny.example', real_name: 'Ada Lovelace' },
    { user_id: 'U2', username: 'bob', email: 'bob@tiny.example', real_name: 'Bob Stone' },
    { user_id: 'U3', username: 'cy', email: 'cy@tiny.example', real_name: 'Cy Young' },
  ],
  user_teams: [
    { user_id: 'U1', team_id: 'T1' },
    { user_id: 'U2', team_id: 'T1' },
    { user_id: 'U3', team_id: 'T1' },
  ],
  channels: [
    { channel_id: 'C1', channel_name: 'general', team_id: 'T1', topic_text: 'Everything' },
    { channel_id: 'C2', channel_name: 'random', team_id: 'T1' },
    { channel_id: 'C3', channel_name: 'dev', team_id: 'T1' },
  ],
  channel_members: [
    { channel_id: 'C1', user_id: 'U1' },
    { channel_id: 'C1', user_id: 'U2' },
    { channel_id: 'C2', user_id: 'U1' },
    { channel_id: 'C3', user_id: 'U1' },
  ],
  messages: [{ message_id: '1700000000.000100', channel_id: 'C1', user_id: 'U2', message_text: 'hello world' }],
};

const postHello = (channel: string) => `
const r = await fetch('https://slack.com/api/chat.postMessage', {
  method: 'POST',
  headers: { 'content-type': 'application/json; charset=utf-8', authorization: 'Bearer xoxb-test' },
  body: JSON.stringify({ channel: '${channel}', text: 'hello from the script' }),
});
const j = await r.json();
console.log('posted', j.ok);
`;

export const addedHello = { diff_type: 'added', entity: 'messages', where: { channel_id: 'C1', message_text: { contains: 'hello' } }, expected_count: 1 };

/** DiffLab-format suite: one scenario whose solution is right, one whose solution posts in the wrong channel. */
export const tinySuite = {
  format: 'difflab-suite/1',
  id: 'tiny',
  name: 'Tiny suite',
  services: ['slack'],
  seed: 'tiny_slack',
  acting_user: 'U1',
  tests: [
    { id: 'post-hello', title: 'Say hello', prompt: 'Post hello in #general', assertions: [addedHello], solution: 'solutions/post-hello.js' },
    { id: 'wrong-solution', title: 'Broken', prompt: 'Post hello in #general', assertions: [addedHello], solution: 'solutions/wrong.js' },
  ],
};

export interface Fixture {
  dir: string;
  seeds: string;
  suite: string;
  agentDiffSuite: string;
  script: (name: string, source: string) => string;
  file: (name: string, content: string) => string;
  cleanup: () => void;
}

export function makeFixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'difflab-cli-'));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  };
  file('seeds/tiny_slack.json', JSON.stringify(tinySeed));
  file('solutions/post-hello.js', postHello('C1'));
  file('solutions/wrong.js', postHello('C3'));
  const suite = file('suite.json', JSON.stringify(tinySuite, null, 2));
  const agentDiffSuite = file(
    'agent-diff-suite.json',
    JSON.stringify({
      id: 'tiny-ad',
      name: 'Tiny (Agent-Diff format)',
      service: 'slack',
      ignore_fields: { global: ['created_at', 'updated_at'] },
      tests: [{ id: 'test_1', name: 'Say hello', prompt: 'Post hello', type: 'actionEval', seed_template: 'tiny_slack', impersonate_user_id: 'U1', assertions: [addedHello] }],
    }),
  );
  return {
    dir,
    seeds: dir,
    suite,
    agentDiffSuite,
    script: (name, source) => file(`scripts/${name}`, source),
    file,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const helloScript = postHello('C1');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real bin in a child process; `env` adds to the parent's environment. */
export function difflab(args: string[], options: { input?: string; cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const env = options.env ? { ...process.env, ...options.env } : process.env;
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
