import type { Replica } from '../types.ts';
import { faultResponses, internalError, methodNotAllowed, notFound, requestProblem, unauthorized } from './errors.ts';
import { DOWNLOAD_BASE } from './files.ts';
import { readParams } from './params.ts';
import { routes } from './routes.ts';
import { prepareSeedRow, rowNames, schemaSql } from './schema.ts';

/**
 * The Box Content API 2.0: REST over https://api.box.com/2.0, uploads over https://upload.box.com/api/2.0, downloads
 * over https://dl.boxcloud.com.
 */
export const box = {
  name: 'box',
  title: 'Box Content API',
  // The download host serves only the download route (`d/1/{token}/download`, where GET /files/{id}/content redirects).
  baseUrls: ['https://api.box.com/2.0/', 'https://upload.box.com/api/2.0/', DOWNLOAD_BASE],
  servicePath: 'box/2.0',
  schemaSql,
  rowNames,
  routes,
  people: { table: 'box_users', id: 'id', email: 'login' },
  prepareSeedRow,
  // New items get this clock: 2026-01-20 09:00 UTC, after every timestamp in Agent-Diff's Box seed (the latest is
  // 2026-01-18) and in DiffLab's own.
  defaultClockStart: Date.UTC(2026, 0, 20, 9, 0, 0),
  notFound(_request: Request, path: string): Response {
    // The router reports a path that exists for another method as "METHOD /path".
    return /^[A-Z]+ /.test(path) ? methodNotAllowed() : notFound();
  },
  authenticate(_request: Request, token: string): Response | null {
    return token ? null : unauthorized();
  },
  internalError(err: unknown): Response {
    if (err instanceof Response) return err;
    return internalError();
  },
  readParams,
  isErrorResponse(response: Response): boolean {
    return response.status >= 400;
  },
  requestProblem,
  faults: faultResponses,
} satisfies Replica;

