import { queryPrepared } from '../prepared.ts';
import type { RouteContext } from '../types.ts';
import { slackError } from './errors.ts';
import {
  accessChannel,
  accessChannelView,
  channelKind,
  channelView,
  channelViews,
  isGeneral,
  isWorkspaceAdmin,
  MESSAGE_EXTRAS,
  queryMessages,
  resolveActor,
  splitExtras,
  TS_NUM,
  type Actor,
  type ChannelKind,
  type MessageRowWithExtras,
} from './lookup.ts';
import { decodeCursor, encodeCursor, flag, limitParam, list, required, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { ChannelRow, MessageExtras, UserRow } from './rows.ts';
import { messageObjects } from './files.ts';
import { conversation } from './serialize.ts';
import { isTs } from './time.ts';

const TYPE_NAMES: Record<string, ChannelKind> = {
  public_channel: 'public',
  private_channel: 'private',
  mpim: 'mpim',
  im: 'im',
};

const KIND_SQL: Record<ChannelKind, string> = {
  public: '(NOT c.is_dm AND NOT c.is_gc AND NOT c.is_private)',
  private: '(NOT c.is_dm AND NOT c.is_gc AND c.is_private)',
  mpim: '(c.is_gc AND NOT c.is_dm)',
  im: 'c.is_dm',
};

/** `types=public_channel,private_channel,mpim,im` (default `public_channel`); an unknown name is `invalid_types`. */
function parseTypes(params: Params): ChannelKind[] {
  const names = list(params, 'types');
  if (!names.length) return ['public'];
  return [...new Set(names.map((n) => (Object.hasOwn(TYPE_NAMES, n) ? TYPE_NAMES[n] : throwInvalidTypes())))];
}

function throwInvalidTypes(): never {
  throw slackError('invalid_types');
}

function nowIso(ctx: RouteContext): string {
  return new Date(ctx.now()).toISOString();
}

/**
 * The conversations `viewer` may see, optionally only those `memberId` belongs to (users.conversations). Public
 * channels are visible to everyone in the workspace; the other kinds only to their members. Ordered by id, with
 * cursor pagination on the id.
 */
export async function listConversations(
  ctx: RouteContext,
  actor: Actor,
  params: Params,
  memberId?: string,
): Promise<Response> {
  const kinds = parseTypes(params);
  const limit = limitParam(params, 100, 1000);
  const after = decodeCursor(params, 'channel');
  // channelViews binds the viewer as $1, so args[i] is $(i + 2).
  const args: unknown[] = [actor.team.team_id];
  const where = [
    `(c.team_id = $2 OR c.team_id IS NULL)`,
    `(${kinds.map((k) => KIND_SQL[k]).join(' OR ')})`,
    `(${KIND_SQL.public} OR EXISTS (SELECT 1 FROM channel_members v WHERE v.channel_id = c.channel_id AND v.user_id = $1))`,
  ];
  if (memberId) {
    args.push(memberId);
    where.push(`EXISTS (SELECT 1 FROM channel_members t WHERE t.channel_id = c.channel_id AND t.user_id = $${args.length + 1})`);
  }
  if (flag(params, 'exclude_archived')) where.push('NOT c.is_archived');
  if (after !== undefined) {
    args.push(after);
    where.push(`c.channel_id > $${args.length + 1}`);
  }
  args.push(limit + 1);
  const rows = await channelViews(
    ctx.tx,
    actor.user.user_id,
    `WHERE ${where.join(' AND ')} ORDER BY c.channel_id LIMIT $${args.length + 1}`,
    args,
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return slackOk(ctx, {
    channels: page.map((ch) => conversation(ch, actor.team, { numMembers: channelKind(ch) !== 'im' })),
    response_metadata: { next_cursor: more ? encodeCursor('channel', page[page.length - 1].channel_id) : '' },
  });
}

export async function conversationsList(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  return listConversations(ctx, actor, params);
}

export async function conversationsInfo(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const view = await accessChannelView(ctx.tx, actor, str(params, 'channel'));
  return slackOk(ctx, {
    channel: conversation(view, actor.team, {
      numMembers: flag(params, 'include_num_members'),
      locale: flag(params, 'include_locale'),
    }),
  });
}

/**
 * Reading a conversation. Slack hides non-public conversations from non-members (channel_not_found); a bot must
 * also be a member of a public channel to read it (not_in_channel), while a person may read any public channel.
 */
async function readableChannel(ctx: RouteContext, actor: Actor, channelId: string | undefined): Promise<ChannelRow> {
  const { channel, member } = await accessChannel(ctx.tx, actor, channelId);
  if (!member && actor.user.is_bot) throw slackError('not_in_channel');
  return channel;
}

function tsBound(params: Params, name: 'oldest' | 'latest'): string | undefined {
  const v = str(params, name);
  if (v === undefined) return undefined;
  if (!isTs(v)) throw slackError(name === 'oldest' ? 'invalid_ts_oldest' : 'invalid_ts_latest');
  return v;
}

/** SQL conditions (and their values) for `oldest`/`latest`/`inclusive`, on a messages alias `m`. */
function timeWindow(params: Params, args: unknown[]): string[] {
  const oldest = tsBound(params, 'oldest');
  const latest = tsBound(params, 'latest');
  const inclusive = flag(params, 'inclusive');
  const out: string[] = [];
  if (oldest !== undefined) {
    args.push(oldest);
    out.push(`${TS_NUM('m.ts')} ${inclusive ? '>=' : '>'} $${args.length}::numeric`);
  }
  if (latest !== undefined) {
    args.push(latest);
    out.push(`${TS_NUM('m.ts')} ${inclusive ? '<=' : '<'} $${args.length}::numeric`);
  }
  return out;
}

export async function conversationsHistory(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const channel = await readableChannel(ctx, actor, str(params, 'channel'));
  const limit = limitParam(params, 100, 999);
  const before = decodeCursor(params, 'next_ts');
  const args: unknown[] = [channel.channel_id];
  // Thread replies stay in their thread unless they were also sent to the channel.
  const where = [`m.channel_id = $1`, `(m.parent_id IS NULL OR m.subtype = 'thread_broadcast')`, ...timeWindow(params, args)];
  if (before !== undefined) {
    if (!isTs(before)) throw slackError('invalid_cursor');
    args.push(before);
    where.push(`${TS_NUM('m.ts')} < $${args.length}::numeric`);
  }
  args.push(limit + 1);
  // The longest statement of the common requests: prepared once per SQL shape (src/replicas/prepared.ts).
  const rows = (
    await queryPrepared<MessageRowWithExtras>(
      ctx,
      `SELECT m.*, ${MESSAGE_EXTRAS} FROM messages m WHERE ${where.join(' AND ')}
      ORDER BY ${TS_NUM('m.ts')} DESC, m.message_id DESC LIMIT $${args.length}`,
      args,
    )
  ).map(splitExtras);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const body: Record<string, unknown> = {
    messages: await messageObjects(ctx, actor, page),
    has_more: more,
    pin_count: 0,
    channel_actions_ts: null,
    channel_actions_count: 0,
  };
  const latest = str(params, 'latest');
  if (latest) body.latest = latest;
  const oldest = str(params, 'oldest');
  if (oldest) body.oldest = oldest;
  const last = page[page.length - 1]?.row;
  body.response_metadata = { next_cursor: more ? encodeCursor('next_ts', last.ts ?? last.message_id) : '' };
  return slackOk(ctx, body);
}

/**
 * The thread a message of `channelId` belongs to, by its parent's ts: any message of a thread names the thread, a
 * reply's ts leading to its parent (itself, if the parent is gone). `thread_not_found` if the channel has no `ts`.
 */
async function threadRootId(ctx: RouteContext, channelId: string, ts: string): Promise<string> {
  const [found] = await ctx.tx.query<{ root_id: string }>(
    `SELECT coalesce((SELECT p.message_id FROM messages p WHERE p.message_id = f.parent_id), f.message_id) AS root_id
       FROM messages f WHERE f.message_id = $1 AND f.channel_id = $2`,
    [ts, channelId],
  );
  if (!found) throw slackError('thread_not_found');
  return found.root_id;
}

export async function conversationsReplies(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const channel = await readableChannel(ctx, actor, str(params, 'channel'));
  const rootId = await threadRootId(ctx, channel.channel_id, required(params, 'ts'));
  const limit = limitParam(params, 1000, 1000);
  const after = decodeCursor(params, 'next_ts');
  const args: unknown[] = [rootId];
  const where = [`m.parent_id = $1`, ...timeWindow(params, args)];
  if (after !== undefined) {
    if (!isTs(after)) throw slackError('invalid_cursor');
    args.push(after);
    where.push(`${TS_NUM('m.ts')} > $${args.length}::numeric`);
  }
  // The first page starts with the parent, whatever the time window; the replies follow, oldest first.
  const withRoot = after === undefined;
  const replyLimit = withRoot ? limit - 1 : limit;
  args.push(replyLimit + 1 + (withRoot ? 1 : 0));
  const rows = await queryMessages(
    ctx.tx,
    `SELECT m.*, ${MESSAGE_EXTRAS} FROM messages m WHERE ${withRoot ? 'm.message_id = $1 OR ' : ''}(${where.join(' AND ')})
      ORDER BY m.message_id = $1 DESC, ${TS_NUM('m.ts')}, m.message_id LIMIT $${args.length}`,
    args,
  );
  const replies = withRoot ? rows.slice(1) : rows;
  const pageReplies = replies.slice(0, Math.max(replyLimit, 0));
  const more = replies.length > replyLimit;
  const page = withRoot ? [rows[0], ...pageReplies] : pageReplies;
  if (withRoot && page[0]?.extras.replies) page[0].extras.readState = await threadReadState(ctx, rootId, actor.user.user_id);
  const last = page[page.length - 1]?.row;
  return slackOk(ctx, {
    messages: await messageObjects(ctx, actor, page),
    has_more: more,
    response_metadata: { next_cursor: more && last ? encodeCursor('next_ts', last.ts ?? last.message_id) : '' },
  });
}

/**
 * A viewer who started a thread or replied in it is subscribed to it (Slack's default). No read marks are kept here:
 * the viewer has read the thread up to their own latest message in it, and what others replied later is unread.
 */
async function threadReadState(ctx: RouteContext, rootId: string, viewer: string): Promise<MessageExtras['readState']> {
  const [state] = await ctx.tx.query<{ last_read: string | null; unread_count: number }>(
    `WITH thread AS (SELECT coalesce(ts, message_id) AS ts, user_id, message_id = $1 AS root FROM messages WHERE message_id = $1 OR parent_id = $1),
          mine AS (SELECT ts FROM thread WHERE user_id = $2 ORDER BY ${TS_NUM('ts')} DESC LIMIT 1)
     SELECT (SELECT ts FROM mine) AS last_read,
            (SELECT count(*)::int FROM thread t, mine WHERE NOT t.root AND ${TS_NUM('t.ts')} > ${TS_NUM('mine.ts')}) AS unread_count`,
    [rootId, viewer],
  );
  return state?.last_read ? { last_read: state.last_read, unread_count: state.unread_count } : undefined;
}

export async function conversationsMembers(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const limit = limitParam(params, 100, 1000);
  const after = decodeCursor(params, 'user');
  const rows = await ctx.tx.query<{ user_id: string }>(
    `SELECT user_id FROM channel_members WHERE channel_id = $1 AND ($2::text IS NULL OR user_id > $2) ORDER BY user_id LIMIT $3`,
    [channel.channel_id, after ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return slackOk(ctx, {
    members: page.map((r) => r.user_id),
    response_metadata: { next_cursor: more ? encodeCursor('user', page[page.length - 1].user_id) : '' },
  });
}

/**
 * Slack's channel-name rules (https://docs.slack.dev/reference/methods/conversations.create#naming): lowercase
 * letters, digits, hyphens and underscores, at most 80 characters, not only punctuation.
 */
function checkChannelName(name: string | undefined): string {
  if (!name) throw slackError('invalid_name_required');
  if ([...name].length > 80) throw slackError('invalid_name_maxlength');
  if (/^[-_]+$/.test(name)) throw slackError('invalid_name_punctuation');
  if (!/^[\p{Ll}\p{Lo}\p{N}_-]+$/u.test(name)) throw slackError('invalid_name_specials');
  return name;
}

async function nameTaken(ctx: RouteContext, actor: Actor, name: string, exceptId?: string): Promise<boolean> {
  const r = await ctx.tx.query(
    `SELECT 1 FROM channels WHERE channel_name = $1 AND (team_id = $2 OR team_id IS NULL) AND channel_id <> $3`,
    [name, actor.team.team_id, exceptId ?? ''],
  );
  return r.length > 0;
}

/** Adds members, in the given order, in one statement. */
async function addMembers(ctx: RouteContext, channelId: string, userIds: string[], at: string): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO channel_members (channel_id, user_id, joined_at)
     SELECT $1, t.user_id, $3 FROM unnest($2::text[]) WITH ORDINALITY AS t(user_id, n) ORDER BY t.n
     ON CONFLICT DO NOTHING`,
    [channelId, userIds, at],
  );
}

/**
 * Sets a channel's topic or name and records who changed it as a channel_events row, in one statement. The
 * insert reads the update's output, so the update runs (and is journaled) first, as two statements would.
 */
async function changeChannel(
  ctx: RouteContext,
  channel: ChannelRow,
  kind: 'topic' | 'name',
  value: string,
  userId: string,
  at: string,
): Promise<void> {
  const [column, previous] = kind === 'topic' ? ['topic_text', channel.topic_text] : ['channel_name', channel.channel_name];
  await ctx.tx.query(
    `WITH changed AS (UPDATE channels SET ${column} = $2, updated_at = $3 WHERE channel_id = $1 RETURNING channel_id)
     INSERT INTO channel_events (event_id, channel_id, kind, value, previous_value, user_id, created_at)
     SELECT $4, channel_id, $5, $2, $6, $7, $3 FROM changed`,
    [channel.channel_id, value, at, `Ev${ctx.nextId('event')}`, kind, previous, userId],
  );
}

export async function conversationsCreate(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const name = checkChannelName(str(params, 'name'));
  if (await nameTaken(ctx, actor, name)) throw slackError('name_taken');
  const id = `C${ctx.nextId('channel')}`;
  const at = nowIso(ctx);
  // The channel and its first member, the creator, in one statement (the channel row is written first).
  await ctx.tx.query(
    `WITH created AS (
       INSERT INTO channels (channel_id, channel_name, team_id, is_private, is_dm, is_gc, is_archived, creator_id, created_at)
       VALUES ($1, $2, $3, $4, false, false, false, $5, $6) RETURNING channel_id, creator_id, created_at)
     INSERT INTO channel_members (channel_id, user_id, joined_at) SELECT channel_id, creator_id, created_at FROM created
     ON CONFLICT DO NOTHING`,
    [id, name, actor.team.team_id, flag(params, 'is_private'), actor.user.user_id, at],
  );
  const view = await channelView(ctx.tx, actor.user.user_id, id);
  return slackOk(ctx, {
    channel: { ...conversation(view, actor.team), last_read: '0000000000.000000', latest: null, unread_count: 0, unread_count_display: 0, priority: 0 },
  });
}

export async function conversationsJoin(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  if (channelKind(channel) !== 'public') throw slackError('method_not_supported_for_channel_type');
  if (channel.is_archived) throw slackError('is_archived');
  if (!member) await addMembers(ctx, channel.channel_id, [actor.user.user_id], nowIso(ctx));
  const view = await channelView(ctx.tx, actor.user.user_id, channel.channel_id);
  return slackOk(ctx, { channel: conversation(view, actor.team) }, member ? ['already_in_channel'] : []);
}

export async function conversationsLeave(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  if (channelKind(channel) === 'im') throw slackError('method_not_supported_for_channel_type');
  if (isGeneral(channel)) throw slackError('cant_leave_general');
  if (channel.is_archived) throw slackError('is_archived');
  // Leaving a channel one is not in changes nothing and is not an error, but Slack's documentation shows the answer
  // as `{"ok": false, "not_in_channel": true}`, with no `error` (https://docs.slack.dev/reference/methods/conversations.leave).
  // @slack/web-api rejects any `ok: false`: its platform error then carries `data.not_in_channel`.
  if (!member) return Response.json({ ok: false, not_in_channel: true });
  if (channelKind(channel) !== 'public') {
    const [{ n }] = await ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM channel_members WHERE channel_id = $1`, [
      channel.channel_id,
    ]);
    if (n <= 1) throw slackError('last_member');
  }
  await ctx.tx.query(`DELETE FROM channel_members WHERE channel_id = $1 AND user_id = $2`, [channel.channel_id, actor.user.user_id]);
  return slackOk(ctx);
}

export async function conversationsInvite(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const users = [...new Set(list(params, 'users'))];
  if (!users.length) throw slackError('no_user');
  if (users.length > 1000) throw slackError('too_many_users');
  const kind = channelKind(channel);
  if (kind === 'im' || kind === 'mpim') throw slackError('method_not_supported_for_channel_type');
  if (channel.is_archived) throw slackError('is_archived');
  if (!member) throw slackError('not_in_channel');
  const found = await ctx.tx.query<{ user_id: string; is_active: boolean; in_channel: boolean }>(
    `SELECT u.user_id, u.is_active,
            EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = $2 AND m.user_id = u.user_id) AS in_channel
       FROM users u WHERE u.user_id = ANY($1::text[])`,
    [users, channel.channel_id],
  );
  const byId = new Map(found.map((u) => [u.user_id, u]));
  const errors: { user: string; ok: false; error: string }[] = [];
  const toAdd: string[] = [];
  for (const id of users) {
    const target = byId.get(id);
    let error: string | null = null;
    if (id === actor.user.user_id) error = 'cant_invite_self';
    else if (!target) error = 'user_not_found';
    else if (!target.is_active) error = 'user_disabled';
    else if (target.in_channel) error = 'already_in_channel';
    if (error) errors.push({ user: id, ok: false, error });
    else toAdd.push(id);
  }
  // Without `force`, one bad id fails the whole call; with it the valid ones are invited and the rest reported.
  if (errors.length && (!flag(params, 'force') || !toAdd.length)) throw slackError(errors[0].error, { errors });
  await addMembers(ctx, channel.channel_id, toAdd, nowIso(ctx));
  const view = await channelView(ctx.tx, actor.user.user_id, channel.channel_id);
  return slackOk(ctx, { channel: conversation(view, actor.team), ...(errors.length ? { errors } : {}) });
}

export async function conversationsKick(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  const userId = str(params, 'user');
  if (!userId) throw slackError('user_not_found');
  const kind = channelKind(channel);
  if (kind === 'im' || kind === 'mpim') throw slackError('method_not_supported_for_channel_type');
  if (userId === actor.user.user_id) throw slackError('cant_kick_self');
  if (isGeneral(channel)) throw slackError('cant_kick_from_general');
  const [target] = await ctx.tx.query<{ user_exists: boolean; in_channel: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1) AS user_exists,
            EXISTS (SELECT 1 FROM channel_members WHERE channel_id = $2 AND user_id = $1) AS in_channel`,
    [userId, channel.channel_id],
  );
  if (!target.user_exists) throw slackError('user_not_found');
  if (!target.in_channel) throw slackError('not_in_channel');
  await ctx.tx.query(`DELETE FROM channel_members WHERE channel_id = $1 AND user_id = $2`, [channel.channel_id, userId]);
  return slackOk(ctx);
}

/** Archive, rename and topic changes apply to channels, not to DMs; group DMs may carry a topic. */
function requireChannel(channel: ChannelRow, allowMpim = false): void {
  const kind = channelKind(channel);
  if (kind === 'im' || (kind === 'mpim' && !allowMpim)) throw slackError('method_not_supported_for_channel_type');
}

export async function conversationsArchive(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  requireChannel(channel);
  if (isGeneral(channel)) throw slackError('cant_archive_general');
  if (channel.is_archived) throw slackError('already_archived');
  if (!member) throw slackError('not_in_channel');
  await ctx.tx.query(`UPDATE channels SET is_archived = true, updated_at = $2 WHERE channel_id = $1`, [channel.channel_id, nowIso(ctx)]);
  return slackOk(ctx);
}

export async function conversationsUnarchive(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  requireChannel(channel);
  if (!channel.is_archived) throw slackError('not_archived');
  await ctx.tx.query(`UPDATE channels SET is_archived = false, updated_at = $2 WHERE channel_id = $1`, [channel.channel_id, nowIso(ctx)]);
  return slackOk(ctx);
}

export async function conversationsRename(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  requireChannel(channel);
  // Renaming #general is left to workspace owners and admins by default (Slack's "Channel management" settings).
  if (isGeneral(channel) && !isWorkspaceAdmin(actor)) throw slackError('not_authorized');
  const name = checkChannelName(str(params, 'name'));
  if (channel.is_archived) throw slackError('is_archived');
  if (!member) throw slackError('not_in_channel');
  if (name !== channel.channel_name) {
    if (await nameTaken(ctx, actor, name, channel.channel_id)) throw slackError('name_taken');
    await changeChannel(ctx, channel, 'name', name, actor.user.user_id, nowIso(ctx));
  }
  const view = await channelView(ctx.tx, actor.user.user_id, channel.channel_id);
  return slackOk(ctx, { channel: conversation(view, actor.team) });
}

export async function conversationsSetTopic(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, member } = await accessChannel(ctx.tx, actor, str(params, 'channel'));
  requireChannel(channel, true);
  const topic = str(params, 'topic') ?? '';
  // Topics are limited to 250 characters (https://docs.slack.dev/reference/methods/conversations.setTopic).
  if ([...topic].length > 250) throw slackError('too_long');
  if (channel.is_archived) throw slackError('is_archived');
  if (!member) throw slackError('not_in_channel');
  await changeChannel(ctx, channel, 'topic', topic, actor.user.user_id, nowIso(ctx));
  const view = await channelView(ctx.tx, actor.user.user_id, channel.channel_id);
  return slackOk(ctx, { channel: conversation(view, actor.team) });
}

/** The users with these ids, in that order: `user_not_found` or `user_disabled` for the first that is neither. */
async function activeUsers(ctx: RouteContext, ids: string[]): Promise<Pick<UserRow, 'user_id' | 'username' | 'is_active'>[]> {
  if (!ids.length) return [];
  const rows = await ctx.tx.query<Pick<UserRow, 'user_id' | 'username' | 'is_active'>>(
    `SELECT user_id, username, is_active FROM users WHERE user_id = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((u) => [u.user_id, u]));
  return ids.map((id) => {
    const u = byId.get(id);
    if (!u) throw slackError('user_not_found');
    if (!u.is_active) throw slackError('user_disabled');
    return u;
  });
}

