import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter } from './errors.ts';
import { fieldsParam, intParam, listParam, str, type Params } from './params.ts';
import type { ItemRow } from './rows.ts';
import { FILE_SELECT, ItemSerializer } from './serialize.ts';

const CONTENT_TYPES = ['name', 'description', 'file_content', 'comments', 'tag'];

/** A parsed query: terms that must all match, alternatives (OR), and terms that must not match (NOT). */
interface ParsedQuery {
  all: string[][];
  none: string[];
}

/**
 * Box's query syntax, as far as matching goes: words and "quoted phrases" must all match; `A OR B` matches either;
 * `NOT x` excludes; `AND` is the default joiner. Matching is case-insensitive and by substring, so `fomc` finds
 * `fomc_minutes_2025.pdf`.
 */
export function parseQuery(query: string): ParsedQuery {
  const tokens = [...query.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? { t: m[1], quoted: true } : { t: m[2], quoted: false }));
  const all: string[][] = [];
  const none: string[] = [];
  let pendingOr = false;
  let pendingNot = false;
  for (const { t, quoted } of tokens) {
    if (!quoted && t === 'AND') continue;
    if (!quoted && t === 'OR') {
      pendingOr = true;
      continue;
    }
    if (!quoted && t === 'NOT') {
      pendingNot = true;
      continue;
    }
    const term = t.toLowerCase().trim();
    if (!term) continue;
    if (pendingNot) none.push(term);
    else if (pendingOr && all.length) all[all.length - 1].push(term);
    else all.push([term]);
    pendingOr = pendingNot = false;
  }
  return { all, none };
}

function parseRange(params: Params, name: string, kind: 'time' | 'size'): [unknown, unknown] | null {
  const raw = str(params, name);
  if (!raw) return null;
  const [a = '', b = ''] = raw.split(',');
  const conv = (v: string) => {
    if (v.trim() === '') return null;
    if (kind === 'size') {
      const n = Number(v);
      if (!Number.isFinite(n)) throw invalidParameter(name, `Invalid value '${raw}'.`);
      return n;
    }
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) throw invalidParameter(name, `Invalid value '${raw}'. Dates must be RFC 3339.`);
    return d.toISOString();
  };
  return [conv(a), conv(b)];
}

