/** Builds one parameterised SQL statement: `p(value)` adds a parameter and returns its placeholder. */
export class Sql {
  readonly params: unknown[] = [];
  private aliases = 0;
  constructor(
    /** The environment clock, for relative dates (`-P2W`) in date comparators. */
    readonly now: number,
    /** The acting user, for `isMe`. */
    readonly actingUserId: string | null,
  ) {}

  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(prefix = 't'): string {
    return `${prefix}${++this.aliases}`;
  }
}

/** A double-quoted column of an alias: `col('i', 'teamId')` → `i."teamId"`. */
export function col(alias: string, name: string): string {
  return `${alias}."${name}"`;
}
