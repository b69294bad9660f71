import { describe, expect, it } from 'vitest';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const box = withBoxEnvironment();

/** Client strings that happen to name Object.prototype properties are plain names: unknown fields, bad values. */
const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('names of JavaScript prototype properties', () => {
  it('`fields` leaves them out, as any unknown field, on files, folders, listings, comments and users', async () => {
    const fields = `${PROTOTYPE_NAMES.join(',')},name`;
    const file = await box.call('GET', '/files/2001', null, { query: { fields } });
    expect(file.status).toBe(200);
    expect(file.body).toEqual({ type: 'file', id: '2001', etag: '0', name: 'notes.md' });
    const folder = await box.call('GET', '/folders/F10', null, { query: { fields } });
    expect(folder.body).toEqual({ type: 'folder', id: 'F10', etag: '0', name: 'Finance' });
    const items = await box.call('GET', '/folders/0/items', null, { query: { fields } });
    expect(items.status).toBe(200);
    for (const entry of items.body.entries) expect(Object.keys(entry).sort()).toEqual(['etag', 'id', 'name', 'type']);
    const trash = await box.call('GET', '/folders/trash/items', null, { query: { fields } });
    expect(trash.status).toBe(200);
    for (const entry of trash.body.entries) expect(Object.keys(entry).sort()).toEqual(['etag', 'id', 'name', 'type']);
    const comments = await box.call('GET', '/files/2001/comments', null, { query: { fields: `${PROTOTYPE_NAMES.join(',')},message` } });
    expect(comments.body.entries).toEqual([{ type: 'comment', id: 'C1', message: 'Please double-check the kelp numbers' }]);
    const me = await box.call('GET', '/users/me', null, { query: { fields } });
    expect(me.body).toEqual({ type: 'user', id: 'U100', name: 'Mara Quill' });
  });

  it('as a `sort` key they are an invalid value (400), not a server error', async () => {
    for (const sort of PROTOTYPE_NAMES) {
      const items = await box.call('GET', '/folders/0/items', null, { query: { sort } });
      expect(items.status, sort).toBe(400);
      expect(items.body).toMatchObject({ type: 'error', code: 'bad_request', context_info: { errors: [{ name: 'sort' }] } });
      const hubs = await box.call('GET', '/hubs', null, { query: { sort }, headers: { 'box-version': '2025.0' } });
      expect(hubs.status, sort).toBe(400);
    }
  });

  it('a JSON body key `__proto__` is a key like any other: it does not stand in for the fields it holds', async () => {
    const res = await box.call('PUT', '/files/2001', JSON.parse('{"__proto__": {"name": "renamed.md", "description": "x"}}'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'notes.md', description: '' });
  });

  it('an object where a string is due is Box’s 400, even one whose keys shadow toString and valueOf', async () => {
    for (const value of [{ toString: 'x' }, [{ valueOf: 'x' }], { constructor: 'x' }]) {
      const message = await box.call('PUT', '/tasks/T1', { message: value });
      expect(message.status, JSON.stringify(value)).toBe(400);
      expect(message.body).toMatchObject({ type: 'error', code: 'bad_request', context_info: { errors: [{ name: 'message' }] } });
      const due = await box.call('PUT', '/tasks/T1', { due_at: value });
      expect(due.status, JSON.stringify(value)).toBe(400);
      const limit = await box.call('GET', '/folders/0/items', null, { query: { limit: JSON.stringify(value) } });
      expect(limit.status).toBe(400);
    }
    expect((await box.call('GET', '/tasks/T1')).body.message).toBe('Review the notes');
  });
});
