import type { Row } from '../../engine/index.ts';
import type { RowNames } from '../types.ts';

/**
 * The Slack replica's tables. Table and column names are the ones Agent-Diff's Slack seeds and assertions use
 * (`channels.channel_name`, `messages.message_id`, `message_reactions.reaction_type`, …); the other columns hold what
 * the Web API reports and Agent-Diff's schema has no place for.
 *
 * Rules that keep Agent-Diff's strict `expected_changes` checks meaningful: an API call changes only the columns it
 * is about, plus `updated_at` (every Agent-Diff suite ignores `created_at` and `updated_at`). So nothing is
 * denormalised onto rows that other calls would then touch: reply counts and reactions are derived when reading,
 * a message's edit time is its `updated_at`, and who set a topic or renamed a channel is an inserted
 * `channel_events` row rather than extra columns on `channels`.
 *
 * Foreign keys document the relations (the closed-world check reads them); environments are copied without them,
 * so handlers check existence themselves.
 */
export const schemaSql = `
CREATE TABLE teams (
  team_id    text PRIMARY KEY,
  team_name  text NOT NULL,
  domain     text,
  created_at timestamptz
);

CREATE TABLE users (
  user_id      text PRIMARY KEY,
  username     text NOT NULL,
  email        text,
  real_name    text,
  display_name text,
  timezone     text,
  title        text,
  phone        text,
  status_text  text,
  status_emoji text,
  is_bot       boolean NOT NULL DEFAULT false,
  is_active    boolean NOT NULL DEFAULT true,
  created_at   timestamptz,
  updated_at   timestamptz
);

CREATE TABLE user_teams (
  user_id text NOT NULL REFERENCES users (user_id),
  team_id text NOT NULL REFERENCES teams (team_id),
  role    text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member', 'guest')),
  PRIMARY KEY (user_id, team_id)
);

CREATE TABLE channels (
  channel_id   text PRIMARY KEY,
  channel_name text NOT NULL,
  team_id      text REFERENCES teams (team_id),
  topic_text   text,
  purpose_text text,
  is_private   boolean NOT NULL DEFAULT false,
  is_dm        boolean NOT NULL DEFAULT false,
  is_gc        boolean NOT NULL DEFAULT false,
  is_archived  boolean NOT NULL DEFAULT false,
  -- The workspace's #general: it keeps being it when renamed (Slack's is_general), and no new channel becomes it.
  is_general   boolean NOT NULL DEFAULT false,
  creator_id   text REFERENCES users (user_id),
  created_at   timestamptz,
  updated_at   timestamptz,
  UNIQUE (team_id, channel_name)
);

CREATE TABLE channel_members (
  channel_id text NOT NULL REFERENCES channels (channel_id),
  user_id    text NOT NULL REFERENCES users (user_id),
  joined_at  timestamptz,
  PRIMARY KEY (channel_id, user_id)
);

-- Who set a topic or purpose, and a channel's earlier names: Slack reports both (topic.creator, previous_names).
CREATE TABLE channel_events (
  event_id       text PRIMARY KEY,
  channel_id     text NOT NULL REFERENCES channels (channel_id),
  kind           text NOT NULL CHECK (kind IN ('topic', 'purpose', 'name')),
  value          text,
  previous_value text,
  user_id        text REFERENCES users (user_id),
  created_at     timestamptz
);
COMMENT ON TABLE channel_events IS '@derived: a record of a change to the channel it references';

CREATE TABLE messages (
  message_id   text PRIMARY KEY,
  ts           text,
  channel_id   text NOT NULL REFERENCES channels (channel_id),
  user_id      text REFERENCES users (user_id),
  parent_id    text REFERENCES messages (message_id),
  type         text NOT NULL DEFAULT 'message',
  subtype      text,
  message_text text,
  blocks       jsonb,
  attachments  jsonb,
  created_at   timestamptz,
  updated_at   timestamptz
);
CREATE INDEX messages_channel ON messages (channel_id);
CREATE INDEX messages_parent ON messages (parent_id);

-- Files: Agent-Diff's table and column names (file_id, user_id, file_name, file_size, file_type, file_url), plus what
-- the upload flow needs. getUploadURLExternal adds the row ('pending'), the bytes sent to the upload URL fill
-- content ('uploaded'), completeUploadExternal titles and shares it ('complete'); only then do files.info/list see it.
CREATE TABLE files (
  file_id          text PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users (user_id),
  file_name        text,
  title            text,
  file_size        integer,
  file_type        text,
  mimetype         text,
  file_url         text,
  alt_txt          text,
  snippet_type     text,
  content          text,
  content_encoding text NOT NULL DEFAULT 'utf8' CHECK (content_encoding IN ('utf8', 'base64')),
  upload_state     text NOT NULL DEFAULT 'complete' CHECK (upload_state IN ('pending', 'uploaded', 'complete')),
  created_at       timestamptz,
  updated_at       timestamptz
);

-- A file's share into a conversation: the message that carries it.
CREATE TABLE file_messages (
  file_message_id text PRIMARY KEY,
  file_id         text NOT NULL REFERENCES files (file_id),
  message_id      text NOT NULL REFERENCES messages (message_id)
);
CREATE INDEX file_messages_file ON file_messages (file_id);
CREATE INDEX file_messages_message ON file_messages (message_id);

CREATE TABLE message_reactions (
  message_id    text NOT NULL REFERENCES messages (message_id),
  user_id       text NOT NULL REFERENCES users (user_id),
  reaction_type text NOT NULL,
  created_at    timestamptz,
  PRIMARY KEY (message_id, user_id, reaction_type)
);
`;

/** What names a row of each table (see `Replica.rowNames`): a channel by its name, a person by their real name. */
export const rowNames = {
  teams: ['team_name'],
  users: ['real_name', 'display_name', 'username'],
  channels: ['channel_name'],
  messages: ['message_text'],
  files: ['title', 'file_name'],
} satisfies RowNames;

const FALSE_BY_DEFAULT: Record<string, string[]> = {
  channels: ['is_private', 'is_dm', 'is_gc', 'is_archived'],
  users: ['is_bot'],
};

/**
 * Fills what Agent-Diff seeds leave out. A seed loads with `jsonb_populate_recordset`, so a column that some rows
 * carry and others omit arrives as NULL, not as its default: the NOT NULL flags are filled here. Messages get their
 * `ts` from `message_id` (Agent-Diff's message id is the Slack ts).
 */
export function prepareSeedRow(table: string, row: Row): Row {
  for (const col of FALSE_BY_DEFAULT[table] ?? []) if (row[col] == null) row[col] = false;
  if (table === 'users' && row.is_active == null) row.is_active = true;
  // Seeds without the column (Agent-Diff's among them) name their #general: the public channel called `general`.
  if (table === 'channels' && row.is_general == null) row.is_general = row.channel_name === 'general' && !row.is_private && !row.is_dm && !row.is_gc;
  if (table === 'user_teams' && row.role == null) row.role = 'member';
  if (table === 'files') {
    if (row.upload_state == null) row.upload_state = 'complete';
    if (row.content_encoding == null) row.content_encoding = 'utf8';
  }
  if (table === 'messages') {
    if (row.ts == null) row.ts = row.message_id;
    if (row.type == null) row.type = 'message';
  }
  return row;
}
