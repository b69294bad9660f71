import { scalarText } from '../requestBody.ts';
import type { RouteContext } from '../types.ts';
import { favoritesCollectionId } from './collections.ts';
import { boxError, checkIfMatch, invalidParameter, nameInUse, notFound } from './errors.ts';
import { nowIso } from './ids.ts';
import { actingUser, checkItemName, isWithin, liveFolder, nameConflict } from './lookup.ts';
import type { Params } from './params.ts';
import { ref } from './params.ts';
import type { ItemRow } from './rows.ts';
import { FILE_SELECT, folderMini, type FileView } from './serialize.ts';

/** The next `sequence_id`/`etag` pair: Box counts every change of an item. */
export function nextSequence(row: { sequence_id: string | null }): string {
  const n = Number(row.sequence_id ?? 0);
  return String(Number.isFinite(n) ? n + 1 : 1);
}

const ACCESS = ['open', 'company', 'collaborators'];

/** A shared link as Box reports it after `shared_link: {access, …}` (the URL is stable per item). */
export function sharedLink(row: ItemRow, body: Record<string, unknown>, previous: Record<string, unknown> | null): Record<string, unknown> {
  const access = body.access == null ? (previous?.access as string | undefined) ?? 'open' : scalarText(body.access);
  if (!ACCESS.includes(access)) throw invalidParameter('shared_link.access', `Invalid value '${access}'. Must be one of ${ACCESS.join(', ')}.`);
  const perms = (body.permissions && typeof body.permissions === 'object' ? body.permissions : {}) as Record<string, unknown>;
  const prevPerms = (previous?.permissions ?? {}) as Record<string, unknown>;
  const token = `${row.type === 'file' ? 'f' : 'd'}${row.id.padStart(12, '0')}`.slice(-24);
  const canDownload = perms.can_download ?? prevPerms.can_download ?? true;
  const canEdit = row.type === 'file' ? perms.can_edit ?? prevPerms.can_edit ?? false : false;
  const vanity = body.vanity_name ?? previous?.vanity_name ?? null;
  return {
    url: `https://app.box.com/s/${token}`,
    download_url: row.type === 'file' ? `https://app.box.com/shared/static/${token}.${(row as { extension?: string }).extension ?? ''}`.replace(/\.$/, '') : null,
    vanity_url: vanity ? `https://app.box.com/v/${vanity}` : null,
    vanity_name: vanity,
    access,
    effective_access: access,
    effective_permission: canEdit ? 'can_edit' : canDownload ? 'can_download' : 'can_preview',
    unshared_at: body.unshared_at ?? previous?.unshared_at ?? null,
    is_password_enabled: typeof body.password === 'string' && body.password !== '' ? true : (previous?.is_password_enabled ?? false),
    permissions: { can_download: Boolean(canDownload), can_preview: true, can_edit: Boolean(canEdit) },
    download_count: previous?.download_count ?? 0,
    preview_count: previous?.preview_count ?? 0,
  };
}

/**
 * PUT /files/{id} and PUT /folders/{id}: rename, describe, move (`parent.id`), tag, share or unshare
 * (`shared_link: null`), and add to or remove from collections. Writes only the columns that change, plus the
 * item's `modified_at`, `sequence_id` and `etag`.
 */
