import type { RouteContext } from '../types.ts';
import { slackError } from './errors.ts';
import { channelViews, resolveActor, TS_NUM, type Actor } from './lookup.ts';
import { decodeCursor, encodeCursor, flag, positiveInt, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { MessageRow } from './rows.ts';
import { permalink, searchChannel } from './serialize.ts';
import { stableUuid } from './time.ts';

/** One piece of a search query: a word or quoted phrase, possibly negated, or a `modifier:value`. */
interface Token {
  negated: boolean;
  modifier?: string;
  value: string;
  phrase: boolean;
}

const MODIFIERS = new Set(['in', 'from', 'has', 'before', 'after', 'on', 'during', 'is']);

/** Splits a query the way Slack's search box reads it: `-word`, `"a phrase"`, `in:#channel`, `from:<@U123>`. */
export function tokenize(query: string): Token[] {
  const out: Token[] = [];
  const re = /(-)?(?:([a-z]+):)?(?:"([^"]*)"?|(\S+))/gi;
  for (const m of query.matchAll(re)) {
    if (!m[0].trim()) continue;
    const negated = !!m[1];
    const key = m[2]?.toLowerCase();
    const value = m[3] ?? m[4] ?? '';
    if (key && MODIFIERS.has(key)) out.push({ negated, modifier: key, value, phrase: m[3] !== undefined });
    else if (key) out.push({ negated, value: `${m[2]}:${value}`, phrase: m[3] !== undefined });
    else if (value) out.push({ negated, value, phrase: m[3] !== undefined });
  }
  return out;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Word boundaries in PostgreSQL's regexes (`\m`, `\M`) and the same in JavaScript's (with the `u` flag). */
const BOUNDARY = {
  pg: { start: '\\m', end: '\\M' },
  js: { start: '(?<![\\p{L}\\p{N}_])', end: '(?![\\p{L}\\p{N}_])' },
} as const;

/**
 * Slack matches whole words, with light stemming (`eat` finds `eats` and `eating`, not `great`), and a trailing `*`
 * asks for a prefix. A phrase matches its words in order. `pg` is for the query, `js` marks the matches up.
 */
function wordPattern(token: Token, flavour: keyof typeof BOUNDARY = 'pg'): string {
  const words = token.value.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const last = words.length - 1;
  const parts = words.map((w, i) => {
    if (i === last && w.endsWith('*')) return `${escapeRegex(w.slice(0, -1))}\\w*`;
    return i === last && !token.phrase ? `${escapeRegex(w)}(s|es|ed|ing)?` : escapeRegex(w);
  });
  const body = parts.join('\\s+');
  // A term that starts or ends with punctuation cannot be held to a word boundary there.
  const start = /^\w/.test(words[0]) ? BOUNDARY[flavour].start : '';
  const end = /\w\*?$/.test(words[last]) && !words[last].endsWith('*') ? BOUNDARY[flavour].end : '';
  return `${start}${body}${end}`;
}

/**
 * The query's free-text terms as clauses that must all hold, each a list of terms of which one must match: `OR`
 * between two terms joins them (`"alpha project" OR beta -secret` is (alpha project, or beta) and not secret).
 * An `OR` with no plain term on one side is an ordinary word.
 */
function textClauses(tokens: Token[]): { any: Token[]; negated: boolean }[] {
  const clauses: { any: Token[]; negated: boolean }[] = [];
  const plain = (t: Token | undefined) => !!t && !t.modifier && !t.negated;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.modifier) continue;
    const isOr = !t.negated && !t.phrase && t.value === 'OR';
    const previous = clauses[clauses.length - 1];
    if (isOr && plain(tokens[i - 1]) && previous && !previous.negated && plain(tokens[i + 1]) && tokens[i + 1].value !== 'OR') {
      previous.any.push(tokens[++i]);
      continue;
    }
    clauses.push({ any: [t], negated: t.negated });
  }
  return clauses;
}

