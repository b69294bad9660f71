import { Readable } from 'node:stream';
import { BoxClient, BoxDeveloperTokenAuth } from 'box-typescript-sdk-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';

// Box's official TypeScript SDK against `difflab serve`: base URLs at the server root, as FEASIBILITY §1 measured
// (`/2.0/…` for the API, `/api/2.0/…` for uploads). The default Box environment is built from scenarios/box/seeds.
let server: ServerHandle;
let client: BoxClient;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios' });
  const auth = new BoxDeveloperTokenAuth({ token: 'difflab-developer-token' });
  client = new BoxClient({ auth }).withCustomBaseUrls({ baseUrl: server.url, uploadUrl: `${server.url}/api`, oauth2Url: `${server.url}/oauth2` });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function diff(): Promise<any> {
  const response = await fetch(`${server.url}/api/platform/diffRun`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'x' },
    body: JSON.stringify({ envId: server.defaultEnvs.get('box')!.id }),
  });
  return (await response.json()).diff;
}

describe('box-typescript-sdk-gen against difflab serve', () => {
  it('lists the root folder with fields and a limit, and pages with offset', async () => {
    const page = await client.folders.getFolderItems('0', { queryParams: { fields: ['name', 'size'], limit: 5 } });
    expect(page.totalCount).toBeGreaterThan(5);
    expect(page.entries!.length).toBe(5);
    expect(page.entries!.map((e) => e.type)).toEqual(['folder', 'folder', 'folder', 'folder', 'folder']);
    expect(page.entries![0]).toMatchObject({ name: 'Archive' });
    const rest = await client.folders.getFolderItems('0', { queryParams: { offset: 5, limit: 100 } });
    expect(rest.entries!.length).toBe(page.totalCount! - 5);
    expect(rest.entries!.some((e) => e.type === 'file' && (e as { name?: string }).name === 'README - start here.txt')).toBe(true);
  });

  it('searches by content and by name with filters', async () => {
    const byContent = await client.search.searchForContent({ query: 'Granite Peak Analytics' });
    expect((byContent as any).entries.map((e: any) => e.name)).toEqual(['untitled.txt']);
    const csvs = await client.search.searchForContent({ query: 'inventory_2025', fileExtensions: ['csv'], limit: 5, type: 'file' });
    expect((csvs as any).totalCount).toBe(12);
    expect((csvs as any).entries.length).toBe(5);
  });

  it('uploads a file, renames and moves it, comments on it, downloads it, and the diff shows exactly that', async () => {
    const me = await client.users.getUserMe();
    expect(me).toMatchObject({ name: 'Priya Raman', login: 'priya.raman@kestreltrail.example' });
    const uploaded = await client.uploads.uploadFile({
      attributes: { name: 'sdk_upload.txt', parent: { id: '0' } },
      file: Readable.from([Buffer.from('Uploaded through the official SDK\n')]),
    });
    const file = uploaded.entries![0];
    expect(file).toMatchObject({ type: 'file', name: 'sdk_upload.txt', size: 34 });
    expect(file.sha1).toMatch(/^[0-9a-f]{40}$/);

    const finance = (await client.search.searchForContent({ query: 'Finance', type: 'folder' }) as any).entries.find((e: any) => e.name === 'Finance');
    const moved = await client.files.updateFileById(file.id, { requestBody: { name: 'sdk_renamed.txt', parent: { id: finance.id } } });
    expect(moved).toMatchObject({ name: 'sdk_renamed.txt', parent: { id: finance.id } });
    expect(moved.pathCollection!.entries.map((e) => e.name)).toEqual(['All Files', 'Finance']);

    const comment = await client.comments.createComment({ message: 'Checked by the SDK test', item: { id: file.id, type: 'file' } });
    expect(comment).toMatchObject({ message: 'Checked by the SDK test', item: { id: file.id, type: 'file' } });

    const stream = await client.downloads.downloadFile(file.id);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe('Uploaded through the official SDK\n');

    const d = await diff();
    expect(d.inserts.map((r: any) => r.__table__).sort()).toEqual(['box_comments', 'box_file_versions', 'box_files']);
    expect(d.inserts.find((r: any) => r.__table__ === 'box_files')).toMatchObject({ name: 'sdk_renamed.txt', parent_id: finance.id, version_number: '1' });
  });

  it('reports a name conflict as BoxApiError with Box\'s status, message and request id', async () => {
    // This SDK version loses `responseInfo` (its class fields are re-initialised after super()), so the message is
    // what a caller can read: "<status> <message>; Request ID: <id>".
    const error = await client.folders.createFolder({ name: 'finance', parent: { id: '0' } }).catch((e) => e);
    expect(error.name).toBe('BoxApiError');
    expect(error.message).toMatch(/^409 "Item with the same name already exists"; Request ID: "\w+"$/);
    const raw = await fetch(`${server.url}/2.0/folders`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'finance', parent: { id: '0' } }),
    });
    const body = await raw.json();
    expect(body).toMatchObject({ type: 'error', status: 409, code: 'item_name_in_use', context_info: { conflicts: [{ type: 'folder', name: 'Finance' }] } });
  });

  it('creates a hub and adds an item with the 2025.0 API', async () => {
    const hub = await client.hubs.createHubV2025R0({ title: 'SDK Hub', description: 'made by the SDK' });
    expect(hub).toMatchObject({ title: 'SDK Hub', type: 'hubs' });
    const readme = (await client.search.searchForContent({ query: 'README' }) as any).entries[0];
    const result = await client.hubItems.manageHubItemsV2025R0(hub.id, { operations: [{ action: 'add', item: { type: 'file', id: readme.id } }] });
    expect(result.operations).toEqual([expect.objectContaining({ action: 'add', status: 200 })]);
    const items = await client.hubItems.getHubItemsV2025R0({ hubId: hub.id });
    expect(items.entries).toEqual([expect.objectContaining({ id: readme.id, type: 'file', name: 'README - start here.txt' })]);
  });
});
