import type { PGlite } from '@electric-sql/pglite';
import { copyStatements, readCopyPlan, type CopyPlan } from './copyPlan.ts';
import { Environment } from './environment.ts';
import { nextTurn } from './nextTurn.ts';
import { EnvironmentPool } from './pool.ts';
import { mergeSchemaInfo, readSchemaInfo } from './schemaInfo.ts';
import { splitSeed } from './seed.ts';
import { META_SCHEMA, envMetaSchema, envServiceSchema, ident, serviceSchema, templateSchema } from './sqlNames.ts';
import { EngineError, type ActingUsers, type Row, type SchemaInfo, type SeedFile, type ServiceSchema, type Tx } from './types.ts';
import { hashString } from './clock.ts';
import { requestTransaction, type SessionPath } from './requestTransaction.ts';
import { startPGlite } from './startPGlite.ts';

export interface EngineOptions {
  /** The services' schemas; a promise (modules still loading) is awaited while PGlite starts. */
  services: ServiceSchema[] | Promise<ServiceSchema[]>;
  /** A data directory dumped by `engine.dump()` (a prebuilt site ships one): skips initdb and template loading. */
  loadDataDir?: Blob;
  /** An already open PGlite (tests share one): the engine leaves it open when its own start fails. */
  pglite?: PGlite;
  /** A PGlite being started by `startPGlite` (the page's worker begins it early): the engine owns it. */
  opening?: Promise<PGlite>;
  /** Ready environments kept per template in use (see EnvironmentPool); default none. */
  poolSize?: number;
}

export interface Template {
  name: string;
  /** Services present in the template, each with its own schema. */
  services: string[];
  schemaInfo: SchemaInfo;
  /** Row count per service and table, for browsing. */
  rowCounts: Record<string, number>;
}

/** WAL written since the last checkpoint past which a drop checkpoints (two of PostgreSQL's 16 MB segments). */
const CHECKPOINT_WAL_BYTES = 32 * 1024 * 1024;
/** Drops between two VACUUMs of the database. */
const VACUUM_EVERY_DROPS = 32;

/** How long a copy made on demand gives way to requests before each table at most (then it goes on regardless). */
const MAX_COPY_WAIT_MS = 250;

/** A table of at most this many rows may be scanned by `templateRows`; a bigger one only through an index. */
export const SCAN_LIMIT = 2_000;

/**
 * One PGlite per page or process. Templates are schemas loaded once from a seed; environments are schema copies
 * with a change journal. Creating PGlite costs seconds, creating an environment tens of milliseconds.
 */
export class Engine {
  readonly services = new Map<string, ServiceSchema>();
  private readonly templates = new Map<string, Template>();
  private readonly serviceInfo = new Map<string, SchemaInfo>();
  private envCounter = 0;
  private readonly runId = Math.floor(Math.random() * 36 ** 4).toString(36);
  private readonly copyPlans = new Map<Template, Promise<CopyPlan>>();
  /** Copies made ahead of time by `prepareSpares` and kept in the data directory: one per template, taken once. */
  private readonly spares = new Map<string, { id: string; template: Template }>();
  /** Requests (environment transactions) running or waiting for the database. */
  private activeTransactions = 0;
  /** Environments copied ahead of need; off (size 0) unless a shell turns it on. */
  readonly pool: EnvironmentPool;

  private constructor(readonly db: PGlite) {
    this.pool = new EnvironmentPool({
      currentTemplate: (name) => this.templates.get(name),
      newEnvironmentId: () => this.newEnvironmentId(),
      copyGroups: (template, id) => this.copyGroups(template, id),
      exec: async (sql) => void (await this.db.exec(sql)),
      drop: (template, id) => this.dropEnvironmentSchemas(template.services, id),
      busy: () => this.activeTransactions > 0,
    });
  }

  static async create(options: EngineOptions): Promise<Engine> {
    const opening = options.pglite ?? options.opening ?? startPGlite(options.loadDataDir);
    const [services, db] = await Promise.allSettled([options.services, opening]);
    if (services.status === 'rejected' || db.status === 'rejected') {
      if (!options.pglite && db.status === 'fulfilled') await db.value.close().catch(() => {});
      throw services.status === 'rejected' ? services.reason : (db as PromiseRejectedResult).reason;
    }
    const engine = new Engine(db.value);
    for (const s of services.value) engine.services.set(s.name, s);
    if (options.poolSize) engine.pool.size = options.poolSize;
    try {
      await engine.installServices();
      await engine.readTemplates();
      await engine.readSpares();
    } catch (err) {
      if (!options.pglite) await db.value.close().catch(() => {});
      throw err;
    }
    return engine;
  }

