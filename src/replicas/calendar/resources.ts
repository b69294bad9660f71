import { z } from 'zod';
import { googleError } from './errors.ts';
import { bodyOf, type Body, type Params } from './params.ts';

/**
 * The JSON types of the resources Calendar writes take as request bodies (https://developers.google.com/workspace/calendar/api/v3/reference):
 * CalendarListEntry, Calendar, Event, AclRule, Channel and the freeBusy request. Google reads a body against its
 * resource's types before the method runs, with the proto3 JSON mapping (https://protobuf.dev/programming-guides/json/):
 * a string field takes a JSON string, a boolean `true`/`false`, an integer a number or a numeric string; `null`
 * clears a field. A value of another type is a 400 `invalid`, "Invalid value for: …", and nothing is written.
 * Fields Google does not define are left alone (the handlers ignore them), as are the read-only fields' values
 * beyond their types.
 */

const text = z.string().nullable().optional();
const flag = z.boolean().nullable().optional();
const integer = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)])
  .nullable()
  .optional();
/** int64 fields travel as strings; numbers are accepted too. Kept as sent. */
const int64 = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).nullable().optional();
const list = <T extends z.ZodType>(item: T) => z.array(item).nullable().optional();
const record = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);
const optionalRecord = <S extends z.ZodRawShape>(shape: S) => record(shape).nullable().optional();
const stringMap = z.record(z.string(), z.string()).nullable().optional();

const reminder = record({ method: text, minutes: integer });
const eventDateTime = optionalRecord({ date: text, dateTime: text, timeZone: text });
const person = optionalRecord({ id: text, email: text, displayName: text, self: flag });

export const calendarListEntryBody = record({
  kind: text,
  etag: text,
  id: text,
  summary: text,
  description: text,
  location: text,
  timeZone: text,
  summaryOverride: text,
  colorId: text,
  backgroundColor: text,
  foregroundColor: text,
  hidden: flag,
  selected: flag,
  accessRole: text,
  primary: flag,
  deleted: flag,
  defaultReminders: list(reminder),
  notificationSettings: optionalRecord({ notifications: list(record({ type: text, method: text })) }),
  conferenceProperties: optionalRecord({ allowedConferenceSolutionTypes: list(z.string()) }),
});

export const calendarBody = record({
  kind: text,
  etag: text,
  id: text,
  summary: text,
  description: text,
  location: text,
  timeZone: text,
  conferenceProperties: optionalRecord({ allowedConferenceSolutionTypes: list(z.string()) }),
});

export const eventBody = record({
  kind: text,
  etag: text,
  id: text,
  status: text,
  htmlLink: text,
  created: text,
  updated: text,
  summary: text,
  description: text,
  location: text,
  colorId: text,
  creator: person,
  organizer: person,
  start: eventDateTime,
  end: eventDateTime,
  endTimeUnspecified: flag,
  recurrence: list(z.string()),
  recurringEventId: text,
  originalStartTime: eventDateTime,
  transparency: text,
  visibility: text,
  iCalUID: text,
  sequence: integer,
  attendees: list(
    record({
      id: text,
      email: text,
      displayName: text,
      organizer: flag,
      self: flag,
      resource: flag,
      optional: flag,
      responseStatus: text,
      comment: text,
      additionalGuests: integer,
    }),
  ),
  attendeesOmitted: flag,
  extendedProperties: optionalRecord({ private: stringMap, shared: stringMap }),
  hangoutLink: text,
  conferenceData: optionalRecord({}),
  anyoneCanAddSelf: flag,
  guestsCanInviteOthers: flag,
  guestsCanModify: flag,
  guestsCanSeeOtherGuests: flag,
  privateCopy: flag,
  locked: flag,
  reminders: optionalRecord({ useDefault: flag, overrides: list(reminder) }),
  source: optionalRecord({ url: text, title: text }),
  attachments: list(record({ fileUrl: text, title: text, mimeType: text, iconLink: text, fileId: text })),
  eventType: text,
});

export const aclRuleBody = record({
  kind: text,
  etag: text,
  id: text,
  role: text,
  scope: optionalRecord({ type: text, value: text }),
});

export const channelBody = record({
  kind: text,
  id: text,
  resourceId: text,
  resourceUri: text,
  token: text,
  expiration: int64,
  type: text,
  address: text,
  payload: flag,
  params: stringMap,
});

export const freeBusyBody = record({
  timeMin: text,
  timeMax: text,
  timeZone: text,
  groupExpansionMax: integer,
  calendarExpansionMax: integer,
  items: list(record({ id: text })),
});

/** A value as Google quotes it in the message: strings as they are, anything else as its JSON text. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let cur = body;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * The request body read against its resource's types: the body with integers as numbers, or Google's 400 `invalid`
 * naming the first field whose value has the wrong type (`location`: its dotted path, e.g. `attendees.0.optional`).
 */
export function resourceBody(params: Params, schema: z.ZodType<Body>): Body {
  const body = bodyOf(params);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const location = issue.path.map(String).join('.');
  const message = `Invalid value for: ${shown(valueAt(body, issue.path))} is not a valid value`;
  throw googleError(400, 'invalid', message, { location });
}
