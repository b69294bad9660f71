/** A database row as JSON: column name → value. Timestamps are ISO strings, JSON columns are parsed values. */
export type Row = Record<string, unknown>;

/** A seed file: table name → rows. A multi-service seed nests one such object per service name. */
export type SeedTables = Record<string, Row[]>;
export type SeedFile = SeedTables | Record<string, SeedTables>;

/** A row in a diff carries the table (and service) it came from, as Agent-Diff's diff does. */
export type DiffRow = Row & { __table__: string; __service__?: string };

export interface RowUpdate {
  __table__: string;
  __service__?: string;
  before: Row;
  after: Row;
}

/** Agent-Diff's diff shape: rows matched across time by primary key. */
export interface Diff {
  inserts: DiffRow[];
  updates: RowUpdate[];
  deletes: DiffRow[];
}

export type DiffScope = 'run' | 'step';

/** A foreign key as the engine reads it from the catalog: used by the closed-world check. */
export interface ForeignKey {
  service?: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

/** What a service's tables look like: the evaluation and `difflab check` read this. */
export interface TableInfo {
  name: string;
  service: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /**
   * Rows the replica writes as a record of a change to the row they reference (an audit or history row), declared
   * in schema SQL with `COMMENT ON TABLE t IS '@derived: …'`. The closed-world check lets any explained change to
   * the referenced row explain them.
   */
  derived?: boolean;
  /**
   * Columns that summarise other rows referencing this one (a counter, a denormalised list of ids), declared with
   * `COMMENT ON COLUMN t.c IS '@derived: …'`. An update that changes only such columns is explained by an explained
   * change of a row that references the updated one (a team's `issueCount` by the new issue in it).
   */
  derivedColumns?: string[];
}

export interface SchemaInfo {
  tables: TableInfo[];
  foreignKeys: ForeignKey[];
}

/**
 * Who an environment's requests act as in each service, where a scenario spans several: the same person's Slack
 * user id, Box user id, Calendar address, Linear user id and MailHub account. A service missing here uses the
 * environment's single `actingUserId` (or the replica's default).
 */
export type ActingUsers = Readonly<Record<string, string>>;

/** A query runner bound to one environment and service (search_path set), inside one transaction. */
export interface Tx {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

export function emptyDiff(): Diff {
  return { inserts: [], updates: [], deletes: [] };
}

export function isDiffEmpty(d: Diff): boolean {
  return d.inserts.length === 0 && d.updates.length === 0 && d.deletes.length === 0;
}

/** What the engine needs of a service: its name and tables. Replicas satisfy this; the engine never names one. */
export interface ServiceSchema {
  name: string;
  /** CREATE TABLE statements, unqualified; every table needs a primary key. No serial/identity columns. */
  schemaSql: string;
  prepareSeedRow?: (table: string, row: Row) => Row;
  defaultClockStart?: number;
}

/** An engine error carries the SQL and the environment it happened in (PGlite's makePGliteError habit). */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly details: { sql?: string; environment?: string; cause?: unknown } = {},
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
