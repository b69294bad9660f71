import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { id, op } from './define.ts';
import { apiError, conflict, invalidField, notFound } from './errors.ts';

export const WELL_KNOWN = ['inbox', 'sent', 'drafts', 'deleted', 'archive', 'junk'] as const;
export type WellKnown = (typeof WELL_KNOWN)[number];

/** A folder of the acting person by id, or by well-known name (`inbox`, `sent`, `drafts`, `deleted`, `archive`, `junk`). */
export async function resolveFolder(m: MailCtx, key: string, field: string, ownerId = m.me.person_id): Promise<Row> {
  const row = await m.one('SELECT * FROM folders WHERE owner_id = $1 AND (folder_id = $2 OR well_known = lower($2))', [ownerId, key]);
  if (!row) throw notFound('folder', key, field);
  return row;
}

export async function wellKnownFolder(m: MailCtx, ownerId: string, name: WellKnown): Promise<string> {
  const row = await m.one<{ folder_id: string }>('SELECT folder_id FROM folders WHERE owner_id = $1 AND well_known = $2', [ownerId, name]);
  if (!row) throw apiError(500, 'mailbox_incomplete', `mailbox ${ownerId} has no ${name} folder`);
  return row.folder_id;
}

async function serializeFolders(m: MailCtx, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.folder_id);
  const counts = await m.query<{ folder_id: string; total: number; unread: number }>(
    `SELECT folder_id, count(*)::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread
     FROM messages WHERE folder_id = ANY($1) GROUP BY folder_id`,
    [ids],
  );
  const children = await m.query<{ parent_id: string; n: number }>(
    'SELECT parent_id, count(*)::int AS n FROM folders WHERE parent_id = ANY($1) GROUP BY parent_id',
    [ids],
  );
  const byId = new Map(counts.map((c) => [c.folder_id, c]));
  const kids = new Map(children.map((c) => [c.parent_id, c.n]));
  return rows.map((r) => {
    const { folder_id, owner_id: _o, ...rest } = plain(r);
    const c = byId.get(folder_id as string);
    return { id: folder_id, ...rest, total_count: c?.total ?? 0, unread_count: c?.unread ?? 0, child_folder_count: kids.get(folder_id as string) ?? 0 };
  });
}

async function descendants(m: MailCtx, folderId: string): Promise<string[]> {
  const rows = await m.query<{ folder_id: string }>(
    `WITH RECURSIVE sub AS (SELECT folder_id FROM folders WHERE parent_id = $1
       UNION ALL SELECT f.folder_id FROM folders f JOIN sub ON f.parent_id = sub.folder_id)
     SELECT folder_id FROM sub`,
    [folderId],
  );
  return rows.map((r) => r.folder_id);
}

async function uniqueName(m: MailCtx, parentId: string | null, name: string, except = ''): Promise<void> {
  const clash = await m.one(
    'SELECT 1 FROM folders WHERE owner_id = $1 AND parent_id IS NOT DISTINCT FROM $2 AND lower(display_name) = lower($3) AND folder_id <> $4',
    [m.me.person_id, parentId, name, except],
  );
  if (clash) throw conflict(`a folder named ${JSON.stringify(name)} already exists there`, 'display_name');
}

function notWellKnown(folder: Row, what: string): void {
  if (folder.well_known) throw apiError(403, 'forbidden', `the ${folder.well_known} folder cannot be ${what}`, { field: 'folder_id' });
}

const folderKey = { folder_id: id('Folder id, or a well-known name: inbox, sent, drafts, deleted, archive, junk.') };
const name = z.string().trim().min(1).max(255).describe('Folder name (unique among its siblings, ignoring case).');

