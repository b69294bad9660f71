import { describe, expect, it } from 'vitest';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const box = withBoxEnvironment();
const V = { headers: { 'box-version': '2025.0' } };

describe('comments', () => {
  it('lists a file\'s comments and creates one (201) that counts in comment_count', async () => {
    const list = await box.call('GET', '/files/2001/comments');
    expect(list.body).toMatchObject({ total_count: 1, offset: 0, limit: 100 });
    expect(list.body.entries[0]).toMatchObject({ type: 'comment', id: 'C1', message: 'Please double-check the kelp numbers', is_reply_comment: false, created_by: { id: 'U200' }, item: { id: '2001', type: 'file' } });
    const created = await box.call('POST', '/comments', { message: 'Numbers checked', item: { type: 'file', id: '2001' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'comment', message: 'Numbers checked', created_by: { id: 'U100' }, item: { id: '2001', type: 'file' } });
    expect((await box.call('GET', '/files/2001', null, { query: { fields: 'comment_count' } })).body.comment_count).toBe(2);
    const [row] = await box.query(`SELECT item_id, file_id, message FROM box_comments WHERE id = $1`, [created.body.id]);
    expect(row).toEqual({ item_id: '2001', file_id: '2001', message: 'Numbers checked' });
  });

  it('replies to a comment (is_reply_comment) and refuses bad input', async () => {
    const reply = await box.call('POST', '/comments', { message: 'Will do', item: { type: 'comment', id: 'C1' } });
    expect(reply.body).toMatchObject({ is_reply_comment: true, item: { id: 'C1', type: 'comment' } });
    expect((await box.call('POST', '/comments', { item: { type: 'file', id: '2001' } })).body.code).toBe('bad_request');
    expect((await box.call('POST', '/comments', { message: 'x' })).status).toBe(400);
    expect((await box.call('POST', '/comments', { message: 'x', item: { type: 'folder', id: 'F10' } })).status).toBe(400);
    expect((await box.call('POST', '/comments', { message: 'x', item: { type: 'file', id: '777' } })).body.code).toBe('not_found');
  });

  it('edits and deletes comments; others\' comments only as admin', async () => {
    const updated = await box.call('PUT', '/comments/C1', { message: 'Double-checked' });
    expect(updated.body.message).toBe('Double-checked');
    box.actAs('U200');
    const mine = await box.call('POST', '/comments', { message: 'by otto', item: { type: 'file', id: '2001' } });
    expect((await box.call('DELETE', `/comments/${mine.body.id}`)).status).toBe(204);
    box.actAs('U100');
    const admins = await box.call('POST', '/comments', { message: 'by admin', item: { type: 'file', id: '2001' } });
    box.actAs('U200');
    expect((await box.call('PUT', '/comments/' + admins.body.id, { message: 'hijack' })).status).toBe(403);
    expect((await box.call('DELETE', '/comments/nope')).status).toBe(404);
  });
});

describe('tasks', () => {
  it('lists, creates, updates and deletes tasks', async () => {
    const list = await box.call('GET', '/files/2001/tasks');
    expect(list.body.total_count).toBe(1);
    expect(list.body.entries[0]).toMatchObject({ type: 'task', id: 'T1', action: 'review', message: 'Review the notes', is_completed: false, completion_rule: 'any_assignee', item: { type: 'file', id: '2001', name: 'notes.md' } });
    const created = await box.call('POST', '/tasks', { item: { type: 'file', id: '1001' }, action: 'complete', message: 'Pay it', due_at: '2026-02-01T00:00:00Z' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ action: 'complete', message: 'Pay it', due_at: '2026-02-01T00:00:00+00:00', completion_rule: 'all_assignees', task_assignment_collection: { total_count: 0 } });
    const updated = await box.call('PUT', `/tasks/${created.body.id}`, { message: 'Pay it now', completion_rule: 'any_assignee' });
    expect(updated.body).toMatchObject({ message: 'Pay it now', completion_rule: 'any_assignee', action: 'complete' });
    expect((await box.call('DELETE', '/tasks/T1')).status).toBe(204);
    expect((await box.call('GET', '/tasks/T1')).status).toBe(404);
  });

  it('refuses bad actions, rules, dates and items', async () => {
    expect((await box.call('POST', '/tasks', { item: { type: 'file', id: '1001' }, action: 'approve' })).status).toBe(400);
    expect((await box.call('POST', '/tasks', { item: { type: 'file', id: '1001' }, completion_rule: 'most' })).status).toBe(400);
    expect((await box.call('POST', '/tasks', { item: { type: 'file', id: '1001' }, due_at: 'soon' })).status).toBe(400);
    expect((await box.call('POST', '/tasks', { item: { type: 'folder', id: 'F10' } })).status).toBe(400);
    expect((await box.call('POST', '/tasks', {})).status).toBe(400);
    expect((await box.call('POST', '/tasks', { item: { type: 'file', id: '3001x' } })).body.code).toBe('not_found');
  });
});

describe('hubs (box-version 2025.0)', () => {
  it('refuses calls without the box-version header', async () => {
    const res = await box.call('GET', '/hubs');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'error', code: 'bad_request', message: expect.stringContaining('box-version') });
  });

  it('lists, creates, reads, updates and deletes hubs', async () => {
    const list = await box.call('GET', '/hubs', null, V);
    expect(list.body).toMatchObject({ limit: 1000, next_marker: null });
    expect(list.body.entries).toEqual([expect.objectContaining({ id: 'H1', type: 'hubs', title: 'Research Hub', created_by: expect.objectContaining({ id: 'U100' }) })]);
    const created = await box.call('POST', '/hubs', { title: 'Budget Hub', description: 'money' }, V);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'hubs', title: 'Budget Hub', description: 'money', is_ai_enabled: true, view_count: 0 });
    expect((await box.call('GET', '/hubs', null, { ...V, query: { query: 'budget' } })).body.entries.map((h: { title: string }) => h.title)).toEqual(['Budget Hub']);
    const updated = await box.call('PUT', `/hubs/${created.body.id}`, { description: 'FY26 money', is_ai_enabled: false }, V);
    expect(updated.body).toMatchObject({ description: 'FY26 money', is_ai_enabled: false, title: 'Budget Hub' });
    expect((await box.call('GET', `/hubs/${created.body.id}`, null, V)).body.description).toBe('FY26 money');
    expect((await box.call('DELETE', `/hubs/${created.body.id}`, null, V)).status).toBe(204);
    expect((await box.call('GET', `/hubs/${created.body.id}`, null, V)).status).toBe(404);
    expect((await box.call('POST', '/hubs', { description: 'no title' }, V)).status).toBe(400);
    expect((await box.call('PUT', '/hubs/H1', { is_ai_enabled: 'yes' }, V)).status).toBe(400);
  });

  it('manages items with per-operation results (207) and lists them', async () => {
    const res = await box.call('POST', '/hubs/H1/manage_items', {
      operations: [
        { action: 'add', item: { type: 'folder', id: 'F10' } },
        { action: 'add', item: { type: 'file', id: 'missing' } },
        { action: 'remove', item: { type: 'file', id: '2001' } },
        { action: 'remove', item: { type: 'file', id: '1001' } },
        { action: 'shuffle', item: { type: 'file', id: '1001' } },
      ],
    }, V);
    expect(res.status).toBe(207);
    expect(res.body.operations.map((o: { status: number }) => o.status)).toEqual([200, 404, 200, 404, 400]);
    const items = await box.call('GET', '/hub_items', null, { ...V, query: { hub_id: 'H1' } });
    expect(items.body).toEqual({ entries: [{ id: 'F10', type: 'folder', name: 'Finance' }], limit: 1000, next_marker: null });
    const rows = await box.query(`SELECT hub_id, item_id, item_type, item_name FROM box_hub_items ORDER BY item_id`);
    expect(rows).toEqual([{ hub_id: 'H1', item_id: 'F10', item_type: 'folder', item_name: 'Finance' }]);
    expect((await box.call('GET', '/hub_items', null, V)).status).toBe(400);
    expect((await box.call('POST', '/hubs/H9/manage_items', { operations: [] }, V)).status).toBe(404);
  });
});