/** Slack's highlight markers around every match of the query's terms (https://docs.slack.dev/reference/methods/search.messages). */
const HIGHLIGHT_START = '\ue000';
const HIGHLIGHT_END = '\ue001';

function highlighter(terms: Token[]): (text: string) => string {
  const patterns = terms.map((t) => wordPattern(t, 'js')).filter(Boolean);
  if (!patterns.length) return (text) => text;
  const re = new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'giu');
  return (text) => text.replace(re, (m) => (m ? `${HIGHLIGHT_START}${m}${HIGHLIGHT_END}` : m));
}

/** `<@U123>`, `<@U123|name>`, `@name`, `name`, `U123` or `me` → user ids (several users can share a display name). */
async function resolveUsers(ctx: RouteContext, actor: Actor, value: string): Promise<string[]> {
  if (value === 'me') return [actor.user.user_id];
  const mention = /^<@([^|>]+)(?:\|[^>]*)?>$/.exec(value);
  const key = mention ? mention[1] : value.replace(/^@/, '');
  const rows = await ctx.tx.query<{ user_id: string }>(
    `SELECT user_id FROM users WHERE user_id = $1 OR lower(username) = lower($1) OR lower(display_name) = lower($1)
        OR lower(real_name) = lower($1) ORDER BY user_id`,
    [key],
  );
  return rows.map((r) => r.user_id);
}

