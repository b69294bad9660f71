import type { Template } from './engine.ts';

/** What the pool needs of the engine: building a copy a group of statements at a time, and dropping one. */
export interface PoolHost {
  /** The template loaded under this name now (a reloaded seed is a new object). */
  currentTemplate(name: string): Template | undefined;
  /** A fresh environment id. */
  newEnvironmentId(): string;
  /** The statement groups that copy the template into environment `id` (see copyStatements). */
  copyGroups(template: Template, id: string): Promise<string[][]>;
  exec(sql: string): Promise<void>;
  /** Drops whatever exists of environment `id`'s schemas. */
  drop(template: Template, id: string): Promise<void>;
  /** Whether a request's transaction is running or waiting: the pool works only when none is. */
  busy(): boolean;
}

interface Ready {
  id: string;
  template: Template;
}

/** How far back the pool counts a template's takes to size its ready copies. */
export const DEMAND_WINDOW_MS = 10_000;

export interface PoolStats {
  size: number;
  ready: Record<string, number>;
  /** Environments handed out ready, and those that had to be copied on demand (the pool was empty). */
  hits: number;
  misses: number;
}

/**
 * Environments copied ahead of need, a few per template, so that creating one costs nothing but its bookkeeping.
 * A pooled copy is made by the same statements as one made on demand and holds nothing else: its clock, id source and
 * acting user are given when it is handed out, and its journal is empty, so what happens in it is byte for byte what
 * would happen in a fresh one. The pool refills in the background, one table at a time and only while no request is
 * running, so a request waits at most for one table's copy. A template is kept warm once an environment of it is
 * asked for (or `warm` names it); a reloaded template's copies are dropped. A template asked for faster than `size`
 * copies cover keeps more ready: as many as were taken in the last DEMAND_WINDOW_MS, up to `limit`.
 */
export class EnvironmentPool {
  private target = 0;
  /** Most ready copies per template when demand grows (below `size`: no growth). */
  limit = 0;
  /** Told whenever the ready copies change (a worker reports them to the thread that places environments). */
  onChange: (() => void) | null = null;
  /** When each template's copies were taken, within the last DEMAND_WINDOW_MS. */
  private readonly taken = new Map<string, number[]>();
  private readonly ready = new Map<string, Ready[]>();
  private readonly warmTemplates = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private filling: Promise<void> | null = null;
  private closed = false;
  private hits = 0;
  private misses = 0;

  constructor(private readonly host: PoolHost) {}

  /** Ready environments kept per warm template (0, the default, turns the pool off and drops what it holds). */
  get size(): number {
    return this.target;
  }

  set size(n: number) {
    this.target = Math.max(0, Math.floor(n));
    if (this.target === 0) void this.drain();
    else this.schedule();
  }

  /** Keeps these templates' environments ready from now on. */
  warm(names: Iterable<string>): void {
    for (const name of names) this.warmTemplates.add(name);
    this.schedule();
  }

  /** A ready copy of the template, or null (the caller copies one itself); either way the pool refills. */
  take(template: Template): string | null {
    if (this.target === 0 || this.closed) return null;
    this.warmTemplates.add(template.name);
    const now = Date.now();
    this.taken.set(template.name, [...(this.taken.get(template.name) ?? []).filter((t) => t > now - DEMAND_WINDOW_MS), now]);
    const list = this.ready.get(template.name) ?? [];
    const i = list.findIndex((r) => r.template === template);
    this.schedule();
    if (i < 0) {
      this.misses++;
      return null;
    }
    this.hits++;
    const { id } = list.splice(i, 1)[0];
    this.onChange?.();
    return id;
  }

  /** Ready copies wanted of a template now: `size`, or its recent demand up to `limit`. */
  private targetOf(name: string): number {
    const since = Date.now() - DEMAND_WINDOW_MS;
    const demand = (this.taken.get(name) ?? []).filter((t) => t > since).length;
    return Math.max(this.target, Math.min(demand, this.limit));
  }

  stats(): PoolStats {
    return {
      size: this.target,
      ready: Object.fromEntries([...this.ready].map(([name, list]) => [name, list.length])),
      hits: this.hits,
      misses: this.misses,
    };
  }

  /** Resolves when the pool holds what it should (tests and the bench wait for this). */
  async settled(): Promise<void> {
    while (this.timer || this.filling) {
      if (this.filling) await this.filling;
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** Drops the ready copies of a template that is being dropped or reloaded. */
  async forget(name: string): Promise<void> {
    await this.filling;
    const list = this.ready.get(name) ?? [];
    this.ready.delete(name);
    for (const r of list) await this.host.drop(r.template, r.id).catch(() => {});
  }

  /** Stops refilling; the ready copies go with the database. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.filling;
  }

  private async drain(): Promise<void> {
    await this.filling;
    for (const name of [...this.ready.keys()]) await this.forget(name);
  }

  private schedule(): void {
    if (this.timer || this.filling || this.closed || this.target === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.filling = this.fill().finally(() => {
        this.filling = null;
        if (this.wanted()) this.schedule();
      });
    }, 0);
  }

  /** The next template below its target, if any. */
  private wanted(): Template | null {
    if (this.closed) return null;
    for (const name of this.warmTemplates) {
      const template = this.host.currentTemplate(name);
      if (!template) continue;
      const list = (this.ready.get(name) ?? []).filter((r) => r.template === template);
      if (list.length < this.targetOf(name)) return template;
    }
    return null;
  }

  private async fill(): Promise<void> {
    for (let template = this.wanted(); template; template = this.wanted()) {
      const id = this.host.newEnvironmentId();
      let complete = false;
      try {
        for (const group of await this.host.copyGroups(template, id)) {
          await this.idle();
          if (this.closed || this.host.currentTemplate(template.name) !== template) break;
          await this.host.exec(group.join(';\n'));
        }
        complete = !this.closed && this.host.currentTemplate(template.name) === template;
      } catch {
        // A copy that fails here fails on demand too, where its error reaches the caller: stop warming it.
        this.warmTemplates.delete(template.name);
      }
      if (!complete) {
        await this.host.drop(template, id).catch(() => {});
        continue;
      }
      const list = (this.ready.get(template.name) ?? []).filter((r) => r.template === template);
      // The pool may have been shrunk while this copy was made.
      if (list.length >= this.targetOf(template.name)) {
        await this.host.drop(template, id).catch(() => {});
        continue;
      }
      list.push({ id, template });
      this.ready.set(template.name, list);
      this.onChange?.();
    }
  }

  /** Waits for a turn of the event loop with no request running. */
  private async idle(): Promise<void> {
    do await new Promise((resolve) => setTimeout(resolve, 0));
    while (this.host.busy() && !this.closed);
  }
}