export const folderRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/folders',
    summary: 'List all your mail folders (the whole tree).',
    docs: 'Every folder of your mailbox, top-level ones first, each with `parent_id` (null at the top), `well_known` (inbox, sent, drafts, deleted, archive, junk or null), `total_count`, `unread_count` and `child_folder_count`. Rebuild the tree from `parent_id`.',
    input: z.strictObject({}),
    async run(_i, m) {
      const rows = await m.query('SELECT * FROM folders WHERE owner_id = $1 ORDER BY parent_id NULLS FIRST, well_known NULLS LAST, display_name', [m.me.person_id]);
      return { items: await serializeFolders(m, rows) };
    },
  }),
  op({
    method: 'GET',
    path: '/folders/{folder_id}',
    summary: 'Get one folder with its counts.',
    docs: 'One folder by id or well-known name, with message and unread counts.',
    input: z.strictObject(folderKey),
    run: async (input, m) => (await serializeFolders(m, [await resolveFolder(m, input.folder_id, 'folder_id')]))[0],
  }),
  op({
    method: 'GET',
    path: '/folders/{folder_id}/children',
    summary: 'List a folder\'s subfolders.',
    docs: 'The direct subfolders of a folder (id or well-known name), by name, each with its message, unread and subfolder counts.',
    input: z.strictObject(folderKey),
    async run(input, m) {
      const f = await resolveFolder(m, input.folder_id, 'folder_id');
      const rows = await m.query('SELECT * FROM folders WHERE parent_id = $1 ORDER BY display_name', [f.folder_id]);
      return { items: await serializeFolders(m, rows) };
    },
  }),
  op({
    method: 'POST',
    path: '/folders',
    summary: 'Create a folder.',
    docs: 'Creates a folder at the top level or inside `parent_id` (id or well-known name, e.g. `inbox` for a subfolder of the Inbox). 409 `conflict` if a sibling has the same name.',
    status: 201,
    input: z.strictObject({ display_name: name, parent_id: z.string().min(1).nullable().optional().describe('Parent folder; omit or null for top level.') }),
    async run(input, m) {
      const parent = input.parent_id ? await resolveFolder(m, input.parent_id, 'parent_id') : null;
      const parentId = (parent?.folder_id as string) ?? null;
      await uniqueName(m, parentId, input.display_name);
      const now = m.now();
      const [row] = await m.query(
        'INSERT INTO folders (folder_id, owner_id, parent_id, display_name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING *',
        [m.id('fld'), m.me.person_id, parentId, input.display_name, now],
      );
      return (await serializeFolders(m, [row]))[0];
    },
  }),
  op({
    method: 'PATCH',
    path: '/folders/{folder_id}',
    summary: 'Rename a folder.',
    docs: 'Changes `display_name`. Well-known folders cannot be renamed (403).',
    input: z.strictObject({ ...folderKey, display_name: name }),
    async run(input, m) {
      const f = await resolveFolder(m, input.folder_id, 'folder_id');
      notWellKnown(f, 'renamed');
      await uniqueName(m, f.parent_id as string | null, input.display_name, f.folder_id as string);
      const [row] = await m.query('UPDATE folders SET display_name = $2, updated_at = $3 WHERE folder_id = $1 RETURNING *', [f.folder_id, input.display_name, m.now()]);
      return (await serializeFolders(m, [row]))[0];
    },
  }),
  op({
    method: 'POST',
    path: '/folders/{folder_id}/move',
    effect: 'update',
    summary: 'Move a folder under another folder (or to the top).',
    docs: 'Re-parents a folder with its subfolders and messages. `parent_id: null` moves it to the top level. A folder cannot move into itself or its own subfolder (400), and well-known folders cannot move (403).',
    input: z.strictObject({ ...folderKey, parent_id: z.string().min(1).nullable().describe('New parent folder, or null for the top level.') }),
    async run(input, m) {
      const f = await resolveFolder(m, input.folder_id, 'folder_id');
      notWellKnown(f, 'moved');
      const parent = input.parent_id ? await resolveFolder(m, input.parent_id, 'parent_id') : null;
      const parentId = (parent?.folder_id as string) ?? null;
      if (parentId && (parentId === f.folder_id || (await descendants(m, f.folder_id as string)).includes(parentId))) {
        throw invalidField('parent_id', 'a folder cannot move into itself or one of its subfolders');
      }
      await uniqueName(m, parentId, f.display_name as string, f.folder_id as string);
      const [row] = await m.query('UPDATE folders SET parent_id = $2, updated_at = $3 WHERE folder_id = $1 RETURNING *', [f.folder_id, parentId, m.now()]);
      return (await serializeFolders(m, [row]))[0];
    },
  }),
  op({
    method: 'DELETE',
    path: '/folders/{folder_id}',
    summary: 'Delete a folder and its subfolders.',
    docs: 'Deletes the folder and every subfolder; their messages move to Deleted Items (nothing is lost). Well-known folders cannot be deleted (403).',
    input: z.strictObject(folderKey),
    async run(input, m) {
      const f = await resolveFolder(m, input.folder_id, 'folder_id');
      notWellKnown(f, 'deleted');
      const ids = [f.folder_id as string, ...(await descendants(m, f.folder_id as string))];
      const deleted = await wellKnownFolder(m, m.me.person_id, 'deleted');
      await m.query('UPDATE messages SET folder_id = $2, updated_at = $3 WHERE folder_id = ANY($1)', [ids, deleted, m.now()]);
      // Children first, so that no folder is left pointing at a deleted parent.
      for (const fid of ids.reverse()) await m.query('DELETE FROM folders WHERE folder_id = $1', [fid]);
      return undefined;
    },
  }),
  op({
    method: 'POST',
    path: '/folders/{folder_id}/empty',
    effect: 'delete',
    summary: 'Empty a folder.',
    docs: 'Moves every message of the folder to Deleted Items; emptying Deleted Items (or Junk) deletes its messages for good. Subfolders are left alone. Answers how many messages were affected.',
    input: z.strictObject(folderKey),
    async run(input, m) {
      const f = await resolveFolder(m, input.folder_id, 'folder_id');
      if (f.well_known === 'deleted' || f.well_known === 'junk') {
        await m.query('DELETE FROM attachments WHERE message_id IN (SELECT message_id FROM messages WHERE folder_id = $1)', [f.folder_id]);
        await m.query('UPDATE todo_tasks SET linked_message_id = NULL WHERE linked_message_id IN (SELECT message_id FROM messages WHERE folder_id = $1)', [f.folder_id]);
        const gone = await m.query('DELETE FROM messages WHERE folder_id = $1 RETURNING message_id', [f.folder_id]);
        return { affected: gone.length, permanently_deleted: true };
      }
      const deleted = await wellKnownFolder(m, m.me.person_id, 'deleted');
      const moved = await m.query('UPDATE messages SET folder_id = $2, updated_at = $3 WHERE folder_id = $1 RETURNING message_id', [f.folder_id, deleted, m.now()]);
      return { affected: moved.length, permanently_deleted: false };
    },
  }),
];
