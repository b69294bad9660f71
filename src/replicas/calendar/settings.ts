import type { RouteContext } from '../types.ts';
import { actor } from './access.ts';
import { notFound } from './errors.ts';
import { decodeToken, encodeToken, maxResults, str, type Params } from './params.ts';

/** settings.*: the acting user's preferences, read-only over the API. Settings the user never set read as Google's defaults. */

const DEFAULTS: Record<string, string> = {
  autoAddHangouts: 'false',
  dateFieldOrder: 'MDY',
  defaultEventLength: '60',
  format24HourTime: 'false',
  hideInvitations: 'false',
  hideWeekends: 'false',
  locale: 'en',
  remindOnRespondedEventsOnly: 'false',
  showDeclinedEvents: 'true',
  timezone: 'UTC',
  useKeyboardShortcuts: 'true',
  weekStart: '0',
};

interface SettingRow {
  setting_id: string;
  value: string;
  etag: string | null;
}

async function settingsOf(ctx: RouteContext): Promise<{ id: string; value: string; etag: string }[]> {
  const me = await actor(ctx);
  const rows = await ctx.tx.query<SettingRow>('SELECT setting_id, value, etag FROM calendar_settings WHERE user_id = $1', [me.id]);
  const byId = new Map(rows.map((r) => [r.setting_id, r]));
  const ids = [...new Set([...Object.keys(DEFAULTS), ...byId.keys()])].sort();
  return ids.map((id) => {
    const r = byId.get(id);
    const value = r?.value ?? (id === 'timezone' && me.time_zone ? me.time_zone : DEFAULTS[id]);
    return { id, value, etag: r?.etag ?? `"${id}"` };
  });
}

const resource = (s: { id: string; value: string; etag: string }) => ({ kind: 'calendar#setting', etag: s.etag, id: s.id, value: s.value });

export async function settingsList(params: Params, ctx: RouteContext): Promise<Response> {
  const all = await settingsOf(ctx);
  const limit = maxResults(params, 100, 250);
  const offset = decodeToken<{ o: number }>(str(params, 'pageToken'), 'settings', 'pageToken')?.o ?? 0;
  const nowMs = ctx.now();
  const more = offset + limit < all.length;
  return Response.json({
    kind: 'calendar#settings',
    etag: `"${nowMs}"`,
    ...(more ? { nextPageToken: encodeToken('settings', { o: offset + limit }) } : { nextSyncToken: encodeToken('settingsync', nowMs) }),
    items: all.slice(offset, offset + limit).map(resource),
  });
}

export async function settingsGet(_params: Params, ctx: RouteContext): Promise<Response> {
  const found = (await settingsOf(ctx)).find((s) => s.id === ctx.pathParams.setting);
  if (!found) throw notFound();
  return Response.json(resource(found));
}
