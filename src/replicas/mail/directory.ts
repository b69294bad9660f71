import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { id, op, paging } from './define.ts';
import { notFound } from './errors.ts';
import { pageWindow, toPage } from './paging.ts';
import { likePattern, Where } from './sql.ts';

const PERSON_COLUMNS = 'person_id, display_name, email, job_title, department, office_location, phone, manager_id, time_zone, is_active';

export function serializePerson(row: Row): Row {
  const { person_id, ...rest } = plain(row);
  return { id: person_id, ...rest };
}

export async function personById(m: MailCtx, personId: string, field = 'person_id'): Promise<Row> {
  const row = await m.one(`SELECT ${PERSON_COLUMNS} FROM people WHERE person_id = $1`, [personId]);
  if (!row) throw notFound('person', personId, field);
  return row;
}

const personKey = { person_id: id('Directory person id (or their e-mail address).') };

async function personByKey(m: MailCtx, key: string): Promise<Row> {
  const row = await m.one(`SELECT ${PERSON_COLUMNS} FROM people WHERE person_id = $1 OR email = lower($1)`, [key]);
  if (!row) throw notFound('person', key, 'person_id');
  return row;
}

export const directoryRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/directory/people',
    summary: 'Search the organisation directory.',
    docs: 'People in the organisation, by display name. `q` matches name, e-mail or job title (each word, case-insensitive); `department`, `office_location` and `manager_id` filter exactly; inactive (departed) people are left out unless `include_inactive=true`. Paged.',
    input: z.strictObject({
      q: z.string().optional().describe('Words to find in name, e-mail or job title.'),
      department: z.string().optional().describe('Exact department name.'),
      office_location: z.string().optional().describe('Exact office.'),
      manager_id: z.string().optional().describe('Only people reporting to this person id.'),
      include_inactive: z.boolean().optional().describe('Also list people who have left.'),
      ...paging,
    }),
    async run(input, m) {
      const w = new Where();
      if (!input.include_inactive) w.add('is_active');
      for (const word of (input.q ?? '').split(/\s+/).filter(Boolean)) {
        w.add("concat_ws(' ', display_name, email, job_title) ILIKE ?", likePattern(word));
      }
      if (input.department) w.add('lower(department) = lower(?)', input.department);
      if (input.office_location) w.add('lower(office_location) = lower(?)', input.office_location);
      if (input.manager_id) w.add('manager_id = ?', input.manager_id);
      const win = pageWindow(input);
      const rows = await m.query(
        `SELECT ${PERSON_COLUMNS} FROM people ${w} ORDER BY display_name, person_id LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
        w.params,
      );
      return toPage(rows, win, serializePerson);
    },
  }),
  op({
    method: 'GET',
    path: '/directory/people/{person_id}',
    summary: 'Get a directory person.',
    docs: 'One person by id or e-mail address: title, department, office, phone, manager and time zone.',
    input: z.strictObject(personKey),
    run: async (input, m) => serializePerson(await personByKey(m, input.person_id)),
  }),
  op({
    method: 'GET',
    path: '/directory/people/{person_id}/manager',
    summary: 'Get a person\'s manager.',
    docs: 'The person this one reports to. 404 `not_found` with field `manager_id` for someone at the top of the organisation.',
    input: z.strictObject(personKey),
    async run(input, m) {
      const p = await personByKey(m, input.person_id);
      if (!p.manager_id) throw notFound('manager of', String(p.person_id), 'manager_id');
      return serializePerson(await personById(m, String(p.manager_id), 'manager_id'));
    },
  }),
  op({
    method: 'GET',
    path: '/directory/people/{person_id}/direct-reports',
    summary: 'List a person\'s direct reports.',
    docs: 'People whose manager is this person, by name; people who have left (inactive) are not listed. Paged.',
    input: z.strictObject({ ...personKey, ...paging }),
    async run(input, m) {
      const p = await personByKey(m, input.person_id);
      const win = pageWindow(input);
      const rows = await m.query(
        `SELECT ${PERSON_COLUMNS} FROM people WHERE manager_id = $1 AND is_active ORDER BY display_name, person_id LIMIT $2 OFFSET $3`,
        [p.person_id, win.limit + 1, win.offset],
      );
      return toPage(rows, win, serializePerson);
    },
  }),
  op({
    method: 'GET',
    path: '/directory/people/{person_id}/management-chain',
    summary: 'List a person\'s managers up to the top.',
    docs: 'The manager, the manager\'s manager, and so on to the head of the organisation, nearest first.',
    input: z.strictObject(personKey),
    async run(input, m) {
      const p = await personByKey(m, input.person_id);
      const chain: Row[] = [];
      let next = p.manager_id as string | null;
      while (next && chain.length < 50) {
        const boss = await personById(m, next, 'manager_id');
        chain.push(serializePerson(boss));
        next = boss.manager_id as string | null;
      }
      return { items: chain };
    },
  }),
  op({
    method: 'GET',
    path: '/directory/departments',
    summary: 'List departments with head counts.',
    docs: 'Each department of active people with how many people it has, by name.',
    input: z.strictObject({}),
    async run(_input, m) {
      const rows = await m.query<{ department: string; people: number }>(
        `SELECT department, count(*)::int AS people FROM people WHERE is_active AND department IS NOT NULL GROUP BY department ORDER BY department`,
      );
      return { items: rows.map((r) => ({ name: r.department, people: r.people })) };
    },
  }),
];