export async function updateItem(ctx: RouteContext, table: 'box_files' | 'box_folders', row: ItemRow, params: Params): Promise<void> {
  checkIfMatch(ctx, row.etag);
  const set: Record<string, unknown> = {};
  if (params.name !== undefined) {
    const name = checkItemName(params.name);
    if (name !== row.name) set.name = name;
  }
  if (params.description !== undefined) {
    if (typeof params.description !== 'string') throw invalidParameter('description', 'Invalid value. description must be a string.');
    if (params.description.length > 256) throw invalidParameter('description', 'description must be at most 256 characters.');
    if (params.description !== row.description) set.description = params.description;
  }
  if (params.tags !== undefined) {
    if (!Array.isArray(params.tags) || params.tags.some((t) => typeof t !== 'string')) throw invalidParameter('tags', 'tags must be an array of strings.');
    set.tags = JSON.stringify([...new Set(params.tags as string[])]);
  }
  if (params.shared_link !== undefined) {
    if (params.shared_link === null) set.shared_link = null;
    else if (typeof params.shared_link === 'object' && !Array.isArray(params.shared_link)) {
      set.shared_link = JSON.stringify(sharedLink(row, params.shared_link as Record<string, unknown>, row.shared_link));
    } else throw invalidParameter('shared_link', 'shared_link must be an object or null.');
  }
  let parentId = row.parent_id;
  if (params.parent !== undefined) {
    const parent = ref(params.parent);
    if (!parent?.id) throw invalidParameter('parent', "parent must be an object with an 'id'.");
    if (row.id === '0') throw boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
    await liveFolder(ctx.tx, parent.id).catch(() => {
      throw notFound();
    });
    if (row.type === 'folder' && (await isWithin(ctx.tx, parent.id, row.id))) {
      throw boxError(400, 'bad_request', 'Cannot move a folder into itself or one of its subfolders');
    }
    if (parent.id !== row.parent_id) set.parent_id = parentId = parent.id;
  }
  const finalName = (set.name as string | undefined) ?? row.name;
  if ((set.name !== undefined || set.parent_id !== undefined) && parentId != null) {
    const conflict = await nameConflict(ctx.tx, parentId, finalName, row.id);
    if (conflict) throw nameInUse(await conflictView(ctx, conflict));
  }
  if (params.collections !== undefined) await setCollections(ctx, row, params.collections);
  if (table === 'box_files' && set.name !== undefined) {
    const dot = finalName.lastIndexOf('.');
    const ext = dot > 0 ? finalName.slice(dot + 1) : '';
    if (ext !== (row as { extension?: string }).extension) set.extension = ext;
  }
  if (Object.keys(set).length === 0) return;
  const user = await actingUser(ctx);
  const seq = nextSequence(row);
  Object.assign(set, { sequence_id: seq, etag: seq, modified_at: nowIso(ctx), modified_by_id: user.id });
  const cols = Object.keys(set);
  await ctx.tx.query(
    `UPDATE ${table} SET ${cols.map((c, i) => `${c} = $${i + 2}${c === 'tags' || c === 'shared_link' ? '::jsonb' : ''}`).join(', ')} WHERE id = $1`,
    [row.id, ...cols.map((c) => set[c])],
  );
}

/** The conflicting item as Box describes it in `context_info.conflicts`: its mini representation. */
export async function conflictView(ctx: RouteContext, conflict: ItemRow): Promise<Record<string, unknown>> {
  if (conflict.type === 'folder') return folderMini(conflict);
  const [f] = await ctx.tx.query<FileView>(`${FILE_SELECT} WHERE f.id = $1`, [conflict.id]);
  return { type: 'file', id: f.id, file_version: { type: 'file_version', id: f.version_id, sha1: f.sha_1 }, sequence_id: f.sequence_id, etag: f.etag, sha1: f.sha_1, name: f.name };
}

/** `collections: [{id}]` puts the item in exactly those collections (Box has only Favorites); `[]` takes it out. */
async function setCollections(ctx: RouteContext, row: ItemRow, value: unknown): Promise<void> {
  if (!Array.isArray(value)) throw invalidParameter('collections', 'collections must be an array.');
  const user = await actingUser(ctx);
  const favorites = await favoritesCollectionId(ctx, user.id);
  const ids = value.map((v) => ref(v)?.id).filter((id): id is string => Boolean(id));
  for (const id of ids) if (id !== favorites) throw notFound();
  const present = (await ctx.tx.query(`SELECT 1 FROM box_collection_items WHERE collection_id = $1 AND item_type = $2 AND item_id = $3`, [favorites, row.type, row.id])).length > 0;
  if (ids.length && !present) {
    await ctx.tx.query(`INSERT INTO box_collection_items (collection_id, item_type, item_id, added_at) VALUES ($1, $2, $3, $4)`, [favorites, row.type, row.id, nowIso(ctx)]);
  } else if (!ids.length && present) {
    await ctx.tx.query(`DELETE FROM box_collection_items WHERE collection_id = $1 AND item_type = $2 AND item_id = $3`, [favorites, row.type, row.id]);
  }
}