/** `in:#name`, `in:name`, `in:<#C123|name>`, `in:C123` → channel ids; `in:@user` → the DM with that user. */
async function resolveIn(ctx: RouteContext, actor: Actor, value: string): Promise<string[]> {
  if (value.startsWith('@') || value.startsWith('<@')) {
    const users = await resolveUsers(ctx, actor, value);
    if (!users.length) return [];
    const rows = await ctx.tx.query<{ channel_id: string }>(
      `SELECT c.channel_id FROM channels c WHERE c.is_dm
          AND EXISTS (SELECT 1 FROM channel_members a WHERE a.channel_id = c.channel_id AND a.user_id = $1)
          AND EXISTS (SELECT 1 FROM channel_members b WHERE b.channel_id = c.channel_id AND b.user_id = ANY($2::text[]))`,
      [actor.user.user_id, users],
    );
    return rows.map((r) => r.channel_id);
  }
  const link = /^<#([^|>]+)(?:\|[^>]*)?>$/.exec(value);
  const key = link ? link[1] : value.replace(/^#/, '');
  const rows = await ctx.tx.query<{ channel_id: string }>(
    `SELECT channel_id FROM channels WHERE channel_id = $1 OR lower(channel_name) = lower($1)`,
    [key],
  );
  return rows.map((r) => r.channel_id);
}

/** A `before:`/`after:`/`on:`/`during:` value as [first day, day after the last] (YYYY-MM-DD), or null. */
function dateRange(value: string, todayIso: string): [string, string] | null {
  const addDays = (iso: string, n: number) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const v = value.toLowerCase();
  if (v === 'today') return [todayIso, addDays(todayIso, 1)];
  if (v === 'yesterday') return [addDays(todayIso, -1), todayIso];
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? null : [v, addDays(v, 1)];
  m = /^(\d{4})-(\d{2})$/.exec(v);
  if (m) {
    const next = Number(m[2]) === 12 ? `${Number(m[1]) + 1}-01` : `${m[1]}-${String(Number(m[2]) + 1).padStart(2, '0')}`;
    return [`${v}-01`, `${next}-01`];
  }
  m = /^(\d{4})$/.exec(v);
  if (m) return [`${v}-01-01`, `${Number(v) + 1}-01-01`];
  return null;
}

interface SearchResult {
  matches: Record<string, unknown>[];
  total: number;
  page: number;
  count: number;
  offset: number;
  cursorMode: boolean;
}

/** The messages part of search.messages and search.all. */
async function searchMessages(ctx: RouteContext, actor: Actor, params: Params): Promise<SearchResult> {
  const query = str(params, 'query');
  if (!query || !query.trim()) throw slackError('no_query');
  const count = positiveInt(params, 'count', 20, 100);
  let page = positiveInt(params, 'page', 1, 100);
  const rawCursor = str(params, 'cursor');
  const cursorMode = rawCursor !== undefined;
  let offset = (page - 1) * count;
  if (cursorMode) {
    offset = rawCursor === '*' ? 0 : Number(decodeCursor(params, 'search'));
    if (!Number.isInteger(offset) || offset < 0) throw slackError('invalid_cursor');
    page = Math.floor(offset / count) + 1;
  }

  const tz = actor.user.timezone ?? 'UTC';
  const today = new Date(ctx.now()).toISOString().slice(0, 10);
  const args: unknown[] = [actor.user.user_id, actor.team.team_id];
  const arg = (v: unknown) => `$${args.push(v)}`;
  const searchable = `(coalesce(m.message_text, '') || ' ' || coalesce((SELECT string_agg(t #>> '{}', ' ')
      FROM jsonb_path_query(m.blocks, 'strict $.**.text ? (@.type() == "string")') t), ''))`;
  let tzArg: string | undefined;
  // The message's calendar day where the caller lives (the tz parameter is bound on first use only).
  const localDay = () => `(to_timestamp(${TS_NUM('m.ts')}) AT TIME ZONE ${(tzArg ??= arg(tz))})::date`;
  const where = [
    `m.subtype IS DISTINCT FROM 'tombstone'`,
    `(c.team_id = $2 OR c.team_id IS NULL)`,
    `((NOT c.is_private AND NOT c.is_dm AND NOT c.is_gc)
       OR EXISTS (SELECT 1 FROM channel_members v WHERE v.channel_id = c.channel_id AND v.user_id = $1))`,
  ];
  const inSets: string[][] = [];
  const fromSets: string[][] = [];
  const tokens = tokenize(query);
  const clauses = textClauses(tokens);
  for (const clause of clauses) {
    const patterns = clause.any.map((t) => wordPattern(t)).filter(Boolean);
    if (!patterns.length) continue;
    const any = patterns.map((p) => `${searchable} ~* ${arg(p)}`).join(' OR ');
    where.push(`${clause.negated ? 'NOT ' : ''}(${any})`);
  }
  for (const t of tokens) {
    const not = t.negated ? 'NOT ' : '';
    if (!t.modifier) continue;
    switch (t.modifier) {
      case 'in': {
        const ids = await resolveIn(ctx, actor, t.value);
        if (t.negated) where.push(`NOT (m.channel_id = ANY(${arg(ids)}::text[]))`);
        else inSets.push(ids);
        break;
      }
      case 'from': {
        const ids = await resolveUsers(ctx, actor, t.value);
        if (t.negated) where.push(`NOT (coalesce(m.user_id, '') = ANY(${arg(ids)}::text[]))`);
        else fromSets.push(ids);
        break;
      }
      case 'has': {
        const v = t.value.toLowerCase();
        let cond = 'false';
        if (v === 'link') cond = `(m.message_text ~* 'https?://')`;
        else if (v === 'reaction') cond = `EXISTS (SELECT 1 FROM message_reactions r WHERE r.message_id = m.message_id)`;
        else if (/^:.+:$/.test(v)) {
          cond = `EXISTS (SELECT 1 FROM message_reactions r WHERE r.message_id = m.message_id AND r.reaction_type = ${arg(v.slice(1, -1))})`;
        }
        where.push(`${not}${cond}`);
        break;
      }
      case 'is': {
        const v = t.value.toLowerCase();
        let cond = 'false';
        if (v === 'thread') cond = `(m.parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM messages r WHERE r.parent_id = m.message_id))`;
        else if (v === 'dm') cond = `(c.is_dm OR c.is_gc)`;
        where.push(`${not}${cond}`);
        break;
      }
      default: {
        const range = dateRange(t.value, today);
        if (!range) {
          where.push('false');
          break;
        }
        const [from, to] = range;
        let cond: string;
        if (t.modifier === 'before') cond = `${localDay()} < ${arg(from)}::date`;
        else if (t.modifier === 'after') cond = `${localDay()} >= ${arg(to)}::date`;
        else cond = `(${localDay()} >= ${arg(from)}::date AND ${localDay()} < ${arg(to)}::date)`;
        where.push(`${not}${cond}`);
      }
    }
  }
  // Several in: (or from:) modifiers widen the search; in: and from: together narrow it.
  if (inSets.length) where.push(`m.channel_id = ANY(${arg(inSets.flat())}::text[])`);
  if (fromSets.length) where.push(`m.user_id = ANY(${arg(fromSets.flat())}::text[])`);

  const sortDir = str(params, 'sort_dir')?.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
  const from = `FROM messages m JOIN channels c ON c.channel_id = m.channel_id WHERE ${where.join(' AND ')}`;
  const [{ n: total }] = await ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, args);
  // Relevance is approximated by recency: every match contains all the terms.
  const rows = await ctx.tx.query<MessageRow & { username: string | null }>(
    `SELECT m.*, (SELECT u.username FROM users u WHERE u.user_id = m.user_id) AS username ${from}
      ORDER BY ${TS_NUM('m.ts')} ${sortDir}, m.message_id ${sortDir} LIMIT ${arg(count)} OFFSET ${arg(offset)}`,
    args,
  );
  const channelIds = [...new Set(rows.map((r) => r.channel_id))];
  const views = channelIds.length
    ? await channelViews(ctx.tx, actor.user.user_id, 'WHERE c.channel_id = ANY($2::text[])', [channelIds])
    : [];
  const viewById = new Map(views.map((v) => [v.channel_id, v]));
  const mark = flag(params, 'highlight') ? highlighter(clauses.filter((c) => !c.negated).flatMap((c) => c.any)) : (text: string) => text;
  const matches = rows.map((r) => {
    const ts = r.ts ?? r.message_id;
    const match: Record<string, unknown> = {
      iid: stableUuid(r.message_id),
      team: actor.team.team_id,
      channel: searchChannel(viewById.get(r.channel_id)!),
      type: 'message',
      user: r.user_id,
      username: r.username ?? '',
      ts,
      text: mark(r.message_text ?? ''),
      permalink: permalink(actor.team, r.channel_id, r),
    };
    if (Array.isArray(r.blocks) && r.blocks.length) match.blocks = r.blocks;
    if (Array.isArray(r.attachments) && r.attachments.length) match.attachments = r.attachments;
    return match;
  });
  return { matches, total, page, count, offset, cursorMode };
}