/**
 * The DM or group DM between the actor and `others` (the actor excluded): found by its exact member set, or created
 * with all of them as members. No other user makes a DM with oneself. Returns the channel and whether it existed.
 */
export async function openConversation(
  ctx: RouteContext,
  actor: Actor,
  others: string[],
  create = true,
): Promise<{ channel: ChannelRow; existed: boolean }> {
  const me = actor.user.user_id;
  const ids = [...new Set(others.filter((u) => u !== me))];
  if (ids.length > 8) throw slackError('too_many_users');
  const users = await activeUsers(ctx, ids);
  const isDm = ids.length <= 1;
  const members = [...new Set([me, ...ids])].sort();
  const existing = (
    await ctx.tx.query<ChannelRow>(
      `SELECT c.* FROM channels c WHERE ${isDm ? 'c.is_dm' : '(c.is_gc AND NOT c.is_dm)'}
         AND (SELECT array_agg(m.user_id ORDER BY m.user_id COLLATE "C") FROM channel_members m WHERE m.channel_id = c.channel_id) = $1::text[]
       ORDER BY c.channel_id LIMIT 1`,
      [members],
    )
  )[0];
  if (existing) return { channel: existing, existed: true };
  if (!create) throw slackError('channel_not_found');
  const at = nowIso(ctx);
  const id = `${isDm ? 'D' : 'G'}${ctx.nextId('channel')}`;
  // Slack's DMs have no name; the table needs one, so it follows Agent-Diff's `dm-<id>-<id>` (ids sorted). Group
  // DMs use Slack's own `mpdm-<user>--<user>-1` form.
  const name = isDm
    ? `dm-${members[0]}-${members[members.length - 1]}`
    : `mpdm-${[actor.user.username, ...users.map((u) => u.username)].join('--')}-1`;
  const [channel] = await ctx.tx.query<ChannelRow>(
    `INSERT INTO channels (channel_id, channel_name, team_id, is_private, is_dm, is_gc, is_archived, creator_id, created_at)
     VALUES ($1, $2, $3, true, $4, $5, false, $6, $7) RETURNING *`,
    [id, name, actor.team.team_id, isDm, !isDm, me, at],
  );
  await addMembers(ctx, id, members, at);
  return { channel, existed: false };
}

export async function conversationsOpen(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const returnIm = flag(params, 'return_im');
  const channelId = str(params, 'channel');
  const users = list(params, 'users');
  let channel: ChannelRow;
  let existed: boolean;
  if (channelId) {
    ({ channel } = await accessChannel(ctx.tx, actor, channelId));
    const kind = channelKind(channel);
    if (kind !== 'im' && kind !== 'mpim') throw slackError('method_not_supported_for_channel_type');
    existed = true;
  } else {
    if (!users.length) throw slackError('users_list_not_supplied');
    ({ channel, existed } = await openConversation(ctx, actor, users, !flag(params, 'prevent_creation')));
  }
  const body = returnIm ? conversation(await channelView(ctx.tx, actor.user.user_id, channel.channel_id), actor.team) : null;
  return slackOk(ctx, {
    ...(existed ? { no_op: true, already_open: true } : {}),
    channel: body ?? { id: channel.channel_id },
  });
}
