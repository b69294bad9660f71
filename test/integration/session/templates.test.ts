import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/index.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { Workbench } from '../../../src/session/index.ts';
import { tinySeed } from '../cli/fixtures.ts';

const edited = { ...tinySeed, messages: [{ ...tinySeed.messages[0], message_text: 'edited after the dump' }] };

// A template already in the engine stands for a data directory dumped before the seed file was edited.
const engine = await Engine.create({ services: [slack] });
afterAll(() => engine.close());

async function messageText(workbench: Workbench): Promise<unknown> {
  await workbench.ensureTemplate('tiny');
  const env = await engine.createEnvironment('tiny');
  try {
    return (await env.rows('slack', 'messages'))[0].message_text;
  } finally {
    await env.dispose();
  }
}

describe('templates from a prebuilt data directory', () => {
  it('are reloaded once the seed file changed, when the workbench verifies them (the CLI)', async () => {
    await engine.loadTemplate('tiny', tinySeed);
    let reads = 0;
    const seeds = async () => (reads++, edited);
    const workbench = await Workbench.create({ engine, seeds, createWorker: createNodeWorker, replicas: [slack], verifyTemplates: true });
    expect(await messageText(workbench)).toBe('edited after the dump');
    expect(await messageText(workbench)).toBe('edited after the dump');
    expect(reads).toBe(1);
  });

  it('are trusted as they are when it does not (the site, whose dump and seeds come from one build)', async () => {
    await engine.loadTemplate('tiny', tinySeed);
    const workbench = await Workbench.create({ engine, seeds: async () => edited, createWorker: createNodeWorker, replicas: [slack] });
    expect(await messageText(workbench)).toBe('hello world');
  });
});
