import type { Row } from '../../engine/index.ts';
import type { RowNames } from '../types.ts';

/**
 * The Calendar replica's tables. Table and column names are the ones Agent-Diff's Calendar seed and assertions use
 * (`calendar_events.start` as JSON, `calendar_list_entries.deleted`, `calendar_acl_rules.scope_value`, …); the other
 * columns hold what the API reports and Agent-Diff's schema has no place for.
 *
 * Deletions follow Google: an event becomes `status = 'cancelled'`, a calendar, calendar-list entry or ACL rule gets
 * `deleted = true`; only channels.stop removes a row. A write changes only the columns it is about plus the columns
 * every suite ignores (`etag`, `updated_at`, `sequence`, `start_datetime`, `end_datetime`, `html_link`, …), so strict
 * `expected_changes` checks stay meaningful. `start_datetime`/`end_datetime` hold the event's instants in UTC (for
 * range queries); `start`/`end` hold the JSON the client sent.
 *
 * Column names `end`, `primary` and `self` are SQL keywords: always quote them.
 */
export const schemaSql = `
CREATE TABLE calendar_users (
  id           text PRIMARY KEY,
  email        text NOT NULL UNIQUE,
  display_name text,
  self         boolean NOT NULL DEFAULT false,
  time_zone    text,
  created_at   timestamptz,
  updated_at   timestamptz
);

CREATE TABLE calendars (
  id                   text PRIMARY KEY,
  summary              text,
  description          text,
  location             text,
  owner_id             text REFERENCES calendar_users (id),
  time_zone            text NOT NULL DEFAULT 'UTC',
  conference_properties jsonb,
  deleted              boolean NOT NULL DEFAULT false,
  etag                 text,
  created_at           timestamptz,
  updated_at           timestamptz
);

CREATE TABLE calendar_list_entries (
  id                     text PRIMARY KEY,
  user_id                text NOT NULL REFERENCES calendar_users (id),
  calendar_id            text NOT NULL REFERENCES calendars (id),
  access_role            text NOT NULL DEFAULT 'reader' CHECK (access_role IN ('freeBusyReader', 'reader', 'writer', 'owner')),
  "primary"              boolean NOT NULL DEFAULT false,
  selected               boolean NOT NULL DEFAULT true,
  hidden                 boolean NOT NULL DEFAULT false,
  deleted                boolean NOT NULL DEFAULT false,
  color_id               text,
  background_color       text,
  foreground_color       text,
  summary_override       text,
  default_reminders      jsonb,
  notification_settings  jsonb,
  etag                   text,
  created_at             timestamptz,
  updated_at             timestamptz,
  UNIQUE (user_id, calendar_id)
);

CREATE TABLE calendar_events (
  id                         text PRIMARY KEY,
  calendar_id                text NOT NULL REFERENCES calendars (id),
  ical_uid                   text,
  summary                    text,
  description                text,
  location                   text,
  status                     text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'tentative', 'cancelled')),
  visibility                 text NOT NULL DEFAULT 'default',
  transparency               text NOT NULL DEFAULT 'opaque',
  event_type                 text NOT NULL DEFAULT 'default',
  color_id                   text,
  start                      jsonb,
  "end"                      jsonb,
  start_datetime             timestamptz,
  end_datetime               timestamptz,
  end_time_unspecified       boolean,
  recurrence                 jsonb,
  recurring_event_id         text,
  original_start_time        jsonb,
  creator_id                 text,
  creator_email              text,
  organizer_id               text,
  organizer_email            text,
  organizer_display_name     text,
  guests_can_invite_others   boolean,
  guests_can_modify          boolean,
  guests_can_see_other_guests boolean,
  anyone_can_add_self        boolean,
  reminders                  jsonb,
  extended_properties        jsonb,
  conference_data            jsonb,
  attachments                jsonb,
  source                     jsonb,
  sequence                   integer NOT NULL DEFAULT 0,
  etag                       text,
  html_link                  text,
  created_at                 timestamptz,
  updated_at                 timestamptz
);
CREATE INDEX calendar_events_calendar ON calendar_events (calendar_id, start_datetime);
CREATE INDEX calendar_events_recurring ON calendar_events (recurring_event_id);
CREATE INDEX calendar_events_ical ON calendar_events (ical_uid);

CREATE TABLE calendar_event_attendees (
  event_id          text NOT NULL REFERENCES calendar_events (id),
  email             text NOT NULL,
  display_name      text,
  response_status   text NOT NULL DEFAULT 'needsAction' CHECK (response_status IN ('needsAction', 'declined', 'tentative', 'accepted')),
  optional          boolean,
  organizer         boolean,
  resource          boolean,
  comment           text,
  additional_guests integer,
  PRIMARY KEY (event_id, email)
);

CREATE TABLE calendar_acl_rules (
  id          text NOT NULL,
  calendar_id text NOT NULL REFERENCES calendars (id),
  role        text NOT NULL CHECK (role IN ('none', 'freeBusyReader', 'reader', 'writer', 'owner')),
  scope_type  text NOT NULL CHECK (scope_type IN ('default', 'user', 'group', 'domain')),
  scope_value text,
  deleted     boolean NOT NULL DEFAULT false,
  etag        text,
  created_at  timestamptz,
  updated_at  timestamptz,
  PRIMARY KEY (calendar_id, id)
);

CREATE TABLE calendar_settings (
  id         integer PRIMARY KEY,
  user_id    text NOT NULL REFERENCES calendar_users (id),
  setting_id text NOT NULL,
  value      text,
  etag       text,
  UNIQUE (user_id, setting_id)
);

CREATE TABLE calendar_channels (
  id           text PRIMARY KEY,
  resource_id  text NOT NULL,
  resource_uri text,
  type         text NOT NULL DEFAULT 'web_hook',
  address      text,
  expiration   bigint,
  token        text,
  params       jsonb,
  payload      boolean,
  user_id      text REFERENCES calendar_users (id),
  created_at   timestamptz
);
`;

