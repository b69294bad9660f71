import type { Row } from '../../engine/index.ts';
import type { RouteContext } from '../types.ts';
import { ENTITIES, type EntityName } from './entities.ts';
import { argumentValidationError, notFound } from './errors.ts';
import { Sql } from './sql.ts';

/** What every resolver of one request shares: the route context and a cache of rows loaded by id. */
export class LinearContext {
  private rows = new Map<string, Promise<Row | null>>();
  /** Ids asked for in the current tick, per entity: loaded together in one query (the 50 issues of a page ask at once). */
  private pending = new Map<EntityName, Map<string, (row: Row | null) => void>>();
  private failures = new Map<EntityName, Map<string, (err: unknown) => void>>();
  constructor(readonly rc: RouteContext) {}

  get actingUserId(): string | null {
    return this.rc.actingUserId;
  }

  sql(): Sql {
    return new Sql(this.rc.now(), this.rc.actingUserId);
  }

  query<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    // PostgreSQL cannot hold U+0000 in text; a string literal in the document can carry one (`"\u0000"`), so every
    // value bound to a statement is checked here, where all of Linear's SQL passes.
    if (params.some(hasNul)) return Promise.reject(argumentValidationError('Arguments must not contain the NUL character (U+0000).'));
    return this.rc.tx.query<T>(text, params);
  }

  /** One row by id (archived rows included, as Linear returns them by id), or null. */
  load(entity: EntityName, id: string | null | undefined): Promise<Row | null> {
    if (id == null) return Promise.resolve(null);
    const key = `${entity}:${id}`;
    let hit = this.rows.get(key);
    if (!hit) {
      hit = new Promise<Row | null>((resolve, reject) => {
        if (!this.pending.has(entity)) {
          this.pending.set(entity, new Map());
          this.failures.set(entity, new Map());
          queueMicrotask(() => void this.flush(entity));
        }
        this.pending.get(entity)!.set(id, resolve);
        this.failures.get(entity)!.set(id, reject);
      });
      this.rows.set(key, hit);
    }
    return hit;
  }

  private async flush(entity: EntityName): Promise<void> {
    const waiting = this.pending.get(entity)!;
    const failing = this.failures.get(entity)!;
    this.pending.delete(entity);
    this.failures.delete(entity);
    try {
      const ids = [...waiting.keys()];
      const rows = await this.query(`SELECT * FROM ${ENTITIES[entity].table} WHERE "id" = ANY($1::text[])`, [ids]);
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      for (const [id, resolve] of waiting) resolve(byId.get(id) ?? null);
    } catch (err) {
      for (const reject of failing.values()) reject(err);
    }
  }

  /** Like `load`, but an unknown id is Linear's "Entity not found" error. */
  async require(entity: EntityName, id: string | null | undefined): Promise<Row> {
    const row = await this.load(entity, id);
    if (!row) throw notFound(ENTITIES[entity].typeName);
    return row;
  }

  /** Forget cached rows after a write, so the payload reads what was written. */
  forget(entity: EntityName, id: string): void {
    this.rows.delete(`${entity}:${id}`);
  }

  private fixedTime: number | null = null;

  /** The environment clock's time when a resolver of this request first asked, the same for all that ask after. */
  requestTime(): number {
    return (this.fixedTime ??= this.rc.now());
  }

  /** An ISO timestamp from the environment clock. */
  now(): string {
    return new Date(this.rc.now()).toISOString();
  }

  uuid(): string {
    return this.rc.nextId('uuid');
  }
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  return Array.isArray(value) && value.some(hasNul);
}
