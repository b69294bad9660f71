import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API, UPLOAD, uploadForm, withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const box = withBoxEnvironment();
const sha1 = (s: string | Uint8Array) => createHash('sha1').update(s).digest('hex');

describe('POST /files/content', () => {
  it('uploads a file: 201 {total_count, entries}, version 1, sha1 and size of the bytes, content stored', async () => {
    const res = await box.upload('/files/content', uploadForm({ name: 'plan.csv', parent: { id: 'F20' } }, 'a,b\n1,2\n'));
    expect(res.status).toBe(201);
    expect(res.body.total_count).toBe(1);
    const file = res.body.entries[0];
    expect(file).toMatchObject({ type: 'file', name: 'plan.csv', size: 8, sha1: sha1('a,b\n1,2\n'), parent: { id: 'F20' }, sequence_id: '0', etag: '0' });
    const [row] = await box.query(`SELECT extension, version_number FROM box_files WHERE id = $1`, [file.id]);
    expect(row).toEqual({ extension: 'csv', version_number: '1' });
    const [version] = await box.query(`SELECT content, content_encoding, version_number FROM box_file_versions WHERE file_id = $1`, [file.id]);
    expect(version).toEqual({ content: 'a,b\n1,2\n', content_encoding: 'utf8', version_number: '1' });
  });

  it('stores binary uploads as base64 and downloads the same bytes', async () => {
    const bytes = new Uint8Array([0, 255, 1, 128, 10, 13]);
    const res = await box.upload('/files/content', uploadForm({ name: 'blob.bin', parent: { id: '0' } }, bytes));
    const id = res.body.entries[0].id;
    expect(res.body.entries[0].sha1).toBe(sha1(bytes));
    const [version] = await box.query<{ content_encoding: string }>(`SELECT content_encoding FROM box_file_versions WHERE file_id = $1`, [id]);
    expect(version.content_encoding).toBe('base64');
    const redirect = await box.send(new Request(`${API}/files/${id}/content`, { headers: { authorization: 'Bearer t' } }));
    const download = await box.send(new Request(redirect.headers.get('location')!));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('is also accepted on the API host', async () => {
    const res = await box.upload('/files/content', uploadForm({ name: 'api-host.txt', parent: { id: '0' } }, 'x'), { base: API });
    expect(res.status).toBe(201);
  });

  it('answers Box\'s errors for a missing attributes part, a missing file part, bad JSON, a wrong parent and a taken name', async () => {
    const noAttributes = await box.upload('/files/content', uploadForm(undefined, 'x'));
    expect(noAttributes.body).toMatchObject({ status: 400, code: 'bad_request' });
    const onlyAttributes = new FormData();
    onlyAttributes.append('attributes', JSON.stringify({ name: 'a.txt', parent: { id: '0' } }));
    const noFile = await box.upload('/files/content', onlyAttributes);
    expect(noFile.body).toMatchObject({ status: 400, code: 'bad_request', message: expect.stringMatching(/file part/) });
    expect((await box.upload('/files/content', uploadForm('{not json', 'x'))).body.code).toBe('bad_request');
    expect((await box.upload('/files/content', uploadForm({ name: 'a.txt' }, 'x'))).body.code).toBe('bad_request');
    expect((await box.upload('/files/content', uploadForm({ name: 'a.txt', parent: { id: 'nope' } }, 'x'))).body).toMatchObject({ status: 404, code: 'not_found' });
    expect((await box.upload('/files/content', uploadForm({ name: 'a.txt', parent: { id: 'F30' } }, 'x'))).body).toMatchObject({ status: 404, code: 'trashed' });
    const taken = await box.upload('/files/content', uploadForm({ name: 'README.TXT', parent: { id: '0' } }, 'x'));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'item_name_in_use', context_info: { conflicts: { type: 'file', id: '9001', name: 'readme.txt' } } });
    expect((await box.upload('/files/content', uploadForm({ name: 'bad/name', parent: { id: '0' } }, 'x'))).body.code).toBe('item_name_invalid');
    expect((await box.diff()).inserts.filter((r) => r.__table__ === 'box_files').map((r) => r.name)).toEqual([]);
  });

  it('takes the part after attributes whatever its name: box-node-sdk 3.8.2 names it `content`', async () => {
    // The form box-node-sdk's files.uploadFile builds (lib/managers/files.js): `attributes`, then `content`.
    const form = new FormData();
    form.append('attributes', JSON.stringify({ name: 'sdk.txt', parent: { id: '0' } }));
    form.append('content', new Blob(['from the legacy SDK']), 'sdk.txt');
    const res = await box.upload('/files/content', form);
    expect(res.status).toBe(201);
    expect(res.body.entries[0]).toMatchObject({ name: 'sdk.txt', size: 19, sha1: sha1('from the legacy SDK') });
    const version = new FormData();
    version.append('attributes', JSON.stringify({}));
    version.append('content', new Blob(['second']), 'sdk.txt');
    expect((await box.upload(`/files/${res.body.entries[0].id}/content`, version)).body.entries[0]).toMatchObject({ size: 6, sha1: sha1('second') });
    expect(new TextDecoder().decode(new Uint8Array(Buffer.from((await box.download(res.body.entries[0].id)).text)))).toBe('second');
  });

  it('an attributes part sent as a file, with no file part, is Box\'s 400 on both upload paths', async () => {
    for (const path of ['/files/content', '/files/9001/content']) {
      const form = new FormData();
      form.append('attributes', new Blob([JSON.stringify({ name: 'a.txt', parent: { id: '0' } })]), 'attributes.json');
      const res = await box.upload(path, form);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ type: 'error', status: 400, code: 'bad_request' });
    }
  });

  it('reads an upload that puts the file part first (attributes still apply)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['late']), 'late.txt');
    form.append('attributes', JSON.stringify({ name: 'late.txt', parent: { id: '0' } }));
    expect((await box.upload('/files/content', form)).status).toBe(201);
  });
});

