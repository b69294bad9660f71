import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter, notFound } from './errors.ts';
import { boxTime, newBoxId, nowIso } from './ids.ts';
import { actingUser, liveFile, usersById } from './lookup.ts';
import { fieldsParam, intParam, ref, type Params } from './params.ts';
import type { CommentRow, UserRow } from './rows.ts';

const COMMENT_STANDARD = ['type', 'id', 'is_reply_comment', 'message', 'created_by', 'created_at', 'modified_at', 'item'];

function commentView(c: CommentRow, users: Map<string, UserRow>, fields: string[] | null): Record<string, unknown> {
  const by = users.get(c.created_by_id ?? '');
  const all: Record<string, unknown> = {
    type: 'comment',
    id: c.id,
    is_reply_comment: Boolean(c.is_reply_comment),
    message: c.message,
    tagged_message: c.tagged_message ?? c.message,
    created_by: by ? { type: 'user', id: by.id, name: by.name, login: by.login } : null,
    created_at: boxTime(c.created_at),
    modified_at: boxTime(c.modified_at ?? c.created_at),
    item: { id: c.item_id, type: c.item_type },
  };
  const names = fields ? ['type', 'id', ...fields] : COMMENT_STANDARD;
  return Object.fromEntries(names.filter((n) => Object.hasOwn(all, n)).map((n) => [n, all[n]]));
}

async function liveComment(ctx: RouteContext, id: string): Promise<CommentRow> {
  const [c] = await ctx.tx.query<CommentRow>(`SELECT * FROM box_comments WHERE id = $1`, [id]);
  if (!c) throw notFound();
  return c;
}

/** GET /files/{id}/comments: the file's comments and replies, oldest first. */
export async function listFileComments(params: Params, ctx: RouteContext): Promise<Response> {
  const file = await liveFile(ctx.tx, ctx.pathParams.file_id);
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const rows = await ctx.tx.query<CommentRow>(`SELECT * FROM box_comments WHERE file_id = $1 ORDER BY created_at, id`, [file.id]);
  const users = await usersById(ctx);
  const fields = fieldsParam(params);
  return Response.json({ total_count: rows.length, entries: rows.slice(offset, offset + limit).map((c) => commentView(c, users, fields)), offset, limit });
}

export async function getComment(params: Params, ctx: RouteContext): Promise<Response> {
  const c = await liveComment(ctx, ctx.pathParams.comment_id);
  return Response.json(commentView(c, await usersById(ctx), fieldsParam(params)));
}

function messageOf(params: Params): { message: string; tagged: string | null } {
  const message = typeof params.message === 'string' ? params.message : undefined;
  const tagged = typeof params.tagged_message === 'string' ? params.tagged_message : undefined;
  if (!message && !tagged) {
    throw boxError(400, 'bad_request', "'message' is required", { errors: [{ reason: 'missing_parameter', name: 'message', message: "'message' is required" }] });
  }
  // A tagged message mentions users as @[userid:name]; its plain text keeps the names.
  return { message: message ?? tagged!.replace(/@\[\d+:([^\]]*)\]/g, '@$1'), tagged: tagged ?? null };
}

/** POST /comments: `{message, item: {type: file|comment, id}}`; a comment on a comment is a reply. */
export async function createComment(params: Params, ctx: RouteContext): Promise<Response> {
  const { message, tagged } = messageOf(params);
  const item = ref(params.item);
  if (!item?.id || !item.type) throw boxError(400, 'bad_request', "'item' is required", { errors: [{ reason: 'missing_parameter', name: 'item', message: "'item' with 'type' and 'id' is required" }] });
  let fileId: string;
  if (item.type === 'file') fileId = (await liveFile(ctx.tx, item.id)).id;
  else if (item.type === 'comment') {
    const parent = await liveComment(ctx, item.id);
    if (!parent.file_id) throw notFound();
    fileId = parent.file_id;
  } else throw invalidParameter('item.type', `Invalid value '${item.type}'. 'item.type' must be file or comment.`);
  const user = await actingUser(ctx);
  const now = nowIso(ctx);
  const id = newBoxId(ctx, 'comment');
  await ctx.tx.query(
    `INSERT INTO box_comments (id, type, item_id, item_type, file_id, message, tagged_message, is_reply_comment, created_by_id, created_at, modified_at)
     VALUES ($1, 'comment', $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [id, item.id, item.type, fileId, message, tagged, item.type === 'comment', user.id, now],
  );
  return Response.json(commentView(await liveComment(ctx, id), await usersById(ctx), fieldsParam(params)), { status: 201 });
}

/** PUT /comments/{id}: changes the message. Only its author (or an admin) may. */
export async function updateComment(params: Params, ctx: RouteContext): Promise<Response> {
  const c = await liveComment(ctx, ctx.pathParams.comment_id);
  const { message, tagged } = messageOf(params);
  const user = await actingUser(ctx);
  if (c.created_by_id !== user.id && user.role !== 'admin') throw boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
  await ctx.tx.query(`UPDATE box_comments SET message = $2, tagged_message = $3, modified_at = $4 WHERE id = $1`, [c.id, message, tagged, nowIso(ctx)]);
  return Response.json(commentView(await liveComment(ctx, c.id), await usersById(ctx), fieldsParam(params)));
}

export async function deleteComment(_params: Params, ctx: RouteContext): Promise<Response> {
  const c = await liveComment(ctx, ctx.pathParams.comment_id);
  const user = await actingUser(ctx);
  if (c.created_by_id !== user.id && user.role !== 'admin') throw boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
  await ctx.tx.query(`DELETE FROM box_comments WHERE id = $1`, [c.id]);
  return new Response(null, { status: 204 });
}
