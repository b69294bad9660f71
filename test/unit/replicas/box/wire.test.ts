import { describe, expect, it } from 'vitest';
import { sha1Hex, storeBytes, storedBytes } from '../../../../src/replicas/fileContent.ts';
import { boxError, nameInUse } from '../../../../src/replicas/box/errors.ts';
import { boxTime } from '../../../../src/replicas/box/ids.ts';
import { box } from '../../../../src/replicas/box/index.ts';
import { readParams } from '../../../../src/replicas/box/params.ts';
import { routes } from '../../../../src/replicas/box/routes.ts';
import { prepareSeedRow } from '../../../../src/replicas/box/schema.ts';

describe('errors', () => {
  it('have Box\'s body and status', async () => {
    const r = boxError(404, 'not_found', 'Could not find the specified resource');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ type: 'error', status: 404, code: 'not_found', message: 'Could not find the specified resource', request_id: expect.any(String) });
  });

  it('name conflicts list the conflict, or give it alone for uploads', async () => {
    expect((await nameInUse({ id: '1' }).json()).context_info).toEqual({ conflicts: [{ id: '1' }] });
    expect((await nameInUse({ id: '1' }, false).json()).context_info).toEqual({ conflicts: { id: '1' } });
  });

  it('401 carries WWW-Authenticate', () => {
    const denied = box.authenticate(new Request('https://api.box.com/2.0/users/me'), '');
    expect(denied?.status).toBe(401);
    expect(denied?.headers.get('www-authenticate')).toContain('invalid_token');
    expect(box.authenticate(new Request('https://api.box.com/2.0/users/me'), 'anything')).toBeNull();
  });
});

describe('readParams', () => {
  it('merges query and JSON body, keeping JSON types', async () => {
    const req = new Request('https://api.box.com/2.0/files/1?fields=name', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags: ['a'], parent: { id: '2' } }) });
    expect(await readParams(req, new URL(req.url))).toEqual({ fields: 'name', tags: ['a'], parent: { id: '2' } });
  });

  it('reads multipart attributes as JSON and file parts as bytes', async () => {
    const form = new FormData();
    form.append('attributes', '{"name":"a.txt","parent":{"id":"0"}}');
    form.append('file', new Blob(['hi']), 'a.txt');
    const req = new Request('https://upload.box.com/api/2.0/files/content', { method: 'POST', body: form });
    const params = await readParams(req, new URL(req.url));
    expect(params.attributes).toEqual({ name: 'a.txt', parent: { id: '0' } });
    expect(params.file).toMatchObject({ filename: 'a.txt', bytes: new TextEncoder().encode('hi') });
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const req = new Request('https://api.box.com/2.0/folders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1]' });
    const thrown = await readParams(req, new URL(req.url)).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

describe('content and time helpers', () => {
  it('round-trips text and binary bytes and hashes like Box', async () => {
    expect(storeBytes(new TextEncoder().encode('héllo'))).toEqual({ content: 'héllo', content_encoding: 'utf8' });
    const bin = new Uint8Array([0xff, 0x00, 0x80]);
    const stored = storeBytes(bin);
    expect(stored.content_encoding).toBe('base64');
    expect(storedBytes(stored)).toEqual(bin);
    expect(storedBytes({ content: null, content_encoding: 'utf8' })).toEqual(new Uint8Array(0));
    expect(await sha1Hex(new TextEncoder().encode('abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('formats times as Box does', () => {
    expect(boxTime('2025-12-30T00:00:00.000Z')).toBe('2025-12-30T00:00:00+00:00');
    expect(boxTime(null)).toBeNull();
  });

  it('prepareSeedRow fills NOT NULL defaults and the extension, and keeps version_number text', () => {
    expect(prepareSeedRow('box_files', { id: '1', name: 'a.tar.gz', version_number: 2 })).toMatchObject({ extension: 'gz', version_number: '2', tags: [], description: '', item_status: 'active' });
    expect(prepareSeedRow('box_hubs', { id: 'h', title: 't' })).toMatchObject({ description: '', is_ai_enabled: true, view_count: 0 });
  });
});

describe('route table', () => {
  it('covers the 27 endpoints the Agent-Diff Box tasks use', () => {
    const have = new Set(routes.map((r) => `${r.method} /${r.path.replace(/\{[^}]+\}/g, '{id}')}`));
    const needed = [
      'GET /search', 'PUT /files/{id}', 'POST /folders', 'POST /comments', 'GET /files/{id}/content', 'GET /folders/{id}/items', 'PUT /folders/{id}',
      'POST /hubs', 'POST /hubs/{id}/manage_items', 'DELETE /files/{id}', 'POST /files/content', 'GET /users/me', 'GET /files/{id}', 'GET /collections',
      'GET /hubs', 'PUT /comments/{id}', 'POST /files/{id}/content', 'PUT /hubs/{id}', 'DELETE /folders/{id}', 'PUT /tasks/{id}', 'DELETE /comments/{id}',
      'GET /hubs/{id}', 'GET /files/{id}/tasks', 'DELETE /tasks/{id}', 'GET /folders/{id}', 'GET /files/{id}/comments', 'POST /tasks',
    ];
    expect(needed.filter((n) => !have.has(n))).toEqual([]);
  });

  it('documents every route and declares its path parameters', () => {
    for (const r of routes) {
      expect(r.summary, r.path).toBeTruthy();
      expect(r.docs?.length ?? 0, r.path).toBeGreaterThan(20);
      for (const [, name] of r.path.matchAll(/\{([^}]+)\}/g)) expect(r.params?.[name]?.required, `${r.path} ${name}`).toBe(true);
    }
  });
});