/** Slack's two paging blocks (`pagination` and the older `paging`) for one result list. */
function pagingOf(total: number, page: number, count: number, offset: number, shown: number): Record<string, unknown> {
  const pages = Math.max(1, Math.ceil(total / count));
  return {
    total,
    pagination: {
      total_count: total,
      page,
      per_page: count,
      page_count: pages,
      first: shown ? offset + 1 : 0,
      last: offset + shown,
    },
    paging: { count, total, page, pages },
  };
}

function messagesBlock(result: SearchResult): Record<string, unknown> {
  return { matches: result.matches, ...pagingOf(result.total, result.page, result.count, result.offset, result.matches.length) };
}

function cursorMeta(result: SearchResult): Record<string, unknown> {
  if (!result.cursorMode) return {};
  const next = result.offset + result.matches.length;
  return { response_metadata: { next_cursor: next < result.total ? encodeCursor('search', String(next)) : '' } };
}

export async function searchMessagesHandler(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const result = await searchMessages(ctx, actor, params);
  return slackOk(ctx, { query: str(params, 'query'), messages: messagesBlock(result), ...cursorMeta(result) });
}

export async function searchAll(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const result = await searchMessages(ctx, actor, params);
  return slackOk(ctx, {
    query: str(params, 'query'),
    messages: messagesBlock(result),
    // Files are not modelled: the files part is always empty.
    files: { matches: [], ...pagingOf(0, result.page, result.count, 0, 0) },
    posts: { matches: [], total: 0 },
  });
}
