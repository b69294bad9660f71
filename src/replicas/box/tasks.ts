import { scalarText } from '../requestBody.ts';
import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter, notFound } from './errors.ts';
import { boxTime, newBoxId, nowIso } from './ids.ts';
import { actingUser, findFile, liveFile, usersById } from './lookup.ts';
import { ref, str, type Params } from './params.ts';
import type { TaskRow, UserRow } from './rows.ts';
import { userMini } from './serialize.ts';

const ACTIONS = ['review', 'complete'];
const RULES = ['all_assignees', 'any_assignee'];

function taskView(t: TaskRow, file: { id: string; name: string; sequence_id: string | null; etag: string | null; sha_1: string } | null, users: Map<string, UserRow>) {
  return {
    type: 'task',
    id: t.id,
    item: file ? { type: 'file', id: file.id, sequence_id: file.sequence_id, etag: file.etag, sha1: file.sha_1, name: file.name } : { type: t.item_type, id: t.item_id },
    due_at: boxTime(t.due_at),
    action: t.action,
    message: t.message,
    task_assignment_collection: { total_count: 0, entries: [] },
    is_completed: Boolean(t.is_completed),
    created_by: userMini(users.get(t.created_by_id ?? '')),
    created_at: boxTime(t.created_at),
    completion_rule: t.completion_rule,
  };
}

async function liveTask(ctx: RouteContext, id: string): Promise<TaskRow> {
  const [t] = await ctx.tx.query<TaskRow>(`SELECT * FROM box_tasks WHERE id = $1`, [id]);
  if (!t) throw notFound();
  return t;
}

async function respond(ctx: RouteContext, id: string, status = 200): Promise<Response> {
  const t = await liveTask(ctx, id);
  return Response.json(taskView(t, await findFile(ctx.tx, t.item_id), await usersById(ctx)), { status });
}

/** Validated task fields from a body: `action`, `message`, `due_at`, `completion_rule`. */
function taskFields(params: Params): Partial<Pick<TaskRow, 'action' | 'message' | 'due_at' | 'completion_rule'>> {
  const out: Partial<Pick<TaskRow, 'action' | 'message' | 'due_at' | 'completion_rule'>> = {};
  const action = str(params, 'action');
  if (action !== undefined) {
    if (!ACTIONS.includes(action)) throw invalidParameter('action', `Invalid value '${action}'. 'action' must be one of review, complete.`);
    out.action = action;
  }
  if (params.message !== undefined && params.message !== null && typeof params.message !== 'string') {
    throw invalidParameter('message', `Invalid value '${scalarText(params.message)}'. 'message' must be a string.`);
  }
  if (params.message !== undefined) out.message = params.message ?? '';
  const rule = str(params, 'completion_rule');
  if (rule !== undefined) {
    if (!RULES.includes(rule)) throw invalidParameter('completion_rule', `Invalid value '${rule}'. 'completion_rule' must be one of all_assignees, any_assignee.`);
    out.completion_rule = rule;
  }
  if (params.due_at !== undefined) {
    if (params.due_at === null) out.due_at = null;
    else {
      const d = typeof params.due_at === 'string' ? new Date(params.due_at) : new Date(NaN);
      if (Number.isNaN(d.getTime())) throw invalidParameter('due_at', `Invalid value '${scalarText(params.due_at)}'. 'due_at' must be an RFC 3339 date-time.`);
      out.due_at = d.toISOString();
    }
  }
  return out;
}

/** GET /files/{id}/tasks */
export async function listFileTasks(_params: Params, ctx: RouteContext): Promise<Response> {
  const file = await liveFile(ctx.tx, ctx.pathParams.file_id);
  const rows = await ctx.tx.query<TaskRow>(`SELECT * FROM box_tasks WHERE item_id = $1 ORDER BY created_at, id`, [file.id]);
  const users = await usersById(ctx);
  return Response.json({ total_count: rows.length, entries: rows.map((t) => taskView(t, file, users)) });
}

export async function getTask(_params: Params, ctx: RouteContext): Promise<Response> {
  return respond(ctx, ctx.pathParams.task_id);
}

/** POST /tasks: `{item: {type: "file", id}, action?, message?, due_at?, completion_rule?}`. */
export async function createTask(params: Params, ctx: RouteContext): Promise<Response> {
  const item = ref(params.item);
  if (!item?.id) throw boxError(400, 'bad_request', "'item' is required", { errors: [{ reason: 'missing_parameter', name: 'item', message: "'item' is required" }] });
  if (item.type !== undefined && item.type !== 'file') throw invalidParameter('item.type', `Invalid value '${item.type}'. 'item.type' must be file.`);
  const file = await liveFile(ctx.tx, item.id);
  const f = taskFields(params);
  const user = await actingUser(ctx);
  const id = newBoxId(ctx, 'task');
  await ctx.tx.query(
    `INSERT INTO box_tasks (id, type, item_id, item_type, message, action, completion_rule, due_at, is_completed, created_by_id, created_at)
     VALUES ($1, 'task', $2, 'file', $3, $4, $5, $6, false, $7, $8)`,
    [id, file.id, f.message ?? '', f.action ?? 'review', f.completion_rule ?? 'all_assignees', f.due_at ?? null, user.id, nowIso(ctx)],
  );
  return respond(ctx, id, 201);
}

/** PUT /tasks/{id}: changes action, message, due date or completion rule. */
export async function updateTask(params: Params, ctx: RouteContext): Promise<Response> {
  const t = await liveTask(ctx, ctx.pathParams.task_id);
  const f = taskFields(params);
  const cols = Object.keys(f) as (keyof typeof f)[];
  if (cols.length) {
    await ctx.tx.query(`UPDATE box_tasks SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [t.id, ...cols.map((c) => f[c])]);
  }
  return respond(ctx, t.id);
}

export async function deleteTask(_params: Params, ctx: RouteContext): Promise<Response> {
  const t = await liveTask(ctx, ctx.pathParams.task_id);
  await ctx.tx.query(`DELETE FROM box_tasks WHERE id = $1`, [t.id]);
  return new Response(null, { status: 204 });
}
