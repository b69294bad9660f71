import type { Replica } from '../types.ts';
import { tokenProblem } from './auth.ts';
import { faultResponses, internalError, isSlackError, requestProblem, slackError, unknownMethod } from './errors.ts';
import { FILES_BASE } from './files.ts';
import { readParams } from './params.ts';
import { routes } from './routes.ts';
import { prepareSeedRow, rowNames, schemaSql } from './schema.ts';

/** The Slack Web API: RPC-style methods below https://slack.com/api/, answered as Slack does (HTTP 200, `ok`). */
export const slack = {
  name: 'slack',
  title: 'Slack Web API',
  // The hosts agents are told to call; api.slack.com/api/ must precede api.slack.com/ (first prefix wins). The file
  // host takes uploads and serves files' url_private; its URLs come in answers, which `serve` points at itself.
  baseUrls: ['https://slack.com/api/', 'https://www.slack.com/api/', 'https://api.slack.com/api/', 'https://api.slack.com/', FILES_BASE],
  answerUrlBases: [FILES_BASE],
  servicePath: 'slack',
  schemaSql,
  rowNames,
  routes,
  people: { table: 'users', id: 'user_id', email: 'email' },
  prepareSeedRow,
  // New messages get their ts from this clock: 2026-01-15 17:00 UTC, after every message in Agent-Diff's Slack seeds
  // (the latest is 2024-01-24) and in the "now" those seeds' stories assume (Q4 2025 is over).
  defaultClockStart: Date.UTC(2026, 0, 15, 17, 0, 0),
  notFound(_request: Request, path: string): Response {
    return unknownMethod(path.split(' ')[0]);
  },
  authenticate(_request: Request, token: string): Response | null {
    const problem = tokenProblem(token);
    return problem ? slackError(problem) : null;
  },
  internalError(_err: unknown): Response {
    return internalError();
  },
  readParams,
  isErrorResponse(response: Response): boolean {
    return response.status !== 200 || isSlackError(response);
  },
  requestProblem,
  faults: faultResponses,
} satisfies Replica;
