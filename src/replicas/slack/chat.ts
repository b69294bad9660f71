import { queryPrepared } from '../prepared.ts';
import type { RouteContext } from '../types.ts';
import { openConversation } from './conversations.ts';
import { slackError } from './errors.ts';
import {
  accessChannel,
  MESSAGE_EXTRAS,
  messageInChannel,
  queryMessages,
  isWorkspaceAdmin,
  resolveActor,
  visible,
  type Actor,
} from './lookup.ts';
import { flag, jsonArg, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { ChannelRow, MessageRow } from './rows.ts';
import { message, permalink } from './serialize.ts';
import { nextTs, tsFromMs } from './time.ts';

/** Slack truncates nothing: longer text is refused (https://docs.slack.dev/reference/methods/chat.postMessage). */
const MAX_TEXT = 40_000;
const MAX_BLOCKS = 50;
const MAX_ATTACHMENTS = 100;

const BLOCK_TYPES = new Set([
  'actions',
  'call',
  'context',
  'context_actions',
  'divider',
  'file',
  'header',
  'image',
  'input',
  'markdown',
  'rich_text',
  'section',
  'table',
  'video',
]);

const RICH_TEXT_ELEMENTS = new Set(['rich_text_section', 'rich_text_list', 'rich_text_preformatted', 'rich_text_quote']);

function invalidBlocks(message: string, pointer: string): Response {
  return slackError('invalid_blocks', { response_metadata: { messages: [`[ERROR] ${message} [json-pointer:${pointer}]`] } });
}

/**
 * `blocks`: a JSON array (or its JSON text) of Block Kit blocks. Slack validates the layout and names the first
 * problem with a JSON pointer; this checks the block types and the fields each type cannot do without. An empty
 * array means "no blocks". Returns undefined when the argument is absent.
 */
export function parseBlocks(params: Params): unknown[] | undefined {
  const value = jsonArg(params, 'blocks', 'invalid_blocks_format');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw slackError('invalid_blocks_format');
  if (value.length > MAX_BLOCKS) throw invalidBlocks(`no more than ${MAX_BLOCKS} items allowed`, '/blocks');
  value.forEach((block, i) => {
    const at = `/blocks/${i}`;
    if (!block || typeof block !== 'object' || Array.isArray(block)) throw invalidBlocks('must be an object', at);
    const b = block as Record<string, unknown>;
    if (typeof b.type !== 'string') throw invalidBlocks('missing required field: type', at);
    if (!BLOCK_TYPES.has(b.type)) throw invalidBlocks(`unsupported type: ${b.type}`, `${at}/type`);
    if (b.type === 'section' && !b.text && !b.fields) throw invalidBlocks('must define either `text` or `fields`', at);
    if ((b.type === 'header' || b.type === 'markdown') && !b.text) throw invalidBlocks('missing required field: text', at);
    if (b.type === 'rich_text' || b.type === 'context') {
      if (!Array.isArray(b.elements)) throw invalidBlocks('missing required field: elements', at);
      if (b.type === 'rich_text') {
        b.elements.forEach((el: unknown, j: number) => {
          const type = (el as Record<string, unknown> | null)?.type;
          if (typeof type !== 'string' || !RICH_TEXT_ELEMENTS.has(type)) {
            throw invalidBlocks(`unsupported type: ${String(type)}`, `${at}/elements/${j}/type`);
          }
        });
      }
    }
    if (b.type === 'table' && !Array.isArray(b.rows)) throw invalidBlocks('missing required field: rows', at);
  });
  return value;
}

function parseAttachments(params: Params): unknown[] | undefined {
  const value = jsonArg(params, 'attachments', 'invalid_attachments');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw slackError('invalid_attachments');
  if (value.length > MAX_ATTACHMENTS) throw slackError('too_many_attachments');
  return value;
}

/** A conversation id as conversations.list and conversations.open give them. */
const CONVERSATION_ID = /^[CDG][A-Z0-9]+$/;

/**
 * chat.postMessage's `channel`: a conversation id, a channel name with or without `#` (still accepted by Slack),
 * or a user id, which posts into the DM with that user (opened if needed). In that order: an id wins over a user,
 * a user over a name. Returns the channel and whether the actor is a member, or `channel_not_found`.
 */
async function resolvePostTarget(ctx: RouteContext, actor: Actor, raw: string): Promise<{ channel: ChannelRow; member: boolean }> {
  // Most callers pass a conversation id (from conversations.list or .open): one simple lookup answers them.
  if (CONVERSATION_ID.test(raw)) {
    const [byId] = await queryPrepared<ChannelRow & { is_member: boolean }>(
      ctx,
      `SELECT c.*, EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id = $2) AS is_member
         FROM channels c WHERE c.channel_id = $1`,
      [raw, actor.user.user_id],
    );
    if (byId) {
      const { is_member: member, ...channel } = visible(byId);
      return { channel, member };
    }
  }
  // The outer one-row select answers `names_user` even when no channel matches.
  const [found] = await ctx.tx.query<ChannelRow & { is_member: boolean; by_id: boolean; names_user: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1) AS names_user, t.*
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT c.*, c.channel_id = $1 AS by_id,
                EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id = $4) AS is_member
           FROM channels c
          WHERE c.channel_id = $1
             OR (c.channel_name = $2 AND NOT c.is_dm AND NOT c.is_gc AND (c.team_id = $3 OR c.team_id IS NULL))
          ORDER BY c.channel_id = $1 DESC, c.channel_id LIMIT 1) t ON true`,
    [raw, raw.replace(/^#/, ''), actor.team.team_id, actor.user.user_id],
  );
  const { names_user: namesUser, by_id: byId, ...row } = found;
  // The actor is a member of their own DMs and group DMs.
  if (!byId && namesUser) return { channel: (await openConversation(ctx, actor, [raw])).channel, member: true };
  // When no channel matched, the joined columns are null.
  const { is_member: member, ...channel } = visible(row.channel_id === null ? undefined : row);
  return { channel, member };
}

/** The thread a reply joins: the root of the thread `threadTs` belongs to, and the root's author. */
export async function threadOf(ctx: RouteContext, channelId: string, threadTs: string): Promise<{ rootId: string; rootUser: string | null }> {
  const [found] = await ctx.tx.query<{ channel_id: string; root_id: string; root_user: string | null }>(
    `SELECT m.channel_id, coalesce(m.parent_id, m.message_id) AS root_id,
            (SELECT r.user_id FROM messages r WHERE r.message_id = coalesce(m.parent_id, m.message_id)) AS root_user
       FROM messages m WHERE m.message_id = $1`,
    [threadTs],
  );
  // Slack accepts an unknown thread_ts and the reply is never shown; here the caller hears about it.
  if (!found || found.channel_id !== channelId) throw slackError('thread_not_found');
  return { rootId: found.root_id, rootUser: found.root_user };
}

type MessageFields = { channelId: string; userId: string; parentId: string | null; subtype: string | null; text: string; blocks: string | null; attachments: string | null };

/** A message's created_at: the whole second of its ts. */
const createdAt = (ts: string) => new Date(Number(ts.split('.')[0]) * 1000).toISOString();

/**
 * Inserts a message with a fresh ts from the environment clock (or from `from`, a ts already taken from it). The ts
 * is the message's primary key, so a taken one (a scenario clock can land on a seed message) moves on by a
 * microsecond until the insert succeeds.
 */
export async function insertMessage(ctx: RouteContext, fields: MessageFields, from?: string): Promise<MessageRow> {
  for (let ts = from ?? tsFromMs(ctx.now()); ; ts = nextTs(ts)) {
    // Prepared (src/replicas/prepared.ts): parsing and planning were a third of this statement.
    const [row] = await queryPrepared<MessageRow>(
      ctx,
      `INSERT INTO messages (message_id, ts, channel_id, user_id, parent_id, type, subtype, message_text, blocks, attachments, created_at)
       VALUES ($1, $1, $2, $3, $4, 'message', $5, $6, $7::jsonb, $8::jsonb, $9)
       ON CONFLICT (message_id) DO NOTHING RETURNING *`,
      [ts, fields.channelId, fields.userId, fields.parentId, fields.subtype, fields.text, fields.blocks, fields.attachments, createdAt(ts)],
    );
    if (row) return row;
  }
}

/**
 * The common post, to a conversation by id and outside a thread, as one statement: the conversation with the
 * caller's membership, and the message inserted when the caller may post there (a member; not archived). It
 * answers as resolvePostTarget, the checks after it and insertMessage do, and reads the clock as they do: only for a
 * message posted (the ts is peeked at, then taken). Null when no conversation has this id: the caller then
 * resolves `channel` as a name or a user.
 */
async function postById(ctx: RouteContext, id: string, fields: Omit<MessageFields, 'channelId' | 'parentId' | 'subtype'>): Promise<MessageRow | null> {
  const ts = tsFromMs(ctx.peekNow());
  const [found] = await queryPrepared<MessageRow & { post_is_private: boolean; post_is_dm: boolean; post_is_gc: boolean; post_is_archived: boolean; post_is_member: boolean }>(
    ctx,
    `WITH c AS (
       SELECT c.channel_id, c.is_private, c.is_dm, c.is_gc, c.is_archived,
              EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id = $2) AS is_member
         FROM channels c WHERE c.channel_id = $1),
     posted AS (
       INSERT INTO messages (message_id, ts, channel_id, user_id, parent_id, type, subtype, message_text, blocks, attachments, created_at)
       SELECT $3, $3, c.channel_id, $2, NULL, 'message', NULL, $4, $5::jsonb, $6::jsonb, $7 FROM c WHERE c.is_member AND NOT c.is_archived
       ON CONFLICT (message_id) DO NOTHING RETURNING *)
     SELECT c.is_private AS post_is_private, c.is_dm AS post_is_dm, c.is_gc AS post_is_gc, c.is_archived AS post_is_archived,
            c.is_member AS post_is_member, posted.*
       FROM c LEFT JOIN posted ON true`,
    [id, fields.userId, ts, fields.text, fields.blocks, fields.attachments, createdAt(ts)],
  );
  if (!found) return null;
  const { post_is_private: isPrivate, post_is_dm: isDm, post_is_gc: isGc, post_is_archived: archived, post_is_member: member, ...row } = found;
  visible({ is_private: isPrivate, is_dm: isDm, is_gc: isGc, is_member: member });
  if (archived) throw slackError('is_archived');
  if (!member) throw slackError('not_in_channel');
  // The ts is the clock's now: taken, as insertMessage takes it.
  ctx.now();
  if (row.message_id !== null) return row;
  // Its ts was taken (a seed message has it): on to the next one, as insertMessage goes.
  return insertMessage(ctx, { ...fields, channelId: id, parentId: null, subtype: null }, nextTs(ts));
}

export async function chatPostMessage(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const raw = str(params, 'channel');
  if (!raw) throw slackError('channel_not_found');
  const blocks = parseBlocks(params);
  const attachments = parseAttachments(params);
  const text = str(params, 'text') ?? '';
  if (!text.trim() && !blocks?.length && !attachments?.length) throw slackError('no_text');
  if (text.length > MAX_TEXT) throw slackError('msg_too_long');

  const threadTs = str(params, 'thread_ts');
  const content = {
    userId: actor.user.user_id,
    text,
    blocks: blocks?.length ? JSON.stringify(blocks) : null,
    attachments: attachments?.length ? JSON.stringify(attachments) : null,
  };
  const posted = !threadTs && CONVERSATION_ID.test(raw) ? await postById(ctx, raw, content) : null;
  if (posted) return slackOk(ctx, { channel: posted.channel_id, ts: posted.message_id, message: message(posted, { reactions: [] }, actor.team) });

  const { channel, member } = await resolvePostTarget(ctx, actor, raw);
  if (channel.is_archived) throw slackError('is_archived');
  // A bot needs to be in a channel to post there (chat:write.public aside), and so does a person here.
  if (!member) throw slackError('not_in_channel');

  const thread = threadTs ? await threadOf(ctx, channel.channel_id, threadTs) : null;
  const broadcast = thread !== null && flag(params, 'reply_broadcast');

  const row = await insertMessage(ctx, {
    ...content,
    channelId: channel.channel_id,
    parentId: thread?.rootId ?? null,
    subtype: broadcast ? 'thread_broadcast' : null,
  });
  // A message just posted has no replies or reactions yet.
  const extras = thread ? { reactions: [], parent_user_id: thread.rootUser } : { reactions: [] };
  return slackOk(ctx, { channel: channel.channel_id, ts: row.message_id, message: message(row, extras, actor.team) });
}

export async function chatUpdate(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const blocks = parseBlocks(params);
  const attachments = parseAttachments(params);
  const text = str(params, 'text');
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const msg = await messageInChannel(ctx.tx, channel.channel_id, str(params, 'ts'));
  if (msg.user_id !== actor.user.user_id || msg.subtype === 'tombstone') throw slackError('cant_update_message');
  if (channel.is_archived) throw slackError('is_inactive');
  if (text === undefined && blocks === undefined && attachments === undefined) throw slackError('no_text');
  if (text !== undefined && text.length > MAX_TEXT) throw slackError('msg_too_long');

  // Blocks: new ones replace the old; new text without blocks drops them (the text is what shows); an update that
  // touches neither keeps them (https://docs.slack.dev/reference/methods/chat.update). Attachments are kept unless
  // given, and `[]` removes them.
  let newBlocks: unknown = msg.blocks;
  if (blocks !== undefined) newBlocks = blocks.length ? blocks : null;
  else if (text !== undefined) newBlocks = null;
  let newAttachments: unknown = msg.attachments;
  if (attachments !== undefined) newAttachments = attachments.length ? attachments : null;

  const [{ row, extras }] = await queryMessages(
    ctx.tx,
    `UPDATE messages m SET message_text = $2, blocks = $3::jsonb, attachments = $4::jsonb, updated_at = $5
      WHERE m.message_id = $1 RETURNING m.*, ${MESSAGE_EXTRAS}`,
    [
      msg.message_id,
      text ?? msg.message_text,
      newBlocks == null ? null : JSON.stringify(newBlocks),
      newAttachments == null ? null : JSON.stringify(newAttachments),
      new Date(ctx.now()).toISOString(),
    ],
  );
  return slackOk(ctx, {
    channel: channel.channel_id,
    ts: msg.message_id,
    text: row.message_text ?? '',
    message: message(row, extras, actor.team),
  });
}

export async function chatDelete(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const msg = await messageInChannel(ctx.tx, channel.channel_id, str(params, 'ts'));
  if (msg.subtype === 'tombstone') throw slackError('message_not_found');
  // Authors delete their own messages; workspace admins and owners, acting as themselves, may delete anyone's.
  if (msg.user_id !== actor.user.user_id && !isWorkspaceAdmin(actor)) throw slackError('cant_delete_message');

  await ctx.tx.query(`DELETE FROM message_reactions WHERE message_id = $1`, [msg.message_id]);
  const [{ n: replies }] = await ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE parent_id = $1`, [
    msg.message_id,
  ]);
  if (replies > 0) {
    // A thread parent with replies becomes a "This message was deleted." placeholder; the replies stay.
    await ctx.tx.query(
      `UPDATE messages SET subtype = 'tombstone', message_text = 'This message was deleted.', blocks = NULL, attachments = NULL,
              updated_at = $2 WHERE message_id = $1`,
      [msg.message_id, new Date(ctx.now()).toISOString()],
    );
  } else {
    await ctx.tx.query(`DELETE FROM messages WHERE message_id = $1`, [msg.message_id]);
    if (msg.parent_id) {
      // The last reply of a deleted parent takes the placeholder with it.
      await ctx.tx.query(
        `DELETE FROM messages p WHERE p.message_id = $1 AND p.subtype = 'tombstone'
           AND NOT EXISTS (SELECT 1 FROM messages r WHERE r.parent_id = p.message_id)`,
        [msg.parent_id],
      );
    }
  }
  return slackOk(ctx, { channel: channel.channel_id, ts: msg.message_id });
}

export async function chatGetPermalink(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const msg = await messageInChannel(ctx.tx, channel.channel_id, str(params, 'message_ts'));
  return slackOk(ctx, { channel: channel.channel_id, permalink: permalink(actor.team, channel.channel_id, msg) });
}
