import { describe, expect, it } from 'vitest';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const box = withBoxEnvironment();

describe('GET /files/{id}', () => {
  it('returns the standard file with path_collection, file_version and users', async () => {
    const { status, body } = await box.call('GET', '/files/1101');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'file', id: '1101', name: 'budget_2025.csv', size: 27, sha1: 'b1', etag: '1', sequence_id: '1', item_status: 'active',
      file_version: { type: 'file_version', id: 'V1101b', sha1: 'b1' },
      parent: { type: 'folder', id: 'F11', name: 'Budgets' },
      created_by: { type: 'user', id: 'U100', name: 'Mara Quill', login: 'mara@tidewater.test' },
    });
    expect(body.path_collection).toEqual({
      total_count: 3,
      entries: [
        { type: 'folder', id: '0', sequence_id: null, etag: null, name: 'All Files' },
        { type: 'folder', id: 'F10', sequence_id: '0', etag: '0', name: 'Finance' },
        { type: 'folder', id: 'F11', sequence_id: '0', etag: '0', name: 'Budgets' },
      ],
    });
    expect(body).not.toHaveProperty('tags');
  });

  it('with fields returns type, id, etag and only what was asked', async () => {
    const { body } = await box.call('GET', '/files/2001', null, { query: { fields: 'tags,comment_count,version_number,nonsense' } });
    expect(body).toEqual({ type: 'file', id: '2001', etag: '0', tags: ['draft'], comment_count: 1, version_number: '1' });
  });

  it('answers 404 not_found for an unknown id and 404 trashed for a trashed file', async () => {
    const missing = await box.call('GET', '/files/424242');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'error', status: 404, code: 'not_found', request_id: expect.any(String) });
    await box.call('DELETE', '/files/9001');
    const gone = await box.call('GET', '/files/9001');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('trashed');
  });
});