describe('POST /files/{id}/content (new version) and GET /files/{id}/content', () => {
  it('adds a version: version_number goes up, a file_version row is added, the old bytes stay downloadable', async () => {
    const res = await box.upload('/files/9001/content', uploadForm({}, 'Hello again'));
    expect(res.status).toBe(201);
    expect(res.body.entries[0]).toMatchObject({ id: '9001', size: 11, sha1: sha1('Hello again'), etag: '1', sequence_id: '1' });
    const [file] = await box.query(`SELECT version_number, size, sha_1 FROM box_files WHERE id = '9001'`);
    expect(file).toEqual({ version_number: '2', size: 11, sha_1: sha1('Hello again') });
    expect((await box.download('9001')).text).toBe('Hello again');
    expect((await box.download('9001', { query: { version: 'V9001' } })).text).toBe('Hello there');
    const versions = await box.call('GET', '/files/9001/versions');
    expect(versions.body.entries.map((v: { id: string }) => v.id)).toEqual(['V9001']);
  });

  it('renames with attributes.name, refuses a taken name and an If-Match mismatch', async () => {
    const res = await box.upload('/files/9001/content', uploadForm({ name: 'readme.md' }, '# hi'));
    expect(res.body.entries[0].name).toBe('readme.md');
    expect((await box.upload('/files/9001/content', uploadForm({ name: 'Finance' }, 'x'))).body.code).toBe('item_name_in_use');
    const stale = await box.upload('/files/9001/content', uploadForm({}, 'x'), { headers: { 'if-match': '0' } });
    expect(stale.body).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect((await box.upload('/files/9001/content', uploadForm(undefined, 'no attributes needed'), { base: UPLOAD })).status).toBe(201);
  });

  it('answers 302 to the download host with an empty body, as Box does', async () => {
    const res = await box.send(new Request(`${API}/files/1101/content`, { headers: { authorization: 'Bearer t' } }));
    expect(res.status).toBe(302);
    expect(await res.text()).toBe('');
    expect(res.headers.get('location')).toMatch(/^https:\/\/dl\.boxcloud\.com\/d\/1\/[A-Za-z0-9_-]+\/download$/);
    expect((await box.call('GET', '/files/404/content')).status).toBe(404);
    expect((await box.call('GET', '/files/1101/content', null, { query: { version: 'V404' } })).status).toBe(404);
    expect(await box.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('the download URL needs no token, gives a content type and disposition, honours Range, and 404s on a bad token', async () => {
    const part = await box.download('1101', { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.text).toBe('dept');
    expect(part.headers.get('content-range')).toBe('bytes 0-3/27');
    const full = await box.download('1101');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('text/csv');
    expect(full.headers.get('content-disposition')).toContain('budget_2025.csv');
    expect((await box.send(new Request('https://dl.boxcloud.com/d/1/bm90LWEtdG9rZW4/download'))).status).toBe(404);
    expect((await box.send(new Request('https://dl.boxcloud.com/d/1/!!!/download'))).status).toBe(404);
  });
});

describe('uploads whose parts are not as Box expects them', () => {
  it('an `attributes` part sent as a file and no file part: 400 in Box\'s shape, as a missing file part is', async () => {
    for (const path of ['/files/content', '/files/9001/content']) {
      const form = new FormData();
      form.append('attributes', new Blob([JSON.stringify({ name: 'a.txt', parent: { id: '0' } })]), 'attributes.json');
      const r = await box.upload(path, form);
      expect([r.status, r.body]).toMatchObject([400, { type: 'error', code: 'bad_request', context_info: { errors: [{ name: 'file' }] } }]);
    }
  });
});

describe('tool mode', () => {
  it('every route becomes a uniquely named tool, and an upload works with JSON arguments', async () => {
    const { routeTools, callTool } = await import('../../../../src/replicas/tools.ts');
    const { box: replica } = await import('../../../../src/replicas/box/index.ts');
    const names = routeTools(replica).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('post_files_content');
    const result = await callTool(box.router, box.env, 'box', 'post_files_content', { attributes: { name: 'tool.txt', parent: { id: '0' } }, file: 'from a tool' });
    expect(result.status).toBe(201);
    expect((await box.download((result.body as any).entries[0].id)).text).toBe('from a tool');
    // A download through tools follows Box's redirect to the bytes, as an SDK would.
    const downloaded = await callTool(box.router, box.env, 'box', 'get_files_file_id_content', { file_id: (result.body as any).entries[0].id });
    expect([downloaded.status, downloaded.body]).toEqual([200, 'from a tool']);
  });

  it('hub tools take the box-version header as an argument, and leaving it out gets Box\'s 400', async () => {
    const { routeTools, callTool } = await import('../../../../src/replicas/tools.ts');
    const { box: replica } = await import('../../../../src/replicas/box/index.ts');
    const create = routeTools(replica).find((t) => t.name === 'post_hubs')!;
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['box-version', 'title']));
    const made = await callTool(box.router, box.env, 'box', 'post_hubs', { 'box-version': '2025.0', title: 'Tool hub' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ type: 'hubs', title: 'Tool hub' });
    expect(made.body).not.toHaveProperty('box-version');
    const missing = await callTool(box.router, box.env, 'box', 'post_hubs', { title: 'No header' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ type: 'error', code: 'bad_request' });
  });
});
