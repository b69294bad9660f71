import type { Row } from '../../engine/index.ts';
import type { RouteContext } from '../types.ts';
import { ENTITIES, type EntityName } from './entities.ts';
import { notFound } from './errors.ts';
import { Sql } from './sql.ts';

/** What every resolver of one request shares: the route context and a cache of rows loaded by id. */
export class LinearContext {
  private rows = new Map<string, Promise<Row | null>>();
  constructor(readonly rc: RouteContext) {}

  get actingUserId(): string | null {
    return this.rc.actingUserId;
  }

  sql(): Sql {
    return new Sql(this.rc.now(), this.rc.actingUserId);
  }

  query<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.rc.tx.query<T>(text, params);
  }

  /** One row by id (archived rows included, as Linear returns them by id), or null. */
  load(entity: EntityName, id: string | null | undefined): Promise<Row | null> {
    if (id == null) return Promise.resolve(null);
    const key = `${entity}:${id}`;
    let hit = this.rows.get(key);
    if (!hit) {
      hit = this.query(`SELECT * FROM ${ENTITIES[entity].table} WHERE "id" = $1`, [id]).then((r) => r[0] ?? null);
      this.rows.set(key, hit);
    }
    return hit;
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

  /** An ISO timestamp from the environment clock. */
  now(): string {
    return new Date(this.rc.now()).toISOString();
  }

  uuid(): string {
    return this.rc.nextId('uuid');
  }
}
