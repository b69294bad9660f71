import type { RowNames } from '../types.ts';

/**
 * The MailHub replica's tables: one organisation's directory plus, per mailbox owner (a `people` row), mail, calendar,
 * contacts, to-do and board data. Column names are also the API's field names (snake_case), so assertions read the
 * same words an agent sees. Recipients and categories are JSON arrays of lowercase e-mail addresses / names, so
 * `has_any` / `has_all` assertions work on them.
 *
 * Foreign keys document relations for the closed-world check; handlers check existence themselves.
 */
export const schemaSql = `
CREATE TABLE people (
  person_id       text PRIMARY KEY,
  display_name    text NOT NULL,
  email           text NOT NULL UNIQUE,
  job_title       text,
  department      text,
  office_location text,
  phone           text,
  manager_id      text REFERENCES people (person_id),
  time_zone       text NOT NULL DEFAULT 'Etc/UTC',
  is_active       boolean NOT NULL DEFAULT true,
  has_mailbox     boolean NOT NULL DEFAULT false,
  updated_at      timestamptz
);
CREATE INDEX people_manager ON people (manager_id);

CREATE TABLE mailbox_settings (
  person_id             text PRIMARY KEY REFERENCES people (person_id),
  time_zone             text NOT NULL DEFAULT 'Etc/UTC',
  language              text NOT NULL DEFAULT 'en-GB',
  date_format           text NOT NULL DEFAULT 'yyyy-MM-dd',
  time_format           text NOT NULL DEFAULT 'HH:mm',
  working_hours_start   text NOT NULL DEFAULT '09:00',
  working_hours_end     text NOT NULL DEFAULT '17:00',
  working_days          jsonb NOT NULL DEFAULT '["mon","tue","wed","thu","fri"]',
  signature             text,
  auto_reply_status     text NOT NULL DEFAULT 'disabled' CHECK (auto_reply_status IN ('disabled', 'always', 'scheduled')),
  auto_reply_internal   text,
  auto_reply_external   text,
  auto_reply_audience   text NOT NULL DEFAULT 'all' CHECK (auto_reply_audience IN ('none', 'contacts', 'all')),
  auto_reply_start      timestamptz,
  auto_reply_end        timestamptz,
  updated_at            timestamptz
);

CREATE TABLE categories (
  owner_id   text NOT NULL REFERENCES people (person_id),
  name       text NOT NULL,
  color      text NOT NULL DEFAULT 'none',
  PRIMARY KEY (owner_id, name)
);

CREATE TABLE folders (
  folder_id    text PRIMARY KEY,
  owner_id     text NOT NULL REFERENCES people (person_id),
  parent_id    text REFERENCES folders (folder_id),
  display_name text NOT NULL,
  well_known   text CHECK (well_known IN ('inbox', 'sent', 'drafts', 'deleted', 'archive', 'junk')),
  created_at   timestamptz,
  updated_at   timestamptz
);
CREATE INDEX folders_owner ON folders (owner_id, parent_id);

CREATE TABLE messages (
  message_id     text PRIMARY KEY,
  owner_id       text NOT NULL REFERENCES people (person_id),
  folder_id      text NOT NULL REFERENCES folders (folder_id),
  thread_id      text NOT NULL,
  in_reply_to    text,
  subject        text NOT NULL DEFAULT '',
  body           text NOT NULL DEFAULT '',
  from_email     text NOT NULL,
  from_name      text,
  to_recipients  jsonb NOT NULL DEFAULT '[]',
  cc_recipients  jsonb NOT NULL DEFAULT '[]',
  bcc_recipients jsonb NOT NULL DEFAULT '[]',
  sent_at        timestamptz,
  received_at    timestamptz NOT NULL,
  is_read        boolean NOT NULL DEFAULT false,
  is_draft       boolean NOT NULL DEFAULT false,
  importance     text NOT NULL DEFAULT 'normal' CHECK (importance IN ('low', 'normal', 'high')),
  flag_status    text NOT NULL DEFAULT 'none' CHECK (flag_status IN ('none', 'flagged', 'complete')),
  flag_due_at    timestamptz,
  categories     jsonb NOT NULL DEFAULT '[]',
  has_attachments boolean NOT NULL DEFAULT false,
  created_at     timestamptz,
  updated_at     timestamptz
);
CREATE INDEX messages_folder ON messages (owner_id, folder_id, received_at DESC);
CREATE INDEX messages_sender ON messages (owner_id, from_email, received_at DESC);
CREATE INDEX messages_received ON messages (owner_id, received_at DESC);
CREATE INDEX messages_thread ON messages (thread_id);

CREATE TABLE attachments (
  attachment_id text PRIMARY KEY,
  message_id    text NOT NULL REFERENCES messages (message_id),
  name          text NOT NULL,
  content_type  text NOT NULL DEFAULT 'application/octet-stream',
  size          integer NOT NULL DEFAULT 0,
  content       text
);
CREATE INDEX attachments_message ON attachments (message_id);

CREATE TABLE rules (
  rule_id     text PRIMARY KEY,
  owner_id    text NOT NULL REFERENCES people (person_id),
  name        text NOT NULL,
  sequence    integer NOT NULL DEFAULT 1,
  is_enabled  boolean NOT NULL DEFAULT true,
  applies_to  text NOT NULL DEFAULT 'incoming' CHECK (applies_to IN ('incoming', 'sent')),
  conditions  jsonb NOT NULL DEFAULT '{}',
  actions     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz,
  updated_at  timestamptz
);

CREATE TABLE calendars (
  calendar_id text PRIMARY KEY,
  owner_id    text NOT NULL REFERENCES people (person_id),
  name        text NOT NULL,
  color       text NOT NULL DEFAULT 'auto',
  is_default  boolean NOT NULL DEFAULT false
);

CREATE TABLE events (
  event_id        text PRIMARY KEY,
  calendar_id     text NOT NULL REFERENCES calendars (calendar_id),
  organizer_email text NOT NULL,
  subject         text NOT NULL,
  body            text NOT NULL DEFAULT '',
  location        text,
  start_at        timestamptz NOT NULL,
  end_at          timestamptz NOT NULL,
  is_all_day      boolean NOT NULL DEFAULT false,
  show_as         text NOT NULL DEFAULT 'busy' CHECK (show_as IN ('free', 'tentative', 'busy', 'oof')),
  is_cancelled    boolean NOT NULL DEFAULT false,
  online_meeting_url text,
  created_at      timestamptz,
  updated_at      timestamptz
);
CREATE INDEX events_range ON events (start_at, end_at);

CREATE TABLE event_attendees (
  event_id   text NOT NULL REFERENCES events (event_id),
  email      text NOT NULL,
  name       text,
  type       text NOT NULL DEFAULT 'required' CHECK (type IN ('required', 'optional')),
  response   text NOT NULL DEFAULT 'none' CHECK (response IN ('none', 'accepted', 'declined', 'tentative')),
  comment    text,
  PRIMARY KEY (event_id, email)
);
CREATE INDEX event_attendees_email ON event_attendees (email);

CREATE TABLE contacts (
  contact_id   text PRIMARY KEY,
  owner_id     text NOT NULL REFERENCES people (person_id),
  display_name text NOT NULL,
  email        text,
  phone        text,
  company      text,
  job_title    text,
  notes        text,
  person_id    text REFERENCES people (person_id),
  created_at   timestamptz,
  updated_at   timestamptz
);

CREATE TABLE contact_groups (
  group_id    text PRIMARY KEY,
  owner_id    text NOT NULL REFERENCES people (person_id),
  name        text NOT NULL,
  description text,
  created_at  timestamptz,
  updated_at  timestamptz
);

CREATE TABLE contact_group_members (
  group_id   text NOT NULL REFERENCES contact_groups (group_id),
  contact_id text NOT NULL REFERENCES contacts (contact_id),
  PRIMARY KEY (group_id, contact_id)
);

CREATE TABLE todo_lists (
  list_id    text PRIMARY KEY,
  owner_id   text NOT NULL REFERENCES people (person_id),
  name       text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz,
  updated_at timestamptz
);

CREATE TABLE todo_tasks (
  task_id           text PRIMARY KEY,
  list_id           text NOT NULL REFERENCES todo_lists (list_id),
  title             text NOT NULL,
  notes             text,
  status            text NOT NULL DEFAULT 'not_started' CHECK (status IN ('not_started', 'in_progress', 'completed')),
  importance        text NOT NULL DEFAULT 'normal' CHECK (importance IN ('low', 'normal', 'high')),
  due_date          text,
  completed_at      timestamptz,
  linked_message_id text REFERENCES messages (message_id),
  created_at        timestamptz,
  updated_at        timestamptz
);

CREATE TABLE boards (
  board_id    text PRIMARY KEY,
  owner_id    text NOT NULL REFERENCES people (person_id),
  name        text NOT NULL,
  description text,
  members     jsonb NOT NULL DEFAULT '[]',
  created_at  timestamptz,
  updated_at  timestamptz
);

CREATE TABLE board_buckets (
  bucket_id text PRIMARY KEY,
  board_id  text NOT NULL REFERENCES boards (board_id),
  name      text NOT NULL,
  position  integer NOT NULL DEFAULT 0
);

CREATE TABLE board_tasks (
  task_id          text PRIMARY KEY,
  board_id         text NOT NULL REFERENCES boards (board_id),
  bucket_id        text NOT NULL REFERENCES board_buckets (bucket_id),
  title            text NOT NULL,
  description      text,
  priority         text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'important', 'urgent')),
  percent_complete integer NOT NULL DEFAULT 0,
  due_date         text,
  assignees        jsonb NOT NULL DEFAULT '[]',
  labels           jsonb NOT NULL DEFAULT '[]',
  created_at       timestamptz,
  updated_at       timestamptz
);
`;

/** What names a row of each table (see `Replica.rowNames`): a person or folder by its display name, a message by its subject. */
export const rowNames = {
  people: ['display_name', 'email'],
  folders: ['display_name'],
  messages: ['subject'],
  attachments: ['name'],
  rules: ['name'],
  calendars: ['name'],
  events: ['subject'],
  contacts: ['display_name', 'email'],
  contact_groups: ['name'],
  todo_lists: ['name'],
  todo_tasks: ['title'],
  boards: ['name'],
  board_buckets: ['name'],
  board_tasks: ['title'],
} satisfies RowNames;
