import type { Row } from '../../engine/index.ts';
import type { RowNames } from '../types.ts';

/**
 * The words of a text for search, as SQL over `expr`: every run of letters and digits is one word, so
 * "dept_budget_2026.csv" holds dept, budget, 2026 and csv. Box's own search is word-based in the same way. Indexes
 * below and the queries in search.ts build the same expression, which is what lets the planner use the indexes.
 */
export function wordsOf(expr: string): string {
  return `to_tsvector('simple', regexp_replace(${expr}, '[^[:alnum:]]+', ' ', 'g'))`;
}

/** The searchable text of a version: UTF-8 content only, at most 200,000 characters (a tsvector holds 1 MB). */
export const contentWords = (alias = '') =>
  wordsOf(`CASE WHEN ${alias}content_encoding = 'utf8' THEN left(coalesce(${alias}content, ''), 200000) ELSE '' END`);
export const nameWords = (alias = '') => wordsOf(`${alias}name`);
export const descriptionWords = (alias = '') => wordsOf(`${alias}description`);
export const tagWords = (alias = '') => wordsOf(`${alias}tags::text`);

const searchIndexes = (table: string) =>
  [nameWords(), descriptionWords(), tagWords()].map((e, i) => `CREATE INDEX ${table}_words_${i} ON ${table} USING gin ((${e})) WITH (fastupdate = off);`).join('\n');

/**
 * The Box replica's tables. Names and columns are the ones Agent-Diff's Box seed and assertions use (`box_files`,
 * `sha_1`, `version_number` as text, `item_status` 'active' | 'trashed'); the rest hold what the REST API reports
 * and that seed has no place for (tags, shared links, file bytes, collections).
 *
 * An update changes only the columns it is about plus `modified_at`, `etag` and `sequence_id` (ignored by every
 * Agent-Diff Box suite). Folder sizes, comment counts and paths are derived when reading. File bytes live on the
 * version row (`content`, text when `content_encoding` is 'utf8', base64 otherwise) so that every version can be
 * downloaded and the current one searched.
 */
