/** A WHERE clause built from conditions with `?` placeholders, numbered in order ($1, $2, …). */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(condition.replace(/\?/g, () => `$${this.params.push(values[i++])}`));
    return this;
  }

  /** The next placeholder for a value used outside the conditions (LIMIT, OFFSET). */
  param(value: unknown): string {
    return `$${this.params.push(value)}`;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.map((p) => `(${p})`).join(' AND ')}` : '';
  }
}

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
