import type { RouteContext } from '../types.ts';
import { boxError, checkIfMatch, invalidParameter, nameInUse } from './errors.ts';
import { newBoxId, nowIso } from './ids.ts';
import { conflictView, updateItem } from './itemUpdate.ts';
import { actingUser, checkItemName, liveFolder, nameConflict } from './lookup.ts';
import { fieldsParam, intParam, ref, str, type Params } from './params.ts';
import type { FolderRow, ItemRow } from './rows.ts';
import { fileSelect, ItemSerializer } from './serialize.ts';

/** Sort keys of `sort`, as SQL over a table alias. Box ids are decimal strings: by length, then text. */
const SORTS: Record<string, (a: string) => string[]> = {
  id: (a) => [`length(${a}.id)`, `${a}.id`],
  name: (a) => [`lower(${a}.name)`],
  date: (a) => [`${a}.modified_at`],
  size: (a) => [`${a}.size`],
};

interface Page {
  rows: ItemRow[];
  total: number;
  offset: number;
  limit: number;
  order: { by: string; direction: string }[];
}

/**
 * A folder's live children: folders first, then files (Box's order), each group sorted by `sort`
 * (id, name, date, size) in `direction`; with no sort, by name within type.
 */
async function childrenPage(ctx: RouteContext, folderId: string, params: Params): Promise<Page> {
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const sort = str(params, 'sort');
  if (sort !== undefined && !(sort in SORTS)) throw invalidParameter('sort', `Invalid value '${sort}'. 'sort' must be one of id, name, date, size.`);
  const dirRaw = (str(params, 'direction') ?? 'ASC').toUpperCase();
  if (dirRaw !== 'ASC' && dirRaw !== 'DESC') throw invalidParameter('direction', `Invalid value '${str(params, 'direction')}'. 'direction' must be ASC or DESC.`);
  const dir = dirRaw;
  const orderBy = (a: string) => [...SORTS[sort ?? 'name'](a).map((k) => `${k} ${dir}`), `${a}.id`].join(', ');
  const orderFolders = orderBy('d');
  const orderFiles = orderBy('f');
  const [{ folders, files }] = await ctx.tx.query<{ folders: number; files: number }>(
    `SELECT (SELECT count(*)::int FROM box_folders WHERE parent_id = $1 AND item_status = 'active') AS folders,
            (SELECT count(*)::int FROM box_files WHERE parent_id = $1 AND item_status = 'active') AS files`,
    [folderId],
  );
  const rows: ItemRow[] = [];
  if (offset < folders) {
    rows.push(...(await ctx.tx.query<ItemRow>(
      `SELECT d.* FROM box_folders d WHERE d.parent_id = $1 AND d.item_status = 'active' ORDER BY ${orderFolders} OFFSET $2 LIMIT $3`,
      [folderId, offset, limit],
    )));
  }
  if (rows.length < limit && offset + rows.length < folders + files) {
    rows.push(...(await ctx.tx.query<ItemRow>(
      `${fileSelect(`(SELECT * FROM box_files f WHERE f.parent_id = $1 AND f.item_status = 'active' ORDER BY ${orderFiles} OFFSET $2 LIMIT $3)`)} ORDER BY ${orderFiles}`,
      [folderId, Math.max(0, offset - folders), limit - rows.length],
    )));
  }
  const by = sort ?? 'type';
  const order = sort ? [{ by, direction: dir }] : [{ by: 'type', direction: 'ASC' }, { by: 'name', direction: dir }];
  return { rows, total: folders + files, offset, limit, order };
}

async function folderResponse(ctx: RouteContext, folder: FolderRow, params: Params, status = 200): Promise<Response> {
  const fields = fieldsParam(params);
  const extra: Record<string, unknown> = {};
  if (!fields || fields.includes('item_collection')) {
    const page = await childrenPage(ctx, folder.id, { limit: '100' });
    const children = await new ItemSerializer(ctx).prepare(page.rows);
    extra.item_collection = { total_count: page.total, entries: page.rows.map((r) => children.item(r, 'mini', null)), offset: 0, limit: 100, order: page.order };
  }
  const s = await new ItemSerializer(ctx).prepare([folder]);
  return Response.json(s.item(folder, 'standard', fields, extra), { status });
}

export async function getFolder(params: Params, ctx: RouteContext): Promise<Response> {
  return folderResponse(ctx, await liveFolder(ctx.tx, ctx.pathParams.folder_id), params);
}

