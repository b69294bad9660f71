import type { EventTime } from './time.ts';

export interface UserRow {
  id: string;
  email: string;
  display_name: string | null;
  self: boolean;
  time_zone: string | null;
}

export interface CalendarRow {
  id: string;
  summary: string | null;
  description: string | null;
  location: string | null;
  owner_id: string | null;
  time_zone: string;
  conference_properties: unknown;
  deleted: boolean;
  etag: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface ListEntryRow {
  id: string;
  user_id: string;
  calendar_id: string;
  access_role: string;
  primary: boolean;
  selected: boolean;
  hidden: boolean;
  deleted: boolean;
  color_id: string | null;
  background_color: string | null;
  foreground_color: string | null;
  summary_override: string | null;
  default_reminders: unknown;
  notification_settings: unknown;
  etag: string | null;
  updated_at: string | null;
}

export interface EventRow {
  id: string;
  calendar_id: string;
  ical_uid: string | null;
  summary: string | null;
  description: string | null;
  location: string | null;
  status: string;
  visibility: string;
  transparency: string;
  event_type: string;
  color_id: string | null;
  start: EventTime;
  end: EventTime;
  start_datetime: string | null;
  end_datetime: string | null;
  end_time_unspecified: boolean | null;
  recurrence: string[] | null;
  recurring_event_id: string | null;
  original_start_time: EventTime | null;
  creator_id: string | null;
  creator_email: string | null;
  organizer_id: string | null;
  organizer_email: string | null;
  organizer_display_name: string | null;
  guests_can_invite_others: boolean | null;
  guests_can_modify: boolean | null;
  guests_can_see_other_guests: boolean | null;
  anyone_can_add_self: boolean | null;
  reminders: unknown;
  extended_properties: unknown;
  conference_data: unknown;
  attachments: unknown;
  source: unknown;
  sequence: number;
  etag: string | null;
  html_link: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface AttendeeRow {
  event_id: string;
  email: string;
  display_name: string | null;
  response_status: string;
  optional: boolean | null;
  organizer: boolean | null;
  resource: boolean | null;
  comment: string | null;
  additional_guests: number | null;
}

export interface AclRow {
  id: string;
  calendar_id: string;
  role: string;
  scope_type: string;
  scope_value: string | null;
  deleted: boolean;
  etag: string | null;
}

export interface ChannelRow {
  id: string;
  resource_id: string;
  resource_uri: string | null;
  type: string;
  address: string | null;
  expiration: number | string | null;
  token: string | null;
  params: unknown;
  payload: boolean | null;
  user_id: string | null;
}
