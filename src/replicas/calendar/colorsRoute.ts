import type { RouteContext } from '../types.ts';
import { COLORS_UPDATED, calendarColors, eventColors } from './colors.ts';
import type { Params } from './params.ts';

export async function colorsGet(_params: Params, _ctx: RouteContext): Promise<Response> {
  return Response.json({ kind: 'calendar#colors', updated: COLORS_UPDATED, calendar: calendarColors, event: eventColors });
}
