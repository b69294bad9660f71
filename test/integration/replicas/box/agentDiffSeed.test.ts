import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SeedTables } from '../../../../src/engine/index.ts';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';
import { bin, repoRoot, sharedAgentDiff } from '../../cli/fixtures.ts';

// Agent-Diff's published Box seed and suite are read in place, never copied (see ../shared/agent-diff/README.md).
const seedFile = join(sharedAgentDiff, 'seeds', 'box_default.json');
const suiteFile = join(sharedAgentDiff, 'testsuites', 'box_bench.json');
const present = existsSync(seedFile) && existsSync(suiteFile);
const seed: SeedTables = present ? JSON.parse(readFileSync(seedFile, 'utf8')) : {};

describe.skipIf(!present)("Agent-Diff's Box seed and suite", () => {
  const box = withBoxEnvironment(seed, { actingUserId: '27512847635', template: 'box_default' });

  it('box_default loads unmodified: every row is there', async () => {
    for (const [table, rows] of Object.entries(seed)) {
      const [{ n }] = await box.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(n, table).toBe(rows.length);
    }
  });

  it('serves the endpoints the published tasks start with', async () => {
    const me = await box.call('GET', '/users/me');
    expect(me.body).toMatchObject({ type: 'user', id: '27512847635', name: 'Admin User', login: 'admin@example.com' });
    const root = await box.call('GET', '/folders/0/items', null, { query: { limit: '1000' } });
    expect(root.status).toBe(200);
    expect(root.body.total_count).toBe(root.body.entries.length);
    const fileId = seed.box_files[0].id as string;
    const file = await box.call('GET', `/files/${fileId}`);
    expect(file.body).toMatchObject({ type: 'file', id: fileId, name: seed.box_files[0].name, sha1: seed.box_files[0].sha_1 });
    expect(file.body.path_collection.entries[0]).toMatchObject({ id: '0', name: 'All Files' });
    // Read without its filesystem/ folder the seed carries no bytes: Box's 202 (content it cannot serve), never a
    // 200 with an empty body (seedContents.test.ts downloads them with the folder).
    const download = await box.download(fileId);
    expect(download.status).toBe(202);
    expect(download.text).toBe('');
    const hits = await box.call('GET', '/search', null, { query: { query: 'fomc' } });
    expect(hits.body.total_count).toBeGreaterThan(0);
    const hubs = await box.call('GET', '/hubs', null, { headers: { 'box-version': '2025.0' } });
    expect(hubs.body.entries.length).toBe(seed.box_hubs.length);
  });

  it('renaming a file and trashing a folder change the columns the published assertions read', async () => {
    const fileId = seed.box_files[0].id as string;
    await box.call('PUT', `/files/${fileId}`, { tags: ['finance'], description: 'Audit Complete' });
    const diff = await box.diff();
    expect(diff.updates).toHaveLength(1);
    expect(diff.updates[0].after).toMatchObject({ id: fileId, tags: ['finance'], description: 'Audit Complete', version_number: '1' });
  });

  it('box_bench.json passes difflab check with box_default', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'check', '--suite', suiteFile, '--seeds', join(sharedAgentDiff, 'seeds')], { cwd: repoRoot });
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, format: 'agent-diff', tests: 48, issues: [], seeds: [expect.objectContaining({ name: 'box_default', ok: true })] });
  }, 120_000);
});

if (!present) {
  describe("Agent-Diff's Box seed and suite", () => {
    it.skip(`skipped: ${sharedAgentDiff} has no Box seed or suite`, () => {});
  });
}
