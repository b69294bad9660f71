import type { RouteContext } from '../types.ts';
import { boxError, checkIfMatch, invalidParameter, nameInUse } from './errors.ts';
import { newBoxId, nowIso } from './ids.ts';
import { conflictView, updateItem } from './itemUpdate.ts';
import { actingUser, checkItemName, live, liveFolder, nameConflict } from './lookup.ts';
import { queryPrepared } from './prepared.ts';
import { fieldsParam, intParam, ref, str, type Params } from './params.ts';
import type { FolderRow, ItemRow } from './rows.ts';
import { fileMiniJson, fileSelect, ItemSerializer, type FileView, type FolderLink } from './serialize.ts';

/** Sort keys of `sort`, as SQL over a table alias. Box ids are decimal strings: by length, then text. */
const SORTS: Record<string, (a: string) => string[]> = {
  id: (a) => [`length(${a}.id)`, `${a}.id`],
  name: (a) => [`lower(${a}.name)`],
  date: (a) => [`${a}.modified_at`],
  size: (a) => [`${a}.size`],
};

interface PageSpec {
  offset: number;
  limit: number;
  sort: string | undefined;
  dir: 'ASC' | 'DESC';
}

interface Page {
  /** The folder listed, or null when it does not exist. */
  folder: FolderRow | null;
  /** The folder and every folder above it, to tell whether it is live and to give `path_collection`. */
  ancestors: (FolderLink & { item_status: string })[];
  rows: ItemRow[];
  total: number;
  offset: number;
  limit: number;
  order: { by: string; direction: string }[];
}

/** The paging and sorting parameters of a listing, checked as Box checks them. */
function pageSpec(params: Params): PageSpec {
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const sort = str(params, 'sort');
  if (sort !== undefined && !Object.hasOwn(SORTS, sort)) throw invalidParameter('sort', `Invalid value '${sort}'. 'sort' must be one of id, name, date, size.`);
  const dir = (str(params, 'direction') ?? 'ASC').toUpperCase();
  if (dir !== 'ASC' && dir !== 'DESC') throw invalidParameter('direction', `Invalid value '${str(params, 'direction')}'. 'direction' must be ASC or DESC.`);
  return { offset, limit, sort, dir };
}

/**
 * A folder's live children: folders first, then files (Box's order), each group sorted by `sort`
 * (id, name, date, size) in `direction`; with no sort, by name within type.
 *
 * One statement reads the folder, its ancestors, the children's counts and the page, the rows as JSON: each
 * statement has a fixed cost in PGlite, and so has each field of each row returned, which one JSON value avoids.
 * Each kind's children are counted and their ids listed in order in one pass over the live-children index (the
 * aggregate's ORDER BY uses the index's order); the page is a slice of those lists, the files' slice shifted by the
 * folders before them, and only the page's rows are read, by key: with `mini`, only what the mini representation
 * shows of files.
 */
async function childrenPage(ctx: RouteContext, folderId: string, spec: PageSpec, mini: boolean): Promise<Page> {
  const { offset, limit, sort, dir } = spec;
  const keys = (a: string) => [...SORTS[sort ?? 'name'](a).map((k) => `${k} ${dir}`), `${a}.id`].join(', ');
  const listed = (table: string, a: string) =>
    `SELECT count(*)::int AS n, array_agg(${a}.id ORDER BY ${keys(a)}) AS ids FROM ${table} ${a} WHERE ${a}.parent_id = $1 AND ${a}.item_status = 'active'`;
  const [r] = await queryPrepared<{ folder: FolderRow | null; ancestors: Page['ancestors']; folders: number; files: number; folder_rows: FolderRow[] | null; file_rows: FileView[] | null }>(
    ctx,
    `WITH RECURSIVE up AS (SELECT id, name, parent_id, sequence_id, etag, item_status FROM box_folders WHERE id = $1
       UNION SELECT x.id, x.name, x.parent_id, x.sequence_id, x.etag, x.item_status FROM up
         CROSS JOIN LATERAL (SELECT * FROM box_folders x WHERE x.id = up.parent_id OFFSET 0) x),
     folders AS (${listed('box_folders', 'd')}),
     files AS (${listed('box_files', 'f')}),
     page AS (SELECT folders.ids[$2::int + 1 : $2::int + $3::int] AS folder_ids,
       files.ids[greatest(0, $2::int - folders.n) + 1 : $2::int + $3::int - folders.n] AS file_ids FROM folders, files)
     SELECT (SELECT to_json(d) FROM box_folders d WHERE d.id = $1) AS folder, (SELECT json_agg(up) FROM up) AS ancestors,
       (SELECT n FROM folders) AS folders, (SELECT n FROM files) AS files,
       (SELECT json_agg(d ORDER BY ${keys('d')}) FROM box_folders d WHERE d.id = ANY((SELECT folder_ids FROM page)::text[])) AS folder_rows,
       (SELECT ${mini ? `json_agg(${fileMiniJson('f')} ORDER BY ${keys('f')}) FROM box_files f WHERE f.id = ANY((SELECT file_ids FROM page)::text[])`
         : `json_agg(f ORDER BY ${keys('f')}) FROM (${fileSelect(`(SELECT * FROM box_files WHERE id = ANY((SELECT file_ids FROM page)::text[]))`)}) f`}) AS file_rows`,
    // Array subscripts are 32-bit: an offset past two billion children finds none either way.
    [folderId, Math.min(offset, 2_000_000_000), limit],
  );
  const order = sort ? [{ by: sort, direction: dir }] : [{ by: 'type', direction: 'ASC' }, { by: 'name', direction: dir }];
  const rows: ItemRow[] = [...(r.folder_rows ?? []), ...(r.file_rows ?? [])];
  return { folder: r.folder, ancestors: r.ancestors ?? [], rows, total: r.folders + r.files, offset, limit, order };
}

/** The page's folder if it is live (see `live`), else Box's 404. */
function liveListed(page: Page): Promise<FolderRow> {
  return live(page.folder, () => page.ancestors.some((a) => a.id !== page.folder!.id && a.item_status !== 'active'));
}

async function folderResponse(ctx: RouteContext, folder: FolderRow, params: Params, status = 200): Promise<Response> {
  const fields = fieldsParam(params);
  const extra: Record<string, unknown> = {};
  if (!fields || fields.includes('item_collection')) {
    const page = await childrenPage(ctx, folder.id, pageSpec({ limit: '100' }), true);
    const children = await new ItemSerializer(ctx).know(page.ancestors).prepare(page.rows);
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
  const folderId = ctx.pathParams.folder_id;
  // Marker pagination (`usemarker=true`, then `marker`): the marker is opaque to clients; here it encodes an offset.
  const marker = str(params, 'marker');
  const useMarker = str(params, 'usemarker') === 'true' || marker !== undefined;
  let spec: PageSpec;
  try {
    spec = pageSpec(useMarker ? { ...params, offset: String(marker === undefined ? 0 : decodeMarker(marker)) } : params);
  } catch (err) {
    // Box answers for a missing or trashed folder before it looks at the parameters.
    await liveFolder(ctx.tx, folderId);
    throw err;
  }
  const fields = fieldsParam(params);
  const page = await childrenPage(ctx, folderId, spec, !fields);
  await liveListed(page);
  const s = await new ItemSerializer(ctx).know(page.ancestors).prepare(page.rows);
  const entries = page.rows.map((r) => s.item(r, 'mini', fields));
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
