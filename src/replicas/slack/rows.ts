/** Rows as the handlers read them (column names are the schema's, see schema.ts). */

export interface TeamRow {
  team_id: string;
  team_name: string;
  domain: string | null;
}

export interface UserRow {
  user_id: string;
  username: string;
  email: string | null;
  real_name: string | null;
  display_name: string | null;
  timezone: string | null;
  title: string | null;
  phone: string | null;
  status_text: string | null;
  status_emoji: string | null;
  is_bot: boolean;
  is_active: boolean;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  /** From user_teams (the user's first team): null when the user belongs to no team. */
  team_id: string | null;
  role: string | null;
}

export interface ChannelRow {
  channel_id: string;
  channel_name: string;
  team_id: string | null;
  topic_text: string | null;
  purpose_text: string | null;
  is_private: boolean;
  is_dm: boolean;
  is_gc: boolean;
  is_archived: boolean;
  is_general: boolean;
  creator_id: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

/** A channel with what its wire object needs beyond its row, computed for one viewer. */
export interface ChannelView extends ChannelRow {
  num_members: number;
  is_member: boolean;
  /** Who set the topic/purpose and when (unix seconds), from channel_events; null when never recorded. */
  topic_event: { user_id: string | null; at: number } | null;
  purpose_event: { user_id: string | null; at: number } | null;
  previous_names: string[];
  /** For a DM: the member who is not the viewer (the viewer for a DM with oneself). */
  im_user: string | null;
}

export interface MessageRow {
  message_id: string;
  ts: string | null;
  channel_id: string;
  user_id: string | null;
  parent_id: string | null;
  type: string;
  subtype: string | null;
  message_text: string | null;
  blocks: unknown;
  attachments: unknown;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

export interface ReplySummary {
  reply_count: number;
  reply_users: string[];
  latest_reply: string;
}

export interface ReactionSummary {
  name: string;
  users: string[];
  count: number;
}

/** What a message's wire object needs beyond its row. */
export interface MessageExtras {
  replies?: ReplySummary;
  reactions: ReactionSummary[];
  /** The user who started the thread, for replies. */
  parent_user_id?: string | null;
  /** The viewer's place in the thread, on a parent that conversations.replies returns to a subscribed viewer. */
  readState?: { last_read: string; unread_count: number };
  /** The files the message shares (files.completeUploadExternal), in the order they were shared. */
  fileIds?: string[];
}