/** What names a row of each table (see `Replica.rowNames`): a calendar or an event by its summary. */
export const rowNames = {
  calendar_users: ['display_name', 'email'],
  calendars: ['summary'],
  calendar_list_entries: ['summary_override'],
  calendar_events: ['summary'],
} satisfies RowNames;

const FALSE_BY_DEFAULT: Record<string, string[]> = {
  calendar_users: ['self'],
  calendars: ['deleted'],
  calendar_list_entries: ['primary', 'hidden', 'deleted'],
  calendar_acl_rules: ['deleted'],
};

/**
 * Fills what Agent-Diff's seed leaves out (a column some rows omit arrives as NULL, not its default) and recomputes
 * `start_datetime`/`end_datetime` as UTC instants: the seed writes them as naive local times, which no query can
 * compare across zones. Every suite ignores both columns.
 */
export function prepareSeedRow(table: string, row: Row, instants?: (row: Row) => { start: string | null; end: string | null }): Row {
  for (const col of FALSE_BY_DEFAULT[table] ?? []) if (row[col] == null) row[col] = false;
  if (table === 'calendar_list_entries') {
    if (row.selected == null) row.selected = true;
    if (row.access_role == null) row.access_role = 'reader';
  }
  if (table === 'calendar_events') {
    if (row.status == null) row.status = 'confirmed';
    if (row.visibility == null) row.visibility = 'default';
    if (row.transparency == null) row.transparency = 'opaque';
    if (row.event_type == null) row.event_type = 'default';
    if (row.sequence == null) row.sequence = 0;
    if (instants) {
      const { start, end } = instants(row);
      row.start_datetime = start;
      row.end_datetime = end;
    }
  }
  if (table === 'calendars' && row.time_zone == null) row.time_zone = 'UTC';
  if (table === 'calendar_event_attendees' && row.response_status == null) row.response_status = 'needsAction';
  return row;
}
