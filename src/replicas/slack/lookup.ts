import type { Tx } from '../../engine/index.ts';
import type { RouteContext } from '../types.ts';
import { slackError } from './errors.ts';
import type { ChannelRow, ChannelView, MessageExtras, MessageRow, ReactionSummary, TeamRow, UserRow } from './rows.ts';

/** The user a request acts as, and the workspace it acts in. */
export interface Actor {
  user: UserRow;
  team: TeamRow;
}

const USER_SELECT = `SELECT u.*, ut.team_id, ut.role FROM users u
  LEFT JOIN LATERAL (SELECT team_id, role FROM user_teams WHERE user_id = u.user_id ORDER BY team_id LIMIT 1) ut ON true`;

export async function getUser(tx: Tx, userId: string): Promise<UserRow | null> {
  return (await tx.query<UserRow>(`${USER_SELECT} WHERE u.user_id = $1`, [userId]))[0] ?? null;
}

export async function queryUsers(tx: Tx, where: string, params: unknown[] = []): Promise<UserRow[]> {
  return tx.query<UserRow>(`${USER_SELECT} ${where}`, params);
}

/**
 * The acting user: the environment's impersonated user, or — when the environment names none — the workspace's
 * first bot user (a token is always some app's or person's). A token for a user the workspace does not have is
 * `invalid_auth`, one for a deactivated user `account_inactive`, as Slack answers for such tokens.
 */
export async function resolveActor(ctx: RouteContext): Promise<Actor> {
  const tx = ctx.tx;
  let user: UserRow | null;
  if (ctx.actingUserId) user = await getUser(tx, ctx.actingUserId);
  else user = (await queryUsers(tx, 'ORDER BY u.is_bot DESC, u.user_id LIMIT 1'))[0] ?? null;
  if (!user) throw slackError('invalid_auth');
  if (!user.is_active) throw slackError('account_inactive');
  const team =
    (user.team_id ? (await tx.query<TeamRow>(`SELECT * FROM teams WHERE team_id = $1`, [user.team_id]))[0] : undefined) ??
    (await tx.query<TeamRow>(`SELECT * FROM teams ORDER BY team_id LIMIT 1`))[0] ??
    { team_id: 'T00000000', team_name: 'Workspace', domain: null };
  return { user, team };
}

export type ChannelKind = 'public' | 'private' | 'mpim' | 'im';

export function channelKind(ch: ChannelRow): ChannelKind {
  if (ch.is_dm) return 'im';
  if (ch.is_gc) return 'mpim';
  return ch.is_private ? 'private' : 'public';
}

/** Slack's #general cannot be left, archived or kicked from; the seeds mark it only by its name. */
export function isGeneral(ch: ChannelRow): boolean {
  return channelKind(ch) === 'public' && ch.channel_name === 'general';
}

export async function getChannel(tx: Tx, channelId: string): Promise<ChannelRow | null> {
  return (await tx.query<ChannelRow>(`SELECT * FROM channels WHERE channel_id = $1`, [channelId]))[0] ?? null;
}

