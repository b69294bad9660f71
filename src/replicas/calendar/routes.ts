import type { ParamSpec, Route } from '../types.ts';
import { aclDelete, aclGet, aclInsert, aclList, aclPatch, aclUpdate } from './acl.ts';
import { calendarListDelete, calendarListGet, calendarListInsert, calendarListList, calendarListPatch, calendarListUpdate } from './calendarList.ts';
import { calendarsClear, calendarsDelete, calendarsGet, calendarsInsert, calendarsPatch, calendarsUpdate } from './calendars.ts';
import { aclWatch, calendarListWatch, channelsStop, eventsWatch, settingsWatch } from './channels.ts';
import { colorsGet } from './colorsRoute.ts';
import {
  eventsDelete,
  eventsGet,
  eventsImport,
  eventsInsert,
  eventsInstances,
  eventsList,
  eventsMove,
  eventsPatch,
  eventsQuickAdd,
  eventsUpdate,
} from './events.ts';
import { freeBusyQuery } from './freeBusy.ts';
import { settingsGet, settingsList } from './settings.ts';

/**
 * The Calendar API v3 methods, below https://www.googleapis.com/calendar/v3/. Paths, query parameters and bodies
 * are Google's; `body` stands for the JSON request body (the resource). Docs are written for agents: what the method
 * does here, then the errors it answers with (HTTP status and `error.errors[0].reason`).
 */
function doc(text: string, errors: Record<string, string>): string {
  const lines = Object.entries(errors).map(([code, why]) => `- ${code}: ${why}`);
  return `${text}\n\nErrors (\`{"error": {"code", "message", "errors": [{"domain", "reason", "message"}], "status"}}\`):\n${lines.join('\n')}`;
}

const s = (description: string, required = false): ParamSpec => ({ type: 'string', description, required });
const i = (description: string): ParamSpec => ({ type: 'integer', description });
const b = (description: string): ParamSpec => ({ type: 'boolean', description });
const o = (description: string, required = true): ParamSpec => ({ type: 'object', description, required });

const calendarId = s('Calendar id (path). `primary` is the acting user\'s own calendar; other ids come from calendarList.list.', true);
const eventId = s('Event id (path). An instance of a recurring event is `<seriesId>_<YYYYMMDDTHHMMSSZ>` (all-day: `_<YYYYMMDD>`).', true);
const ruleId = s('ACL rule id (path), e.g. `user:ana@example.com`, `domain:example.com` or `default`.', true);
const maxResults = i('Page size (the method\'s default and cap apply).');
const pageToken = s('`nextPageToken` from the previous page.');
const syncToken = s('`nextSyncToken` from an earlier full listing: only what changed since then (including deletions).');
const sendUpdates = s('Who gets e-mail about the change: `all`, `externalOnly` or `none` (accepted; the replica sends no mail).');
const a = (description: string, required = false): ParamSpec => ({ type: 'array', description, required });

