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

/** A user with the workspace it acts in: its own team, else the first team (`team` is null when there is none). */
const ACTOR_SELECT = `SELECT u.*, ut.team_id, ut.role,
    (SELECT json_build_object('team_id', t.team_id, 'team_name', t.team_name, 'domain', t.domain) FROM teams t
      ORDER BY t.team_id = ut.team_id DESC NULLS LAST, t.team_id LIMIT 1) AS team
  FROM users u
  LEFT JOIN LATERAL (SELECT team_id, role FROM user_teams WHERE user_id = u.user_id ORDER BY team_id LIMIT 1) ut ON true`;

const DEFAULT_TEAM: TeamRow = { team_id: 'T00000000', team_name: 'Workspace', domain: null };

/** Handlers and the helpers they call share one lookup of the actor per request. */
const actors = new WeakMap<RouteContext, Promise<Actor>>();

/**
 * The acting user: the environment's impersonated user, or — when the environment names none — the workspace's
 * first bot user (a token is always some app's or person's). A token for a user the workspace does not have is
 * `invalid_auth`, one for a deactivated user `account_inactive`, as Slack answers for such tokens.
 */
export function resolveActor(ctx: RouteContext): Promise<Actor> {
  let actor = actors.get(ctx);
  if (!actor) actors.set(ctx, (actor = loadActor(ctx)));
  return actor;
}

// The Slack replica has no method that writes users, user_teams or teams, so the actor is memoised per environment.
function loadActor(ctx: RouteContext): Promise<Actor> {
  return ctx.memo(`actor:${ctx.actingUserId ?? ''}`, () => readActor(ctx));
}

async function readActor(ctx: RouteContext): Promise<Actor> {
  const [row] = ctx.actingUserId
    ? await ctx.tx.query<UserRow & { team: TeamRow | null }>(`${ACTOR_SELECT} WHERE u.user_id = $1`, [ctx.actingUserId])
    : await ctx.tx.query<UserRow & { team: TeamRow | null }>(`${ACTOR_SELECT} ORDER BY u.is_bot DESC, u.user_id LIMIT 1`);
  if (!row) throw slackError('invalid_auth');
  const { team, ...user } = row;
  if (!user.is_active) throw slackError('account_inactive');
  return { user, team: team ?? DEFAULT_TEAM };
}

export type ChannelKind = 'public' | 'private' | 'mpim' | 'im';

export function channelKind(ch: Pick<ChannelRow, 'is_dm' | 'is_gc' | 'is_private'>): ChannelKind {
  if (ch.is_dm) return 'im';
  if (ch.is_gc) return 'mpim';
  return ch.is_private ? 'private' : 'public';
}

/** Slack's #general cannot be left, archived or kicked from, whatever it is called now (see schema.ts). */
export function isGeneral(ch: Pick<ChannelRow, 'is_general' | 'is_dm' | 'is_gc' | 'is_private'>): boolean {
  return channelKind(ch) === 'public' && ch.is_general;
}

/** Workspace admins and owners acting as themselves (a bot acts as its app, never with their rights). */
export function isWorkspaceAdmin(actor: Actor): boolean {
  return !actor.user.is_bot && (actor.user.role === 'admin' || actor.user.role === 'owner');
}

/**
 * A conversation the actor may address, with whether the actor is a member. Slack hides private channels, group
 * DMs and DMs from non-members: for them, as for ids that do not exist, the answer is `channel_not_found`.
 */
export async function accessChannel(
  tx: Tx,
  actor: Actor,
  channelId: string | undefined,
): Promise<{ channel: ChannelRow; member: boolean }> {
  if (!channelId) throw slackError('channel_not_found');
  const [row] = await tx.query<ChannelRow & { is_member: boolean }>(
    `SELECT c.*, EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.user_id = $2) AS is_member
       FROM channels c WHERE c.channel_id = $1`,
    [channelId, actor.user.user_id],
  );
  const { is_member: member, ...channel } = visible(row);
  return { channel, member };
}

/** accessChannel, reading the channel's wire fields along (for methods that answer with the channel as it is). */
export async function accessChannelView(tx: Tx, actor: Actor, channelId: string | undefined): Promise<ChannelView> {
  if (!channelId) throw slackError('channel_not_found');
  const [view] = await channelViews(tx, actor.user.user_id, 'WHERE c.channel_id = $2', [channelId]);
  return visible(view);
}

/** A channel the actor can see, or `channel_not_found`. */
export function visible<T extends Pick<ChannelRow, 'is_dm' | 'is_gc' | 'is_private'> & { is_member: boolean }>(row: T | undefined): T {
  if (!row || (!row.is_member && channelKind(row) !== 'public')) throw slackError('channel_not_found');
  return row;
}

/**
 * Channels with the fields their wire objects need, as seen by `viewerId` ($1). `where` may use $2… with `params`.
 * Each channel's members and events are read in one pass each.
 */