  /** Creates each service's canonical schema (used to validate suites) unless the data directory has it. */
  private async installServices(): Promise<void> {
    await this.db.exec(`CREATE SCHEMA IF NOT EXISTS ${META_SCHEMA};
      CREATE SEQUENCE IF NOT EXISTS ${META_SCHEMA}.journal_seq AS integer;
      CREATE TABLE IF NOT EXISTS ${META_SCHEMA}.services (name text PRIMARY KEY, schema_hash text NOT NULL);
      CREATE TABLE IF NOT EXISTS ${META_SCHEMA}.templates (name text PRIMARY KEY, services text[] NOT NULL,
        seed_hash text NOT NULL, schema_hash text NOT NULL);
      ALTER TABLE ${META_SCHEMA}.services ADD COLUMN IF NOT EXISTS info jsonb;
      ALTER TABLE ${META_SCHEMA}.templates ADD COLUMN IF NOT EXISTS row_counts jsonb;
      CREATE TABLE IF NOT EXISTS ${META_SCHEMA}.spares (id text PRIMARY KEY, template text NOT NULL, seed_hash text NOT NULL);`);
    // What the catalog says of each service's tables is kept beside its schema's hash: reading it again from
    // information_schema costs more than the rest of a start from a data directory.
    const installed = new Map(
      (await this.db.query<{ name: string; schema_hash: string; info: SchemaInfo | null }>(`SELECT name, schema_hash, info FROM ${META_SCHEMA}.services`)).rows.map(
        (r) => [r.name, r],
      ),
    );
    for (const s of this.services.values()) {
      const hash = String(hashString(s.schemaSql));
      const schema = serviceSchema(s.name);
      const known = installed.get(s.name);
      if (known?.schema_hash === hash && known.info) {
        this.serviceInfo.set(s.name, known.info);
        continue;
      }
      if (known?.schema_hash !== hash) {
        // The schema changed since the data directory was built: drop it and every template built on it.
        const stale = await this.db.query<{ name: string }>(
          `SELECT name FROM ${META_SCHEMA}.templates WHERE $1 = ANY(services)`,
          [s.name],
        );
        for (const t of stale.rows) await this.dropTemplate(t.name);
        await this.db.exec(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE; CREATE SCHEMA ${ident(schema)};`);
        await this.execIn(schema, s.schemaSql);
        await this.db.query(
          `INSERT INTO ${META_SCHEMA}.services VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET schema_hash = $2`,
          [s.name, hash],
        );
      }
      const info = await readSchemaInfo(this.db, schema, s.name);
      for (const t of info.tables) {
        if (t.primaryKey.length === 0) throw new EngineError(`table ${s.name}.${t.name} has no primary key`);
      }
      await this.db.query(`UPDATE ${META_SCHEMA}.services SET info = $2 WHERE name = $1`, [s.name, JSON.stringify(info)]);
      this.serviceInfo.set(s.name, info);
    }
  }

  private async readTemplates(): Promise<void> {
    const rows = await this.db.query<{ name: string; services: string[]; row_counts: Record<string, number> | null }>(
      `SELECT name, services, row_counts FROM ${META_SCHEMA}.templates`,
    );
    const schemas = new Set((await this.db.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace`)).rows.map((r) => r.nspname));
    for (const r of rows.rows) {
      if (!r.services.every((s) => this.services.has(s))) continue;
      // A data directory written by an older DiffLab may name template schemas differently: load such seeds anew.
      if (!r.services.every((s) => schemas.has(templateSchema(r.name, s)))) {
        await this.dropTemplate(r.name);
        continue;
      }
      this.templates.set(r.name, await this.describeTemplate(r.name, r.services, r.row_counts));
    }
  }

