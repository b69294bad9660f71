import { IANAZone } from 'luxon';
import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { isoTime, op } from './define.ts';
import { conflict, invalidField, notFound } from './errors.ts';
import { personById, serializePerson } from './directory.ts';

const timeZone = z.string().refine((tz) => IANAZone.isValidZone(tz), 'not an IANA time zone name (e.g. Europe/Berlin)');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:mm');
const weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

async function settingsRow(m: MailCtx): Promise<Row> {
  const row = await m.one('SELECT * FROM mailbox_settings WHERE person_id = $1', [m.me.person_id]);
  if (row) return row;
  const [created] = await m.query('INSERT INTO mailbox_settings (person_id) VALUES ($1) RETURNING *', [m.me.person_id]);
  return created;
}

async function patchSettings(m: MailCtx, patch: Row): Promise<Row> {
  await settingsRow(m);
  const cols = Object.keys(patch).filter((k) => patch[k] !== undefined);
  if (cols.length === 0) throw invalidField('', 'give at least one setting to change');
  const values = cols.map((c) => (c === 'working_days' ? JSON.stringify(patch[c]) : patch[c]));
  const sets = [...cols.map((c, i) => `${c} = $${i + 2}`), `updated_at = $${cols.length + 2}`].join(', ');
  const [row] = await m.query(`UPDATE mailbox_settings SET ${sets} WHERE person_id = $1 RETURNING *`, [m.me.person_id, ...values, m.now()]);
  return row;
}

function settingsView(row: Row): Row {
  const r = plain(row);
  return {
    time_zone: r.time_zone,
    language: r.language,
    date_format: r.date_format,
    time_format: r.time_format,
    working_hours: { start: r.working_hours_start, end: r.working_hours_end, days: r.working_days, time_zone: r.time_zone },
  };
}

function autoReplyView(row: Row): Row {
  const r = plain(row);
  return {
    status: r.auto_reply_status,
    internal_message: r.auto_reply_internal,
    external_message: r.auto_reply_external,
    external_audience: r.auto_reply_audience,
    start_at: r.auto_reply_start,
    end_at: r.auto_reply_end,
  };
}

