import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';
import { readSeed } from '../../../../src/cli/seeds.ts';
import type { SeedTables } from '../../../../src/engine/index.ts';
import { contentPath } from '../../../../src/replicas/box/seedContents.ts';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';
import { repoRoot, sharedAgentDiff } from '../../cli/fixtures.ts';

/**
 * A Box seed that names its files' bytes by `local_path` (as Agent-Diff's does) gets them from the `filesystem/`
 * folder beside it. The fixture, made for this test: q1.csv and dot.png as the seed describes them, drift.txt whose
 * bytes disagree with the seed's size and sha1, and missing.csv, which the folder lacks.
 */
const fixtureSeeds = join(repoRoot, 'test', 'fixtures', 'box-filesystem', 'seeds');
const onDisk = (path: string) => new Uint8Array(readFileSync(join(fixtureSeeds, 'filesystem', path)));
const auth = { authorization: 'Bearer difflab-test' };

describe('Box file contents from a seed\'s filesystem/ folder, through difflab serve --seeds', () => {
  let server: ServerHandle;
  let envUrl: string;
  let stderr = '';

  beforeAll(async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
    try {
      server = await startServer({ port: 0, seedsDir: fixtureSeeds, poolSize: 0 });
      const init = await fetch(`${server.url}/api/platform/initEnv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'x' },
        body: JSON.stringify({ templateService: 'box', templateName: 'box_filesystem_demo', impersonateUserId: 'U1' }),
      });
      envUrl = `${server.url}/api/env/${(await init.json()).environmentId}/services/box/2.0`;
    } finally {
      write.mockRestore();
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('downloads each file whose bytes the folder holds, byte for byte (text and binary, and bytes that disagree with the seed)', async () => {
    for (const [id, path] of [['501', 'reports/q1.csv'], ['502', 'images/dot.png'], ['503', 'notes/drift.txt']]) {
      for (const base of [envUrl, `${server.url}/2.0`]) {
        const res = await fetch(`${base}/files/${id}/content`, { headers: auth });
        expect(res.status, `${base} ${path}`).toBe(200);
        expect(new Uint8Array(await res.arrayBuffer()), path).toEqual(onDisk(path));
      }
    }
  });

  it('a file whose bytes are absent answers 202 with Retry-After and no body (never a 200 with an empty body)', async () => {
    const res = await fetch(`${envUrl}/files/504/content`, { headers: auth });
    expect(res.status).toBe(202);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
    const info = await (await fetch(`${envUrl}/files/504`, { headers: auth })).json();
    expect(info).toMatchObject({ type: 'file', id: '504', size: 64 });
  });

  it('reports at load which contents are absent and which disagree with the seed', () => {
    expect(stderr).toContain('seed "box_filesystem_demo": 3 of 4 Box file contents found in filesystem/');
    expect(stderr).toMatch(/absent[^\n]*reports\/missing\.csv/);
    const sha1 = createHash('sha1').update(onDisk('notes/drift.txt')).digest('hex');
    expect(stderr).toContain(`notes/drift.txt: ${onDisk('notes/drift.txt').length} bytes, sha1 ${sha1}; the seed says 12 bytes`);
    expect(stderr).not.toMatch(/q1\.csv|dot\.png/);
  });
});

// Agent-Diff's Box seed and its file contents are read in place, never copied (see ../shared/agent-diff/README.md).
const agentDiffSeeds = join(sharedAgentDiff, 'seeds');
const present = existsSync(join(agentDiffSeeds, 'box_default.json')) && existsSync(join(agentDiffSeeds, 'filesystem'));

/** The seed as `run`, `check`, `eval` and `serve` read it (with its contents), its load report kept off the output. */
async function quietly<T>(read: () => Promise<T>): Promise<T> {
  const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return await read();
  } finally {
    write.mockRestore();
  }
}
const agentDiffSeed = present ? ((await quietly(() => readSeed(agentDiffSeeds, 'box_default'))) as SeedTables) : {};

describe.skipIf(!present)("Agent-Diff's Box seed with its filesystem/ folder", () => {
  const box = withBoxEnvironment(agentDiffSeed, { actingUserId: '27512847635', template: 'box_default_with_contents' });

  it('every file whose bytes exist downloads as those bytes; the four unpublished ones answer 202', async () => {
    const folder = join(agentDiffSeeds, 'filesystem');
    let compared = 0;
    const absent: string[] = [];
    for (const version of agentDiffSeed.box_file_versions) {
      const path = contentPath(version)!;
      const res = await download(box, version);
      if (existsSync(join(folder, path))) {
        expect(res.status, path).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(folder, path))), path).toBe(true);
        compared++;
      } else {
        expect(res.status, path).toBe(202);
        absent.push(path);
      }
    }
    expect(compared).toBe(agentDiffSeed.box_file_versions.length - 4);
    expect(absent.sort()).toEqual([
      'agent-diff-research/openai_gpt-5-mini_full_results_20251208_094350.json',
      'agent-diff-research/x-ai_grok-4.1-fast_full_results_20251211_095616.json',
      'investments/macroeconomics/selected-price-indexes-december-2025.csv',
      'investments/macroeconomics/transport-april-2025-csv.csv',
    ]);
  }, 300_000);
});

if (!present) {
  describe("Agent-Diff's Box seed with its filesystem/ folder", () => {
    it.skip(`skipped: ${agentDiffSeeds} has no box_default.json or filesystem/`, () => {});
  });
}

/** A version's download as a client following Box's redirect gets it. */
async function download(box: ReturnType<typeof withBoxEnvironment>, version: Record<string, unknown>): Promise<Response> {
  const redirect = await box.send(new Request(`https://api.box.com/2.0/files/${version.file_id}/content?version=${version.id}`, { headers: auth }));
  if (redirect.status !== 302) return redirect;
  return box.send(new Request(redirect.headers.get('location')!));
}
