import type { Tx } from '../../engine/index.ts';
import type { RouteContext } from '../types.ts';
import { boxError, notFound, trashed } from './errors.ts';
import type { FileRow, FolderRow, ItemRow, UserRow } from './rows.ts';

export const ROOT_ID = '0';

/**
 * Every user, by id. No Box route writes users, so the list is read once per environment; serialisers use it for
 * `created_by`, `owned_by` and the like.
 */
export function usersById(ctx: RouteContext): Promise<Map<string, UserRow>> {
  return ctx.memo('users', async () => new Map((await ctx.tx.query<UserRow>(`SELECT * FROM box_users ORDER BY id`)).map((u) => [u.id, u])));
}

/** The user a request acts as: the environment's, else the first admin (a developer token belongs to someone). */
export async function actingUser(ctx: RouteContext): Promise<UserRow> {
  const users = await usersById(ctx);
  const user = ctx.actingUserId ? users.get(ctx.actingUserId) : [...users.values()].find((u) => u.role === 'admin') ?? users.values().next().value;
  if (!user) throw boxError(401, 'unauthorized', 'Unauthorized');
  return user;
}

export async function findFile(tx: Tx, id: string): Promise<FileRow | null> {
  return (await tx.query<FileRow>(`SELECT * FROM box_files WHERE id = $1`, [id]))[0] ?? null;
}

export async function findFolder(tx: Tx, id: string): Promise<FolderRow | null> {
  return (await tx.query<FolderRow>(`SELECT * FROM box_folders WHERE id = $1`, [id]))[0] ?? null;
}

/** Whether a folder above `parentId` (or it) is in the trash: its contents went to the trash with it. */
export async function inTrashedFolder(tx: Tx, parentId: string | null): Promise<boolean> {
  if (parentId == null) return false;
  const rows = await tx.query(
    `WITH RECURSIVE up AS (SELECT id, parent_id, item_status FROM box_folders WHERE id = $1
       UNION SELECT f.id, f.parent_id, f.item_status FROM box_folders f JOIN up ON f.id = up.parent_id)
     SELECT 1 FROM up WHERE item_status <> 'active' LIMIT 1`,
    [parentId],
  );
  return rows.length > 0;
}

/**
 * `row` if it is live: Box answers 404 `not_found` for a missing or deleted item, and 404 `trashed` for a trashed one
 * or one inside a trashed folder (`trashedAbove` tells, given the item's parent).
 */
export async function live<T extends ItemRow>(row: T | null, trashedAbove: (parentId: string | null) => boolean | Promise<boolean>): Promise<T> {
  if (!row || row.item_status === 'deleted') throw notFound();
  if (row.item_status === 'trashed' || (await trashedAbove(row.parent_id))) throw trashed();
  return row;
}

/** A file that exists and is not in the trash (see `live`). */
export async function liveFile(tx: Tx, id: string): Promise<FileRow> {
  return live(await findFile(tx, id), (parentId) => inTrashedFolder(tx, parentId));
}

export async function liveFolder(tx: Tx, id: string): Promise<FolderRow> {
  return live(await findFolder(tx, id), (parentId) => inTrashedFolder(tx, parentId));
}

export async function liveItem(tx: Tx, type: string | undefined, id: string): Promise<ItemRow> {
  if (type === 'folder') return liveFolder(tx, id);
  if (type === 'file') return liveFile(tx, id);
  throw boxError(400, 'bad_request', `Invalid item type '${type ?? ''}'`);
}

/**
 * The live item of the parent folder that already has `name` (Box compares names case-insensitively), other than
 * `exceptId`: the conflict Box reports as 409 `item_name_in_use`.
 */
export async function nameConflict(tx: Tx, parentId: string, name: string, exceptId = ''): Promise<ItemRow | null> {
  const [row] = await tx.query<ItemRow>(
    `SELECT * FROM (
       SELECT id, 'folder' AS type, name, sequence_id, etag, NULL AS sha_1, NULL AS version_id FROM box_folders
         WHERE parent_id = $1 AND item_status = 'active' AND lower(name) = lower($2) AND id <> $3
       UNION ALL
       SELECT id, 'file', name, sequence_id, etag, sha_1, NULL FROM box_files
         WHERE parent_id = $1 AND item_status = 'active' AND lower(name) = lower($2) AND id <> $3) c
     LIMIT 1`,
    [parentId, name, exceptId],
  );
  return row ?? null;
}

/** Whether `folderId` is `ancestorId` or lies below it (moving a folder into itself is refused). */
export async function isWithin(tx: Tx, folderId: string, ancestorId: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id FROM box_folders WHERE id = $1
       UNION SELECT f.id, f.parent_id FROM box_folders f JOIN up ON f.id = up.parent_id)
     SELECT id FROM up WHERE id = $2`,
    [folderId, ancestorId],
  );
  return rows.length > 0;
}

/** Item names Box refuses: empty, longer than 255, `.`/`..`, with `/` or `\`, or ending in a space. */
export function checkItemName(name: unknown, field = 'name'): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw boxError(400, 'bad_request', `'${field}' is required`, { errors: [{ reason: 'missing_parameter', name: field, message: `'${field}' is required` }] });
  }
  if (name.length > 255 || name === '.' || name === '..' || /[\\/]/.test(name) || /\s$/.test(name) || /[\u0000-\u001f]/.test(name)) {
    throw boxError(400, 'item_name_invalid', 'Item name invalid');
  }
  return name;
}
