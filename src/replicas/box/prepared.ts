import { queryPrepared as queryPreparedIn } from '../prepared.ts';
import type { RouteContext } from '../types.ts';
import { boxError } from './errors.ts';

/**
 * Box's search and folder listing are each one long statement: they run as session prepared statements
 * (src/replicas/prepared.ts), which halved both. A NUL in a value is Box's 400.
 */
export function queryPrepared<R>(ctx: RouteContext, sql: string, params: unknown[]): Promise<R[]> {
  return queryPreparedIn<R>(ctx, sql, params, () => boxError(400, 'bad_request', 'A parameter contains the NUL character, which Box does not accept.'));
}
