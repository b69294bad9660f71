import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { ident } from './sqlNames.ts';
import type { Row, Tx } from './types.ts';

const { serialize } = protocol;
type Messages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/** The session's search_path as a transaction last set it; null when unknown (a SET is sent then). */
export interface SessionPath {
  current: string | null;
}

/**
 * One request's transaction, with search_path set to `schema`, in as few calls into PGlite as its statements
 * allow. Each call runs the wasm Postgres over a buffer of protocol messages and decodes its answer in JavaScript,
 * and that per-call work was most of a small request's cost: PGlite's `transaction` spends two calls on BEGIN and
 * two on COMMIT (a Query, then a Sync), and its `query` six on every statement (Parse, Describe, Bind, Describe,
 * Execute, Sync, one at a time). Here BEGIN, with the SET of the search_path when the session has another one,
 * goes out with the first statement; a statement without parameters is one Query message; one with parameters
 * takes two calls (Parse, Describe, Sync, to learn the parameters' types as PGlite's `query` does; then Bind,
 * Describe, Execute, Sync); COMMIT or ROLLBACK is one call. A transaction that runs no statement sends nothing.
 * Values are serialised and rows decoded by the database's own serializers and parsers, as in PGlite's `query`.
 *
 * Like `transaction`, it commits when `fn` returns and rolls back when it throws, and it holds PGlite's locks for
 * its whole run, so no other statement runs inside it.
 */
export async function requestTransaction<T>(db: PGlite, path: SessionPath, schema: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  await db._checkReady();
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      const setPath = path.current === schema ? [] : [`SET search_path TO ${ident(schema)}`];
      // Set here, while the locks are held; afterwards `path` is only ever cleared, so that a change of the search_path
      // outside requests (which clears it first) is never overwritten.
      path.current = schema;
      const tx = new WireTransaction(db, ['BEGIN', ...setPath]);
      let value: T;
      try {
        value = await fn(tx);
        await tx.end('COMMIT');
      } catch (error) {
        // A rolled-back transaction also rolls back a search_path set inside it.
        path.current = null;
        await tx.end('ROLLBACK');
        throw error;
      }
      // No statement ran, so neither did the SET.
      if (!tx.begun && setPath.length) path.current = null;
      return value;
    }),
  );
}

class WireTransaction implements Tx {
  /** Statements not sent yet, to go out with the next one: BEGIN and the opening ones. */
  private pending: string[];
  private ended = false;
  /** Statements run one at a time, in call order, even when a handler starts several at once (Promise.all). */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: PGlite,
    opening: string[],
  ) {
    this.pending = opening;
  }

  /** Whether BEGIN went out. */
  get begun(): boolean {
    return this.pending.length === 0;
  }

  query<R = Row>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.serial(() => this.run<R>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.serial(async () => void (await this.simple(sql)));
  }

  /** COMMIT or ROLLBACK, if BEGIN went out; a COMMIT that Postgres answers with ROLLBACK (an aborted transaction) throws. */
  end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    return this.serial(async () => {
      if (!this.begun) return;
      const [result] = parse.parseResults(await this.send([serialize.query(command)]), this.db.parsers);
      if (command === 'COMMIT' && result?.command === 'ROLLBACK') throw new Error('the transaction was aborted: COMMIT rolled it back');
    }, true);
  }

  private serial<T>(run: () => Promise<T>, ending = false): Promise<T> {
    const result = this.tail.then(() => {
      if (this.ended) {
        // A ROLLBACK after a COMMIT that failed: Postgres has ended the transaction already.
        if (ending) return undefined as T;
        throw new Error('the transaction has ended');
      }
      if (ending) this.ended = true;
      return run();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async run<R>(sql: string, params: unknown[]): Promise<R[]> {
    if (!params.length) {
      const results = await this.simple(sql);
      // The text must have been one statement: a second one would have run too (and rolls back with the request).
      if (results.length !== 1) throw new Error(`one statement expected, ${results.length} results returned`);
      return results[0].rows as R[];
    }
    const pending = this.takePending();
    const described = await this.send([
      ...(pending.length ? [serialize.query(pending.join('; '))] : []),
      serialize.parse({ text: sql }),
      serialize.describe({ type: 'S' }),
      serialize.sync(),
    ]);
    const types = parse.parseDescribeStatementResults(described);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = this.db.serializers[types[i]];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await this.send([serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    return parse.parseResults(messages, this.db.parsers)[0].rows as R[];
  }

  /** One Query message holding the pending statements and `sql`: the results of `sql`'s statements. */
  private async simple(sql: string) {
    const pending = this.takePending();
    const messages = await this.send([serialize.query([...pending, sql].join('; '))]);
    return parse.parseResults(messages, this.db.parsers).slice(pending.length);
  }

  private takePending(): string[] {
    const pending = this.pending;
    this.pending = [];
    return pending;
  }

  /** One call into PGlite. Rejects with the first error Postgres answered (the rest of the call is skipped up to its Sync). */
  private async send(messages: Uint8Array[]): Promise<Messages> {
    const bytes = messages.length === 1 ? messages[0] : concat(messages);
    return (await this.db.execProtocol(bytes, { syncToFs: false })).messages;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
