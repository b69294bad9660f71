import { channelKind, isGeneral, teamDomain } from './lookup.ts';
import type { ChannelView, MessageExtras, MessageRow, TeamRow, UserRow } from './rows.ts';
import { epochMs, epochSeconds, timeZoneInfo } from './time.ts';

// Wire shapes follow Slack's object references: https://docs.slack.dev/reference/objects/conversation-object,
// https://docs.slack.dev/reference/objects/user-object and the message object of conversations.history.

export interface ConversationOptions {
  numMembers?: boolean;
  locale?: boolean;
}

/** A conversation object: a channel, a private channel, a group DM (mpim) or a DM (im). */
export function conversation(ch: ChannelView, team: TeamRow, opts: ConversationOptions = {}): Record<string, unknown> {
  const created = epochSeconds(ch.created_at);
  const updated = epochMs(ch.updated_at) ?? epochMs(ch.created_at) ?? 0;
  const kind = channelKind(ch);
  if (kind === 'im') {
    const im: Record<string, unknown> = {
      id: ch.channel_id,
      created,
      is_archived: ch.is_archived,
      is_im: true,
      is_org_shared: false,
      context_team_id: ch.team_id ?? team.team_id,
      updated,
      user: ch.im_user,
      is_user_deleted: false,
      priority: 0,
    };
    if (opts.numMembers) im.num_members = ch.num_members;
    if (opts.locale) im.locale = 'en-US';
    return im;
  }
  // Private channels with C ids are `is_channel` like public ones; group DMs and legacy G-id groups are `is_group`.
  const isGroup = kind === 'mpim' || (kind === 'private' && ch.channel_id.startsWith('G'));
  const out: Record<string, unknown> = {
    id: ch.channel_id,
    name: ch.channel_name,
    is_channel: !isGroup,
    is_group: isGroup,
    is_im: false,
    is_mpim: kind === 'mpim',
    is_private: kind !== 'public',
    created,
    is_archived: ch.is_archived,
    is_general: isGeneral(ch),
    unlinked: 0,
    name_normalized: ch.channel_name,
    is_shared: false,
    is_org_shared: false,
    is_ext_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    context_team_id: ch.team_id ?? team.team_id,
    updated,
    parent_conversation: null,
    creator: ch.creator_id ?? '',
    is_member: ch.is_member,
    topic: topicObject(ch.topic_text, ch.topic_event),
    purpose: topicObject(ch.purpose_text, ch.purpose_event),
    previous_names: ch.previous_names ?? [],
  };
  if (opts.numMembers) out.num_members = ch.num_members;
  if (opts.locale) out.locale = 'en-US';
  return out;
}

function topicObject(value: string | null, event: ChannelView['topic_event']): Record<string, unknown> {
  return { value: value ?? '', creator: value && event?.user_id ? event.user_id : '', last_set: value && event ? Number(event.at) : 0 };
}

/** The channel summary that search matches carry. */
export function searchChannel(ch: ChannelView): Record<string, unknown> {
  const kind = channelKind(ch);
  return {
    id: ch.channel_id,
    is_channel: kind === 'public' || kind === 'private',
    is_group: kind === 'mpim',
    is_im: kind === 'im',
    is_mpim: kind === 'mpim',
    is_shared: false,
    is_org_shared: false,
    is_ext_shared: false,
    is_private: kind !== 'public',
    name: kind === 'im' ? ch.im_user : ch.channel_name,
    pending_shared: [],
    is_pending_ext_shared: false,
  };
}

