import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import type { MailCtx } from './context.ts';
import { crudRoutes, findRow, serializeRow, updateRow, type Entity } from './crud.ts';
import { id, isoDate, op } from './define.ts';
import { conflict, invalidField, notFound } from './errors.ts';

const MEMBER = 'owner_id = ? OR members @> jsonb_build_array(?::text)';

export const boardEntity: Entity = {
  kind: 'board',
  table: 'boards',
  pk: 'board_id',
  prefix: 'brd',
  scope: MEMBER,
  ownerColumn: 'owner_id',
  fields: {
    name: z.string().min(1).max(200).describe('Board name.'),
    description: z.string().max(5000).nullable(),
    members: z.array(z.string().min(1)).describe('Directory person ids who share the board.'),
  },
  required: ['name'],
  jsonColumns: ['members'],
  timestamps: true,
  order: 'name',
  search: ['name', 'description'],
  beforeDelete: async (m, key) => {
    await m.query('DELETE FROM board_tasks WHERE board_id = $1', [key]);
    await m.query('DELETE FROM board_buckets WHERE board_id = $1', [key]);
  },
};

const onMyBoard = `board_id IN (SELECT board_id FROM boards WHERE ${MEMBER})`;

export const bucketEntity: Entity = {
  kind: 'bucket',
  table: 'board_buckets',
  pk: 'bucket_id',
  prefix: 'bkt',
  scope: onMyBoard,
  fields: {
    name: z.string().min(1).max(200).describe('Bucket (column) name.'),
    position: z.number().int().min(0).describe('Order of the bucket on the board, left to right.'),
  },
  required: ['name'],
  order: 'position, name',
  beforeDelete: async (m, key) => {
    const used = await m.one('SELECT 1 FROM board_tasks WHERE bucket_id = $1 LIMIT 1', [key]);
    if (used) throw conflict('the bucket still holds tasks; move or delete them first', 'bucket_id');
  },
};

export const boardTaskEntity: Entity = {
  kind: 'board task',
  table: 'board_tasks',
  pk: 'task_id',
  prefix: 'btk',
  scope: onMyBoard,
  fields: {
    title: z.string().min(1).max(400).describe('Task title.'),
    bucket_id: z.string().min(1).describe('The bucket (column) the task is in.'),
    description: z.string().max(10000).nullable(),
    priority: z.enum(['low', 'medium', 'important', 'urgent']),
    percent_complete: z.number().int().min(0).max(100).describe('0 = not started, 100 = done.'),
    due_date: isoDate('Due date, YYYY-MM-DD.').nullable(),
    assignees: z.array(z.string().min(1)).describe('Directory person ids.'),
    labels: z.array(z.string().min(1)),
  },
  required: ['title', 'bucket_id'],
  jsonColumns: ['assignees', 'labels'],
  timestamps: true,
  order: 'due_date NULLS LAST, created_at',
  search: ['title', 'description'],
};

async function checkPeople(m: MailCtx, ids: unknown, field: string): Promise<void> {
  if (!Array.isArray(ids)) return;
  for (const [i, pid] of ids.entries()) {
    if (!(await m.one('SELECT 1 FROM people WHERE person_id = $1', [pid]))) throw notFound('person', String(pid), `${field}.${i}`);
  }
}

async function prepareBoard(m: MailCtx, values: Row): Promise<Row> {
  await checkPeople(m, values.members, 'members');
  return values;
}

async function prepareBoardTask(m: MailCtx, values: Row, existing: Row | null): Promise<Row> {
  const boardId = (values.board_id ?? existing?.board_id) as string;
  if (typeof values.bucket_id === 'string') await bucketOnBoard(m, values.bucket_id, boardId);
  await checkPeople(m, values.assignees, 'assignees');
  return values;
}

async function bucketOnBoard(m: MailCtx, bucketId: string, boardId: string): Promise<void> {
  const b = await m.one('SELECT 1 FROM board_buckets WHERE bucket_id = $1 AND board_id = $2', [bucketId, boardId]);
  if (!b) throw invalidField('bucket_id', `bucket ${bucketId} is not on board ${boardId}`);
}

const taskKey = { task_id: id('The board task.') };

function boardTaskAction(path: string, summary: string, docs: string, extra: z.ZodRawShape, apply: (input: any, task: Row, m: MailCtx) => Promise<Row>): Route {
  return op({
    method: 'POST',
    path: `/board-tasks/{task_id}/${path}`,
    summary,
    docs,
    input: z.strictObject({ ...taskKey, ...extra }),
    async run(input: any, m) {
      const task = await findRow(m, boardTaskEntity, input.task_id, 'task_id');
      return serializeRow(boardTaskEntity, await updateRow(m, boardTaskEntity, input.task_id, await apply(input, task, m)));
    },
  });
}

