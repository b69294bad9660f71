import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter } from './errors.ts';
import { contentWords, descriptionWords, nameWords, tagWords } from './schema.ts';
import { queryPrepared } from './prepared.ts';
import { fieldsParam, intParam, listParam, str, type Params } from './params.ts';
import type { FolderRow, ItemRow } from './rows.ts';
import { fileSelect, ItemSerializer, type FileView, type FolderLink } from './serialize.ts';

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
      // Bytes as a whole number the size column can compare with (9999999999999999999999 is past PostgreSQL's bigint).
      const n = Number(v);
      if (!/^\s*\d+\s*$/.test(v) || !Number.isSafeInteger(n)) throw invalidParameter(name, `Invalid value '${raw}'. Sizes must be whole numbers of bytes.`);
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
  const parts = CONTENT_TYPES.filter(use);
  const { all, none } = parseQuery(query);
  const ctes: string[] = [];

  // One placeholder per term, made when first used: Postgres cannot type a placeholder the SQL does not use.
  const tsqueries = new Map<string, string>();
  const wordQuery = (term: string, words: string[]) => {
    if (!tsqueries.has(term)) tsqueries.set(term, `to_tsquery('simple', ${p(words.map((w) => `${w}:*`).join(' & '))})`);
    return tsqueries.get(term)!;
  };

  /**
   * Whether a `kind` item (alias `i`) matches any term of `terms`, through one indexed lookup per searched part, each
   * a named set: by name (which also ranks), by description or tags, by comments, and by file content, whose set
   * holds the version matched so that only a file's current version counts. Tested as `(… IN set) IS TRUE`, the
   * sets stay hashed subplans, built once: a bare IN at the top of a WHERE becomes a join, which with no planner
   * statistics may scan a set once per row. Also returns, for finding candidates, the conditions on the item's own
   * table (alias `x`, the indexed expressions) and the ids found through other tables.
   */
  const matchOf = (kind: 'file' | 'folder', terms: string[], set: string) => {
    const table = kind === 'file' ? 'box_files' : 'box_folders';
    const byName: string[] = [];
    const byOther: string[] = [];
    const byComment: string[] = [];
    const byContent: string[] = [];
    const direct: string[] = [];
    for (const term of terms) {
      const words = term.match(/[\p{L}\p{N}]+/gu);
      if (words) {
        const q = () => wordQuery(term, words);
        const own = (target: string[], wordsOf: (alias?: string) => string) => {
          target.push(`SELECT id FROM ${table} WHERE ${wordsOf()} @@ ${q()}`);
          direct.push(`${wordsOf('x.')} @@ ${q()}`);
        };
        if (parts.includes('name')) own(byName, nameWords);
        if (parts.includes('description')) own(byOther, descriptionWords);
        if (parts.includes('tag')) own(byOther, tagWords);
        if (kind === 'file' && parts.includes('file_content')) {
          byContent.push(`SELECT v.file_id AS id, v.version_number FROM box_file_versions v WHERE ${contentWords('v.')} @@ ${q()}`);
        }
      }
      if (kind === 'file' && parts.includes('comments') && term.trim()) {
        byComment.push(`SELECT c.file_id AS id FROM box_comments c WHERE c.file_id IS NOT NULL AND lower(c.message) LIKE ${p(`%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
      }
    }
    const tests: string[] = [];
    const foreign: string[] = [];
    const named = (name: string, lookups: string[]) => {
      if (lookups.length) ctes.push(`${set}_${name} AS (${lookups.join(' UNION ALL ')})`);
      return lookups.length ? `${set}_${name}` : null;
    };
    const nameSet = named('name', byName);
    // The name test is a column of the candidate (see build), computed once for the test and the rank.
    if (nameSet) tests.push(`i.${nameSet}_hit`);
    for (const s of [named('other', byOther), named('comment', byComment)]) if (s) tests.push(`(i.id IN (SELECT id FROM ${s})) IS TRUE`);
    if (byComment.length) foreign.push(`SELECT id FROM ${set}_comment`);
    if (named('content', byContent)) {
      tests.push(`((i.id, i.version_number) IN (SELECT id, version_number FROM ${set}_content)) IS TRUE`);
      foreign.push(`SELECT id FROM ${set}_content`);
    }
    return { test: tests.length ? `(${tests.join(' OR ')})` : 'false', direct, foreign, nameSet };
  };

  /**
   * One kind's hits: the items the first term group finds, read once (one bitmap over the item's own word indexes
   * and its primary key, for the ids found through content and comments), that match every group and no NOT term
   * and pass the filters, with their rank (how many groups match by name).
   */
  const build = (kind: 'file' | 'folder') => {
    const table = kind === 'file' ? 'box_files' : 'box_folders';
    const where: string[] = [kind === 'folder' ? `i.id <> '0'` : 'true'];
    const groups = all.map((g, n) => matchOf(kind, g, `${kind}_${n}`));
    // The candidates are read in a subquery of their own (OFFSET 0): next to the status filter, the planner may rather
    // scan a live-children index for the ids, which takes every entry of it. The filters on the item's own columns
    // go with them, so that rows they drop are not tested against the term sets (Postgres orders those tests first).
    const own: string[] = [];
    if (groups.length) {
      const { direct, foreign } = groups[0];
      const found = [...direct, ...(foreign.length ? [`x.id = ANY(ARRAY(${foreign.join(' UNION ALL ')}))`] : [])];
      own.push(found.length ? `(${found.join(' OR ')})` : 'false');
    }
    if (kind === 'file' && extensions.length) own.push(`lower(x.extension) = ANY(${p(extensions)})`);
    if (owners.length) own.push(`x.owned_by_id = ANY(${p(owners)})`);
    if (created?.[0]) own.push(`x.created_at >= ${p(created[0])}`);
    if (created?.[1]) own.push(`x.created_at <= ${p(created[1])}`);
    if (updated?.[0]) own.push(`x.modified_at >= ${p(updated[0])}`);
    if (updated?.[1]) own.push(`x.modified_at <= ${p(updated[1])}`);
    if (size?.[0] != null) own.push(`x.size >= ${p(size[0])}`);
    if (size?.[1] != null) own.push(`x.size <= ${p(size[1])}`);
    const nots = none.length ? matchOf(kind, none, `${kind}_not`) : null;
    const nameHits = [...groups, ...(nots ? [nots] : [])].flatMap((g) => (g.nameSet ? [`(x.id IN (SELECT id FROM ${g.nameSet})) IS TRUE AS ${g.nameSet}_hit`] : []));
    const source = `(SELECT ${['x.*', ...nameHits].join(', ')} FROM ${table} x WHERE ${own.length ? own.join(' AND ') : 'true'} OFFSET 0)`;
    if (trash === 'non_trashed_only') where.push(`i.item_status = 'active' AND (i.parent_id IS NULL OR i.parent_id NOT IN (SELECT id FROM dead))`);
    else if (trash === 'trashed_only') where.push(`i.item_status = 'trashed'`);
    if (ancestors.length) where.push(`i.parent_id = ANY(ARRAY(SELECT id FROM below))`);
    for (const g of groups) where.push(g.test);
    if (nots) where.push(`NOT ${nots.test}`);
    const named = use('name') ? groups.filter((g) => g.nameSet) : [];
    const score = named.length ? named.map((g) => `i.${g.nameSet}_hit::int`).join(' + ') : '0';
    return `SELECT '${kind}' AS type, i.id, i.parent_id, i.modified_at, (${score}) AS score FROM ${source} i WHERE ${where.join(' AND ')}`;
  };

  // Extensions only apply to files, so asking for them leaves folders out.
  const kinds: ('file' | 'folder')[] = type === 'file' ? ['file'] : type === 'folder' ? ['folder'] : type === 'web_link' ? [] : extensions.length ? ['file'] : ['folder', 'file'];
  if (kinds.length === 0) return Response.json({ total_count: 0, entries: [], limit, offset, type: 'search_results_items' });
  // The trashed folders and everything below them, and the folders below `ancestor_folder_ids`, each step by key.
  ctes.push(`dead AS (SELECT id FROM box_folders WHERE item_status = 'trashed'
    UNION SELECT x.id FROM dead CROSS JOIN LATERAL (SELECT id FROM box_folders x WHERE x.parent_id = dead.id OFFSET 0) x)`);
  if (ancestors.length) {
    ctes.push(`below AS (SELECT id FROM box_folders WHERE id = ANY(${p(ancestors)})
      UNION SELECT x.id FROM below CROSS JOIN LATERAL (SELECT id FROM box_folders x WHERE x.parent_id = below.id OFFSET 0) x)`);
  }
  const hits = kinds.map(build).join(' UNION ALL ');
  const order = sort === 'modified_at' ? `modified_at ${direction} NULLS LAST, id` : `score DESC, modified_at DESC NULLS LAST, id`;
  // One statement: the count, the page in order, its rows as JSON and the folders above them (path_collection).
  const [r] = await queryPrepared<{ total: number; page: ['file' | 'folder', string][] | null; files: FileView[] | null; folders: FolderRow[] | null; ancestors: FolderLink[] | null }>(
    ctx,
    `WITH RECURSIVE ${ctes.join(',\n')},
     hits AS (${hits}),
     page AS (SELECT h.*, row_number() OVER (ORDER BY ${order}) AS n FROM (SELECT * FROM hits ORDER BY ${order} OFFSET ${p(offset)} LIMIT ${p(limit)}) h),
     up AS (SELECT id, name, parent_id, sequence_id, etag FROM box_folders WHERE id = ANY(ARRAY(SELECT parent_id FROM page))
       UNION SELECT x.id, x.name, x.parent_id, x.sequence_id, x.etag FROM up CROSS JOIN LATERAL (SELECT * FROM box_folders x WHERE x.id = up.parent_id OFFSET 0) x)
     SELECT (SELECT count(*)::int FROM hits) AS total,
       (SELECT json_agg(json_build_array(type, id) ORDER BY n) FROM page) AS page,
       (SELECT json_agg(f) FROM (${fileSelect(`(SELECT * FROM box_files WHERE id = ANY(ARRAY(SELECT id FROM page WHERE type = 'file')))`)}) f) AS files,
       (SELECT json_agg(d) FROM box_folders d WHERE d.id = ANY(ARRAY(SELECT id FROM page WHERE type = 'folder'))) AS folders,
       (SELECT json_agg(up) FROM up) AS ancestors`,
    sqlParams,
  );
  const rows = new Map<string, ItemRow>();
  for (const f of r.files ?? []) rows.set(`file:${f.id}`, f);
  for (const d of r.folders ?? []) rows.set(`folder:${d.id}`, d);
  const ordered = (r.page ?? []).map(([t, id]) => rows.get(`${t}:${id}`)!).filter(Boolean);
  const s = await new ItemSerializer(ctx).know(r.ancestors ?? []).prepare(ordered);
  const fields = fieldsParam(params);
  return Response.json({ total_count: r.total, entries: ordered.map((row) => s.item(row, 'standard', fields)), limit, offset, type: 'search_results_items' });
}
