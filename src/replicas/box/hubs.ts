import type { RouteContext } from '../types.ts';
import { boxError, invalidParameter, notFound } from './errors.ts';
import { boxTime, newBoxId, nowIso } from './ids.ts';
import { actingUser, findFile, findFolder, usersById } from './lookup.ts';
import { intParam, ref, str, type Params } from './params.ts';
import type { HubRow, UserRow } from './rows.ts';
import { userMini } from './serialize.ts';

/**
 * Box Hubs belong to the 2025.0 API version: every call must carry `box-version: 2025.0`, or Box answers 400
 * (https://developer.box.com/guides/hubs-api/).
 */
export function requireVersion(ctx: RouteContext): void {
  const v = ctx.request.headers.get('box-version');
  if (v !== '2025.0') throw boxError(400, 'bad_request', 'Missing required box-version header. Supported API versions: [2025.0]');
}

function hubView(h: HubRow, users: Map<string, UserRow>): Record<string, unknown> {
  return {
    id: h.id,
    type: 'hubs',
    title: h.title,
    description: h.description ?? '',
    created_at: boxTime(h.created_at),
    updated_at: boxTime(h.updated_at),
    created_by: userMini(users.get(h.created_by_id ?? '')),
    updated_by: userMini(users.get(h.updated_by_id ?? '')),
    view_count: Number(h.view_count ?? 0),
    is_ai_enabled: Boolean(h.is_ai_enabled),
    is_collaboration_restricted_to_enterprise: Boolean(h.is_collaboration_restricted_to_enterprise),
    can_non_owners_invite: Boolean(h.can_non_owners_invite),
    can_shared_link_be_created: Boolean(h.can_shared_link_be_created),
  };
}

async function liveHub(ctx: RouteContext, id: string): Promise<HubRow> {
  const [h] = await ctx.tx.query<HubRow>(`SELECT * FROM box_hubs WHERE id = $1`, [id]);
  if (!h) throw notFound();
  return h;
}

/** Marker pagination as the 2025.0 endpoints use it: the marker is the offset of the next page. */
function markerPage<T>(all: T[], params: Params): { page: T[]; limit: number; next_marker: string | null } {
  const limit = intParam(params, 'limit', 1000, 1000) || 1000;
  const marker = str(params, 'marker');
  const start = marker ? Number(marker) : 0;
  if (!Number.isInteger(start) || start < 0) throw invalidParameter('marker', `Invalid value '${marker}'.`);
  const page = all.slice(start, start + limit);
  return { page, limit, next_marker: start + limit < all.length ? String(start + limit) : null };
}

const HUB_SORTS: Record<string, keyof HubRow> = { name: 'title', updated_at: 'updated_at', last_accessed_at: 'updated_at', view_count: 'view_count' };

/** GET /hubs: hubs the user can see, filtered by `query` (title substring), sorted by `sort`/`direction`. */
export async function listHubs(params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const query = (str(params, 'query') ?? '').toLowerCase();
  const sort = str(params, 'sort');
  if (sort && !Object.hasOwn(HUB_SORTS, sort)) throw invalidParameter('sort', `Invalid value '${sort}'.`);
  const direction = (str(params, 'direction') ?? 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') throw invalidParameter('direction', `Invalid value '${str(params, 'direction')}'.`);
  let hubs = await ctx.tx.query<HubRow>(`SELECT * FROM box_hubs ORDER BY length(id), id`);
  if (query) hubs = hubs.filter((h) => h.title.toLowerCase().includes(query) || (h.description ?? '').toLowerCase().includes(query));
  if (sort) {
    const key = HUB_SORTS[sort];
    hubs.sort((a, b) => {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return direction === 'DESC' ? -c : c;
    });
  }
  const users = await usersById(ctx);
  const { page, limit, next_marker } = markerPage(hubs, params);
  return Response.json({ entries: page.map((h) => hubView(h, users)), limit, next_marker });
}

export async function getHub(_params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  return Response.json(hubView(await liveHub(ctx, ctx.pathParams.hub_id), await usersById(ctx)));
}

function textField(params: Params, name: string, max: number): string | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalidParameter(name, `'${name}' must be a string.`);
  if (v.length > max) throw invalidParameter(name, `'${name}' must be at most ${max} characters.`);
  return v;
}

/** POST /hubs: `{title, description?}`; the hub is owned by the caller. */
export async function createHub(params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const title = textField(params, 'title', 50);
  if (!title) throw boxError(400, 'bad_request', "'title' is required", { errors: [{ reason: 'missing_parameter', name: 'title', message: "'title' is required" }] });
  const description = textField(params, 'description', 10000) ?? '';
  const user = await actingUser(ctx);
  const now = nowIso(ctx);
  const id = newBoxId(ctx, 'hub');
  await ctx.tx.query(
    `INSERT INTO box_hubs (id, type, title, description, created_by_id, updated_by_id, created_at, updated_at) VALUES ($1, 'hubs', $2, $3, $4, $4, $5, $5)`,
    [id, title, description, user.id, now],
  );
  return Response.json(hubView(await liveHub(ctx, id), await usersById(ctx)), { status: 201 });
}

