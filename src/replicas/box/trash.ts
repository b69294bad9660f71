import type { RouteContext } from '../types.ts';
import { boxError, nameInUse, notFound } from './errors.ts';
import { nowIso } from './ids.ts';
import { conflictView, nextSequence } from './itemUpdate.ts';
import { findFile, findFolder, inTrashedFolder, nameConflict } from './lookup.ts';
import { fieldsParam, intParam, ref, str, type Params } from './params.ts';
import type { ItemRow } from './rows.ts';
import { FILE_SELECT, ItemSerializer } from './serialize.ts';

/** GET /folders/trash/items: what the user put in the trash (trashed files and folders, not their contents). */
export async function listTrash(params: Params, ctx: RouteContext): Promise<Response> {
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const folders = await ctx.tx.query<ItemRow>(`SELECT * FROM box_folders WHERE item_status = 'trashed' ORDER BY lower(name), id`);
  const files = await ctx.tx.query<ItemRow>(`${FILE_SELECT} WHERE f.item_status = 'trashed' ORDER BY lower(f.name), f.id`);
  const all = [...folders, ...files];
  const page = all.slice(offset, offset + limit);
  const s = await new ItemSerializer(ctx).prepare(page);
  return Response.json({ total_count: all.length, entries: page.map((r) => s.item(r, 'mini', fieldsParam(params))), offset, limit });
}

async function trashedItem(ctx: RouteContext, type: 'file' | 'folder', id: string): Promise<ItemRow> {
  const row = type === 'file' ? await findFile(ctx.tx, id) : await findFolder(ctx.tx, id);
  if (!row || row.item_status !== 'trashed') throw notFound();
  return row;
}

/**
 * POST /files/{id} and POST /folders/{id}: restore a trashed item, into `parent.id` if given, else where it was;
 * `name` renames it. 409 if the name is taken there; 403 if the parent itself is in the trash.
 */
async function restore(type: 'file' | 'folder', params: Params, ctx: RouteContext): Promise<Response> {
  const id = ctx.pathParams[`${type}_id`];
  const row = await trashedItem(ctx, type, id);
  const parentId = ref(params.parent)?.id ?? row.parent_id ?? '0';
  const parent = await findFolder(ctx.tx, parentId);
  if (!parent) throw notFound();
  if (parent.item_status !== 'active' || (await inTrashedFolder(ctx.tx, parent.parent_id))) {
    throw boxError(403, 'access_denied_insufficient_permissions', 'The parent folder of this item is in the trash; restore it first or give another parent');
  }
  const name = typeof params.name === 'string' && params.name ? params.name : row.name;
  const conflict = await nameConflict(ctx.tx, parentId, name, row.id);
  if (conflict) throw nameInUse(await conflictView(ctx, conflict));
  const seq = nextSequence(row);
  await ctx.tx.query(
    `UPDATE ${type === 'file' ? 'box_files' : 'box_folders'} SET item_status = 'active', trashed_at = NULL, parent_id = $2, name = $3,
       sequence_id = $4, etag = $4, modified_at = $5 WHERE id = $1`,
    [row.id, parentId, name, seq, nowIso(ctx)],
  );
  const [fresh] = type === 'file'
    ? await ctx.tx.query<ItemRow>(`${FILE_SELECT} WHERE f.id = $1`, [row.id])
    : await ctx.tx.query<ItemRow>(`SELECT * FROM box_folders WHERE id = $1`, [row.id]);
  const s = await new ItemSerializer(ctx).prepare([fresh]);
  return Response.json(s.item(fresh, 'standard', fieldsParam(params)), { status: 201 });
}

export const restoreFile = (params: Params, ctx: RouteContext) => restore('file', params, ctx);
export const restoreFolder = (params: Params, ctx: RouteContext) => restore('folder', params, ctx);

/** GET /files/{id}/trash and /folders/{id}/trash: a trashed item as Box shows it. */
async function getTrashed(type: 'file' | 'folder', params: Params, ctx: RouteContext): Promise<Response> {
  const row = await trashedItem(ctx, type, ctx.pathParams[`${type}_id`]);
  const [fresh] = type === 'file' ? await ctx.tx.query<ItemRow>(`${FILE_SELECT} WHERE f.id = $1`, [row.id]) : [row];
  const s = await new ItemSerializer(ctx).prepare([fresh]);
  return Response.json(s.item(fresh, 'standard', fieldsParam(params)));
}

export const getTrashedFile = (params: Params, ctx: RouteContext) => getTrashed('file', params, ctx);
export const getTrashedFolder = (params: Params, ctx: RouteContext) => getTrashed('folder', params, ctx);

/**
 * DELETE /files/{id}/trash and /folders/{id}/trash: delete a trashed item for good (204). The row stays, marked
 * `deleted`, so that the diff shows the purge as a change of `item_status`.
 */
async function purge(type: 'file' | 'folder', ctx: RouteContext): Promise<Response> {
  const row = await trashedItem(ctx, type, ctx.pathParams[`${type}_id`]);
  await ctx.tx.query(`UPDATE ${type === 'file' ? 'box_files' : 'box_folders'} SET item_status = 'deleted', modified_at = $2 WHERE id = $1`, [row.id, nowIso(ctx)]);
  return new Response(null, { status: 204 });
}

export const purgeFile = (_params: Params, ctx: RouteContext) => purge('file', ctx);
export const purgeFolder = (_params: Params, ctx: RouteContext) => purge('folder', ctx);

/**
 * OPTIONS /files/content: the preflight check. `{name, parent: {id}, size?}` answers 200 with where to upload, or
 * the error the upload itself would get (404 parent, 409 name in use with the conflicting file).
 */
export async function preflightUpload(params: Params, ctx: RouteContext): Promise<Response> {
  const name = str(params, 'name');
  const parentId = ref(params.parent)?.id;
  if (!name || !parentId) throw boxError(400, 'bad_request', "'name' and 'parent' are required");
  const parent = await findFolder(ctx.tx, parentId);
  if (!parent || parent.item_status !== 'active') throw notFound();
  const conflict = await nameConflict(ctx.tx, parentId, name);
  if (conflict) throw nameInUse(await conflictView(ctx, conflict), false);
  return Response.json({ upload_token: null, upload_url: 'https://upload.box.com/api/2.0/files/content' });
}
