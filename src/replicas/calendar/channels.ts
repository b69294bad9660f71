import type { RouteContext } from '../types.ts';
import { actor, calendarFor } from './access.ts';
import { googleError, invalid, notFound, required } from './errors.ts';
import type { Params } from './params.ts';
import type { ChannelRow } from './rows.ts';
import { channelResource } from './serialize.ts';
import { upsert } from './sql.ts';
import { isoNow } from './time.ts';
import { channelBody, resourceBody } from './resources.ts';

/**
 * Push notification channels: each `watch` records a channel (the replica sends no notifications) whose
 * `resource_uri` names what is watched, and channels.stop removes it. A channel expires after a week unless the
 * client asks for less (`expiration`, ms since the epoch) or sets `params.ttl` (seconds).
 */
const WEEK_MS = 7 * 86_400_000;

async function watch(params: Params, ctx: RouteContext, resourceUri: string): Promise<Response> {
  const me = await actor(ctx);
  const body = resourceBody(params, channelBody);
  if (!body.id || typeof body.id !== 'string') throw required('id');
  if (!body.type) throw required('type');
  if (!['web_hook', 'webhook'].includes(String(body.type).toLowerCase())) throw invalid(`Unknown channel type: ${body.type}`, 'type');
  if (!body.address) throw required('address');
  if (!/^https:\/\//i.test(String(body.address))) throw googleError(400, 'push.webhookUrlNotHttps', 'WebHook callback must be HTTPS: ' + body.address);
  if ((await ctx.tx.query('SELECT 1 FROM calendar_channels WHERE id = $1', [body.id])).length) throw googleError(400, 'channelIdNotUnique', `Channel id ${body.id} not unique`);
  const nowMs = ctx.now();
  const ttl = Number(body.params?.ttl);
  let expiration = nowMs + (Number.isFinite(ttl) && ttl > 0 ? Math.min(ttl * 1000, WEEK_MS) : WEEK_MS);
  if (body.expiration !== undefined && Number(body.expiration) > nowMs) expiration = Math.min(expiration, Number(body.expiration));
  const row: ChannelRow & { created_at: string } = {
    id: body.id,
    resource_id: ctx.nextId('uuid').replace(/-/g, '').slice(0, 27),
    resource_uri: resourceUri,
    type: 'web_hook',
    address: String(body.address),
    expiration,
    token: body.token ?? null,
    params: body.params ?? null,
    payload: body.payload ?? null,
    user_id: me.id,
    created_at: isoNow(nowMs),
  };
  await upsert(ctx.tx, 'calendar_channels', { ...row }, ['id'], ['params']);
  return Response.json(channelResource(row));
}

export async function eventsWatch(params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'reader');
  return watch(params, ctx, `/calendars/${cal.id}/events`);
}

export async function aclWatch(params: Params, ctx: RouteContext): Promise<Response> {
  const { cal } = await calendarFor(ctx, ctx.pathParams.calendarId, 'writer');
  return watch(params, ctx, `/calendars/${cal.id}/acl`);
}

export async function calendarListWatch(params: Params, ctx: RouteContext): Promise<Response> {
  return watch(params, ctx, '/users/me/calendarList');
}

export async function settingsWatch(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  return watch(params, ctx, `/users/${me.id}/settings`);
}

/** channels.stop: needs the channel's id and resourceId; only the user who made a channel may stop it. */
export async function channelsStop(params: Params, ctx: RouteContext): Promise<Response> {
  const me = await actor(ctx);
  const body = resourceBody(params, channelBody);
  if (!body.id) throw required('id');
  if (!body.resourceId) throw required('resourceId');
  const rows = await ctx.tx.query<ChannelRow>('SELECT * FROM calendar_channels WHERE id = $1 AND resource_id = $2', [body.id, body.resourceId]);
  if (!rows[0]) throw notFound(`Channel '${body.id}' not found for project.`);
  if (rows[0].user_id && rows[0].user_id !== me.id) throw notFound(`Channel '${body.id}' not found for project.`);
  await ctx.tx.query('DELETE FROM calendar_channels WHERE id = $1', [body.id]);
  return new Response(null, { status: 204 });
}