const assignees = (task: Row) => (task.assignees as string[]) ?? [];

export const boardRoutes: Route[] = [
  ...crudRoutes(boardEntity, {
    collection: '/boards',
    item: '/boards/{board_id}',
    plural: 'boards',
    prepare: prepareBoard,
    docs: {
      list: 'Boards you own or are a member of, by name. `q` matches name or description. Paged.',
      get: 'One board: name, description, owner is you or `members` lists you.',
      create: 'Creates a board with no buckets; add buckets with `POST /boards/{board_id}/buckets`. `members` are directory person ids.',
      update: 'Renames a board, changes its description or replaces its member list.',
      delete: 'Deletes the board with all its buckets and tasks, for good. Members lose access at once.',
    },
  }),
  ...crudRoutes(bucketEntity, {
    collection: '/boards/{board_id}/buckets',
    item: '/buckets/{bucket_id}',
    parent: { entity: boardEntity, column: 'board_id' },
    plural: 'buckets',
    docs: {
      list: 'The buckets (columns) of a board, left to right by `position`; tasks name their bucket by `bucket_id`.',
      get: 'One bucket of a board you can see: its name, board and `position`.',
      create: 'Adds a bucket to the board; `position` orders buckets (default 0).',
      update: 'Renames a bucket (`name`) or moves it along the board (`position`, 0 = leftmost).',
      delete: 'Deletes an empty bucket; a bucket that still holds tasks answers 409 `conflict`.',
    },
  }),
  ...crudRoutes(boardTaskEntity, {
    collection: '/boards/{board_id}/tasks',
    item: '/board-tasks/{task_id}',
    parent: { entity: boardEntity, column: 'board_id' },
    plural: 'board tasks',
    prepare: prepareBoardTask,
    filters: {
      bucket_id: { schema: z.string().describe('Only tasks in this bucket.'), sql: 'bucket_id = ?' },
      assignee: { schema: z.string().describe('Only tasks assigned to this person id.'), sql: 'assignees @> jsonb_build_array(?::text)' },
      label: { schema: z.string().describe('Only tasks with this label.'), sql: 'labels @> jsonb_build_array(?::text)' },
      is_complete: { schema: z.boolean().describe('true: only done tasks (100%); false: only open ones.'), sql: '(percent_complete = 100) = ?' },
    },
    docs: {
      list: 'Tasks on a board, soonest due first. Filters: `bucket_id`, `assignee` (person id), `label`, `is_complete`, `q`. Paged.',
      get: 'One board task: title, bucket, priority, `percent_complete`, due date, assignees (person ids) and labels.',
      create: 'Adds a task to a bucket of the board. `assignees` are directory person ids.',
      update: 'Changes the given fields; `bucket_id` must be a bucket of the same board.',
      delete: 'Deletes a board task for good. To finish a task instead, complete it and move it to a Done bucket.',
    },
  }),
  boardTaskAction('assign', 'Assign a person to a board task.', 'Adds the person to `assignees` (no change if already there).', { person_id: id('Directory person id.') }, async (input, task, m) => {
    if (!(await m.one('SELECT 1 FROM people WHERE person_id = $1', [input.person_id]))) throw notFound('person', input.person_id, 'person_id');
    const list = assignees(task);
    return list.includes(input.person_id) ? {} : { assignees: [...list, input.person_id] };
  }),
  boardTaskAction('unassign', 'Remove a person from a board task.', 'Removes the person from `assignees`; 404 if they were not assigned.', { person_id: id('Directory person id.') }, async (input, task) => {
    const list = assignees(task);
    if (!list.includes(input.person_id)) throw notFound('assignee', input.person_id, 'person_id');
    return { assignees: list.filter((p) => p !== input.person_id) };
  }),
  boardTaskAction('move', 'Move a board task to another bucket.', 'Moves the task to another bucket (`bucket_id`) of the same board; a bucket of another board is a 400 on `bucket_id`.', { bucket_id: id('The target bucket.') }, async (input, task, m) => {
    await bucketOnBoard(m, input.bucket_id, task.board_id as string);
    return { bucket_id: input.bucket_id };
  }),
  boardTaskAction('complete', 'Mark a board task done.', 'Sets `percent_complete` to 100. It stays in its bucket; move it too if the board has a "Done" bucket.', {}, async () => ({ percent_complete: 100 })),
];