export async function isMember(tx: Tx, channelId: string, userId: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM channel_members WHERE channel_id = $1 AND user_id = $2`, [channelId, userId]);
  return r.length > 0;
}

/**
 * A conversation the actor may address. Slack hides private channels, group DMs and DMs from non-members: for
 * them, as for ids that do not exist, the answer is `channel_not_found`.
 */
export async function accessChannel(
  tx: Tx,
  actor: Actor,
  channelId: string | undefined,
): Promise<{ channel: ChannelRow; member: boolean }> {
  if (!channelId) throw slackError('channel_not_found');
  const channel = await getChannel(tx, channelId);
  if (!channel) throw slackError('channel_not_found');
  const member = await isMember(tx, channel.channel_id, actor.user.user_id);
  if (!member && channelKind(channel) !== 'public') throw slackError('channel_not_found');
  return { channel, member };
}

/**
 * Channels with the fields their wire objects need, as seen by `viewerId` ($1). `where` may use $2… with `params`.
 */
export async function channelViews(tx: Tx, viewerId: string, where: string, params: unknown[] = []): Promise<ChannelView[]> {
  const event = (kind: string) => `(SELECT json_build_object('user_id', e.user_id, 'at', coalesce(extract(epoch FROM e.created_at)::bigint, 0))
      FROM channel_events e WHERE e.channel_id = c.channel_id AND e.kind = '${kind}'
      ORDER BY e.created_at DESC NULLS LAST, e.event_id DESC LIMIT 1)`;
  return tx.query<ChannelView>(
    `SELECT c.*,
       (SELECT count(*)::int FROM channel_members m WHERE m.channel_id = c.channel_id) AS num_members,
       EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id = $1) AS is_member,
       ${event('topic')} AS topic_event,
       ${event('purpose')} AS purpose_event,
       coalesce((SELECT json_agg(e.previous_value ORDER BY e.created_at DESC NULLS LAST, e.event_id DESC)
          FROM channel_events e WHERE e.channel_id = c.channel_id AND e.kind = 'name' AND e.previous_value IS NOT NULL), '[]'::json)
         AS previous_names,
       coalesce((SELECT m.user_id FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id <> $1
          ORDER BY m.user_id LIMIT 1), $1) AS im_user
     FROM channels c ${where}`,
    [viewerId, ...params],
  );
}

export async function channelView(tx: Tx, viewerId: string, channelId: string): Promise<ChannelView> {
  const [view] = await channelViews(tx, viewerId, 'WHERE c.channel_id = $2', [channelId]);
  if (!view) throw slackError('channel_not_found');
  return view;
}

export async function getMessage(tx: Tx, messageId: string): Promise<MessageRow | null> {
  return (await tx.query<MessageRow>(`SELECT * FROM messages WHERE message_id = $1`, [messageId]))[0] ?? null;
}

/** A message of a channel by its ts, or `message_not_found`. */
export async function messageInChannel(tx: Tx, channelId: string, ts: string | undefined): Promise<MessageRow> {
  const msg = ts ? await getMessage(tx, ts) : null;
  if (!msg || msg.channel_id !== channelId) throw slackError('message_not_found');
  return msg;
}

/** Numeric order of a ts column: text comparison would misorder ts values of different lengths. */
export const TS_NUM = (col = 'ts') => `(CASE WHEN ${col} ~ '^[0-9]+(\\.[0-9]+)?$' THEN ${col}::numeric ELSE 0 END)`;

/** Thread summaries and grouped reactions of some messages, derived from the replies and reaction rows. */
export async function messageExtras(tx: Tx, rows: MessageRow[]): Promise<Map<string, MessageExtras>> {
  const out = new Map<string, MessageExtras>(rows.map((r) => [r.message_id, { reactions: [] }]));
  if (!rows.length) return out;
  const ids = rows.map((r) => r.message_id);
  const replies = await tx.query<{ parent_id: string; reply_count: number; reply_users: string[]; latest_reply: string }>(
    `SELECT parent_id, count(*)::int AS reply_count,
            array_agg(user_id ORDER BY ${TS_NUM()}) AS reply_users,
            (array_agg(ts ORDER BY ${TS_NUM()} DESC))[1] AS latest_reply
       FROM messages WHERE parent_id = ANY($1::text[]) GROUP BY parent_id`,
    [ids],
  );
  for (const r of replies) {
    const users = [...new Set(r.reply_users.filter((u): u is string => !!u))];
    out.get(r.parent_id)!.replies = { reply_count: r.reply_count, reply_users: users, latest_reply: r.latest_reply };
  }
  const reactions = await tx.query<{ message_id: string; reaction_type: string; users: string[] }>(
    `SELECT message_id, reaction_type, array_agg(user_id ORDER BY created_at NULLS FIRST, user_id) AS users,
            min(created_at) AS first_at
       FROM message_reactions WHERE message_id = ANY($1::text[])
      GROUP BY message_id, reaction_type ORDER BY message_id, first_at NULLS FIRST, reaction_type`,
    [ids],
  );
  for (const r of reactions) {
    const summary: ReactionSummary = { name: r.reaction_type, users: r.users, count: r.users.length };
    out.get(r.message_id)!.reactions.push(summary);
  }
  const parentIds = [...new Set(rows.map((r) => r.parent_id).filter((p): p is string => !!p))];
  if (parentIds.length) {
    const parents = await tx.query<{ message_id: string; user_id: string | null }>(
      `SELECT message_id, user_id FROM messages WHERE message_id = ANY($1::text[])`,
      [parentIds],
    );
    const authors = new Map(parents.map((p) => [p.message_id, p.user_id]));
    for (const r of rows) if (r.parent_id) out.get(r.message_id)!.parent_user_id = authors.get(r.parent_id) ?? null;
  }
  return out;
}

/** A workspace's web domain (`acme` in https://acme.slack.com): the stored one, or one derived from its name. */
export function teamDomain(team: TeamRow): string {
  if (team.domain) return team.domain;
  const slug = team.team_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return slug || team.team_id.toLowerCase();
}