export const meRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/me',
    summary: 'Who you are: your directory profile.',
    docs: 'Your own directory entry (the mailbox the token acts for): id, name, e-mail, title, department, manager, time zone.',
    input: z.strictObject({}),
    run: async (_i, m) => serializePerson(await personById(m, m.me.person_id)),
  }),
  op({
    method: 'PATCH',
    path: '/me',
    summary: 'Update your profile\'s contact details.',
    docs: 'Changes your `phone` or `office_location` in the directory. Name, title, department and manager are managed by the organisation and cannot be changed here.',
    input: z.strictObject({ phone: z.string().max(50).nullable().optional(), office_location: z.string().max(200).nullable().optional() }),
    async run(input, m) {
      const cols = Object.keys(input).filter((k) => (input as Row)[k] !== undefined);
      if (cols.length === 0) throw invalidField('', 'give phone or office_location');
      const sets = [...cols.map((c, i) => `${c} = $${i + 2}`), `updated_at = $${cols.length + 2}`].join(', ');
      await m.query(`UPDATE people SET ${sets} WHERE person_id = $1`, [m.me.person_id, ...cols.map((c) => (input as Row)[c]), m.now()]);
      return serializePerson(await personById(m, m.me.person_id));
    },
  }),
  op({
    method: 'GET',
    path: '/me/settings',
    summary: 'Your mailbox settings.',
    docs: 'Time zone, language, date and time formats, and working hours (start, end, days, in your time zone). Free-time finding uses the working hours.',
    input: z.strictObject({}),
    run: async (_i, m) => settingsView(await settingsRow(m)),
  }),
  op({
    method: 'PATCH',
    path: '/me/settings',
    summary: 'Change your time zone, language, formats or working hours.',
    docs: '`time_zone` is an IANA name (Europe/Lisbon); `working_hours_start`/`_end` are HH:mm in that zone; `working_days` is a list of mon…sun.',
    input: z.strictObject({
      time_zone: timeZone.optional().describe('IANA time zone name.'),
      language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'a language tag like en-GB').optional(),
      date_format: z.string().min(1).max(20).optional(),
      time_format: z.string().min(1).max(20).optional(),
      working_hours_start: clock.optional(),
      working_hours_end: clock.optional(),
      working_days: z.array(weekday).min(1).optional(),
    }),
    async run(input, m) {
      const current = await settingsRow(m);
      const start = input.working_hours_start ?? current.working_hours_start;
      const end = input.working_hours_end ?? current.working_hours_end;
      if (String(start) >= String(end)) throw invalidField(input.working_hours_end ? 'working_hours_end' : 'working_hours_start', 'working hours must end after they start');
      return settingsView(await patchSettings(m, input as Row));
    },
  }),
  op({
    method: 'GET',
    path: '/me/signature',
    summary: 'Your e-mail signature.',
    docs: 'The text appended to new messages, replies and forwards when they ask for it (`include_signature`). `null` if none.',
    input: z.strictObject({}),
    run: async (_i, m) => ({ signature: (await settingsRow(m)).signature ?? null }),
  }),
  op({
    method: 'PUT',
    path: '/me/signature',
    summary: 'Set or clear your e-mail signature.',
    docs: 'Replaces the signature; `null` or an empty string clears it.',
    input: z.strictObject({ signature: z.string().max(5000).nullable() }),
    run: async (input, m) => ({ signature: (await patchSettings(m, { signature: input.signature || null })).signature ?? null }),
  }),
  op({
    method: 'GET',
    path: '/me/automatic-replies',
    summary: 'Your automatic-reply (out of office) setting.',
    docs: '`status` is disabled, always or scheduled (between `start_at` and `end_at`). While active, people who write to you get `internal_message` (colleagues) or `external_message` (others, per `external_audience`).',
    input: z.strictObject({}),
    run: async (_i, m) => autoReplyView(await settingsRow(m)),
  }),
  op({
    method: 'PUT',
    path: '/me/automatic-replies',
    summary: 'Turn automatic replies on, off or schedule them.',
    docs: 'Sets the whole automatic-reply setting. `scheduled` needs `start_at` and `end_at` (end after start). Messages default to the current ones when left out.',
    input: z.strictObject({
      status: z.enum(['disabled', 'always', 'scheduled']),
      internal_message: z.string().max(5000).nullable().optional(),
      external_message: z.string().max(5000).nullable().optional(),
      external_audience: z.enum(['none', 'contacts', 'all']).optional(),
      start_at: isoTime('When a scheduled reply starts.').nullable().optional(),
      end_at: isoTime('When a scheduled reply ends.').nullable().optional(),
    }),
    async run(input, m) {
      if (input.status === 'scheduled') {
        if (!input.start_at) throw invalidField('start_at', 'a scheduled automatic reply needs start_at');
        if (!input.end_at) throw invalidField('end_at', 'a scheduled automatic reply needs end_at');
        if (Date.parse(input.end_at) <= Date.parse(input.start_at)) throw invalidField('end_at', 'end_at must be after start_at');
      }
      const row = await patchSettings(m, {
        auto_reply_status: input.status,
        auto_reply_internal: input.internal_message,
        auto_reply_external: input.external_message,
        auto_reply_audience: input.external_audience,
        auto_reply_start: input.status === 'scheduled' ? input.start_at : input.start_at === undefined ? undefined : null,
        auto_reply_end: input.status === 'scheduled' ? input.end_at : input.end_at === undefined ? undefined : null,
      });
      return autoReplyView(row);
    },
  }),
  op({
    method: 'GET',
    path: '/me/categories',
    summary: 'Your category list (names and colours).',
    docs: 'Your category list (name and colour), by name: the names you can put on messages with POST /messages/{message_id}/categorize.',
    input: z.strictObject({}),
    async run(_i, m) {
      const rows = await m.query('SELECT name, color FROM categories WHERE owner_id = $1 ORDER BY name', [m.me.person_id]);
      return { items: rows };
    },
  }),
  op({
    method: 'POST',
    path: '/me/categories',
    summary: 'Add a category.',
    docs: 'Adds a category name (unique, ignoring case) with a colour (a name such as red, or "none").',
    status: 201,
    input: z.strictObject({ name: z.string().min(1).max(100), color: z.string().min(1).max(30).optional() }),
    async run(input, m) {
      const clash = await m.one('SELECT 1 FROM categories WHERE owner_id = $1 AND lower(name) = lower($2)', [m.me.person_id, input.name]);
      if (clash) throw conflict(`the category ${JSON.stringify(input.name)} exists`, 'name');
      const [row] = await m.query('INSERT INTO categories (owner_id, name, color) VALUES ($1, $2, $3) RETURNING name, color', [
        m.me.person_id,
        input.name,
        input.color ?? 'none',
      ]);
      return row;
    },
  }),
  op({
    method: 'DELETE',
    path: '/me/categories/{name}',
    summary: 'Remove a category from your list.',
    docs: 'Removes the category from your list. Messages keep the name in their `categories` until you change them.',
    input: z.strictObject({ name: z.string().min(1) }),
    async run(input, m) {
      const gone = await m.query('DELETE FROM categories WHERE owner_id = $1 AND lower(name) = lower($2) RETURNING name', [m.me.person_id, input.name]);
      if (gone.length === 0) throw notFound('category', input.name, 'name');
      return undefined;
    },
  }),
];