// Request-body fields. Tool calls pass them as top-level arguments, which become the JSON body, as in a real request.
const EVENT_TIME = '`{dateTime: RFC 3339, timeZone?: IANA zone}` or `{date: "YYYY-MM-DD"}` (all-day; end is exclusive).';
const eventFields = (times: boolean): Record<string, ParamSpec> => ({
  summary: s('Title.'),
  description: s('Description (may contain HTML).'),
  location: s('Free-text location.'),
  start: o(`Start: ${EVENT_TIME}`, times),
  end: o(`End: ${EVENT_TIME}`, times),
  recurrence: a('For a series: RFC 5545 lines such as `RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6`, `EXDATE;TZID=Europe/Berlin:20260406T090000`, `RDATE;VALUE=DATE:20260410`.'),
  attendees: a('Guests: `[{email, displayName?, optional?, responseStatus?}]`; the list replaces the current one.'),
  colorId: s('Event colour id "1"–"11" (see colors.get).'),
  status: s('`confirmed`, `tentative` or `cancelled`.'),
  transparency: s('`opaque` (busy, default) or `transparent` (free).'),
  visibility: s('`default`, `public`, `private` or `confidential`.'),
  reminders: o('`{useDefault, overrides?: [{method, minutes}]}`.', false),
  extendedProperties: o('`{private?: {k: v}, shared?: {k: v}}`.', false),
  guestsCanModify: b('Whether guests may change the event.'),
  guestsCanInviteOthers: b('Whether guests may invite others.'),
  guestsCanSeeOtherGuests: b('Whether guests see each other.'),
});
const channelFields: Record<string, ParamSpec> = {
  id: s('Your unique id for the channel.', true),
  type: s('`web_hook`.', true),
  address: s('The https URL notifications would go to.', true),
  token: s('Opaque string echoed with each notification.'),
  expiration: s('Requested expiry, ms since the epoch.'),
  params: o('`{ttl: seconds}`.', false),
};
const calendarFields = (summaryRequired: boolean): Record<string, ParamSpec> => ({
  summary: s('Title of the calendar.', summaryRequired),
  description: s('Description.'),
  location: s('Geographic location, free text.'),
  timeZone: s('IANA time zone, e.g. `Europe/Lisbon`.'),
});
const entryFields: Record<string, ParamSpec> = {
  colorId: s('Calendar colour id "1"–"24" (see colors.get).'),
  hidden: b('Hide the calendar from the list.'),
  selected: b('Show its events in the calendar view.'),
  summaryOverride: s('Your own name for the calendar.'),
  backgroundColor: s('Hex colour `#rrggbb` (needs colorRgbFormat=true).'),
  foregroundColor: s('Hex colour `#rrggbb` (needs colorRgbFormat=true).'),
  defaultReminders: a('`[{method, minutes}]`.'),
};
const ruleFields = (required: boolean): Record<string, ParamSpec> => ({
  role: s('`none`, `freeBusyReader`, `reader`, `writer` or `owner`.', required),
  scope: o('`{type: "user"|"group"|"domain"|"default", value?: address or domain}`.', required),
});

const NOT_FOUND = { '404 notFound': 'no such calendar, or you may not see it' };
const WRITE = { ...NOT_FOUND, '403 requiredAccessLevel': 'you need writer access to the calendar' };
const OWNER = { ...NOT_FOUND, '403 requiredAccessLevel': 'only the calendar\'s owners may do this' };
const ACL_READ = { ...NOT_FOUND, '403 requiredAccessLevel': 'only the calendar\'s writers and owners may see its ACL' };
const EVENT_BODY =
  'Event fields: `summary`, `description`, `location`, `start`/`end` (`{dateTime: RFC 3339, timeZone?: IANA}` or `{date: "YYYY-MM-DD"}` for all-day, end exclusive), `recurrence` (`["RRULE:…", "EXDATE;TZID=…:…", "RDATE…"]`), `attendees` (`[{email, displayName?, optional?, responseStatus?}]`), `colorId` ("1"–"11"), `transparency` (`opaque`/`transparent`), `visibility`, `status`, `reminders`, `extendedProperties`. A dateTime without an offset needs `timeZone`; a dateTime without `timeZone` takes the calendar\'s zone.';
const TIME_ERRORS = { '400 invalid': 'a malformed field (time, zone, recurrence, id, attendee)', '400 timeRangeEmpty': 'end is before start', '400 required': 'start or end is missing' };

