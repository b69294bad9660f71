import type { RouteContext } from '../types.ts';
import { slackError } from './errors.ts';
import { accessChannel, messageExtras, messageInChannel, resolveActor, type Actor } from './lookup.ts';
import { required, str, type Params } from './params.ts';
import { slackOk } from './respond.ts';
import type { ChannelRow, MessageRow } from './rows.ts';
import { message, permalink } from './serialize.ts';
import { isTs } from './time.ts';

/**
 * An emoji name as reactions.* take it: without colons (`:thumbsup:` is tolerated), lowercase letters, digits and
 * `_+-'`, optionally with a skin tone (`wave::skin-tone-3`). The name is kept as given: Slack would store some
 * aliases under their canonical name (`thumbsup` as `+1`), but Agent-Diff's assertions read the given name.
 */
function emojiName(params: Params): string {
  const raw = required(params, 'name');
  const name = raw.trim().replace(/^:(.*):$/, '$1').toLowerCase();
  if (!/^[a-z0-9_+'-]+(::skin-tone-[2-6])?$/.test(name)) throw slackError('invalid_name');
  return name;
}

/** The message a reactions call targets: `channel` + `timestamp` (files are not modelled). */
async function targetMessage(ctx: RouteContext, actor: Actor, params: Params): Promise<{ channel: ChannelRow; msg: MessageRow }> {
  const channelId = str(params, 'channel');
  const ts = str(params, 'timestamp');
  if (!channelId || !ts) throw slackError('no_item_specified');
  if (!isTs(ts)) throw slackError('bad_timestamp');
  const { channel } = await accessChannel(ctx.tx, actor, channelId);
  const msg = await messageInChannel(ctx.tx, channel.channel_id, ts);
  if (msg.subtype === 'tombstone') throw slackError('message_not_found');
  return { channel, msg };
}

export async function reactionsAdd(params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const name = emojiName(params);
  const { channel, msg } = await targetMessage(ctx, actor, params);
  if (channel.is_archived) throw slackError('is_archived');
  const mine = await ctx.tx.query(
    `SELECT 1 FROM message_reactions WHERE message_id = $1 AND user_id = $2 AND reaction_type = $3`,
    [msg.message_id, actor.user.user_id, name],
  );
  if (mine.length) throw slackError('already_reacted');
  // A message holds at most 23 distinct reactions (https://docs.slack.dev/reference/methods/reactions.add).
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `SELECT count(DISTINCT reaction_type)::int AS n FROM message_reactions WHERE message_id = $1 AND reaction_type <> $2`,
    [msg.message_id, name],
  );
  if (n >= 23) throw slackError('too_many_reactions');
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
  const name = emojiName(params);
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
  const { channel, msg } = await targetMessage(ctx, actor, params);
  const extras = await messageExtras(ctx.tx, [msg]);
  const body = message(msg, extras.get(msg.message_id), actor.team);
  return slackOk(ctx, {
    type: 'message',
    channel: channel.channel_id,
    message: { ...body, permalink: permalink(actor.team, channel.channel_id, msg) },
  });
}
