import type { Replica } from '../types.ts';
import { faultResponses, googleError, internal, requestProblem, unauthorized } from './errors.ts';
import { storedInstants } from './eventStore.ts';
import { readParams } from './params.ts';
import { routes } from './routes.ts';
import { prepareSeedRow, rowNames, schemaSql } from './schema.ts';
import type { EventTime } from './time.ts';

/** Google Calendar API v3 below https://www.googleapis.com/calendar/v3/, answered as Google does (REST, JSON errors). */
export const calendar = {
  name: 'calendar',
  title: 'Google Calendar API v3',
  baseUrls: ['https://www.googleapis.com/calendar/v3/'],
  servicePath: 'calendar',
  schemaSql,
  rowNames,
  routes,
  people: { table: 'calendar_users', id: 'id', email: 'email' },
  prepareSeedRow(table: string, row: Record<string, unknown>) {
    return prepareSeedRow(table, row, (r) => storedInstants(r.start as EventTime, r.end as EventTime, 'UTC'));
  },
  // Agent-Diff's Calendar clock: Sunday 2018-06-17 00:00 in Los Angeles, which its tasks' relative dates assume.
  defaultClockStart: Date.parse('2018-06-17T00:00:00-07:00'),
  notFound(_request: Request, _path: string): Response {
    return googleError(404, 'notFound', 'Not Found');
  },
  authenticate(_request: Request, token: string): Response | null {
    return token ? null : unauthorized();
  },
  internalError(_err: unknown): Response {
    return internal();
  },
  readParams,
  requestProblem,
  faults: faultResponses,
} satisfies Replica;
