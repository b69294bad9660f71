import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import type { MailCtx } from './context.ts';
import { crudRoutes, findRow, serializeRow, type Entity } from './crud.ts';
import { email, id, op, paging } from './define.ts';
import { conflict, notFound } from './errors.ts';
import { pageWindow, toPage } from './paging.ts';
import { likePattern, Where } from './sql.ts';

export const contactEntity: Entity = {
  kind: 'contact',
  table: 'contacts',
  pk: 'contact_id',
  prefix: 'con',
  scope: 'owner_id = ?',
  ownerColumn: 'owner_id',
  fields: {
    display_name: z.string().min(1).max(200).describe('Name shown for the contact.'),
    email: email.nullable(),
    phone: z.string().max(50).nullable(),
    company: z.string().max(200).nullable(),
    job_title: z.string().max(200).nullable(),
    notes: z.string().max(5000).nullable(),
    person_id: z.string().min(1).nullable().describe('The directory person this contact is, if any.'),
  },
  required: ['display_name'],
  timestamps: true,
  order: 'display_name',
  search: ['display_name', 'email', 'company'],
};

async function prepareContact(m: MailCtx, values: Row): Promise<Row> {
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  if (typeof values.person_id === 'string') {
    const person = await m.one('SELECT 1 FROM people WHERE person_id = $1', [values.person_id]);
    if (!person) throw notFound('person', values.person_id, 'person_id');
  }
  return values;
}

export const groupEntity: Entity = {
  kind: 'contact group',
  table: 'contact_groups',
  pk: 'group_id',
  prefix: 'grp',
  scope: 'owner_id = ?',
  ownerColumn: 'owner_id',
  fields: {
    name: z.string().min(1).max(200).describe('Group name.'),
    description: z.string().max(2000).nullable(),
  },
  required: ['name'],
  timestamps: true,
  order: 'name',
  search: ['name'],
  beforeDelete: async (m, key) => {
    await m.query('DELETE FROM contact_group_members WHERE group_id = $1', [key]);
  },
};

async function uniqueGroupName(m: MailCtx, values: Row, existing: Row | null): Promise<Row> {
  if (typeof values.name === 'string') {
    const clash = await m.one('SELECT group_id FROM contact_groups WHERE owner_id = $1 AND lower(name) = lower($2) AND group_id <> $3', [
      m.me.person_id,
      values.name,
      existing?.group_id ?? '',
    ]);
    if (clash) throw conflict(`a contact group named ${JSON.stringify(values.name)} exists`, 'name');
  }
  return values;
}

const groupKey = { group_id: id('The contact group.') };

export const contactRoutes: Route[] = [
  ...crudRoutes(contactEntity, {
    collection: '/contacts',
    item: '/contacts/{contact_id}',
    plural: 'contacts',
    prepare: prepareContact,
    filters: { company: { schema: z.string().describe('Exact company name (case-insensitive).'), sql: 'lower(company) = lower(?)' } },
    docs: {
      list: 'Your personal contacts, alphabetically by display name. `q` matches name, e-mail or company; `company` filters exactly. Paged.',
      get: 'One contact by id, with its link to a directory person (`person_id`) when it has one.',
      create: 'Adds a contact to your address book. Only `display_name` is required; `email` is stored lower-case; `person_id` must name a directory person.',
      update: 'Changes the given fields of a contact; send `null` to clear an optional field.',
      delete: 'Removes a contact from your address book, and from every contact group it was in. Directory people are unaffected.',
    },
  }),
  op({
    method: 'GET',
    path: '/contacts/search',
    summary: 'Search contacts by name, e-mail, company or job title.',
    docs: 'Every word of `query` must appear (case-insensitive) in the contact\'s name, e-mail, company, job title or notes. Paged like other lists.',
    input: z.strictObject({ query: z.string().min(1).describe('Words to look for.'), ...paging }),
    async run(input, m) {
      const w = new Where().add('owner_id = ?', m.me.person_id);
      for (const word of input.query.split(/\s+/).filter(Boolean)) {
        w.add("concat_ws(' ', display_name, email, company, job_title, notes) ILIKE ?", likePattern(word));
      }
      const win = pageWindow(input);
      const rows = await m.query(
        `SELECT * FROM contacts ${w} ORDER BY display_name, contact_id LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
        w.params,
      );
      return toPage(rows, win, (r) => serializeRow(contactEntity, r));
    },
  }),
  ...crudRoutes(groupEntity, {
    collection: '/contact-groups',
    item: '/contact-groups/{group_id}',
    plural: 'contact groups',
    prepare: uniqueGroupName,
    docs: {
      list: 'Your contact groups (distribution lists of your own contacts), by name. Paged.',
      get: 'One contact group. Its members are listed by `GET /contact-groups/{group_id}/members`.',
      create: 'Creates an empty contact group. Names are unique per mailbox, ignoring case (409 `conflict` otherwise).',
      update: 'Renames a group (`name`, unique ignoring case) or changes its description. Members are managed with the members operations.',
      delete: 'Deletes the group; its member contacts stay in your address book.',
    },
  }),
  op({
    method: 'GET',
    path: '/contact-groups/{group_id}/members',
    summary: 'List the contacts in a contact group.',
    docs: 'The contacts in the group, alphabetically, as full contact records (with `email` and `person_id`). Paged.',
    input: z.strictObject({ ...groupKey, ...paging }),
    async run(input, m) {
      await findRow(m, groupEntity, input.group_id, 'group_id');
      const win = pageWindow(input);
      const rows = await m.query(
        `SELECT c.* FROM contact_group_members g JOIN contacts c USING (contact_id) WHERE g.group_id = $1
         ORDER BY c.display_name, c.contact_id LIMIT $2 OFFSET $3`,
        [input.group_id, win.limit + 1, win.offset],
      );
      return toPage(rows, win, (r) => serializeRow(contactEntity, r));
    },
  }),
  op({
    method: 'POST',
    path: '/contact-groups/{group_id}/members',
    summary: 'Add a contact to a contact group.',
    docs: 'Adds one of your contacts to the group. Adding a contact that is already a member changes nothing and answers 200.',
    status: 201,
    input: z.strictObject({ ...groupKey, contact_id: id('The contact to add.') }),
    async run(input, m) {
      await findRow(m, groupEntity, input.group_id, 'group_id');
      const contact = await findRow(m, contactEntity, input.contact_id, 'contact_id');
      await m.query('INSERT INTO contact_group_members (group_id, contact_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        input.group_id,
        input.contact_id,
      ]);
      return serializeRow(contactEntity, contact);
    },
  }),
  op({
    method: 'DELETE',
    path: '/contact-groups/{group_id}/members/{contact_id}',
    summary: 'Remove a contact from a contact group.',
    docs: 'Removes the membership only; the contact stays. 404 if the contact is not a member.',
    input: z.strictObject({ ...groupKey, contact_id: id('The member contact to remove.') }),
    async run(input, m) {
      await findRow(m, groupEntity, input.group_id, 'group_id');
      const gone = await m.query('DELETE FROM contact_group_members WHERE group_id = $1 AND contact_id = $2 RETURNING contact_id', [
        input.group_id,
        input.contact_id,
      ]);
      if (gone.length === 0) throw notFound('member', input.contact_id, 'contact_id');
      return undefined;
    },
  }),
];
