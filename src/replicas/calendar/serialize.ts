import { calendarColors } from './colors.ts';
import type { AclRow, AttendeeRow, CalendarRow, ChannelRow, EventRow, ListEntryRow, UserRow } from './rows.ts';
import { instantMs, timestamp, type EventTime } from './time.ts';
import { formatInZone } from './zoneOffsets.ts';

/** Google's resource shapes. Absent optional fields are left out, as Google leaves them out. */
type Json = Record<string, unknown>;

/** The object without its null and undefined fields (copied rather than deleted: deleting keys is slow in V8). */
function compact(o: Json): Json {
  const out: Json = {};
  for (const k in o) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out;
}

/** A fresh etag for a written row: Google's are quoted decimal numbers that change on every write. */
export function newEtag(nowMs: number, salt = 0): string {
  return `"${nowMs * 1000 + salt}"`;
}

export const API_BASE = 'https://www.googleapis.com/calendar/v3';

export function calendarResource(c: CalendarRow): Json {
  return compact({
    kind: 'calendar#calendar',
    etag: c.etag ?? `"${c.id}"`,
    id: c.id,
    summary: c.summary ?? '',
    description: c.description,
    location: c.location,
    timeZone: c.time_zone,
    conferenceProperties: c.conference_properties ?? { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  });
}

export function listEntryResource(e: ListEntryRow, c: CalendarRow): Json {
  const color = e.color_id && Object.hasOwn(calendarColors, e.color_id) ? calendarColors[e.color_id] : undefined;
  // A free/busy reader may read free/busy information only (access.ts): not the calendar's title, place or zone.
  const meta = e.access_role !== 'freeBusyReader';
  return compact({
    kind: 'calendar#calendarListEntry',
    etag: e.etag ?? `"${e.id}"`,
    id: c.id,
    summary: meta ? (c.summary ?? '') : c.id,
    description: meta ? c.description : undefined,
    location: meta ? c.location : undefined,
    timeZone: meta ? c.time_zone : undefined,
    summaryOverride: e.summary_override,
    colorId: e.color_id,
    backgroundColor: e.background_color ?? color?.background,
    foregroundColor: e.foreground_color ?? color?.foreground,
    hidden: e.hidden || undefined,
    selected: e.selected,
    accessRole: e.access_role,
    defaultReminders: e.default_reminders ?? [],
    notificationSettings: e.notification_settings ?? undefined,
    primary: e.primary || undefined,
    deleted: e.deleted || undefined,
    conferenceProperties: c.conference_properties ?? { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  });
}

export function aclResource(r: AclRow): Json {
  const scope: Json = { type: r.scope_type };
  if (r.scope_type !== 'default' && r.scope_value) scope.value = r.scope_value;
  return { kind: 'calendar#aclRule', etag: r.etag ?? `"${r.id}"`, id: r.id, scope, role: r.deleted ? 'none' : r.role };
}

export function person(email: string | null, me: UserRow, users: Map<string, UserRow>, displayName?: string | null): Json | undefined {
  if (!email) return undefined;
  const u = users.get(email.toLowerCase());
  return compact({ email, displayName: displayName ?? u?.display_name, self: email.toLowerCase() === me.email.toLowerCase() || undefined });
}

export function attendeeResource(a: AttendeeRow, me: UserRow, organizerEmail: string | null, users: Map<string, UserRow>): Json {
  return compact({
    email: a.email,
    displayName: a.display_name ?? users.get(a.email.toLowerCase())?.display_name,
    organizer: a.organizer ?? (organizerEmail && a.email.toLowerCase() === organizerEmail.toLowerCase() ? true : undefined),
    self: a.email.toLowerCase() === me.email.toLowerCase() || undefined,
    resource: a.resource ?? undefined,
    optional: a.optional ?? undefined,
    responseStatus: a.response_status,
    comment: a.comment,
    additionalGuests: a.additional_guests ?? undefined,
  });
}

export interface EventView {
  me: UserRow;
  users: Map<string, UserRow>;
  attendees: AttendeeRow[];
  /**
   * Only the busy block may be shown (a freeBusyReader, or a reader's view of a private event): status and times,
   * as instants in `zone` (the request's `timeZone`, else UTC), with no time zone of the owner's.
   */
  busyOnly?: { zone: string; calendarZone: string };
}

function busyTime(t: EventTime, busy: { zone: string; calendarZone: string }): Json {
  return t?.date ? { date: t.date } : { dateTime: formatInZone(instantMs(t, busy.calendarZone), busy.zone) };
}

export function eventResource(e: EventRow, v: EventView): Json {
  if (v.busyOnly) {
    const busy = v.busyOnly;
    return compact({
      kind: 'calendar#event',
      etag: e.etag,
      id: e.id,
      status: e.status,
      start: busyTime(e.start, busy),
      end: busyTime(e.end, busy),
      recurringEventId: e.recurring_event_id,
      originalStartTime: e.original_start_time ? busyTime(e.original_start_time, busy) : undefined,
      transparency: e.transparency === 'transparent' ? 'transparent' : undefined,
    });
  }
  return compact({
    kind: 'calendar#event',
    etag: e.etag ?? `"${e.id}"`,
    id: e.id,
    status: e.status,
    htmlLink: e.html_link ?? `https://www.google.com/calendar/event?eid=${e.id}`,
    created: timestamp(e.created_at),
    updated: timestamp(e.updated_at),
    summary: e.summary,
    description: e.description,
    location: e.location,
    colorId: e.color_id,
    creator: person(e.creator_email, v.me, v.users),
    organizer: person(e.organizer_email, v.me, v.users, e.organizer_display_name),
    start: e.start,
    end: e.end,
    endTimeUnspecified: e.end_time_unspecified || undefined,
    recurrence: e.recurrence && e.recurrence.length ? e.recurrence : undefined,
    recurringEventId: e.recurring_event_id,
    originalStartTime: e.original_start_time ?? undefined,
    transparency: e.transparency === 'transparent' ? 'transparent' : undefined,
    visibility: e.visibility !== 'default' ? e.visibility : undefined,
    iCalUID: e.ical_uid ?? `${e.id}@google.com`,
    sequence: e.sequence,
    attendees: v.attendees.length ? v.attendees.map((a) => attendeeResource(a, v.me, e.organizer_email, v.users)) : undefined,
    guestsCanInviteOthers: e.guests_can_invite_others === false ? false : undefined,
    guestsCanModify: e.guests_can_modify || undefined,
    guestsCanSeeOtherGuests: e.guests_can_see_other_guests === false ? false : undefined,
    anyoneCanAddSelf: e.anyone_can_add_self || undefined,
    reminders: e.reminders ?? { useDefault: true },
    extendedProperties: e.extended_properties ?? undefined,
    conferenceData: e.conference_data ?? undefined,
    attachments: e.attachments ?? undefined,
    source: e.source ?? undefined,
    eventType: e.event_type,
  });
}

export function channelResource(c: ChannelRow): Json {
  return compact({
    kind: 'api#channel',
    id: c.id,
    resourceId: c.resource_id,
    resourceUri: c.resource_uri ? `${API_BASE}${c.resource_uri}?alt=json` : undefined,
    token: c.token,
    expiration: c.expiration !== null && c.expiration !== undefined ? String(c.expiration) : undefined,
  });
}
