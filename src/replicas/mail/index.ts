import type { Replica } from '../types.ts';
import { apiError, faultResponses, requestProblem } from './errors.ts';
import { readParams } from './input.ts';
import { routes } from './routes.ts';
import { rowNames, schemaSql } from './schema.ts';

/** Where MailHub answers: a made-up host (no real service lives there). Operation paths continue it (`messages/search`). */
export const MAIL_BASE_URL = 'https://api.mailhub.example/v1/';

/**
 * MailHub: a provider-neutral mail, calendar, contacts, to-do, boards and directory API (DiffLab's own design, in
 * the spirit of EmailBench's typed API). JSON in and out, bearer token, errors as `{ error: { code, message, field } }`.
 */
export const mail = {
  name: 'mail',
  title: 'MailHub mail & productivity API',
  baseUrls: [MAIL_BASE_URL],
  servicePath: 'mail',
  schemaSql,
  rowNames,
  routes,
  people: { table: 'people', id: 'person_id', email: 'email' },
  // 2026-03-16 09:00 UTC, a Monday: after every message of the seed corpus.
  defaultClockStart: Date.UTC(2026, 2, 16, 9, 0, 0),
  defaultActingUserId: 'amara.osei',
  notFound(_request: Request, path: string): Response {
    return apiError(404, 'unknown_operation', `no MailHub operation at /${path.replace(/^\//, '')}; see the operation list`);
  },
  authenticate(_request: Request, token: string): Response | null {
    return token ? null : apiError(401, 'unauthenticated', 'send a bearer token: Authorization: Bearer <any token>');
  },
  internalError(err: unknown): Response {
    return apiError(500, 'internal_error', `the server failed: ${(err as Error)?.message ?? String(err)}`);
  },
  readParams,
  requestProblem,
  faults: faultResponses,
} satisfies Replica;
