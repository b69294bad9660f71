import type { Engine, Template } from './engine.ts';
import { Clock, IdSource } from './clock.ts';
import { diffFromJournal, type JournalEntry } from './diff.ts';
import { envMetaSchema, envServiceSchema, ident } from './sqlNames.ts';
import { EngineError, type ActingUsers, type Diff, type DiffScope, type Row, type TableInfo, type Tx } from './types.ts';

/**
 * An isolated copy of a template: one schema per service plus a meta schema holding the change journal. Row
 * triggers append every write to the journal; diffs read the journal, so they cost what changed, not what exists.
 * Reset undoes the journal in reverse, so it too costs what changed.
 */
export class Environment {
  readonly clock: Clock;
  readonly ids: IdSource;
  /** The id every service acts as unless `actingUsers` names one for it. */
  actingUserId: string | null;
  /** Per-service identities of the acting person (a multi-service scenario's `acting_user` object). */
  actingUsers: ActingUsers;
  private stepStartSeq = 0;
  private disposed = false;
  private readonly tableInfo = new Map<string, TableInfo>();
  private readonly memos = new Map<string, Promise<unknown>>();

  constructor(
    private readonly engine: Engine,
    readonly id: string,
    readonly template: Template,
    options: { actingUserId: string | null; actingUsers?: ActingUsers; clockStart: number; idSeed: number },
  ) {
    this.actingUserId = options.actingUserId;
    this.actingUsers = options.actingUsers ?? {};
    this.clock = new Clock(options.clockStart);
    this.ids = new IdSource(options.idSeed);
    for (const t of template.schemaInfo.tables) this.tableInfo.set(`${t.service}.${t.name}`, t);
  }

  get services(): string[] {
    return this.template.services;
  }

  /** The user a request to `service` acts as: its own identity, else the environment's single id. */
  actingUserFor(service: string): string | null {
    return this.actingUsers[service] ?? this.actingUserId;
  }

  private get meta(): string {
    return ident(envMetaSchema(this.id));
  }

  /**
   * Copies the template's tables and attaches the journal triggers (after the copy, so the seed is not journaled), a
   * table at a time between other environments' requests; a copy that fails leaves nothing behind.
   */
  async materialise(): Promise<void> {
    try {
      await this.engine.copyBetweenRequests(this.template, this.id);
    } catch (err) {
      throw new EngineError(`environment ${this.id} could not be created: ${(err as Error).message}`, { environment: this.id, cause: err });
    }
  }

  /**
   * Runs `fn` in one transaction with search_path set to the service's schema: it commits when `fn` returns and
   * rolls back when it throws, so a failing request leaves no partial writes.
   */
  async transaction<T>(service: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    this.assertLive();
    if (!this.services.includes(service)) throw new EngineError(`environment ${this.id} has no ${service} data`, { environment: this.id });
    const schema = envServiceSchema(this.id, service);
    return this.engine.request(() =>
      this.engine.inSchema(schema, (tx) => {
        const bound: Tx = {
          query: async <R = Row>(sql: string, params?: unknown[]) => {
            try {
              return await tx.query<R>(sql, params);
            } catch (err) {
              throw new EngineError((err as Error).message, { sql, environment: this.id, cause: err });
            }
          },
          exec: async (sql: string) => {
            try {
              await tx.exec(sql);
            } catch (err) {
              throw new EngineError((err as Error).message, { sql, environment: this.id, cause: err });
            }
          },
        };
        return fn(bound);
      }),
    );
  }

  /** Memoises a value derived from rows that no request changes; a failed load is not kept; reset clears all. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.memos.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      this.memos.set(key, value);
      value.catch(() => this.memos.delete(key));
    }
    return value;
  }

  /** Marks the start of a step: `diff('step')` then covers only what changed after this call. */
  async beginStep(): Promise<void> {
    this.stepStartSeq = await this.journalPosition();
  }

  /** The journal's current position: a diff since it (`diffSince`) covers what changes afterwards. */
  async journalPosition(): Promise<number> {
    const r = await this.engine.db.query<{ s: number | null }>(`SELECT max(seq) AS s FROM ${this.meta}._journal`);
    return r.rows[0]?.s ?? 0;
  }

  /** The entries after `sinceSeq`, up to `untilSeq` (a later position) when given. */
  async journal(sinceSeq = 0, untilSeq?: number): Promise<JournalEntry[]> {
    this.assertLive();
    const r = await this.engine.db.query<{ seq: number; svc: string; tbl: string; op: 'I' | 'U' | 'D'; old: Row | null; new: Row | null }>(
      `SELECT seq, svc, tbl, op, old, new FROM ${this.meta}._journal WHERE seq > $1${untilSeq === undefined ? '' : ' AND seq <= $2'} ORDER BY seq`,
      untilSeq === undefined ? [sinceSeq] : [sinceSeq, untilSeq],
    );
    return r.rows.map((e) => ({ seq: e.seq, service: e.svc, table: e.tbl, op: e.op, old: e.old, new: e.new }));
  }