export async function channelViews(tx: Tx, viewerId: string, where: string, params: unknown[] = []): Promise<ChannelView[]> {
  // The latest event of a kind: who made it and when (unix seconds).
  const latest = (kind: string) => `(array_agg(json_build_object('user_id', e.user_id, 'at', coalesce(extract(epoch FROM e.created_at)::bigint, 0))
      ORDER BY e.created_at DESC NULLS LAST, e.event_id DESC) FILTER (WHERE e.kind = '${kind}'))[1]`;
  return tx.query<ChannelView>(
    `SELECT c.*, mem.num_members, mem.is_member, ev.topic_event, ev.purpose_event, ev.previous_names,
       coalesce(mem.other_member, $1) AS im_user
     FROM channels c
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS num_members, coalesce(bool_or(m.user_id = $1), false) AS is_member,
              min(m.user_id) FILTER (WHERE m.user_id <> $1) AS other_member
         FROM channel_members m WHERE m.channel_id = c.channel_id) mem
     CROSS JOIN LATERAL (
       SELECT ${latest('topic')} AS topic_event, ${latest('purpose')} AS purpose_event,
              coalesce(json_agg(e.previous_value ORDER BY e.created_at DESC NULLS LAST, e.event_id DESC)
                FILTER (WHERE e.kind = 'name' AND e.previous_value IS NOT NULL), '[]'::json) AS previous_names
         FROM channel_events e WHERE e.channel_id = c.channel_id) ev
     ${where}`,
    [viewerId, ...params],
  );
}

export async function channelView(tx: Tx, viewerId: string, channelId: string): Promise<ChannelView> {
  const [view] = await channelViews(tx, viewerId, 'WHERE c.channel_id = $2', [channelId]);
  if (!view) throw slackError('channel_not_found');
  return view;
}

/** Numeric order of a ts column: text comparison would misorder ts values of different lengths. */
export const TS_NUM = (col = 'ts') => `(CASE WHEN ${col} ~ '^[0-9]+(\\.[0-9]+)?$' THEN ${col}::numeric ELSE 0 END)`;

/**
 * Select-list columns deriving, for the message `m`, its thread summary (null without replies), its reactions
 * grouped by emoji in the order they were first used, and the author of the thread it replies to.
 */
export const MESSAGE_EXTRAS = `
  (SELECT json_build_object('reply_count', count(*)::int,
            'reply_users', array_agg(r.user_id ORDER BY ${TS_NUM('r.ts')}),
            'latest_reply', (array_agg(r.ts ORDER BY ${TS_NUM('r.ts')} DESC))[1])
     FROM messages r WHERE r.parent_id = m.message_id HAVING count(*) > 0) AS extra_replies,
  (SELECT json_agg(json_build_object('name', g.reaction_type, 'users', g.users) ORDER BY g.first_at NULLS FIRST, g.reaction_type)
     FROM (SELECT reaction_type, array_agg(user_id ORDER BY created_at NULLS FIRST, user_id) AS users, min(created_at) AS first_at
             FROM message_reactions WHERE message_id = m.message_id GROUP BY reaction_type) g) AS extra_reactions,
  (SELECT p.user_id FROM messages p WHERE p.message_id = m.parent_id) AS extra_parent_user,
  (SELECT array_agg(fm.file_id ORDER BY fm.file_message_id) FROM file_messages fm WHERE fm.message_id = m.message_id) AS extra_files`;

/** A row read with MESSAGE_EXTRAS. */
export type MessageRowWithExtras = MessageRow & {
  extra_replies: { reply_count: number; reply_users: (string | null)[]; latest_reply: string } | null;
  extra_reactions: { name: string; users: string[] }[] | null;
  extra_parent_user: string | null;
  extra_files: string[] | null;
};

/** Separates a row read with MESSAGE_EXTRAS into the message row and what its wire object needs beyond it. */
export function splitExtras(read: MessageRowWithExtras): { row: MessageRow; extras: MessageExtras } {
  const { extra_replies: replies, extra_reactions: reactions, extra_parent_user: parentUser, extra_files: files, ...row } = read;
  const extras: MessageExtras = {
    reactions: (reactions ?? []).map((r): ReactionSummary => ({ name: r.name, users: r.users, count: r.users.length })),
  };
  if (replies) {
    const users = [...new Set(replies.reply_users.filter((u): u is string => !!u))];
    extras.replies = { reply_count: replies.reply_count, reply_users: users, latest_reply: replies.latest_reply };
  }
  if (row.parent_id) extras.parent_user_id = parentUser;
  if (files?.length) extras.fileIds = files;
  return { row, extras };
}

/** Messages with their extras: `sql` reads (or returns) rows of `messages m`, MESSAGE_EXTRAS among its columns. */
export async function queryMessages(tx: Tx, sql: string, params: unknown[]): Promise<{ row: MessageRow; extras: MessageExtras }[]> {
  return (await tx.query<MessageRowWithExtras>(sql, params)).map(splitExtras);
}

/** A message of a channel by its ts, or `message_not_found`. */
export async function messageInChannel(tx: Tx, channelId: string, ts: string | undefined): Promise<MessageRow> {
  const [msg] = ts ? await tx.query<MessageRow>(`SELECT * FROM messages WHERE message_id = $1 AND channel_id = $2`, [ts, channelId]) : [];
  if (!msg) throw slackError('message_not_found');
  return msg;
}

/** A workspace's web domain (`acme` in https://acme.slack.com): the stored one, or one derived from its name. */
export function teamDomain(team: TeamRow): string {
  if (team.domain) return team.domain;
  const slug = team.team_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return slug || team.team_id.toLowerCase();
}
