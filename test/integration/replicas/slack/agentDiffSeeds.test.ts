import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type SeedTables } from '../../../../src/engine/index.ts';
import { createRouter } from '../../../../src/replicas/index.ts';
import { slack } from '../../../../src/replicas/slack/index.ts';

// Agent-Diff's published seeds are read in place, never copied (see ../shared/agent-diff/README.md).
const SEEDS = resolve(__dirname, '../../../../../shared/agent-diff/seeds');
const files = existsSync(SEEDS) ? readdirSync(SEEDS).filter((f) => /^slack_.*\.json$/.test(f)).sort() : [];

describe.skipIf(files.length === 0)("Agent-Diff's Slack seeds", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.create({ services: [slack] });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it.each(files)('%s loads unmodified as a template and serves reads', async (file) => {
    const seed = JSON.parse(readFileSync(join(SEEDS, file), 'utf8')) as SeedTables;
    const name = file.replace(/\.json$/, '');
    const template = await engine.loadTemplate(name, seed);
    for (const [table, rows] of Object.entries(seed)) expect(template.rowCounts[`slack.${table}`]).toBe(rows.length);

    const env = await engine.createEnvironment(name, { actingUserId: 'U01AGENBOT9' });
    const route = (method: string, params: Record<string, string> = {}) =>
      createRouter([slack])
        .route(
          new Request(`https://slack.com/api/${method}`, {
            method: 'POST',
            headers: { authorization: 'Bearer placeholder', 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(params).toString(),
          }),
          env,
        )
        .then((r) => r.json());
    const list = await route('conversations.list', { types: 'public_channel,private_channel,mpim,im' });
    expect(list.ok).toBe(true);
    expect(list.channels.length).toBeGreaterThan(0);
    const history = await route('conversations.history', { channel: 'C01ABCD1234' });
    expect(history.ok).toBe(true);
    expect(history.messages.length).toBeGreaterThan(0);
    expect((await route('users.list')).members).toHaveLength(seed.users.length);
    const posted = await route('chat.postMessage', { channel: 'C01ABCD1234', text: 'hello' });
    const newest = Math.max(...seed.messages.map((m) => Number(m.message_id)));
    expect(Number(posted.ts)).toBeGreaterThan(newest);
    await env.dispose();
  });
});