  /** The diff since the environment was created or reset ('run'), or since the last `beginStep()` ('step'). */
  async diff(scope: DiffScope = 'run'): Promise<Diff> {
    return this.diffSince(scope === 'step' ? this.stepStartSeq : 0);
  }

  /** The diff of everything journaled after a position from `journalPosition()` (up to a later one, when given). */
  async diffSince(position: number, until?: number): Promise<Diff> {
    return this.collapse(await this.journal(position, until));
  }

  /** The run's and the last step's diffs from one read of the journal (what a step's result shows). */
  async diffs(): Promise<{ run: Diff; step: Diff }> {
    const entries = await this.journal(0);
    return { run: this.collapse(entries), step: this.collapse(entries.filter((e) => e.seq > this.stepStartSeq)) };
  }

  private collapse(entries: JournalEntry[]): Diff {
    return diffFromJournal(entries, (svc, table, row) => this.keyOf(svc, table, row), this.services.length > 1);
  }

  keyOf(service: string, table: string, row: Row): string {
    const pk = this.tableInfo.get(`${service}.${table}`)?.primaryKey ?? [];
    return pk.map((c) => String(row[c])).join('|');
  }

  /** Returns the environment to its seed by undoing the journal newest first, then clears the journal. */
  async reset(): Promise<void> {
    this.assertLive();
    const entries = await this.journal(0);
    await this.engine.db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL session_replication_role = replica`);
      for (const e of entries.reverse()) {
        const info = this.tableInfo.get(`${e.service}.${e.table}`);
        if (!info) continue;
        const target = `${ident(envServiceSchema(this.id, e.service))}.${ident(e.table)}`;
        const pk = info.primaryKey.map(ident);
        if (e.new) {
          await tx.query(
            `DELETE FROM ${target} WHERE (${pk.join(', ')}) = (SELECT ${pk.join(', ')} FROM jsonb_populate_record(null::${target}, $1::jsonb))`,
            [JSON.stringify(e.new)],
          );
        }
        if (e.old) {
          await tx.query(`INSERT INTO ${target} SELECT * FROM jsonb_populate_record(null::${target}, $1::jsonb)`, [JSON.stringify(e.old)]);
        }
      }
      await tx.exec(`TRUNCATE ${this.meta}._journal`);
    });
    this.stepStartSeq = 0;
    this.memos.clear();
    this.clock.reset();
    this.ids.reset();
  }

  /** Tables of this environment with their current row counts, for the state browser. */
  async tables(): Promise<{ service: string; table: string; rows: number; primaryKey: string[] }[]> {
    this.assertLive();
    const infos = this.template.schemaInfo.tables;
    if (!infos.length) return [];
    const sql = infos
      .map((t, i) => `SELECT ${i} AS i, count(*)::int AS n FROM ${ident(envServiceSchema(this.id, t.service))}.${ident(t.name)}`)
      .join(' UNION ALL ');
    const counts = new Map((await this.engine.db.query<{ i: number; n: number }>(sql)).rows.map((r) => [r.i, r.n]));
    return infos.map((t, i) => ({ service: t.service, table: t.name, rows: counts.get(i) ?? 0, primaryKey: t.primaryKey }));
  }

  /** A page of one table's rows, ordered by primary key. */
  async rows(service: string, table: string, options: { limit?: number; offset?: number } = {}): Promise<Row[]> {
    this.assertLive();
    const info = this.tableInfo.get(`${service}.${table}`);
    if (!info) throw new EngineError(`no table ${service}.${table}`, { environment: this.id });
    const target = `${ident(envServiceSchema(this.id, service))}.${ident(table)}`;
    const r = await this.engine.db.query<Row>(
      `SELECT * FROM ${target} ORDER BY ${info.primaryKey.map(ident).join(', ')} LIMIT $1 OFFSET $2`,
      [options.limit ?? 100, options.offset ?? 0],
    );
    return r.rows;
  }

  /** Rows of a table whose `column` holds one of `values`, by the bounded rule of `Engine.templateRows`. */
  findRows(service: string, table: string, column: string, values: readonly (string | number | boolean)[], limit: number): Promise<Row[]> {
    this.assertLive();
    return this.engine.environmentRows(this.id, this.template.name, service, table, column, values, limit);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.engine.dropEnvironmentSchemas(this.services, this.id);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  private assertLive(): void {
    if (this.disposed) throw new EngineError(`environment ${this.id} was deleted`, { environment: this.id });
  }
}