/** A message object as conversations.history, conversations.replies and chat.* return it. */
export function message(row: MessageRow, extras: MessageExtras | undefined, team: TeamRow): Record<string, unknown> {
  const ts = row.ts ?? row.message_id;
  if (row.subtype === 'tombstone') {
    // A deleted thread parent stays as a placeholder while replies remain (Slack shows "This message was deleted.").
    const out: Record<string, unknown> = {
      type: row.type,
      subtype: 'tombstone',
      text: row.message_text ?? '',
      user: 'USLACKBOT',
      hidden: true,
      ts,
      thread_ts: ts,
    };
    if (extras?.replies) Object.assign(out, threadFields(extras));
    return out;
  }
  const out: Record<string, unknown> = { type: row.type, user: row.user_id, text: row.message_text ?? '', ts };
  if (row.subtype) out.subtype = row.subtype;
  out.team = team.team_id;
  if (Array.isArray(row.blocks) && row.blocks.length) out.blocks = row.blocks;
  if (Array.isArray(row.attachments) && row.attachments.length) out.attachments = row.attachments;
  const editedMs = epochMs(row.updated_at);
  if (editedMs !== null) out.edited = { user: row.user_id, ts: `${Math.floor(editedMs / 1000)}.000000` };
  if (row.parent_id) {
    out.thread_ts = row.parent_id;
    out.parent_user_id = extras?.parent_user_id ?? undefined;
  } else if (extras?.replies) {
    out.thread_ts = ts;
    Object.assign(out, threadFields(extras));
  }
  if (extras?.reactions.length) out.reactions = extras.reactions;
  return out;
}

function threadFields(extras: MessageExtras): Record<string, unknown> {
  const r = extras.replies!;
  return {
    reply_count: r.reply_count,
    reply_users_count: r.reply_users.length,
    latest_reply: r.latest_reply,
    reply_users: r.reply_users,
    is_locked: false,
    subscribed: !!extras.readState,
    ...extras.readState,
  };
}

/** A user object (users.list, users.info). */
export function user(row: UserRow, team: TeamRow, atMs: number, opts: { locale?: boolean } = {}): Record<string, unknown> {
  const role = row.role ?? 'member';
  const zone = timeZoneInfo(row.timezone ?? 'America/Los_Angeles', atMs);
  const out: Record<string, unknown> = {
    id: row.user_id,
    team_id: row.team_id ?? team.team_id,
    name: row.username,
    deleted: !row.is_active,
    color: colorFor(row.user_id),
    real_name: row.real_name ?? row.display_name ?? row.username,
    ...zone,
    profile: profile(row, team),
    is_admin: role === 'admin' || role === 'owner',
    is_owner: role === 'owner',
    is_primary_owner: false,
    is_restricted: role === 'guest',
    is_ultra_restricted: false,
    is_bot: row.is_bot,
    is_app_user: false,
    updated: epochSeconds(row.updated_at ?? row.created_at),
    is_email_confirmed: !row.is_bot,
    who_can_share_contact_card: 'EVERYONE',
  };
  if (opts.locale) out.locale = 'en-US';
  return out;
}

/** A user's profile (users.profile.get, and `profile` inside user objects). */
export function profile(row: UserRow, team: TeamRow): Record<string, unknown> {
  const realName = row.real_name ?? row.display_name ?? row.username;
  const [first, ...rest] = realName.split(' ');
  const avatar = (size: number) => `https://avatars.slack-edge.com/${team.team_id}/${row.user_id}_${size}.png`;
  const out: Record<string, unknown> = {
    title: row.title ?? '',
    phone: row.phone ?? '',
    skype: '',
    real_name: realName,
    real_name_normalized: realName,
    display_name: row.display_name ?? '',
    display_name_normalized: row.display_name ?? '',
    fields: null,
    status_text: row.status_text ?? '',
    status_emoji: row.status_emoji ?? '',
    status_expiration: 0,
    avatar_hash: row.user_id.toLowerCase().slice(0, 12),
    first_name: first ?? '',
    last_name: rest.join(' '),
    image_24: avatar(24),
    image_32: avatar(32),
    image_48: avatar(48),
    image_72: avatar(72),
    image_192: avatar(192),
    image_512: avatar(512),
    team: row.team_id ?? team.team_id,
  };
  if (row.email) out.email = row.email;
  if (row.is_bot) out.always_active = false;
  return out;
}

function colorFor(id: string): string {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h & 0xffffff).toString(16).padStart(6, '0');
}

/** A message's permalink, in Slack's `https://<domain>.slack.com/archives/<channel>/p<ts without dot>` form. */
export function permalink(team: TeamRow, channelId: string, row: Pick<MessageRow, 'message_id' | 'ts' | 'parent_id'>): string {
  const ts = row.ts ?? row.message_id;
  const base = `https://${teamDomain(team)}.slack.com/archives/${channelId}/p${ts.replace('.', '')}`;
  return row.parent_id ? `${base}?thread_ts=${row.parent_id}&cid=${channelId}` : base;
}