const HUB_FLAGS = ['is_ai_enabled', 'is_collaboration_restricted_to_enterprise', 'can_non_owners_invite', 'can_shared_link_be_created'] as const;

/** PUT /hubs/{id}: title, description and the hub's sharing and AI flags. */
export async function updateHub(params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const hub = await liveHub(ctx, ctx.pathParams.hub_id);
  const set: Record<string, unknown> = {};
  const title = textField(params, 'title', 50);
  if (title !== undefined) {
    if (!title) throw invalidParameter('title', "'title' must not be empty.");
    set.title = title;
  }
  const description = textField(params, 'description', 10000);
  if (description !== undefined) set.description = description;
  for (const flag of HUB_FLAGS) {
    if (params[flag] === undefined) continue;
    if (typeof params[flag] !== 'boolean') throw invalidParameter(flag, `'${flag}' must be a boolean.`);
    set[flag] = params[flag];
  }
  if (Object.keys(set).length) {
    const user = await actingUser(ctx);
    Object.assign(set, { updated_at: nowIso(ctx), updated_by_id: user.id });
    const cols = Object.keys(set);
    await ctx.tx.query(`UPDATE box_hubs SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [hub.id, ...cols.map((c) => set[c])]);
  }
  return Response.json(hubView(await liveHub(ctx, hub.id), await usersById(ctx)));
}

export async function deleteHub(_params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const hub = await liveHub(ctx, ctx.pathParams.hub_id);
  await ctx.tx.query(`DELETE FROM box_hub_items WHERE hub_id = $1`, [hub.id]);
  await ctx.tx.query(`DELETE FROM box_hubs WHERE id = $1`, [hub.id]);
  return new Response(null, { status: 204 });
}

interface HubItemRow {
  id: string;
  item_id: string;
  item_type: string;
  item_name: string;
}

/** GET /hub_items?hub_id=: the hub's items as `{id, type, name}`, in the order they were added. */
export async function listHubItems(params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const hubId = str(params, 'hub_id');
  if (!hubId) throw boxError(400, 'bad_request', "'hub_id' is required", { errors: [{ reason: 'missing_parameter', name: 'hub_id', message: "'hub_id' is required" }] });
  await liveHub(ctx, hubId);
  const rows = await ctx.tx.query<HubItemRow>(`SELECT * FROM box_hub_items WHERE hub_id = $1 ORDER BY added_at, id`, [hubId]);
  const { page, limit, next_marker } = markerPage(rows, params);
  return Response.json({ entries: page.map((r) => ({ id: r.item_id, type: r.item_type, name: r.item_name })), limit, next_marker });
}

/**
 * POST /hubs/{id}/manage_items: `{operations: [{action: add|remove, item: {type, id}}]}`. Each operation succeeds
 * or fails on its own; Box answers 207 Multi-Status with one result per operation.
 */
export async function manageHubItems(params: Params, ctx: RouteContext): Promise<Response> {
  requireVersion(ctx);
  const hub = await liveHub(ctx, ctx.pathParams.hub_id);
  const ops = params.operations;
  if (!Array.isArray(ops)) throw boxError(400, 'bad_request', "'operations' is required", { errors: [{ reason: 'missing_parameter', name: 'operations', message: "'operations' must be an array" }] });
  const user = await actingUser(ctx);
  const results: Record<string, unknown>[] = [];
  for (const op of ops as Record<string, unknown>[]) {
    const action = typeof op?.action === 'string' ? op.action : '';
    const item = ref(op?.item);
    const echo = { type: item?.type ?? null, id: item?.id ?? null };
    if (!['add', 'remove'].includes(action) || !item?.id || !['file', 'folder', 'web_link'].includes(item.type ?? '')) {
      results.push({ action, item: echo, status: 400, error: 'Invalid operation' });
      continue;
    }
    const [existing] = await ctx.tx.query<HubItemRow>(`SELECT * FROM box_hub_items WHERE hub_id = $1 AND item_type = $2 AND item_id = $3`, [hub.id, item.type, item.id]);
    if (action === 'remove') {
      if (!existing) results.push({ action, item: echo, status: 404, error: 'Item not found in hub' });
      else {
        await ctx.tx.query(`DELETE FROM box_hub_items WHERE id = $1`, [existing.id]);
        results.push({ action, item: echo, status: 200 });
      }
      continue;
    }
    const target = item.type === 'file' ? await findFile(ctx.tx, item.id) : item.type === 'folder' ? await findFolder(ctx.tx, item.id) : null;
    if (!target || target.item_status !== 'active') {
      results.push({ action, item: echo, status: 404, error: 'Item not found' });
      continue;
    }
    if (!existing) {
      await ctx.tx.query(
        `INSERT INTO box_hub_items (id, hub_id, item_id, item_type, item_name, added_by_id, added_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [newBoxId(ctx, 'hub_item'), hub.id, target.id, item.type, target.name, user.id, nowIso(ctx)],
      );
    }
    results.push({ action, item: echo, status: 200 });
  }
  return Response.json({ operations: results }, { status: 207 });
}