describe('PUT /files/{id}', () => {
  it('renames, describes and tags, bumping etag and sequence_id, and changes only those columns', async () => {
    const { status, body } = await box.call('PUT', '/files/1001', { name: 'invoice_acme_77.txt', description: 'Paid', tags: ['finance', 'paid'] }, { query: { fields: 'name,description,tags' } });
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'file', id: '1001', etag: '1', name: 'invoice_acme_77.txt', description: 'Paid', tags: ['finance', 'paid'] });
    const diff = await box.diff();
    expect(diff.updates).toHaveLength(1);
    const { before, after } = diff.updates[0];
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k])).sort();
    expect(changed).toEqual(['description', 'etag', 'modified_at', 'name', 'sequence_id', 'tags']);
  });

  it('moves a file with parent.id and reports the new path', async () => {
    const { body } = await box.call('PUT', '/files/9001', { parent: { id: 'F11' } });
    expect(body.parent).toMatchObject({ id: 'F11' });
    expect(body.path_collection.entries.map((e: { name: string }) => e.name)).toEqual(['All Files', 'Finance', 'Budgets']);
  });

  it('refuses a name already used in the folder (ignoring case) with 409 and the conflict', async () => {
    const { status, body } = await box.call('PUT', '/files/9001', { name: 'FINANCE' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'item_name_in_use', context_info: { conflicts: [{ type: 'folder', id: 'F10', name: 'Finance' }] } });
    expect((await box.diff()).updates).toEqual([]);
  });

  it('refuses invalid names, a missing parent and If-Match mismatches', async () => {
    expect((await box.call('PUT', '/files/9001', { name: 'a/b' })).body.code).toBe('item_name_invalid');
    expect((await box.call('PUT', '/files/9001', { name: '' })).status).toBe(400);
    expect((await box.call('PUT', '/files/9001', { parent: { id: 'nope' } })).body).toMatchObject({ status: 404, code: 'not_found' });
    const stale = await box.call('PUT', '/files/9001', { name: 'x.txt' }, { headers: { 'if-match': '7' } });
    expect(stale.body).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect((await box.call('PUT', '/files/9001', { name: 'x.txt' }, { headers: { 'if-match': '0' } })).status).toBe(200);
  });

  it('creates and removes a shared link', async () => {
    const shared = await box.call('PUT', '/files/9001', { shared_link: { access: 'open' } }, { query: { fields: 'shared_link' } });
    expect(shared.body.shared_link).toMatchObject({ access: 'open', effective_access: 'open', url: expect.stringMatching(/^https:\/\/app\.box\.com\/s\//), permissions: { can_download: true } });
    const [row] = await box.query<{ shared_link: { access: string } }>(`SELECT shared_link FROM box_files WHERE id = '9001'`);
    expect(row.shared_link.access).toBe('open');
    expect((await box.call('PUT', '/files/9001', { shared_link: { access: 'everyone' } })).status).toBe(400);
    const removed = await box.call('PUT', '/files/9001', { shared_link: null }, { query: { fields: 'shared_link' } });
    expect(removed.body.shared_link).toBeNull();
  });
});

describe('DELETE /files/{id} and POST /files/{id}/copy', () => {
  it('trashes a file (204) so that listings and search no longer show it', async () => {
    const res = await box.call('DELETE', '/files/1001');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const [row] = await box.query<{ item_status: string }>(`SELECT item_status FROM box_files WHERE id = '1001'`);
    expect(row.item_status).toBe('trashed');
    const items = await box.call('GET', '/folders/F10/items');
    expect(items.body.entries.map((e: { id: string }) => e.id)).toEqual(['F11']);
    expect((await box.call('DELETE', '/files/1001')).body.code).toBe('trashed');
  });

  it('copies a file with its current bytes into another folder', async () => {
    const res = await box.call('POST', '/files/1101/copy', { parent: { id: '0' }, name: 'budget_copy.csv' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'budget_copy.csv', parent: { id: '0' }, size: 27 });
    const download = await box.download(res.body.id);
    expect(download.text).toBe('dept,amount\nops,120\nlab,80\n');
    expect((await box.call('POST', '/files/1101/copy', { parent: { id: 'F11' } })).body.code).toBe('item_name_in_use');
  });
});

describe('folders', () => {
  it('lists items folders first, then files, with total_count, offset, limit and order', async () => {
    const { body } = await box.call('GET', '/folders/0/items');
    expect(body).toMatchObject({ total_count: 3, offset: 0, limit: 100 });
    expect(body.entries).toEqual([
      { type: 'folder', id: 'F10', sequence_id: '0', etag: '0', name: 'Finance' },
      { type: 'folder', id: 'F20', sequence_id: '0', etag: '0', name: 'Research' },
      { type: 'file', id: '9001', file_version: { type: 'file_version', id: 'V9001', sha1: 'r1' }, sequence_id: '0', etag: '0', sha1: 'r1', name: 'readme.txt' },
    ]);
  });

  it('pages with offset and limit across the folder/file boundary, and sorts by date descending', async () => {
    const page = await box.call('GET', '/folders/0/items', null, { query: { offset: '1', limit: '1' } });
    expect(page.body.entries.map((e: { id: string }) => e.id)).toEqual(['F20']);
    const next = await box.call('GET', '/folders/0/items', null, { query: { offset: '2', limit: '5' } });
    expect(next.body.entries.map((e: { id: string }) => e.id)).toEqual(['9001']);
    const byDate = await box.call('GET', '/folders/0/items', null, { query: { sort: 'date', direction: 'DESC', fields: 'modified_at' } });
    expect(byDate.body.entries.map((e: { id: string }) => e.id)).toEqual(['F20', 'F10', '9001']);
    expect(byDate.body.order).toEqual([{ by: 'date', direction: 'DESC' }]);
    expect((await box.call('GET', '/folders/0/items', null, { query: { sort: 'colour' } })).status).toBe(400);
    expect((await box.call('GET', '/folders/0/items', null, { query: { limit: '-1' } })).status).toBe(400);
  });

  it('GET /folders/{id} carries item_collection; the trashed folder answers 404 trashed', async () => {
    const { body } = await box.call('GET', '/folders/F10');
    expect(body).toMatchObject({ type: 'folder', id: 'F10', name: 'Finance', description: 'Money matters', item_collection: { total_count: 2 } });
    expect(body.item_collection.entries.map((e: { name: string }) => e.name)).toEqual(['Budgets', 'invoice_acme.txt']);
    expect((await box.call('GET', '/folders/F30')).body.code).toBe('trashed');
  });

  it('creates a folder (201), refuses duplicates and a missing parent', async () => {
    const created = await box.call('POST', '/folders', { name: 'Q1', parent: { id: 'F10' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'folder', name: 'Q1', parent: { id: 'F10' }, item_collection: { total_count: 0, entries: [] } });
    const dup = await box.call('POST', '/folders', { name: 'q1', parent: { id: 'F10' } });
    expect(dup.status).toBe(409);
    expect(dup.body.context_info.conflicts[0]).toMatchObject({ type: 'folder', id: created.body.id, name: 'Q1' });
    expect((await box.call('POST', '/folders', { name: 'X', parent: { id: 'nope' } })).body.code).toBe('not_found');
    expect((await box.call('POST', '/folders', { name: 'X' })).body.code).toBe('bad_request');
    expect((await box.call('POST', '/folders', { parent: { id: '0' } })).status).toBe(400);
  });

  it('updates tags and description; refuses moving a folder into its own subfolder', async () => {
    const res = await box.call('PUT', '/folders/F10', { tags: ['finance', 'audited'], description: 'Audit complete' }, { query: { fields: 'tags,description' } });
    expect(res.body).toEqual({ type: 'folder', id: 'F10', etag: '1', tags: ['finance', 'audited'], description: 'Audit complete' });
    expect((await box.call('PUT', '/folders/F10', { parent: { id: 'F11' } })).status).toBe(400);
    expect((await box.call('PUT', '/folders/0', { name: 'Root' })).status).toBe(403);
  });

  it('deletes an empty folder, and a non-empty one only with recursive=true', async () => {
    const refused = await box.call('DELETE', '/folders/F10');
    expect(refused.body).toMatchObject({ status: 400, code: 'folder_not_empty' });
    expect((await box.call('DELETE', '/folders/F10', null, { query: { recursive: 'true' } })).status).toBe(204);
    const [row] = await box.query<{ item_status: string }>(`SELECT item_status FROM box_folders WHERE id = 'F10'`);
    expect(row.item_status).toBe('trashed');
  });
});

describe('routing and authentication', () => {
  it('answers 401 without a token, 404 for an unknown path and 405 for a wrong method', async () => {
    const anon = await box.call('GET', '/files/1001', null, { token: null });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await box.call('GET', '/nothing/here')).body).toMatchObject({ status: 404, code: 'not_found' });
    expect((await box.call('PATCH', '/files/1001', {})).status).toBe(405);
  });

  it('rejects a malformed JSON body with 400', async () => {
    const res = await box.send(new Request('https://api.box.com/2.0/folders', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{oops' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('items inside a trashed folder', () => {
  it('are trashed with it: reads answer 404 trashed and search leaves them out', async () => {
    expect((await box.call('GET', '/files/3001')).body).toMatchObject({ status: 404, code: 'trashed' });
    await box.call('DELETE', '/folders/F10', null, { query: { recursive: 'true' } });
    expect((await box.call('GET', '/files/1101')).body.code).toBe('trashed');
    expect((await box.call('GET', '/folders/F11/items')).body.code).toBe('trashed');
    expect((await box.call('GET', '/search', null, { query: { query: 'budget' } })).body.total_count).toBe(0);
  });
});

describe('trash', () => {
  it('lists trashed items, restores a file where it was, and purges', async () => {
    await box.call('DELETE', '/files/1001');
    const trash = await box.call('GET', '/folders/trash/items');
    expect(trash.body.entries.map((e: { id: string }) => e.id)).toEqual(['F30', '1001']);
    expect((await box.call('GET', '/files/1001/trash')).body).toMatchObject({ id: '1001', item_status: 'trashed' });
    const restored = await box.call('POST', '/files/1001', {});
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ id: '1001', item_status: 'active', parent: { id: 'F10' } });
    expect((await box.call('GET', '/files/1001')).status).toBe(200);
    expect((await box.call('POST', '/files/3001', {})).status).toBe(404);
    expect((await box.call('DELETE', '/folders/F30/trash')).status).toBe(204);
    const [row] = await box.query<{ item_status: string }>(`SELECT item_status FROM box_folders WHERE id = 'F30'`);
    expect(row.item_status).toBe('deleted');
    expect((await box.call('GET', '/folders/F30')).body.code).toBe('not_found');
  });

  it('restoring into a folder that has the name answers 409; a trashed parent 403', async () => {
    await box.call('DELETE', '/files/9001');
    await box.upload('/files/content', (await import('../../../helpers/boxEnvironment.ts')).uploadForm({ name: 'readme.txt', parent: { id: '0' } }, 'new'));
    expect((await box.call('POST', '/files/9001', {})).body.code).toBe('item_name_in_use');
    expect((await box.call('POST', '/files/9001', { name: 'readme (old).txt' })).status).toBe(201);
    await box.call('DELETE', '/files/1101');
    await box.call('DELETE', '/folders/F11', null, { query: { recursive: 'true' } });
    expect((await box.call('POST', '/files/1101', {})).status).toBe(403);
  });

  it('preflight answers 200, or 409 for a taken name', async () => {
    const ok = await box.call('OPTIONS', '/files/content', { name: 'new.txt', parent: { id: '0' } });
    expect(ok.body).toMatchObject({ upload_url: expect.stringContaining('/files/content') });
    expect((await box.call('OPTIONS', '/files/content', { name: 'readme.txt', parent: { id: '0' } })).status).toBe(409);
  });
});

describe('marker pagination of folder items', () => {
  it('follows next_marker to the end', async () => {
    const seen: string[] = [];
    let marker: string | null = null;
    do {
      const query: Record<string, string> = { usemarker: 'true', limit: '2', ...(marker ? { marker } : {}) };
      const { body } = await box.call('GET', '/folders/0/items', null, { query });
      expect(body).not.toHaveProperty('total_count');
      seen.push(...body.entries.map((e: { id: string }) => e.id));
      marker = body.next_marker;
    } while (marker);
    expect(seen).toEqual(['F10', 'F20', '9001']);
    expect((await box.call('GET', '/folders/0/items', null, { query: { marker: 'garbage!' } })).status).toBe(400);
  });
});