export const schemaSql = `
CREATE TABLE box_users (
  id          text PRIMARY KEY,
  type        text NOT NULL DEFAULT 'user',
  name        text NOT NULL,
  login       text NOT NULL,
  status      text NOT NULL DEFAULT 'active',
  role        text NOT NULL DEFAULT 'user',
  job_title   text NOT NULL DEFAULT '',
  language    text NOT NULL DEFAULT 'en',
  timezone    text NOT NULL DEFAULT 'America/Los_Angeles',
  space_amount bigint NOT NULL DEFAULT 10737418240,
  created_at  timestamptz,
  modified_at timestamptz
);

CREATE TABLE box_folders (
  id             text PRIMARY KEY,
  type           text NOT NULL DEFAULT 'folder',
  name           text NOT NULL,
  parent_id      text REFERENCES box_folders (id),
  description    text NOT NULL DEFAULT '',
  tags           jsonb NOT NULL DEFAULT '[]',
  shared_link    jsonb,
  item_status    text NOT NULL DEFAULT 'active',
  size           bigint NOT NULL DEFAULT 0,
  sequence_id    text,
  etag           text,
  created_by_id  text REFERENCES box_users (id),
  modified_by_id text REFERENCES box_users (id),
  owned_by_id    text REFERENCES box_users (id),
  created_at     timestamptz,
  modified_at    timestamptz,
  trashed_at     timestamptz
);
-- Folder listings page through children in name order without sorting them all.
CREATE INDEX box_folders_parent ON box_folders (parent_id, lower(name), id);
-- Listings read only live children: with the status in the index's predicate, a page in name order is read from
-- the index in order instead of every child being fetched and sorted (environments' tables carry no statistics).
CREATE INDEX box_folders_live_children ON box_folders (parent_id, lower(name), id) WHERE item_status = 'active';
-- Search leaves out what lies in a trashed folder: it starts from these few rows instead of reading every folder.
CREATE INDEX box_folders_trashed ON box_folders (id) WHERE item_status = 'trashed';

CREATE TABLE box_files (
  id             text PRIMARY KEY,
  type           text NOT NULL DEFAULT 'file',
  name           text NOT NULL,
  parent_id      text REFERENCES box_folders (id),
  description    text NOT NULL DEFAULT '',
  extension      text NOT NULL DEFAULT '',
  tags           jsonb NOT NULL DEFAULT '[]',
  shared_link    jsonb,
  item_status    text NOT NULL DEFAULT 'active',
  size           bigint NOT NULL DEFAULT 0,
  sha_1          text NOT NULL DEFAULT '',
  version_number text NOT NULL DEFAULT '1',
  comment_count  integer NOT NULL DEFAULT 0,
  sequence_id    text,
  etag           text,
  created_by_id  text REFERENCES box_users (id),
  modified_by_id text REFERENCES box_users (id),
  owned_by_id    text REFERENCES box_users (id),
  created_at     timestamptz,
  modified_at    timestamptz,
  content_created_at  timestamptz,
  content_modified_at timestamptz,
  trashed_at     timestamptz
);
-- Every read of files by parent asks for live ones only, so the partial index is the only one files need.
CREATE INDEX box_files_live_children ON box_files (parent_id, lower(name), id) WHERE item_status = 'active';

CREATE TABLE box_file_versions (
  id               text PRIMARY KEY,
  type             text NOT NULL DEFAULT 'file_version',
  file_id          text NOT NULL REFERENCES box_files (id),
  version_number   text NOT NULL DEFAULT '1',
  name             text NOT NULL,
  size             bigint NOT NULL DEFAULT 0,
  sha_1            text NOT NULL DEFAULT '',
  local_path       text,
  content          text,
  content_encoding text NOT NULL DEFAULT 'utf8' CHECK (content_encoding IN ('utf8', 'base64')),
  modified_by_id   text REFERENCES box_users (id),
  created_at       timestamptz,
  modified_at      timestamptz
);
-- In the order that picks a file's current version (serialize.ts), so that is read from the index, not sorted.
CREATE INDEX box_file_versions_file ON box_file_versions (file_id, length(version_number) DESC, version_number DESC);
-- fastupdate off: environments are filled by one INSERT … SELECT, which would otherwise leave every row in the
-- GIN pending list, and searches would read that list row by row until a vacuum that never comes.
CREATE INDEX box_file_versions_words ON box_file_versions USING gin ((${contentWords()})) WITH (fastupdate = off);
${searchIndexes('box_files')}
${searchIndexes('box_folders')}
COMMENT ON TABLE box_file_versions IS '@derived: one row per uploaded version of a file';

CREATE TABLE box_comments (
  id               text PRIMARY KEY,
  type             text NOT NULL DEFAULT 'comment',
  item_id          text NOT NULL,
  item_type        text NOT NULL DEFAULT 'file',
  file_id          text REFERENCES box_files (id),
  message          text NOT NULL,
  tagged_message   text,
  is_reply_comment boolean NOT NULL DEFAULT false,
  created_by_id    text REFERENCES box_users (id),
  created_at       timestamptz,
  modified_at      timestamptz
);
CREATE INDEX box_comments_file ON box_comments (file_id);

CREATE TABLE box_tasks (
  id              text PRIMARY KEY,
  type            text NOT NULL DEFAULT 'task',
  item_id         text NOT NULL REFERENCES box_files (id),
  item_type       text NOT NULL DEFAULT 'file',
  message         text NOT NULL DEFAULT '',
  action          text NOT NULL DEFAULT 'review',
  completion_rule text NOT NULL DEFAULT 'all_assignees',
  due_at          timestamptz,
  is_completed    boolean NOT NULL DEFAULT false,
  created_by_id   text REFERENCES box_users (id),
  created_at      timestamptz
);

CREATE TABLE box_collections (
  id              text PRIMARY KEY,
  type            text NOT NULL DEFAULT 'collection',
  name            text NOT NULL,
  collection_type text NOT NULL DEFAULT 'favorites',
  user_id         text REFERENCES box_users (id)
);

CREATE TABLE box_collection_items (
  collection_id text NOT NULL REFERENCES box_collections (id),
  item_type     text NOT NULL,
  item_id       text NOT NULL,
  added_at      timestamptz,
  PRIMARY KEY (collection_id, item_type, item_id)
);

CREATE TABLE box_hubs (
  id                text PRIMARY KEY,
  type              text NOT NULL DEFAULT 'hubs',
  title             text NOT NULL,
  description       text NOT NULL DEFAULT '',
  is_ai_enabled     boolean NOT NULL DEFAULT true,
  can_non_owners_invite boolean NOT NULL DEFAULT true,
  can_shared_link_be_created boolean NOT NULL DEFAULT true,
  is_collaboration_restricted_to_enterprise boolean NOT NULL DEFAULT false,
  view_count        integer NOT NULL DEFAULT 0,
  created_by_id     text REFERENCES box_users (id),
  updated_by_id     text REFERENCES box_users (id),
  created_at        timestamptz,
  updated_at        timestamptz
);

CREATE TABLE box_hub_items (
  id        text PRIMARY KEY,
  hub_id    text NOT NULL REFERENCES box_hubs (id),
  item_id   text NOT NULL,
  item_type text NOT NULL,
  item_name text NOT NULL DEFAULT '',
  added_by_id text REFERENCES box_users (id),
  added_at  timestamptz
);
CREATE INDEX box_hub_items_hub ON box_hub_items (hub_id);
`;

