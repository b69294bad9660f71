import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import type { MailCtx } from './context.ts';
import { crudRoutes, findRow, serializeRow, updateRow, type Entity } from './crud.ts';
import { id, importance, isoDate, op, paging } from './define.ts';
import { conflict } from './errors.ts';
import { ownMessage } from './messages.ts';
import { pageWindow, toPage } from './paging.ts';
import { Where } from './sql.ts';

export const listEntity: Entity = {
  kind: 'to-do list',
  table: 'todo_lists',
  pk: 'list_id',
  prefix: 'tdl',
  scope: 'owner_id = ?',
  ownerColumn: 'owner_id',
  fields: { name: z.string().min(1).max(200).describe('List name.') },
  required: ['name'],
  timestamps: true,
  order: 'is_default DESC, name',
  search: ['name'],
  beforeDelete: async (m, key) => {
    const list = await m.one<{ is_default: boolean }>('SELECT is_default FROM todo_lists WHERE list_id = $1', [key]);
    if (list?.is_default) throw conflict('the default to-do list cannot be deleted', 'list_id');
    await m.query('DELETE FROM todo_tasks WHERE list_id = $1', [key]);
  },
};

const status = z.enum(['not_started', 'in_progress', 'completed']);

export const taskEntity: Entity = {
  kind: 'task',
  table: 'todo_tasks',
  pk: 'task_id',
  prefix: 'tdt',
  scope: 'list_id IN (SELECT list_id FROM todo_lists WHERE owner_id = ?)',
  fields: {
    title: z.string().min(1).max(400).describe('What to do.'),
    notes: z.string().max(10000).nullable(),
    status: status.describe('not_started, in_progress or completed.'),
    importance: importance.describe('low, normal or high.'),
    due_date: isoDate('Due date, YYYY-MM-DD.').nullable(),
    linked_message_id: z.string().min(1).nullable().describe('A message of yours this task is about.'),
  },
  required: ['title'],
  timestamps: true,
  order: 'due_date NULLS LAST, created_at',
  search: ['title', 'notes'],
};

async function prepareTask(m: MailCtx, values: Row, existing: Row | null): Promise<Row> {
  if (typeof values.linked_message_id === 'string') await ownMessage(m, values.linked_message_id, 'linked_message_id');
  if (values.status === 'completed' && existing?.status !== 'completed') values.completed_at = m.now();
  if (values.status && values.status !== 'completed' && existing?.status === 'completed') values.completed_at = null;
  return values;
}

const taskKey = { task_id: id('The task.') };
const taskFilters = {
  status: { schema: status.describe('Only tasks with this status.'), sql: 'status = ?' },
  due_before: { schema: isoDate('Only tasks due on or before this date.'), sql: 'due_date <= ?' },
  due_after: { schema: isoDate('Only tasks due on or after this date.'), sql: 'due_date >= ?' },
  linked_message_id: { schema: z.string().describe('Only tasks linked to this message.'), sql: 'linked_message_id = ?' },
};

function taskAction(path: string, summary: string, docs: string, extra: z.ZodRawShape, apply: (input: any, task: Row, m: MailCtx) => Promise<Row>): Route {
  return op({
    method: 'POST',
    path: `/todo/tasks/{task_id}/${path}`,
    summary,
    docs,
    input: z.strictObject({ ...taskKey, ...extra }),
    async run(input: any, m) {
      const task = await findRow(m, taskEntity, input.task_id, 'task_id');
      return serializeRow(taskEntity, await updateRow(m, taskEntity, input.task_id, await apply(input, task, m)));
    },
  });
}

export const todoRoutes: Route[] = [
  ...crudRoutes(listEntity, {
    collection: '/todo/lists',
    item: '/todo/lists/{list_id}',
    plural: 'to-do lists',
    docs: {
      list: 'Your to-do lists: the default list ("Tasks", where new tasks go unless you say otherwise) first, then by name. Paged.',
      get: 'One to-do list: its name and whether it is your default list. Its tasks are at GET /todo/lists/{list_id}/tasks.',
      create: 'Creates an empty to-do list with the given `name`; add tasks with POST /todo/lists/{list_id}/tasks.',
      update: 'Renames a to-do list (`name`). The default list can be renamed but not deleted.',
      delete: 'Deletes a list and every task in it. The default list cannot be deleted (409).',
    },
  }),
  ...crudRoutes(taskEntity, {
    collection: '/todo/lists/{list_id}/tasks',
    item: '/todo/tasks/{task_id}',
    parent: { entity: listEntity, column: 'list_id' },
    plural: 'tasks',
    filters: taskFilters,
    prepare: prepareTask,
    docs: {
      list: 'The tasks of one list, soonest due first (undated last). Filters: `status`, `due_before`, `due_after` (inclusive, YYYY-MM-DD), `linked_message_id`, `q`. Paged.',
      get: 'One task. `linked_message_id` names the message it was made from, if any.',
      create: 'Adds a task to the list. `due_date` is a calendar date; `linked_message_id` must be a message in your mailbox.',
      update: 'Changes the given fields. Setting `status` to `completed` stamps `completed_at`; moving away from completed clears it.',
      delete: 'Deletes a task for good (there is no bin); the message it was linked to is untouched.',
    },
  }),
  op({
    method: 'GET',
    path: '/todo/tasks',
    summary: 'List tasks across all your to-do lists.',
    docs: 'Every task in every list of yours, soonest due first, with the same filters as a list\'s tasks. Useful for "what is due this week".',
    input: z.strictObject({
      ...Object.fromEntries(Object.entries(taskFilters).map(([k, f]) => [k, f.schema.optional()])),
      q: z.string().optional().describe('Text in the title or notes (case-insensitive).'),
      ...paging,
    }),
    async run(input: any, m) {
      const w = new Where().add(taskEntity.scope, m.me.person_id);
      for (const [k, f] of Object.entries(taskFilters)) if (input[k] !== undefined) w.add(f.sql, input[k]);
      if (input.q) w.add("concat_ws(' ', title, notes) ILIKE ?", `%${input.q}%`);
      const win = pageWindow(input);
      const rows = await m.query(
        `SELECT * FROM todo_tasks ${w} ORDER BY ${taskEntity.order}, task_id LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
        w.params,
      );
      return toPage(rows, win, (r) => serializeRow(taskEntity, r));
    },
  }),
  taskAction('complete', 'Mark a task completed.', 'Sets `status` to `completed` and stamps `completed_at`. Completing a completed task changes nothing.', {}, async (_i, task, m) =>
    task.status === 'completed' ? {} : { status: 'completed', completed_at: m.now() },
  ),
  taskAction('reopen', 'Reopen a completed task.', 'Sets `status` back to `not_started` and clears `completed_at`.', {}, async () => ({ status: 'not_started', completed_at: null })),
  taskAction(
    'link-message',
    'Link a task to a message.',
    'Records which message of yours the task is about (`linked_message_id`); replaces an earlier link.',
    { message_id: id('The message to link.') },
    async (input, _task, m) => {
      await ownMessage(m, input.message_id, 'message_id');
      return { linked_message_id: input.message_id };
    },
  ),
  taskAction('unlink-message', 'Remove a task\'s message link.', 'Clears `linked_message_id`; the task and the message both stay.', {}, async () => ({ linked_message_id: null })),
  taskAction(
    'move',
    'Move a task to another to-do list.',
    'Moves the task into another list of yours, keeping everything else.',
    { list_id: id('The list to move the task to.') },
    async (input, _task, m) => {
      await findRow(m, listEntity, input.list_id, 'list_id');
      return { list_id: input.list_id };
    },
  ),
];
