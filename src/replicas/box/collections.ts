import type { RouteContext } from '../types.ts';
import { notFound } from './errors.ts';
import { actingUser } from './lookup.ts';
import { fieldsParam, intParam, type Params } from './params.ts';
import type { ItemRow } from './rows.ts';
import { FILE_SELECT, serializeItems } from './serialize.ts';

interface CollectionRow {
  id: string;
  name: string;
  collection_type: string;
  user_id: string | null;
}

/**
 * Every Box user has exactly one collection, Favorites. A seed without a `box_collections` row for the user still
 * has it: its id is derived from the user's, so reading it writes nothing.
 */
export async function favoritesCollectionId(ctx: RouteContext, userId: string): Promise<string> {
  const [row] = await ctx.tx.query<{ id: string }>(`SELECT id FROM box_collections WHERE user_id = $1 AND collection_type = 'favorites' ORDER BY id LIMIT 1`, [userId]);
  return row?.id ?? `9${userId.slice(-10)}`;
}

async function userCollections(ctx: RouteContext): Promise<CollectionRow[]> {
  const user = await actingUser(ctx);
  const id = await favoritesCollectionId(ctx, user.id);
  return [{ id, name: 'Favorites', collection_type: 'favorites', user_id: user.id }];
}

const view = (c: CollectionRow) => ({ type: 'collection', id: c.id, name: c.name, collection_type: c.collection_type });

export async function listCollections(params: Params, ctx: RouteContext): Promise<Response> {
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const all = await userCollections(ctx);
  return Response.json({ total_count: all.length, entries: all.slice(offset, offset + limit).map(view), offset, limit });
}

export async function getCollection(_params: Params, ctx: RouteContext): Promise<Response> {
  const c = (await userCollections(ctx)).find((x) => x.id === ctx.pathParams.collection_id);
  if (!c) throw notFound();
  return Response.json(view(c));
}

/** GET /collections/{id}/items: the live files and folders in the collection, mini representation. */
export async function collectionItems(params: Params, ctx: RouteContext): Promise<Response> {
  const c = (await userCollections(ctx)).find((x) => x.id === ctx.pathParams.collection_id);
  if (!c) throw notFound();
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 100, 1000);
  const files = await ctx.tx.query<ItemRow>(
    `${FILE_SELECT} JOIN box_collection_items ci ON ci.item_type = 'file' AND ci.item_id = f.id AND ci.collection_id = $1
     WHERE f.item_status = 'active' ORDER BY f.name`,
    [c.id],
  );
  const folders = await ctx.tx.query<ItemRow>(
    `SELECT d.* FROM box_folders d JOIN box_collection_items ci ON ci.item_type = 'folder' AND ci.item_id = d.id AND ci.collection_id = $1 WHERE d.item_status = 'active' ORDER BY d.name`,
    [c.id],
  );
  const all = [...folders, ...files];
  const entries = await serializeItems(ctx, all.slice(offset, offset + limit), 'mini', fieldsParam(params));
  return Response.json({ total_count: all.length, entries, offset, limit });
}
