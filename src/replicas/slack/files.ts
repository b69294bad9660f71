import { mediaType, storeBytes, storedBytes } from '../fileContent.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import type { RouteContext } from '../types.ts';
import { insertMessage, parseBlocks, threadOf } from './chat.ts';
import { openConversation } from './conversations.ts';
import { invalidArguments, slackError } from './errors.ts';
import { accessChannel, channelKind, resolveActor, teamDomain, type Actor } from './lookup.ts';
import { jsonArg, list, positiveInt, required, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { ChannelRow, MessageExtras, MessageRow, TeamRow } from './rows.ts';
import { message } from './serialize.ts';
import { epochSeconds } from './time.ts';

/**
 * Slack's file host: upload URLs (https://files.slack.com/upload/v1/…, from files.getUploadURLExternal) and the
 * files' `url_private` downloads live there (https://docs.slack.dev/messaging/working-with-files/).
 */
export const FILES_BASE = 'https://files.slack.com/';
const UPLOAD_PATH = 'upload/v1/';

/** A `files` row (schema.ts). */
export interface FileRow {
  file_id: string;
  user_id: string;
  file_name: string | null;
  title: string | null;
  file_size: number | null;
  file_type: string | null;
  mimetype: string | null;
  file_url: string | null;
  alt_txt: string | null;
  snippet_type: string | null;
  content: string | null;
  content_encoding: 'utf8' | 'base64';
  upload_state: 'pending' | 'uploaded' | 'complete';
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

/** Slack's limit for `alt_txt` (files.getUploadURLExternal's `alt_txt_too_large`). */
const MAX_ALT_TXT = 1000;
/** completeUploadExternal shares into at most this many conversations (`channels_limit_exceeded`). */
const MAX_CHANNELS = 100;

/** Slack's `filetype` and `pretty_type` by extension; anything else is `binary`. */
const FILE_TYPES: Record<string, [string, string]> = {
  txt: ['text', 'Plain Text'], text: ['text', 'Plain Text'], csv: ['csv', 'CSV'], tsv: ['tsv', 'TSV'], json: ['json', 'JSON'],
  md: ['markdown', 'Markdown (raw)'], html: ['html', 'HTML'], xml: ['xml', 'XML'], yaml: ['yaml', 'YAML'], yml: ['yaml', 'YAML'],
  py: ['python', 'Python'], js: ['javascript', 'JavaScript'], ts: ['typescript', 'TypeScript'], sh: ['shell', 'Shell'], sql: ['sql', 'SQL'],
  pdf: ['pdf', 'PDF'], png: ['png', 'PNG'], jpg: ['jpg', 'JPEG'], jpeg: ['jpg', 'JPEG'], gif: ['gif', 'GIF'], svg: ['svg', 'SVG'],
  zip: ['zip', 'Zip'], docx: ['docx', 'Word Document'], xlsx: ['xlsx', 'Excel Spreadsheet'], pptx: ['pptx', 'PowerPoint Presentation'],
};

function fileTypeOf(name: string, snippetType: string | null): { filetype: string; pretty: string } {
  if (snippetType) return { filetype: snippetType, pretty: snippetType };
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const [filetype, pretty] = FILE_TYPES[ext] ?? ['binary', 'Binary'];
  return { filetype, pretty };
}

/** The upload URL's token: which file, opaque to clients as Slack's is (base64url of the file id). */
function uploadToken(fileId: string): string {
  return btoa(fileId).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function fileIdOfToken(token: string): string | null {
  try {
    return atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/** Whether a request addresses the upload URL (on files.slack.com, or below `serve`'s Slack path). */
export function isUploadUrl(url: URL): boolean {
  return url.pathname.includes(`/${UPLOAD_PATH}`);
}

/**
 * The body sent to an upload URL: Slack takes the raw bytes or a multipart form
 * (https://docs.slack.dev/reference/methods/files.getUploadURLExternal: `-F filename="@text.txt"`;
 * `@slack/web-api` sends a part named `body`). The first file part is the file; a form without one gives its
 * first value's text.
 */
export async function readUploadBody(request: Request): Promise<Params> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) return { file: new Uint8Array(await request.arrayBuffer()) };
  const form = await request.formData().catch(() => {
    throw new Response('invalid multipart body', { status: 400 });
  });
  let first: FormDataEntryValue | undefined;
  let file: File | undefined;
  form.forEach((v) => {
    first ??= v;
    if (typeof v !== 'string') file ??= v;
  });
  if (file) return { file: new Uint8Array(await file.arrayBuffer()) };
  return { file: new TextEncoder().encode(typeof first === 'string' ? first : '') };
}

const nowIso = (ctx: RouteContext) => new Date(ctx.now()).toISOString();

/** files.getUploadURLExternal: reserves a file id and answers the URL to send its bytes to. */
export async function filesGetUploadURLExternal(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const filename = required(params, 'filename');
  const rawLength = required(params, 'length');
  const length = Number(rawLength);
  if (!/^\d+$/.test(rawLength.trim()) || !Number.isSafeInteger(length)) throw invalidArguments('must be an integer', '/length');
  // Nothing larger than a request body can ever reach the upload URL (see limits.ts).
  if (length > MAX_BODY_BYTES) throw slackError('file_upload_size_restricted');
  const altTxt = str(params, 'alt_txt') ?? null;
  if (altTxt && altTxt.length > MAX_ALT_TXT) throw slackError('alt_txt_too_large');
  const snippetType = str(params, 'snippet_type') ?? null;
  const fileId = `F${ctx.nextId('file')}`;
  const { filetype } = fileTypeOf(filename, snippetType);
  const ext = /\.([^.]+)$/.exec(filename)?.[1] ?? '';
  await ctx.tx.query(
    `INSERT INTO files (file_id, user_id, file_name, file_size, file_type, mimetype, alt_txt, snippet_type, upload_state, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
    [fileId, actor.user.user_id, filename, length, filetype, snippetType ? 'text/plain' : mediaType(ext), altTxt, snippetType, nowIso(ctx)],
  );
  return slackOk(ctx, { upload_url: `${FILES_BASE}${UPLOAD_PATH}${uploadToken(fileId)}`, file_id: fileId });
}

/**
 * POST https://files.slack.com/upload/v1/{token}: the file's bytes. Slack answers 200 `OK - <bytes>` as text; any
 * other status is a failure. The URL carries its own authority (no token needed) and takes bytes until the upload
 * is completed.
 */
export async function uploadToUrl(params: Params, ctx: RouteContext): Promise<Response> {
  const fileId = fileIdOfToken(ctx.pathParams.token);
  const [row] = fileId ? await ctx.tx.query<FileRow>(`SELECT * FROM files WHERE file_id = $1`, [fileId]) : [];
  if (!row || row.upload_state === 'complete') return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const bytes = params.file instanceof Uint8Array ? params.file : new Uint8Array(0);
  const stored = storeBytes(bytes);
  await ctx.tx.query(
    `UPDATE files SET content = $2, content_encoding = $3, file_size = $4, upload_state = 'uploaded', updated_at = $5 WHERE file_id = $1`,
    [row.file_id, stored.content, stored.content_encoding, bytes.length, nowIso(ctx)],
  );
  return new Response(`OK - ${bytes.length}`, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** completeUploadExternal's `files`: `[{id, title?}]`, as a JSON array or its JSON text. */
function filesArg(params: Params): { id: string; title?: string }[] {
  if (params.files === undefined || params.files === '') throw invalidArguments('missing required field: files', '/files');
  const value = jsonArg(params, 'files', 'invalid_arguments');
  if (!Array.isArray(value) || value.length === 0) throw invalidArguments('must be a non-empty array', '/files');
  return value.map((f, i) => {
    const o = f && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : null;
    if (!o || typeof o.id !== 'string' || !o.id) throw invalidArguments('missing required field: id', `/files/${i}/id`);
    return { id: o.id, title: typeof o.title === 'string' && o.title ? o.title : undefined };
  });
}

/** Where completeUploadExternal shares: a conversation id the actor is in, or a user id (the DM with that user). */
async function shareTarget(ctx: RouteContext, actor: Actor, id: string): Promise<ChannelRow> {
  if (/^[UW][A-Z0-9]+$/.test(id)) return (await openConversation(ctx, actor, [id])).channel;
  const { channel, member } = await accessChannel(ctx.tx, actor, id);
  if (channel.is_archived) throw slackError('is_archived');
  if (!member) throw slackError('not_in_channel');
  return channel;
}

/**
 * files.completeUploadExternal: titles the uploaded files and, with `channel_id`/`channels`, shares them: one
 * message per conversation (`initial_comment` its text, or `blocks`; a reply with `thread_ts`) carrying every file.
 */
export async function filesCompleteUploadExternal(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const wanted = filesArg(params);
  const targets = [...new Set([...(str(params, 'channel_id') ? [str(params, 'channel_id')!] : []), ...list(params, 'channels')])];
  if (targets.length > MAX_CHANNELS) throw slackError('channels_limit_exceeded');
  const threadTs = str(params, 'thread_ts');
  if (threadTs && targets.length !== 1) throw invalidArguments('thread_ts needs exactly one channel', '/thread_ts');
  const comment = str(params, 'initial_comment');
  const blocks = comment === undefined ? parseBlocks(params) : undefined;

  const rows = await ctx.tx.query<FileRow>(`SELECT * FROM files WHERE file_id = ANY($1::text[])`, [wanted.map((f) => f.id)]);
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  for (const f of wanted) {
    const row = byId.get(f.id);
    // Only the uploader's own file, once its bytes have arrived and before it was completed.
    if (!row || row.user_id !== actor.user.user_id || row.upload_state !== 'uploaded') throw slackError('file_not_found');
  }
  const now = nowIso(ctx);
  for (const f of wanted) {
    const row = byId.get(f.id)!;
    await ctx.tx.query(`UPDATE files SET title = $2, file_url = $3, upload_state = 'complete', updated_at = $4 WHERE file_id = $1`, [
      f.id, f.title ?? row.file_name, urlPrivate(actor.team, row), now,
    ]);
  }
  for (const id of targets) {
    const channel = await shareTarget(ctx, actor, id);
    const thread = threadTs ? await threadOf(ctx, channel.channel_id, threadTs) : null;
    const message = await insertMessage(ctx, {
      channelId: channel.channel_id, userId: actor.user.user_id, parentId: thread?.rootId ?? null, subtype: null,
      text: comment ?? '', blocks: blocks?.length ? JSON.stringify(blocks) : null, attachments: null,
    });
    for (const f of wanted) {
      await ctx.tx.query(`INSERT INTO file_messages (file_message_id, file_id, message_id) VALUES ($1, $2, $3)`, [`FM${ctx.nextId('file_message')}`, f.id, message.message_id]);
    }
  }
  return slackOk(ctx, { files: await fileObjects(ctx, actor, wanted.map((f) => f.id)) });
}

/** files.info: a completed file the actor can see (their own, or shared where they can read). */
export async function filesInfo(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const id = str(params, 'file');
  if (!id) throw slackError('file_not_found');
  const [file] = await fileObjects(ctx, actor, [id]);
  if (!file) throw slackError('file_not_found');
  return slackOk(ctx, { file, comments: [], response_metadata: { next_cursor: '' } });
}

const TYPE_FILTERS: Record<string, string> = {
  all: 'true',
  images: `f.mimetype LIKE 'image/%'`,
  snippets: 'f.snippet_type IS NOT NULL',
  pdfs: `f.file_type = 'pdf'`,
  zips: `f.file_type = 'zip'`,
  spaces: 'false',
  gdocs: 'false',
};

/**
 * files.list: the files the actor can see, newest first, filtered by `channel`, `user`, `ts_from`/`ts_to` (unix
 * seconds) and `types`; paged with `count` (default 100) and `page`.
 */
export async function filesList(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const where = [VISIBLE];
  const args: unknown[] = [actor.user.user_id];
  const channel = str(params, 'channel');
  if (channel) {
    args.push(channel);
    where.push(`EXISTS (SELECT 1 FROM file_messages fm JOIN messages m ON m.message_id = fm.message_id WHERE fm.file_id = f.file_id AND m.channel_id = $${args.length})`);
  }
  const user = str(params, 'user');
  if (user) {
    args.push(user);
    where.push(`f.user_id = $${args.length}`);
  }
  for (const [name, op] of [['ts_from', '>='], ['ts_to', '<=']] as const) {
    const v = str(params, name);
    if (v === undefined || !Number.isFinite(Number(v))) continue;
    args.push(new Date(Number(v) * 1000).toISOString());
    where.push(`f.created_at ${op} $${args.length}`);
  }
  const types = list(params, 'types');
  if (types.length) where.push(`(${types.map((t) => TYPE_FILTERS[t] ?? 'false').join(' OR ')})`);
  const count = positiveInt(params, 'count', 100, 1000);
  const page = positiveInt(params, 'page', 1, 100_000);
  const ids = (await ctx.tx.query<{ file_id: string }>(`SELECT f.file_id FROM files f WHERE ${where.join(' AND ')} ORDER BY f.created_at DESC, f.file_id DESC`, args)).map((r) => r.file_id);
  const files = await fileObjects(ctx, actor, ids.slice((page - 1) * count, page * count));
  return slackOk(ctx, { files, paging: { count, total: ids.length, page, pages: Math.max(1, Math.ceil(ids.length / count)) } });
}

/**
 * GET https://files.slack.com/files-pri/{team}-{file}/{name} (a file's `url_private`, and `…/download/{name}`,
 * its `url_private_download`): the bytes, for a token that can see the file.
 */
export async function downloadPrivate(_params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const key = ctx.pathParams.key;
  const fileId = key.slice(key.indexOf('-') + 1);
  const [row] = await ctx.tx.query<FileRow>(`SELECT f.* FROM files f WHERE f.file_id = $2 AND ${VISIBLE}`, [actor.user.user_id, fileId]);
  if (!row) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(storedBytes(row) as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-type': row.mimetype ?? 'application/octet-stream' } });
}

/** files.upload: retired for apps created after 2024-05-16 and for all on 2025-11-12; Slack answers so. */
export async function filesUpload(): Promise<Response> {
  throw slackError('method_deprecated');
}

/** A completed file the viewer ($1) may see: their own, or shared into a conversation they can read. */
const VISIBLE = `f.upload_state = 'complete' AND (f.user_id = $1 OR EXISTS (
  SELECT 1 FROM file_messages fm JOIN messages m ON m.message_id = fm.message_id JOIN channels c ON c.channel_id = m.channel_id
   WHERE fm.file_id = f.file_id
     AND ((NOT c.is_private AND NOT c.is_dm AND NOT c.is_gc) OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = c.channel_id AND cm.user_id = $1))))`;

function urlPrivate(team: TeamRow, row: Pick<FileRow, 'file_id' | 'file_name'>): string {
  return `${FILES_BASE}files-pri/${team.team_id}-${row.file_id}/${encodeURIComponent(row.file_name ?? 'file')}`;
}

type Share = { file_id: string; channel_id: string; ts: string; channel_name: string } & Pick<ChannelRow, 'is_private' | 'is_dm' | 'is_gc'>;

/**
 * Message objects as conversations.history and conversations.replies show them: a shared upload carries its files (as
 * files.info returns them), `upload: true` and `display_as_bot: false`.
 */
export async function messageObjects(ctx: RouteContext, actor: Actor, page: { row: MessageRow; extras: MessageExtras }[]): Promise<Record<string, unknown>[]> {
  const files = new Map((await fileObjects(ctx, actor, [...new Set(page.flatMap(({ extras }) => extras.fileIds ?? []))])).map((f) => [f.id as string, f]));
  return page.map(({ row, extras }) => {
    const out = message(row, extras, actor.team);
    const shared = (extras.fileIds ?? []).flatMap((id) => files.get(id) ?? []);
    return shared.length ? { ...out, files: shared, upload: true, display_as_bot: false } : out;
  });
}

/** Slack's file objects (https://docs.slack.dev/reference/objects/file-object) for the ids the viewer may see, in order. */
async function fileObjects(ctx: RouteContext, actor: Actor, ids: string[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows = await ctx.tx.query<FileRow>(`SELECT f.* FROM files f WHERE f.file_id = ANY($2::text[]) AND ${VISIBLE}`, [actor.user.user_id, ids]);
  const shares = await ctx.tx.query<Share>(
    `SELECT fm.file_id, m.channel_id, m.ts, c.channel_name, c.is_private, c.is_dm, c.is_gc
       FROM file_messages fm JOIN messages m ON m.message_id = fm.message_id JOIN channels c ON c.channel_id = m.channel_id
      WHERE fm.file_id = ANY($1::text[]) ORDER BY m.ts`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [fileObject(row, shares.filter((s) => s.file_id === id), actor.team)] : [];
  });
}

function fileObject(row: FileRow, shares: Share[], team: TeamRow): Record<string, unknown> {
  const name = row.file_name ?? 'file';
  const { pretty } = fileTypeOf(name, row.snippet_type);
  const created = epochSeconds(row.created_at);
  const kinds = { channels: [] as string[], groups: [] as string[], ims: [] as string[] };
  const byKind: Record<'public' | 'private', Record<string, unknown[]>> = { public: {}, private: {} };
  for (const s of shares) {
    const kind = channelKind(s);
    const list = kind === 'public' ? kinds.channels : kind === 'im' ? kinds.ims : kinds.groups;
    if (!list.includes(s.channel_id)) list.push(s.channel_id);
    const group = kind === 'public' ? byKind.public : byKind.private;
    (group[s.channel_id] ??= []).push({ reply_users: [], reply_users_count: 0, reply_count: 0, ts: s.ts, channel_name: s.channel_name, team_id: team.team_id, share_user_id: row.user_id });
  }
  const url = urlPrivate(team, row);
  const out: Record<string, unknown> = {
    id: row.file_id,
    created,
    timestamp: created,
    name,
    title: row.title ?? name,
    mimetype: row.mimetype ?? 'application/octet-stream',
    filetype: row.file_type ?? 'binary',
    pretty_type: pretty,
    user: row.user_id,
    user_team: team.team_id,
    editable: row.snippet_type !== null,
    size: Number(row.file_size ?? 0),
    mode: row.snippet_type ? 'snippet' : 'hosted',
    is_external: false,
    external_type: '',
    is_public: kinds.channels.length > 0,
    public_url_shared: false,
    display_as_bot: false,
    username: '',
    url_private: url,
    url_private_download: url.replace(/\/([^/]*)$/, '/download/$1'),
    permalink: `https://${teamDomain(team)}.slack.com/files/${row.user_id}/${row.file_id}/${encodeURIComponent(name)}`,
    permalink_public: `https://slack-files.com/${team.team_id}-${row.file_id}`,
    channels: kinds.channels,
    groups: kinds.groups,
    ims: kinds.ims,
    comments_count: 0,
    shares: Object.fromEntries(Object.entries(byKind).filter(([, v]) => Object.keys(v).length > 0)),
    has_rich_preview: false,
    file_access: 'visible',
  };
  if (row.alt_txt) out.alt_txt = row.alt_txt;
  return out;
}
