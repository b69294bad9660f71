import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { Row } from './types.ts';

/**
 * One statement without parameters, as one call into PGlite: a simple-protocol Query message, whose answer ends
 * with its own ReadyForQuery. PGlite's `query` sends the extended protocol's six messages one call at a time
 * (Parse, Describe, Bind, Describe, Execute, Sync) and decodes the row description twice; `exec` adds a Sync call.
 * The rows are decoded by the same type parsers as `query`'s. Only for SQL the code writes (a prepared statement's
 * EXECUTE with literals from `queryPrepared`): the text must hold exactly one statement, and one that answers with
 * more than one result is refused after the fact, so that the caller's transaction rolls back.
 *
 * Must run where nothing else can use the connection (inside `PGlite.transaction`, which holds its lock).
 */
export async function simpleQuery<R = Row>(db: PGlite, sql: string): Promise<R[]> {
  const { messages } = await db.execProtocol(protocol.serialize.query(sql), { syncToFs: false });
  const results = parse.parseResults(messages, db.parsers);
  if (results.length !== 1) throw new Error(`one statement expected, ${results.length} results returned`);
  return results[0].rows as R[];
}