/** What names a row of each table (see `Replica.rowNames`): folder "0" is All Files, 120000100 Finance. */
export const rowNames = {
  box_users: ['name', 'login'],
  box_folders: ['name'],
  box_files: ['name'],
  box_file_versions: ['name'],
  box_comments: ['message'],
  box_tasks: ['message'],
  box_collections: ['name'],
  box_hubs: ['title'],
  box_hub_items: ['item_name'],
} satisfies RowNames;

/**
 * Values for NOT NULL columns that a seed row may leave out. A seed loads with `jsonb_populate_recordset`, so a column
 * that some rows carry and others omit arrives as NULL rather than its default; these fill it.
 */
const DEFAULTS: Record<string, Row> = {
  box_users: { type: 'user', status: 'active', role: 'user', job_title: '', language: 'en', timezone: 'America/Los_Angeles', space_amount: 10737418240 },
  box_folders: { type: 'folder', description: '', tags: [], item_status: 'active', size: 0 },
  box_files: { type: 'file', description: '', tags: [], item_status: 'active', size: 0, sha_1: '', version_number: '1', comment_count: 0 },
  box_file_versions: { type: 'file_version', version_number: '1', size: 0, sha_1: '', content_encoding: 'utf8' },
  box_comments: { type: 'comment', item_type: 'file', is_reply_comment: false },
  box_tasks: { type: 'task', item_type: 'file', message: '', action: 'review', completion_rule: 'all_assignees', is_completed: false },
  box_collections: { type: 'collection', collection_type: 'favorites' },
  box_hubs: {
    type: 'hubs', description: '', is_ai_enabled: true, can_non_owners_invite: true, can_shared_link_be_created: true,
    is_collaboration_restricted_to_enterprise: false, view_count: 0,
  },
  box_hub_items: { item_name: '' },
};

/**
 * Fills what a seed leaves out: NOT NULL columns get their defaults, a file's missing `extension` comes from its
 * name, and `version_number` is text (Agent-Diff's seed and assertions compare it as a string). Versions' content
 * stays null when the seed has none (Agent-Diff's bytes are not published), so those files download empty.
 */
export function prepareSeedRow(table: string, row: Row): Row {
  for (const [col, value] of Object.entries(DEFAULTS[table] ?? {})) if (row[col] == null) row[col] = value;
  if (table === 'box_files' && !row.extension && typeof row.name === 'string') row.extension = extensionOf(row.name);
  if (row.version_number != null) row.version_number = String(row.version_number);
  return row;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}
