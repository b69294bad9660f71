import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter } from './errors.ts';
import { contentWords, descriptionWords, nameWords, tagWords } from './schema.ts';
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
 * `NOT x` excludes; `AND` is the default joiner. Names, descriptions, tags and comments match case-insensitively by
 * substring (`fomc` finds `fomc_minutes_2025.pdf`); file text matches by word prefix, through an index.
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

  /**
   * The ids of `kind` items one term matches, as a UNION of one indexed lookup per searched part: an OR of the
   * parts in one WHERE would make Postgres scan every row and compute its words.
   */
  const idsOf = (term: string, kind: 'file' | 'folder', parts = CONTENT_TYPES.filter(use)) => {
    const table = kind === 'file' ? 'box_files' : 'box_folders';
    const words = term.match(/[\p{L}\p{N}]+/gu);
    const byWords = words ? parts.filter((c) => c !== 'comments' && (kind === 'file' || c !== 'file_content')) : [];
    const lookups: string[] = [];
    if (byWords.length) {
      // Every placeholder must appear in the SQL (Postgres cannot type an unused one), so this one is made only now.
      const q = `to_tsquery('simple', ${p(words!.map((w) => `${w}:*`).join(' & '))})`;
      if (byWords.includes('name')) lookups.push(`SELECT id FROM ${table} WHERE ${nameWords()} @@ ${q}`);
      if (byWords.includes('description')) lookups.push(`SELECT id FROM ${table} WHERE ${descriptionWords()} @@ ${q}`);
      if (byWords.includes('tag')) lookups.push(`SELECT id FROM ${table} WHERE ${tagWords()} @@ ${q}`);
      if (byWords.includes('file_content')) {
        lookups.push(`SELECT v.file_id AS id FROM box_file_versions v WHERE ${contentWords('v.')} @@ ${q}
          AND v.version_number = (SELECT f.version_number FROM box_files f WHERE f.id = v.file_id)`);
      }
    }
    if (kind === 'file' && parts.includes('comments') && term.trim()) {
      lookups.push(`SELECT c.file_id AS id FROM box_comments c WHERE lower(c.message) LIKE ${p(`%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
    }
    return lookups.length ? lookups.join(' UNION ') : `SELECT NULL::text AS id WHERE false`;
  };

  /**
   * One kind's hits. The matching ids are computed first (term groups intersected, NOT terms taken away) and the
   * items looked up by primary key for each (the LATERAL … OFFSET 0 keeps that order): environments' tables carry
   * no planner statistics, and joined the other way round Postgres may loop over every row once per hit.
   */
  const build = (kind: 'file' | 'folder') => {
    const table = kind === 'file' ? 'box_files' : 'box_folders';
    let ids = all.length ? all.map((group) => `(${group.map((t) => idsOf(t, kind)).join(' UNION ')})`).join(' INTERSECT ') : `SELECT id FROM ${table}`;
    if (none.length) ids = `(${ids}) EXCEPT (${none.map((t) => idsOf(t, kind)).join(' UNION ')})`;
    const where: string[] = [kind === 'folder' ? `i.id <> '0'` : 'true'];
    if (trash === 'non_trashed_only') where.push(`i.item_status = 'active' AND (i.parent_id IS NULL OR i.parent_id NOT IN (SELECT id FROM dead))`);
    else if (trash === 'trashed_only') where.push(`i.item_status = 'trashed'`);
    if (kind === 'file' && extensions.length) where.push(`lower(i.extension) = ANY(${p(extensions)})`);
    if (ancestors.length) where.push(`i.parent_id = ANY(ARRAY(SELECT id FROM below))`);
    if (owners.length) where.push(`i.owned_by_id = ANY(${p(owners)})`);
    if (created?.[0]) where.push(`i.created_at >= ${p(created[0])}`);
    if (created?.[1]) where.push(`i.created_at <= ${p(created[1])}`);
    if (updated?.[0]) where.push(`i.modified_at >= ${p(updated[0])}`);
    if (updated?.[1]) where.push(`i.modified_at <= ${p(updated[1])}`);
    if (size?.[0] != null) where.push(`i.size >= ${p(size[0])}`);
    if (size?.[1] != null) where.push(`i.size <= ${p(size[1])}`);
    const nameHits = all.length && use('name') ? all.map((g) => `(CASE WHEN i.id IN (${g.map((t) => idsOf(t, kind, ['name'])).join(' UNION ')}) THEN 1 ELSE 0 END)`).join(' + ') : '0';
    return `SELECT i.id, '${kind}' AS type, i.name, i.modified_at, (${nameHits}) AS score FROM (${ids}) hit
      CROSS JOIN LATERAL (SELECT * FROM ${table} x WHERE x.id = hit.id OFFSET 0) i WHERE ${where.join(' AND ')}`;
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