/** GET /search: files and folders matching `query`, with Box's filters, paged by offset. */
export async function search(params: Params, ctx: RouteContext): Promise<Response> {
  const query = str(params, 'query') ?? '';
  if (!query.trim() && !params.mdfilters) {
    throw boxError(400, 'bad_request', 'Bad Request', { errors: [{ reason: 'missing_parameter', name: 'to_search', message: "'to_search' is required" }] });
  }
  const limit = intParam(params, 'limit', 30, 200);
  const offset = intParam(params, 'offset', 0);
  const type = str(params, 'type');
  if (type && !['file', 'folder', 'web_link'].includes(type)) throw invalidParameter('type', `Invalid value '${type}'. 'type' must be one of file, folder, web_link.`);
  const contentTypes = listParam(params, 'content_types');
  for (const c of contentTypes) if (!CONTENT_TYPES.includes(c)) throw invalidParameter('content_types', `Invalid value '${c}'.`);
  const trash = str(params, 'trash_content') ?? 'non_trashed_only';
  if (!['non_trashed_only', 'trashed_only', 'all_items'].includes(trash)) throw invalidParameter('trash_content', `Invalid value '${trash}'.`);
  const sort = str(params, 'sort') ?? 'relevance';
  const direction = (str(params, 'direction') ?? 'DESC').toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  const extensions = listParam(params, 'file_extensions').map((e) => e.replace(/^\./, '').toLowerCase());
  const ancestors = listParam(params, 'ancestor_folder_ids');
  const owners = listParam(params, 'owner_user_ids');
  const created = parseRange(params, 'created_at_range', 'time');
  const updated = parseRange(params, 'updated_at_range', 'time');
  const size = parseRange(params, 'size_range', 'size');

  const sqlParams: unknown[] = [];
  const p = (v: unknown) => (sqlParams.push(v), `$${sqlParams.length}`);
  const use = (c: string) => contentTypes.length === 0 || contentTypes.includes(c);
  const { all, none } = parseQuery(query);

  const matchOne = (term: string, kind: 'file' | 'folder') => {
    const like = p(`%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const parts: string[] = [];
    if (use('name')) parts.push(`lower(i.name) LIKE ${like}`);
    if (use('description')) parts.push(`lower(i.description) LIKE ${like}`);
    if (use('tag')) parts.push(`lower(i.tags::text) LIKE ${like}`);
    if (kind === 'file' && use('file_content')) {
      parts.push(`EXISTS (SELECT 1 FROM box_file_versions v WHERE v.file_id = i.id AND v.version_number = i.version_number AND v.content_encoding = 'utf8' AND lower(v.content) LIKE ${like})`);
    }
    if (kind === 'file' && use('comments')) parts.push(`EXISTS (SELECT 1 FROM box_comments c WHERE c.file_id = i.id AND lower(c.message) LIKE ${like})`);
    return parts.length ? `(${parts.join(' OR ')})` : 'false';
  };

  const build = (kind: 'file' | 'folder') => {
    const table = kind === 'file' ? 'box_files' : 'box_folders';
    const where: string[] = [kind === 'folder' ? `i.id <> '0'` : 'true'];
    for (const group of all) where.push(`(${group.map((t) => matchOne(t, kind)).join(' OR ')})`);
    for (const t of none) where.push(`NOT ${matchOne(t, kind)}`);
    if (trash === 'non_trashed_only') where.push(`i.item_status = 'active' AND NOT EXISTS (SELECT 1 FROM dead WHERE dead.id = i.parent_id)`);
    else if (trash === 'trashed_only') where.push(`i.item_status = 'trashed'`);
    if (kind === 'file' && extensions.length) where.push(`lower(i.extension) = ANY(${p(extensions)})`);
    if (ancestors.length) where.push(`i.parent_id IN (SELECT id FROM below)`);
    if (owners.length) where.push(`i.owned_by_id = ANY(${p(owners)})`);
    if (created?.[0]) where.push(`i.created_at >= ${p(created[0])}`);
    if (created?.[1]) where.push(`i.created_at <= ${p(created[1])}`);
    if (updated?.[0]) where.push(`i.modified_at >= ${p(updated[0])}`);
    if (updated?.[1]) where.push(`i.modified_at <= ${p(updated[1])}`);
    if (size?.[0] != null) where.push(`i.size >= ${p(size[0])}`);
    if (size?.[1] != null) where.push(`i.size <= ${p(size[1])}`);
    const nameHits = all.length ? all.map((g) => `(CASE WHEN ${g.map((t) => `lower(i.name) LIKE ${p(`%${t}%`)}`).join(' OR ')} THEN 1 ELSE 0 END)`).join(' + ') : '0';
    return `SELECT i.id, '${kind}' AS type, i.name, i.modified_at, (${nameHits}) AS score FROM ${table} i WHERE ${where.join(' AND ')}`;
  };

  // Extensions only apply to files, so asking for them leaves folders out.
  const kinds: ('file' | 'folder')[] = type === 'file' ? ['file'] : type === 'folder' ? ['folder'] : type === 'web_link' ? [] : extensions.length ? ['file'] : ['folder', 'file'];
  const parts = kinds.map(build);
  if (parts.length === 0) return Response.json({ total_count: 0, entries: [], limit, offset, type: 'search_results_items' });
  const ctes = [
    `dead AS (SELECT id FROM box_folders WHERE item_status = 'trashed' UNION SELECT f.id FROM box_folders f JOIN dead ON f.parent_id = dead.id)`,
    ancestors.length ? `below AS (SELECT id FROM box_folders WHERE id = ANY(${p(ancestors)}) UNION SELECT f.id FROM box_folders f JOIN below ON f.parent_id = below.id)` : null,
  ].filter(Boolean);
  const order = sort === 'modified_at' ? `modified_at ${direction} NULLS LAST, id` : `score DESC, modified_at DESC NULLS LAST, id`;
  const hits = await ctx.tx.query<{ id: string; type: 'file' | 'folder'; total: number }>(
    `WITH RECURSIVE ${ctes.join(', ')}
     SELECT id, type, count(*) OVER ()::int AS total FROM (${parts.join(' UNION ALL ')}) hits ORDER BY ${order} OFFSET ${p(offset)} LIMIT ${p(limit)}`,
    sqlParams,
  );
  const total = hits[0]?.total ?? (offset > 0 ? await countOnly() : 0);
  async function countOnly(): Promise<number> {
    const [r] = await ctx.tx.query<{ n: number }>(`WITH RECURSIVE ${ctes.join(', ')} SELECT count(*)::int AS n FROM (${parts.join(' UNION ALL ')}) hits`, sqlParams.slice(0, -2));
    return r.n;
  }
  const fileIds = hits.filter((h) => h.type === 'file').map((h) => h.id);
  const folderIds = hits.filter((h) => h.type === 'folder').map((h) => h.id);
  const rows = new Map<string, ItemRow>();
  if (fileIds.length) for (const r of await ctx.tx.query<ItemRow>(`${FILE_SELECT} WHERE f.id = ANY($1)`, [fileIds])) rows.set(`file:${r.id}`, r);
  if (folderIds.length) for (const r of await ctx.tx.query<ItemRow>(`SELECT * FROM box_folders WHERE id = ANY($1)`, [folderIds])) rows.set(`folder:${r.id}`, r);
  const ordered = hits.map((h) => rows.get(`${h.type}:${h.id}`)!).filter(Boolean);
  const s = await new ItemSerializer(ctx).prepare(ordered);
  const fields = fieldsParam(params);
  return Response.json({ total_count: total, entries: ordered.map((r) => s.item(r, 'standard', fields)), limit, offset, type: 'search_results_items' });
}