/** GET /folders/{id}/items: one page of the folder's children, mini representation unless `fields` asks. */
export async function listFolderItems(params: Params, ctx: RouteContext): Promise<Response> {
  const folder = await liveFolder(ctx.tx, ctx.pathParams.folder_id);
  // Marker pagination (`usemarker=true`, then `marker`): the marker is opaque to clients; here it encodes an offset.
  const marker = str(params, 'marker');
  const useMarker = str(params, 'usemarker') === 'true' || marker !== undefined;
  let pageParams = params;
  if (useMarker) {
    const offset = marker === undefined ? 0 : decodeMarker(marker);
    pageParams = { ...params, offset: String(offset) };
  }
  const page = await childrenPage(ctx, folder.id, pageParams);
  const s = await new ItemSerializer(ctx).prepare(page.rows);
  const entries = page.rows.map((r) => s.item(r, 'mini', fieldsParam(params)));
  if (useMarker) {
    const next = page.offset + page.rows.length < page.total ? encodeMarker(page.offset + page.rows.length) : null;
    return Response.json({ entries, limit: page.limit, next_marker: next, prev_marker: page.offset > 0 ? encodeMarker(Math.max(0, page.offset - page.limit)) : null, order: page.order });
  }
  return Response.json({ total_count: page.total, entries, offset: page.offset, limit: page.limit, order: page.order });
}

const encodeMarker = (offset: number) => btoa(`difflab:${offset}`).replace(/=+$/, '');

function decodeMarker(marker: string): number {
  let offset = NaN;
  try {
    offset = Number(/^difflab:(\d+)$/.exec(atob(marker))?.[1]);
  } catch {
    /* not base64 */
  }
  if (!Number.isInteger(offset)) throw invalidParameter('marker', `Invalid value '${marker}'.`);
  return offset;
}

/** POST /folders: `{name, parent: {id}}`; 409 `item_name_in_use` when the parent already has that name. */
export async function createFolder(params: Params, ctx: RouteContext): Promise<Response> {
  const name = checkItemName(params.name);
  const parentId = ref(params.parent)?.id;
  if (!parentId) throw boxError(400, 'bad_request', "'parent' is required", { errors: [{ reason: 'missing_parameter', name: 'parent', message: "'parent' is required" }] });
  await liveFolder(ctx.tx, parentId);
  const conflict = await nameConflict(ctx.tx, parentId, name);
  if (conflict) throw nameInUse(await conflictView(ctx, conflict));
  const user = await actingUser(ctx);
  const now = nowIso(ctx);
  const id = newBoxId(ctx, 'folder');
  await ctx.tx.query(
    `INSERT INTO box_folders (id, type, name, parent_id, description, tags, item_status, size, sequence_id, etag, created_by_id, modified_by_id, owned_by_id, created_at, modified_at)
     VALUES ($1, 'folder', $2, $3, $4, '[]', 'active', 0, '0', '0', $5, $5, $5, $6, $6)`,
    [id, name, parentId, typeof params.description === 'string' ? params.description : '', user.id, now],
  );
  return folderResponse(ctx, (await liveFolder(ctx.tx, id)), params, 201);
}

export async function updateFolder(params: Params, ctx: RouteContext): Promise<Response> {
  const folder = await liveFolder(ctx.tx, ctx.pathParams.folder_id);
  if (folder.id === '0' && (params.name !== undefined || params.parent !== undefined)) {
    throw boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
  }
  await updateItem(ctx, 'box_folders', folder, params);
  return folderResponse(ctx, await liveFolder(ctx.tx, folder.id), params);
}

/**
 * DELETE /folders/{id}: moves the folder to the trash (204). A folder with live children needs `recursive=true`,
 * otherwise Box answers 400 `folder_not_empty`. The folder's row is marked trashed; its contents go with it, which
 * is how reads treat them (they are reachable only through the trashed folder).
 */
export async function deleteFolder(params: Params, ctx: RouteContext): Promise<Response> {
  const folder = await liveFolder(ctx.tx, ctx.pathParams.folder_id);
  if (folder.id === '0') throw boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
  checkIfMatch(ctx, folder.etag);
  const recursive = str(params, 'recursive') === 'true';
  if (!recursive) {
    const [{ n }] = await ctx.tx.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM box_folders WHERE parent_id = $1 AND item_status = 'active') + (SELECT count(*) FROM box_files WHERE parent_id = $1 AND item_status = 'active'))::int AS n`,
      [folder.id],
    );
    if (n > 0) throw boxError(400, 'folder_not_empty', 'Cannot delete – folder not empty');
  }
  const now = nowIso(ctx);
  await ctx.tx.query(`UPDATE box_folders SET item_status = 'trashed', trashed_at = $2, modified_at = $2 WHERE id = $1`, [folder.id, now]);
  return new Response(null, { status: 204 });
}