  /**
   * Takes note of the spare copies a data directory holds (see prepareSpares); a spare of a template that is gone or
   * was loaded from another seed, or whose schemas are missing, is dropped.
   */
  private async readSpares(): Promise<void> {
    const rows = await this.db.query<{ id: string; template: string; seed_hash: string; current: string | null }>(
      `SELECT s.id, s.template, s.seed_hash, t.seed_hash AS current FROM ${META_SCHEMA}.spares s LEFT JOIN ${META_SCHEMA}.templates t ON t.name = s.template`,
    );
    if (rows.rows.length === 0) return;
    const schemas = new Set((await this.db.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace`)).rows.map((r) => r.nspname));
    for (const r of rows.rows) {
      const template = this.templates.get(r.template);
      const whole = template && [envMetaSchema(r.id), ...template.services.map((s) => envServiceSchema(r.id, s))].every((s) => schemas.has(s));
      if (template && whole && r.current === r.seed_hash && !this.spares.has(r.template)) this.spares.set(r.template, { id: r.id, template });
      else await this.dropSpare(r.id, template?.services ?? [...this.services.keys()]);
    }
  }

  private async dropSpare(id: string, services: readonly string[]): Promise<void> {
    await this.dropEnvironmentSchemas(services, id);
    await this.db.query(`DELETE FROM ${META_SCHEMA}.spares WHERE id = $1`, [id]);
  }

  /**
   * Copies each named template once more, ahead of need, under an id of its own: a data directory dumped after this
   * holds a ready environment per template, so the first environment a page opens costs no copy (the shipped site's
   * first scenario is ready as soon as PostgreSQL is).
   */
  async prepareSpares(names: readonly string[]): Promise<void> {
    for (const name of names) {
      const template = this.templates.get(name);
      if (!template || this.spares.has(name)) continue;
      const id = `spare${hashString(name).toString(36)}`;
      await this.db.exec((await this.copyGroups(template, id)).flat().join(';\n'));
      const hash = await this.db.query<{ seed_hash: string }>(`SELECT seed_hash FROM ${META_SCHEMA}.templates WHERE name = $1`, [name]);
      await this.db.query(`INSERT INTO ${META_SCHEMA}.spares VALUES ($1, $2, $3)`, [id, name, hash.rows[0].seed_hash]);
      this.spares.set(name, { id, template });
    }
  }

  /** The template's spare copy, if it has one left: its id, now the caller's. */
  private async takeSpare(template: Template): Promise<string | null> {
    const spare = this.spares.get(template.name);
    if (!spare || spare.template !== template) return null;
    this.spares.delete(template.name);
    if (this.pool.size) this.pool.warm([template.name]);
    await this.db.query(`DELETE FROM ${META_SCHEMA}.spares WHERE id = $1`, [spare.id]);
    return spare.id;
  }

  /** A template's schema info and row counts (counted once, when the seed is loaded, and kept in the meta schema). */
  private async describeTemplate(name: string, services: string[], known: Record<string, number> | null = null): Promise<Template> {
    const infos = services.map((svc) => this.serviceInfo.get(svc)!);
    if (known) return { name, services, schemaInfo: mergeSchemaInfo(infos), rowCounts: known };
    const rowCounts: Record<string, number> = {};
    for (const svc of services) {
      const info = this.serviceInfo.get(svc)!;
      const schema = templateSchema(name, svc);
      const counts = info.tables.map((t) => `SELECT '${svc}.${t.name}' AS k, count(*)::int AS n FROM ${ident(schema)}.${ident(t.name)}`);
      if (counts.length) {
        for (const r of (await this.db.query<{ k: string; n: number }>(counts.join(' UNION ALL '))).rows) rowCounts[r.k] = r.n;
      }
    }
    await this.db.query(`UPDATE ${META_SCHEMA}.templates SET row_counts = $2 WHERE name = $1`, [name, JSON.stringify(rowCounts)]);
    return { name, services, schemaInfo: mergeSchemaInfo(infos), rowCounts };
  }

  /** The session's search_path as the last request transaction set it (see requestTransaction.ts). */
  private readonly searchPath: SessionPath = { current: null };

  /**
   * Runs `fn` in one transaction with search_path set to `schema` (sent only when the session has another one):
   * every unqualified statement in DiffLab runs here, through `Environment.transaction`.
   */
  inSchema<T>(schema: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return requestTransaction(this.db, this.searchPath, schema, fn);
  }

  /** Runs SQL with search_path set to one schema, in one implicit transaction. */
  private async execIn(schema: string, sql: string): Promise<void> {
    this.searchPath.current = null;
    try {
      await this.db.exec(`SET search_path TO ${ident(schema)}; ${sql}; RESET search_path;`);
    } catch (err) {
      await this.db.exec('RESET search_path').catch(() => {});
      throw new EngineError(`SQL failed in schema ${schema}: ${(err as Error).message}`, { sql, cause: err });
    }
  }

  schemaInfo(service?: string): SchemaInfo {
    if (service) return this.serviceInfo.get(service) ?? { tables: [], foreignKeys: [] };
    return mergeSchemaInfo([...this.serviceInfo.values()]);
  }

  getTemplate(name: string): Template | undefined {
    return this.templates.get(name);
  }

  listTemplates(): Template[] {
    return [...this.templates.values()];
  }

  /**
   * Loads a seed as a template (once: a template whose seed and schemas are unchanged is reused). Rows are
   * inserted with triggers and foreign-key checks off, so a seed's table order does not matter.
   */
  async loadTemplate(name: string, seed: SeedFile): Promise<Template> {
    const parts = splitSeed(seed, this.schemaInfo(), [...this.services.keys()]);
    const seedHash = String(hashString(JSON.stringify(seed)));
    const schemaHash = parts.map((p) => hashString(this.services.get(p.service)!.schemaSql)).join(',');
    const existing = await this.db.query<{ seed_hash: string; schema_hash: string }>(
      `SELECT seed_hash, schema_hash FROM ${META_SCHEMA}.templates WHERE name = $1`,
      [name],
    );
    const cached = this.templates.get(name);
    if (cached && existing.rows[0]?.seed_hash === seedHash && existing.rows[0]?.schema_hash === schemaHash) return cached;
    if (existing.rows.length) await this.dropTemplate(name);

    // Read outside the transaction: PGlite has one connection, and a query beside an open transaction waits for it.
    const indexSql = new Map(await Promise.all(parts.map(async (p) => [p.service, await this.indexSql(p.service)] as const)));
    await this.db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL session_replication_role = replica`);
      for (const part of parts) {
        const svc = this.services.get(part.service)!;
        const schema = templateSchema(name, part.service);
        const info = this.serviceInfo.get(part.service)!;
        await tx.exec(`CREATE SCHEMA ${ident(schema)}`);
        // Tables without their indexes, filled, then indexed: building an index over loaded rows costs less than
        // keeping it up to date row by row (a seed of 12,000 rows in five services loads in about two thirds of the time).
        await tx.exec(
          info.tables
            .map((t) => `CREATE TABLE ${ident(schema)}.${ident(t.name)} (LIKE ${ident(serviceSchema(part.service))}.${ident(t.name)} INCLUDING ALL EXCLUDING INDEXES)`)
            .join(';\n'),
        );
        for (const [table, rows] of Object.entries(part.tables)) {
          if (rows.length === 0) continue;
          const prepared = svc.prepareSeedRow ? rows.map((r) => svc.prepareSeedRow!(table, { ...r })) : rows;
          const cols = [...new Set(prepared.flatMap((r) => Object.keys(r)))];
          const target = `${ident(schema)}.${ident(table)}`;
          const colList = cols.map(ident).join(', ');
          try {
            await tx.query(
              `INSERT INTO ${target} (${colList}) SELECT ${colList} FROM jsonb_populate_recordset(null::${target}, $1::jsonb)`,
              [JSON.stringify(prepared)],
            );
          } catch (err) {
            throw new EngineError(`seed "${name}": rows of table ${table} could not be loaded: ${(err as Error).message}`, { cause: err });
          }
        }
        const statements = indexSql.get(part.service)!.map((sql) => sql(ident(schema)));
        if (statements.length) await tx.exec(statements.join(';\n'));
      }
      await tx.query(`INSERT INTO ${META_SCHEMA}.templates VALUES ($1, $2, $3, $4)`, [
        name,
        parts.map((p) => p.service),
        seedHash,
        schemaHash,
      ]);
    });
    const template = await this.describeTemplate(name, parts.map((p) => p.service));
    this.templates.set(name, template);
    return template;
  }

  private readonly indexes = new Map<string, Promise<((schema: string) => string)[]>>();

  /**
   * The statements that give a copy of a service's tables in another schema the canonical schema's keys, unique
   * constraints and indexes: what `LIKE … INCLUDING INDEXES` would have copied, run after the rows are in.
   */
  private indexSql(service: string): Promise<((schema: string) => string)[]> {
    let found = this.indexes.get(service);
    if (!found) {
      const source = serviceSchema(service);
      found = (async () => {
        const constraints = await this.db.query<{ name: string; tbl: string; def: string }>(
          `SELECT c.conname AS name, r.relname AS tbl, pg_get_constraintdef(c.oid) AS def
             FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
            WHERE n.nspname = $1 AND c.contype IN ('p', 'u', 'x') ORDER BY r.relname, c.conname`,
          [source],
        );
        const indexes = await this.db.query<{ name: string; def: string }>(
          `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
            WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) ORDER BY i.relname`,
          [source],
        );
        // pg_get_indexdef names the table as `schema.table`; only that part changes.
        const on = new RegExp(` ON (ONLY )?(${source}|"${source}")\\.`);
        return [
          ...constraints.rows.map((c) => (schema: string) => `ALTER TABLE ${schema}.${ident(c.tbl)} ADD CONSTRAINT ${ident(c.name)} ${c.def}`),
          ...indexes.rows.map((i) => (schema: string) => i.def.replace(on, (_m, only: string | undefined) => ` ON ${only ?? ''}${schema}.`)),
        ];
      })();
      this.indexes.set(service, found);
      found.catch(() => this.indexes.delete(service));
    }
    return found;
  }

  async dropTemplate(name: string): Promise<void> {
    await this.pool.forget(name);
    const old = this.templates.get(name);
    const spare = this.spares.get(name);
    this.spares.delete(name);
    if (spare) await this.dropSpare(spare.id, spare.template.services);
    if (old) this.copyPlans.delete(old);
    const row = await this.db.query<{ services: string[] }>(`SELECT services FROM ${META_SCHEMA}.templates WHERE name = $1`, [name]);
    for (const svc of row.rows[0]?.services ?? []) {
      await this.db.exec(`DROP SCHEMA IF EXISTS ${ident(templateSchema(name, svc))} CASCADE`);
    }
    await this.db.query(`DELETE FROM ${META_SCHEMA}.templates WHERE name = $1`, [name]);
    this.templates.delete(name);
    this.indexed.clear();
  }

  private readonly indexed = new Map<string, Promise<ReadonlySet<string>>>();

  /**
   * Rows of a template's table whose `column` equals one of `values`, at most `limit`, each as its JSON image (as
   * diffs show rows). Bounded: the lookup runs only through an index that leads with the column, or on a table of at
   * most SCAN_LIMIT rows; otherwise, and for an unknown table or column, it finds nothing. Never throws.
   */
  templateRows(templateName: string, service: string, table: string, column: string, values: readonly (string | number | boolean)[], limit: number): Promise<Row[]> {
    return this.rowsWhere(templateName, templateSchema(templateName, service), service, table, column, values, limit);
  }

  /**
   * `templateRows` in an environment of the template (its current state): its tables carry the template's indexes,
   * and the table's size in the seed decides whether a scan is allowed.
   */
  environmentRows(envId: string, templateName: string, service: string, table: string, column: string, values: readonly (string | number | boolean)[], limit: number): Promise<Row[]> {
    return this.rowsWhere(templateName, envServiceSchema(envId, service), service, table, column, values, limit);
  }

  private async rowsWhere(templateName: string, schema: string, service: string, table: string, column: string, values: readonly (string | number | boolean)[], limit: number): Promise<Row[]> {
    const template = this.templates.get(templateName);
    const info = template?.schemaInfo.tables.find((t) => t.service === service && t.name === table);
    const type = info?.columns.find((c) => c.name === column)?.type.toLowerCase();
    if (!template || !info || !type || values.length === 0 || /json|array|bytea/.test(type)) return [];
    const indexedIn = `${ident(templateSchema(templateName, service))}.${ident(table)}`;
    try {
      const small = (template.rowCounts[`${service}.${table}`] ?? Infinity) <= SCAN_LIMIT;
      if (!small && !(await this.indexedColumns(indexedIn)).has(column)) return [];
      const r = await this.db.query<{ r: Row }>(`SELECT to_jsonb(t) AS r FROM ${ident(schema)}.${ident(table)} t WHERE ${ident(column)} = ANY($1) LIMIT $2`, [values.map(String), limit]);
      return r.rows.map((x) => x.r);
    } catch {
      // A value the column's type cannot hold (`abc` for an integer) matches nothing.
      return [];
    }
  }

  /** The columns that lead an index of a table (a lookup by them is an index scan). */
  private indexedColumns(target: string): Promise<ReadonlySet<string>> {
    let hit = this.indexed.get(target);
    if (!hit) {
      hit = this.db
        .query<{ name: string }>(
          `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE i.indrelid = $1::regclass`,
          [target],
        )
        .then((r) => new Set(r.rows.map((x) => x.name)));
      hit.catch(() => this.indexed.delete(target));
      this.indexed.set(target, hit);
    }
    return hit;
  }

  /** A fresh, isolated environment copied from a template. Many may exist at once. */
  async createEnvironment(
    templateName: string,
    options: { actingUserId?: string | null; actingUsers?: ActingUsers; clockStart?: number; idSeed?: number } = {},
  ): Promise<Environment> {
    const template = this.templates.get(templateName);
    if (!template) throw new EngineError(`unknown template "${templateName}" (loaded: ${[...this.templates.keys()].join(', ') || 'none'})`);
    const ready = (await this.takeSpare(template)) ?? this.pool.take(template);
    const id = ready ?? this.newEnvironmentId();
    const clockStart =
      options.clockStart ?? this.services.get(template.services[0])?.defaultClockStart ?? Date.UTC(2026, 0, 15, 17, 0, 0);
    const env = new Environment(this, id, template, {
      actingUserId: options.actingUserId ?? null,
      actingUsers: options.actingUsers,
      clockStart,
      idSeed: options.idSeed ?? hashString(templateName),
    });
    if (!ready) await env.materialise();
    return env;
  }

  private newEnvironmentId(): string {
    return `${this.runId}_${++this.envCounter}`;
  }

  /** The statement groups that copy a template into environment `id` (the catalog is read once per template). */
  async copyGroups(template: Template, id: string): Promise<string[][]> {
    let plan = this.copyPlans.get(template);
    if (!plan) {
      plan = readCopyPlan(this.db, template.name, template.schemaInfo.tables, template.rowCounts);
      plan.catch(() => this.copyPlans.delete(template));
      this.copyPlans.set(template, plan);
    }
    return copyStatements(await plan, template.name, id);
  }

  /**
   * Copies a template into environment `id` a table at a time, each table at a turn of the event loop when no request
   * is running (waiting at most MAX_COPY_WAIT_MS for one): requests in other environments wait for one table's copy,
   * not for whole copies queued before them. What fails is dropped.
   */
  async copyBetweenRequests(template: Template, id: string): Promise<void> {
    const groups = await this.copyGroups(template, id);
    try {
      for (const group of groups) {
        await this.betweenRequests();
        await this.db.exec(group.join(';\n'));
      }
    } catch (err) {
      await this.dropEnvironmentSchemas(template.services, id).catch(() => {});
      throw err;
    }
  }

  private async betweenRequests(): Promise<void> {
    await nextTurn();
    const until = Date.now() + MAX_COPY_WAIT_MS;
    while (this.activeTransactions > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  /** Drops an environment's schemas (its journal's and one per service), then keeps the WAL and the catalog small. */
  async dropEnvironmentSchemas(services: readonly string[], id: string): Promise<void> {
    const schemas = [envMetaSchema(id), ...services.map((s) => envServiceSchema(id, s))];
    await this.db.exec(schemas.map((s) => `DROP SCHEMA IF EXISTS ${ident(s)} CASCADE`).join(';\n'));
    await this.afterDrop();
  }

  /** Environments dropped since the catalog was last vacuumed. */
  private dropsSinceVacuum = 0;

  /**
   * PGlite runs PostgreSQL as a single process: no checkpointer and no autovacuum. Without them the WAL (files in
   * PGlite's memory) grows by every byte ever written — a 10 MiB Box upload adds ~18 MB that its environment's delete
   * does not return — and the catalog by every dropped environment's dead rows (~0.2 MB each). After a drop, a
   * checkpoint once CHECKPOINT_WAL_BYTES were written since the last (PostgreSQL then recycles the old segments), and
   * a VACUUM every VACUUM_EVERY_DROPS drops (the dead rows' space is reused).
   */
  private async afterDrop(): Promise<void> {
    if (++this.dropsSinceVacuum >= VACUUM_EVERY_DROPS) {
      this.dropsSinceVacuum = 0;
      await this.db.exec('VACUUM');
    }
    const wal = await this.db.query<{ bytes: number }>(`SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()`);
    if ((wal.rows[0]?.bytes ?? 0) > CHECKPOINT_WAL_BYTES) await this.db.exec('CHECKPOINT');
  }

  /** Runs a request's transaction, counted so that the pool works only between requests. */
  async request<T>(run: () => Promise<T>): Promise<T> {
    this.activeTransactions++;
    try {
      return await run();
    } finally {
      this.activeTransactions--;
    }
  }

  /**
   * Dumps the whole database (services and templates) so that a site or a command can start without initdb: gzipped
   * for a download, uncompressed for a local cache.
   */
  async dump(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    // A start from a dump made right after a checkpoint replays no WAL (otherwise a fifth of a start's CPU time).
    await this.db.exec('CHECKPOINT');
    return (await this.db.dumpDataDir(compression)) as Blob;
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.db.close();
  }
}