describe('collections and users', () => {
  it('every user has Favorites; PUT collections adds and removes items without touching the file row', async () => {
    const list = await box.call('GET', '/collections');
    expect(list.body).toMatchObject({ total_count: 1, entries: [{ type: 'collection', name: 'Favorites', collection_type: 'favorites' }] });
    const fav = list.body.entries[0].id;
    await box.call('PUT', '/files/1001', { collections: [{ id: fav }] });
    await box.call('PUT', '/folders/F20', { collections: [{ id: fav }] });
    const items = await box.call('GET', `/collections/${fav}/items`);
    expect(items.body.entries.map((e: { id: string }) => e.id)).toEqual(['F20', '1001']);
    expect((await box.diff()).updates).toEqual([]);
    await box.call('PUT', '/files/1001', { collections: [] });
    expect((await box.call('GET', `/collections/${fav}/items`)).body.total_count).toBe(1);
    expect((await box.call('PUT', '/files/1001', { collections: [{ id: '123' }] })).status).toBe(404);
  });

  it('GET /users/me is the acting user; fields select', async () => {
    expect((await box.call('GET', '/users/me')).body).toMatchObject({ type: 'user', id: 'U100', name: 'Mara Quill', login: 'mara@tidewater.test', status: 'active' });
    expect((await box.call('GET', '/users/me', null, { query: { fields: 'role' } })).body).toEqual({ type: 'user', id: 'U100', role: 'admin' });
    box.actAs('U200');
    expect((await box.call('GET', '/users/me')).body.id).toBe('U200');
    expect((await box.call('GET', '/users', null, { query: { filter_term: 'ott' } })).body.entries.map((u: { id: string }) => u.id)).toEqual(['U200']);
    expect((await box.call('GET', '/users/nobody')).status).toBe(404);
  });
});