export const routes: Route[] = [
  // events
  {
    method: 'GET',
    path: 'calendars/{calendarId}/events',
    summary: 'List the events of a calendar.',
    docs: doc(
      'Returns `{kind: "calendar#events", summary, timeZone, accessRole, updated, items, nextPageToken | nextSyncToken}`. Recurring events come as one series item (with `recurrence`) plus changed instances, unless `singleEvents=true`, which expands every series into instances (`recurringEventId`, `originalStartTime`) — required for `orderBy=startTime`. `timeMin` (exclusive bound on the end) and `timeMax` (exclusive bound on the start) are RFC 3339 with an offset. `q` matches all words in summary, description, location and attendees. Deleted (cancelled) events appear only with `showDeleted`, `updatedMin` or `syncToken`. A free/busy-only reader sees times and status only.',
      { ...NOT_FOUND, '400 badRequest': 'orderBy=startTime without singleEvents, an empty range, or a syncToken with filters', '400 invalidParameter': 'a malformed timeMin/timeMax/maxResults/pageToken', '410 fullSyncRequired': 'the syncToken is not valid: list again without it' },
    ),
    params: {
      calendarId,
      timeMin: s('Lower bound (exclusive) for an event\'s end, RFC 3339 with offset.'),
      timeMax: s('Upper bound (exclusive) for an event\'s start, RFC 3339 with offset.'),
      singleEvents: b('Expand recurring events into their instances.'),
      orderBy: s('`startTime` (needs singleEvents) or `updated`.'),
      q: s('Free-text search.'),
      showDeleted: b('Include cancelled events and instances.'),
      updatedMin: s('Only events changed at or after this time (RFC 3339); includes deleted ones.'),
      iCalUID: s('Only the event with this iCalendar UID.'),
      timeZone: s('Zone of the response\'s `timeZone` field (IANA).'),
      privateExtendedProperty: s('`name=value` a private extended property must have.'),
      sharedExtendedProperty: s('`name=value` a shared extended property must have.'),
      maxResults: i('Page size, default 250, at most 2500.'),
      pageToken,
      syncToken,
    },
    operation: 'events.list',
    handler: eventsList,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/events/watch',
    summary: 'Watch a calendar\'s events for changes.',
    writes: true,
    docs: doc('Opens a push channel on the calendar\'s events and returns `{kind: "api#channel", id, resourceId, resourceUri, expiration}`. Keep `id` and `resourceId` to stop it with channels.stop.', {
      ...NOT_FOUND,
      '400 required': 'id, type or address is missing',
      '400 push.webhookUrlNotHttps': 'the address is not https',
      '400 channelIdNotUnique': 'a channel with this id exists',
    }),
    params: { calendarId, ...channelFields },
    operation: 'events.watch',
    handler: eventsWatch,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/events/import',
    summary: 'Import an event by its iCalendar UID.',
    writes: true,
    docs: doc(`Adds a private copy of an existing event, keyed by \`iCalUID\` (required); importing a UID the calendar already has replaces that event. The organizer may be someone else. ${EVENT_BODY}`, {
      ...WRITE,
      ...TIME_ERRORS,
    }),
    params: { calendarId, iCalUID: s('iCalendar UID of the event.', true), organizer: o('`{email, displayName?}` of the organizer.', false), sequence: i('iCalendar sequence number.'), ...eventFields(true) },
    operation: 'events.import',
    handler: eventsImport,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/events/quickAdd',
    summary: 'Create an event from a line of text.',
    writes: true,
    docs: doc('Parses `text` such as "Lunch with Ana tomorrow 12:30pm-1:30pm at Cafe Rio": a date (today, tomorrow, a weekday, "June 23", "6/23", ISO), a time or range, and "at <place>". No time makes an all-day event; one time lasts an hour. Dates resolve in the calendar\'s zone.', {
      ...WRITE,
      '400 required': 'text is missing',
    }),
    params: { calendarId, text: s('The text describing the event.', true), sendUpdates },
    operation: 'events.quickAdd',
    handler: eventsQuickAdd,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/events',
    summary: 'Create an event.',
    writes: true,
    docs: doc(`Creates an event and returns it with its new \`id\`, \`etag\`, \`iCalUID\` and \`htmlLink\`. You may choose the id (5–1024 characters a–v, 0–9). ${EVENT_BODY}`, {
      ...WRITE,
      ...TIME_ERRORS,
      '409 duplicate': 'an event with the given id exists',
    }),
    params: { calendarId, sendUpdates, conferenceDataVersion: i('0 or 1 (accepted).'), id: s('Optional id of your choosing (5–1024 characters a–v, 0–9).'), ...eventFields(true) },
    operation: 'events.insert',
    handler: eventsInsert,
  },
  {
    method: 'GET',
    path: 'calendars/{calendarId}/events/{eventId}/instances',
    summary: 'List the instances of a recurring event.',
    docs: doc('Expands the series into its instances (changed ones as changed, cancelled ones only with `showDeleted`), ordered by start. `originalStart` picks one instance by its original start.', {
      ...NOT_FOUND,
      '404 notFound (event)': 'no such event',
    }),
    params: {
      calendarId,
      eventId: s('The recurring event\'s id.', true),
      timeMin: s('Lower bound (exclusive) for an instance\'s end.'),
      timeMax: s('Upper bound (exclusive) for an instance\'s start.'),
      originalStart: s('Only the instance that originally started at this time.'),
      showDeleted: b('Include cancelled instances.'),
      timeZone: s('Zone for the response.'),
      maxResults: i('Page size, default 250.'),
      pageToken,
    },
    operation: 'events.instances',
    handler: eventsInstances,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/events/{eventId}/move',
    effect: 'update',
    summary: 'Move an event to another calendar.',
    writes: true,
    docs: doc('Moves the event (a whole series with its changed instances) to `destination`; you need writer access to both calendars. Single instances cannot be moved.', {
      ...WRITE,
      '400 required': 'destination is missing',
      '400 badRequest': 'the event is an instance of a series',
      '410 deleted': 'the event was deleted',
    }),
    params: { calendarId, eventId, destination: s('Id of the calendar to move the event to.', true), sendUpdates },
    operation: 'events.move',
    handler: eventsMove,
  },
  {
    method: 'GET',
    path: 'calendars/{calendarId}/events/{eventId}',
    summary: 'Get one event.',
    docs: doc('Returns the event, also a deleted one (`status: "cancelled"`), or one instance of a series by its instance id.', { ...NOT_FOUND, '404 notFound (event)': 'no such event in this calendar' }),
    params: { calendarId, eventId, timeZone: s('Zone for the response.'), maxAttendees: i('Accepted.') },
    operation: 'events.get',
    handler: eventsGet,
  },
  {
    method: 'PUT',
    path: 'calendars/{calendarId}/events/{eventId}',
    summary: 'Replace an event.',
    writes: true,
    docs: doc(`Full update: fields the body leaves out are cleared (attendees too). \`start\` and \`end\` are required. Updating an instance id changes only that occurrence (an exception of the series). Updating a deleted event restores it. ${EVENT_BODY}`, {
      ...WRITE,
      ...TIME_ERRORS,
      '404 notFound (event)': 'no such event',
    }),
    params: { calendarId, eventId, sendUpdates, ...eventFields(true) },
    operation: 'events.update',
    handler: eventsUpdate,
  },
  {
    method: 'PATCH',
    path: 'calendars/{calendarId}/events/{eventId}',
    summary: 'Change some fields of an event.',
    writes: true,
    docs: doc(`Partial update: only the fields in the body change (an array such as \`attendees\` is replaced whole; \`null\` clears a field). Patching an instance id changes only that occurrence. ${EVENT_BODY}`, {
      ...WRITE,
      ...TIME_ERRORS,
      '404 notFound (event)': 'no such event',
    }),
    params: { calendarId, eventId, sendUpdates, ...eventFields(false) },
    operation: 'events.patch',
    handler: eventsPatch,
  },
  {
    method: 'DELETE',
    path: 'calendars/{calendarId}/events/{eventId}',
    summary: 'Delete an event.',
    writes: true,
    docs: doc('Deletes (cancels) the event: it keeps its id and shows up with `status: "cancelled"` when listing with showDeleted. Deleting an instance id cancels that one occurrence; deleting the series cancels all of them. Answers 204 with no body.', {
      ...WRITE,
      '404 notFound (event)': 'no such event',
      '410 deleted': 'the event was already deleted',
    }),
    params: { calendarId, eventId, sendUpdates },
    operation: 'events.delete',
    handler: eventsDelete,
  },

  // calendars
  {
    method: 'POST',
    path: 'calendars/{calendarId}/clear',
    effect: 'delete',
    summary: 'Delete every event of a calendar.',
    writes: true,
    docs: doc('Cancels all events of a calendar you own (Google offers this for primary calendars; the replica allows it on any calendar you own). 204, no body.', OWNER),
    params: { calendarId },
    operation: 'calendars.clear',
    handler: calendarsClear,
  },
  {
    method: 'POST',
    path: 'calendars',
    summary: 'Create a secondary calendar.',
    writes: true,
    docs: doc('Creates a calendar owned by you (`summary` required; `description`, `location`, `timeZone` optional — default is your time-zone setting), adds it to your calendar list and gives you an owner rule. Returns `{kind: "calendar#calendar", id, …}`; the id looks like `c_…@group.calendar.google.com`.', {
      '400 required': 'summary is missing',
      '400 invalid': 'timeZone is not an IANA zone',
    }),
    params: calendarFields(true),
    operation: 'calendars.insert',
    handler: calendarsInsert,
  },
  {
    method: 'GET',
    path: 'calendars/{calendarId}',
    summary: 'Get a calendar\'s metadata.',
    docs: doc('Returns `{kind: "calendar#calendar", id, summary, description, location, timeZone}`.', NOT_FOUND),
    params: { calendarId },
    operation: 'calendars.get',
    handler: calendarsGet,
  },
  {
    method: 'PUT',
    path: 'calendars/{calendarId}',
    summary: 'Replace a calendar\'s metadata.',
    writes: true,
    docs: doc('Full update (owners only): `summary` required; description and location the body leaves out are cleared; timeZone is kept unless given.', { ...OWNER, '400 required': 'summary is missing', '400 invalid': 'bad timeZone' }),
    params: { calendarId, ...calendarFields(true) },
    operation: 'calendars.update',
    handler: calendarsUpdate,
  },
  {
    method: 'PATCH',
    path: 'calendars/{calendarId}',
    summary: 'Change some of a calendar\'s metadata.',
    writes: true,
    docs: doc('Partial update (owners only) of summary, description, location, timeZone.', { ...OWNER, '400 invalid': 'bad timeZone' }),
    params: { calendarId, ...calendarFields(false) },
    operation: 'calendars.patch',
    handler: calendarsPatch,
  },
  {
    method: 'DELETE',
    path: 'calendars/{calendarId}',
    summary: 'Delete a secondary calendar.',
    writes: true,
    docs: doc('Deletes a calendar you own; it disappears from every calendar list. A primary calendar cannot be deleted (clear it instead). 204, no body.', {
      ...OWNER,
      '400 badRequest': 'the calendar is a primary calendar',
    }),
    params: { calendarId },
    operation: 'calendars.delete',
    handler: calendarsDelete,
  },

  // calendarList
  {
    method: 'POST',
    path: 'users/me/calendarList/watch',
    summary: 'Watch your calendar list for changes.',
    writes: true,
    docs: doc('Opens a push channel on your calendar list; returns the channel.', { '400 required': 'id, type or address is missing', '400 channelIdNotUnique': 'the channel id is taken' }),
    params: { ...channelFields },
    operation: 'calendarList.watch',
    handler: calendarListWatch,
  },
  {
    method: 'GET',
    path: 'users/me/calendarList',
    summary: 'List the calendars in your calendar list.',
    docs: doc('Returns `{kind: "calendar#calendarList", items: [{id, summary, summaryOverride?, timeZone, accessRole, primary?, hidden?, selected, colorId, backgroundColor, foregroundColor, deleted?}], nextPageToken | nextSyncToken}`, primary first. Hidden entries need `showHidden`, removed ones `showDeleted`.', {
      '400 invalidParameter': 'a bad minAccessRole, maxResults or token',
    }),
    params: {
      minAccessRole: s('Only entries where your role is at least this: freeBusyReader, reader, writer, owner.'),
      showHidden: b('Include hidden entries.'),
      showDeleted: b('Include removed entries.'),
      maxResults: i('Page size, default 100, at most 250.'),
      pageToken,
      syncToken,
    },
    operation: 'calendarList.list',
    handler: calendarListList,
  },
  {
    method: 'POST',
    path: 'users/me/calendarList',
    summary: 'Add an existing calendar to your list.',
    writes: true,
    docs: doc('Subscribes you to a calendar you can see (body `{id, colorId?, hidden?, selected?, summaryOverride?}`); adding one already there applies the given settings.', {
      '400 required': 'id is missing',
      '404 notFound': 'no such calendar, or it is not shared with you',
      '400 invalid': 'an unknown colorId',
    }),
    params: { colorRgbFormat: b('Allow `backgroundColor`/`foregroundColor` hex values.'), id: s('Id of the calendar to add.', true), ...entryFields },
    operation: 'calendarList.insert',
    handler: calendarListInsert,
  },
  {
    method: 'GET',
    path: 'users/me/calendarList/{calendarId}',
    summary: 'Get one entry of your calendar list.',
    docs: doc('Returns your entry for the calendar.', { '404 notFound': 'the calendar is not in your list' }),
    params: { calendarId },
    operation: 'calendarList.get',
    handler: calendarListGet,
  },
  {
    method: 'PUT',
    path: 'users/me/calendarList/{calendarId}',
    summary: 'Replace your settings for a calendar in your list.',
    writes: true,
    docs: doc('Full update of your entry: colorId, hidden, selected, summaryOverride, defaultReminders, notificationSettings (left-out fields reset).', {
      '404 notFound': 'the calendar is not in your list',
      '400 invalid': 'an unknown colorId or colour',
    }),
    params: { calendarId, colorRgbFormat: b('Allow hex colours.'), ...entryFields },
    operation: 'calendarList.update',
    handler: calendarListUpdate,
  },
  {
    method: 'PATCH',
    path: 'users/me/calendarList/{calendarId}',
    summary: 'Change your settings for a calendar in your list.',
    writes: true,
    docs: doc('Partial update of your entry (colorId "1"–"24", hidden, selected, summaryOverride, …). Changing `colorId` changes the reported colours with it.', {
      '404 notFound': 'the calendar is not in your list',
      '400 invalid': 'an unknown colorId or colour',
    }),
    params: { calendarId, colorRgbFormat: b('Allow hex colours.'), ...entryFields },
    operation: 'calendarList.patch',
    handler: calendarListPatch,
  },
  {
    method: 'DELETE',
    path: 'users/me/calendarList/{calendarId}',
    summary: 'Remove a calendar from your list (unsubscribe).',
    writes: true,
    docs: doc('Removes the entry; the calendar itself and your access to it stay. 204, no body.', {
      '404 notFound': 'the calendar is not in your list',
      '403 cannotRemovePrimaryCalendar': 'it is your primary calendar',
    }),
    params: { calendarId },
    operation: 'calendarList.delete',
    handler: calendarListDelete,
  },

  // acl
  {
    method: 'POST',
    path: 'calendars/{calendarId}/acl/watch',
    summary: 'Watch a calendar\'s sharing rules for changes.',
    writes: true,
    docs: doc('Opens a push channel on the calendar\'s ACL (writers and owners); returns the channel.', { ...ACL_READ, '400 required': 'id, type or address is missing' }),
    params: { calendarId, ...channelFields },
    operation: 'acl.watch',
    handler: aclWatch,
  },
  {
    method: 'GET',
    path: 'calendars/{calendarId}/acl',
    summary: 'List a calendar\'s sharing rules.',
    docs: doc('Returns `{kind: "calendar#acl", items: [{id, scope: {type, value}, role}]}` (writers and owners; only owners change rules).', ACL_READ),
    params: { calendarId, showDeleted: b('Include deleted rules (role `none`).'), maxResults: i('Page size, default 100, at most 250.'), pageToken, syncToken },
    operation: 'acl.list',
    handler: aclList,
  },
  {
    method: 'POST',
    path: 'calendars/{calendarId}/acl',
    summary: 'Share a calendar: add a rule.',
    writes: true,
    docs: doc('Body `{role, scope: {type, value}}`: role `none`, `freeBusyReader`, `reader`, `writer` or `owner`; scope `user` or `group` (an address), `domain` (a domain) or `default` (everyone). A scope that already has a rule gets the new role. The rule id is `<type>:<value>`.', {
      ...OWNER,
      '400 required': 'role or scope is missing',
      '400 invalid': 'an unknown role or scope type, or a bad address',
    }),
    params: { calendarId, sendNotifications: b('Accepted.'), ...ruleFields(true) },
    operation: 'acl.insert',
    handler: aclInsert,
  },
  {
    method: 'GET',
    path: 'calendars/{calendarId}/acl/{ruleId}',
    summary: 'Get one sharing rule.',
    docs: doc('Returns the rule.', { ...ACL_READ, '404 notFound (rule)': 'no such rule' }),
    params: { calendarId, ruleId },
    operation: 'acl.get',
    handler: aclGet,
  },
  {
    method: 'PUT',
    path: 'calendars/{calendarId}/acl/{ruleId}',
    summary: 'Replace a sharing rule.',
    writes: true,
    docs: doc('Sets the rule\'s role (required); the scope cannot change.', { ...OWNER, '404 notFound (rule)': 'no such rule', '400 required': 'role is missing', '400 invalid': 'a different scope, or downgrading the owner' }),
    params: { calendarId, ruleId, sendNotifications: b('Accepted.'), ...ruleFields(false), role: s('The new role.', true) },
    operation: 'acl.update',
    handler: aclUpdate,
  },
  {
    method: 'PATCH',
    path: 'calendars/{calendarId}/acl/{ruleId}',
    summary: 'Change a sharing rule\'s role.',
    writes: true,
    docs: doc('Sets the rule\'s role if given.', { ...OWNER, '404 notFound (rule)': 'no such rule', '400 invalid': 'an unknown role, or downgrading the owner' }),
    params: { calendarId, ruleId, sendNotifications: b('Accepted.'), role: s('The new role.') },
    operation: 'acl.patch',
    handler: aclPatch,
  },
  {
    method: 'DELETE',
    path: 'calendars/{calendarId}/acl/{ruleId}',
    summary: 'Remove a sharing rule.',
    writes: true,
    docs: doc('Deletes the rule; the person or group loses that access. 204, no body.', { ...OWNER, '404 notFound (rule)': 'no such rule', '400 invalid': 'it is the owner\'s own rule' }),
    params: { calendarId, ruleId },
    operation: 'acl.delete',
    handler: aclDelete,
  },

  // settings, colors, freeBusy, channels
  {
    method: 'POST',
    path: 'users/me/settings/watch',
    summary: 'Watch your settings for changes.',
    writes: true,
    docs: doc('Opens a push channel on your settings; returns the channel.', { '400 required': 'id, type or address is missing' }),
    params: { ...channelFields },
    operation: 'settings.watch',
    handler: settingsWatch,
  },
  {
    method: 'GET',
    path: 'users/me/settings',
    summary: 'List your settings.',
    docs: doc('Returns `{kind: "calendar#settings", items: [{id, value}]}`: timezone, locale, weekStart, format24HourTime, dateFieldOrder, defaultEventLength, …', {}),
    params: { maxResults: i('Page size, default 100.'), pageToken, syncToken },
    operation: 'settings.list',
    handler: settingsList,
  },
  {
    method: 'GET',
    path: 'users/me/settings/{setting}',
    summary: 'Get one of your settings.',
    docs: doc('Returns `{kind: "calendar#setting", id, value}`, e.g. `timezone` → `"America/Los_Angeles"`.', { '404 notFound': 'no such setting' }),
    params: { setting: s('Setting id, e.g. timezone, locale, weekStart.', true) },
    operation: 'settings.get',
    handler: settingsGet,
  },
  {
    method: 'GET',
    path: 'colors',
    summary: 'Get the colour palettes.',
    docs: doc('Returns `{kind: "calendar#colors", calendar: {"1": {background, foreground}, …"24"}, event: {"1"…"11"}}`: the ids that calendar-list entries and events take as `colorId`.', {}),
    params: {},
    operation: 'colors.get',
    handler: colorsGet,
  },
  {
    method: 'POST',
    path: 'freeBusy',
    effect: 'read',
    summary: 'Find when calendars are busy.',
    docs: doc('Body `{timeMin, timeMax, timeZone?, items: [{id}]}` (ids are calendar ids or people\'s addresses for their primary calendars). Returns `{kind: "calendar#freeBusy", timeMin, timeMax, calendars: {<id>: {busy: [{start, end}]}}}` with merged busy spans inside the window (times in `timeZone`, default UTC). Free (transparent) and cancelled events do not count; recurring events count per instance; a person\'s primary calendar is also busy for events elsewhere that they are invited to and have not declined. A calendar you may not see reports `errors: [{reason: "notFound"}]`.', {
      '400 required': 'timeMin, timeMax or items is missing',
      '400 badRequest': 'an empty or over-long range, or more than 50 calendars',
    }),
    params: { timeMin: s('Start of the window, RFC 3339 with offset.', true), timeMax: s('End of the window, RFC 3339 with offset.', true), timeZone: s('Zone of the answer\'s times (default UTC).'), items: a('`[{id}]`: calendar ids or people\'s addresses.', true) },
    operation: 'freeBusy.query',
    handler: freeBusyQuery,
  },
  {
    method: 'POST',
    path: 'channels/stop',
    effect: 'delete',
    summary: 'Stop a push channel.',
    writes: true,
    docs: doc('Body `{id, resourceId}` of a channel a watch call opened (yours); it stops and is removed. 204, no body.', {
      '400 required': 'id or resourceId is missing',
      '404 notFound': 'no such channel of yours',
    }),
    params: { id: s('The channel id.', true), resourceId: s('The resourceId the watch call returned.', true) },
    operation: 'channels.stop',
    handler: channelsStop,
  },
];
