import type { RouteContext } from '../types.ts';
import { isEmojiName } from './emoji.ts';
import { slackError } from './errors.ts';
import { accessChannel, MESSAGE_EXTRAS, resolveActor, splitExtras, type Actor, type MessageRowWithExtras } from './lookup.ts';
import { required, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { ChannelRow, MessageRow } from './rows.ts';
import { message, permalink } from './serialize.ts';
import { isTs } from './time.ts';

/**
 * An emoji name as reactions.* take it: without colons (`:thumbsup:` is tolerated), one of Slack's standard names
 * (`emoji.ts`), optionally with a skin tone (`wave::skin-tone-3`), or one of the workspace's custom emoji; anything
 * else is `invalid_name`. The replica keeps no emoji table, so a workspace's custom emoji are the names its messages
 * already carry as reactions. The name is kept as given: Slack would store some aliases under their canonical name
 * (`thumbsup` as `+1`), but Agent-Diff's assertions read the given name.
 */
async function emojiName(params: Params, ctx: RouteContext): Promise<string> {
  const raw = required(params, 'name');
  const name = raw.trim().replace(/^:(.*):$/, '$1').toLowerCase();
  if (await isEmojiName(name)) return name;
  const [custom] = await ctx.tx.query('SELECT 1 FROM message_reactions WHERE reaction_type = $1 LIMIT 1', [name]);
  if (!custom) throw slackError('invalid_name');
  return name;
}

/**
 * The message a reactions call targets: `channel` + `timestamp` (files are not modelled). It is read with the
 * extra `columns` (`, expr AS name…`, which may use $3… bound to `args`). A deleted thread parent's placeholder
 * carries no reactions: for reactions.* it is not there.
 */
async function targetMessage<R extends MessageRow = MessageRow>(
  ctx: RouteContext,
  actor: Actor,
  params: Params,
  columns = '',
  args: unknown[] = [],
): Promise<{ channel: ChannelRow; msg: R }> {
  const channelId = str(params, 'channel');
  const ts = str(params, 'timestamp');
  if (!channelId || !ts) throw slackError('no_item_specified');
  if (!isTs(ts)) throw slackError('bad_timestamp');
  const { channel } = await accessChannel(ctx.tx, actor, channelId);
  const [msg] = await ctx.tx.query<R>(`SELECT m.*${columns} FROM messages m WHERE m.message_id = $1 AND m.channel_id = $2`, [
    ts,
    channel.channel_id,
    ...args,
  ]);
  if (!msg || msg.subtype === 'tombstone') throw slackError('message_not_found');
  return { channel, msg };
}

export async function reactionsAdd(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const name = await emojiName(params, ctx);
  const { channel, msg } = await targetMessage<MessageRow & { mine: boolean; others: number }>(
    ctx,
    actor,
    params,
    `, EXISTS (SELECT 1 FROM message_reactions r WHERE r.message_id = m.message_id AND r.user_id = $3 AND r.reaction_type = $4) AS mine,
       (SELECT count(DISTINCT r.reaction_type)::int FROM message_reactions r WHERE r.message_id = m.message_id AND r.reaction_type <> $4)
         AS others`,
    [actor.user.user_id, name],
  );
  if (channel.is_archived) throw slackError('is_archived');
  if (msg.mine) throw slackError('already_reacted');
  // A message holds at most 23 distinct reactions (https://docs.slack.dev/reference/methods/reactions.add).
  if (msg.others >= 23) throw slackError('too_many_reactions');
  await ctx.tx.query(`INSERT INTO message_reactions (message_id, user_id, reaction_type, created_at) VALUES ($1, $2, $3, $4)`, [
    msg.message_id,
    actor.user.user_id,
    name,
    new Date(ctx.now()).toISOString(),
  ]);
  return slackOk(ctx);
}

export async function reactionsRemove(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const name = await emojiName(params, ctx);
  const { msg } = await targetMessage(ctx, actor, params);
  const removed = await ctx.tx.query(
    `DELETE FROM message_reactions WHERE message_id = $1 AND user_id = $2 AND reaction_type = $3 RETURNING 1`,
    [msg.message_id, actor.user.user_id, name],
  );
  if (!removed.length) throw slackError('no_reaction');
  return slackOk(ctx);
}

export async function reactionsGet(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const { channel, msg: read } = await targetMessage<MessageRowWithExtras>(ctx, actor, params, `, ${MESSAGE_EXTRAS}`);
  const { row: msg, extras } = splitExtras(read);
  const body = message(msg, extras, actor.team);
  return slackOk(ctx, {
    type: 'message',
    channel: channel.channel_id,
    message: { ...body, permalink: permalink(actor.team, channel.channel_id, msg) },
  });
}
