import type { RouteContext } from '../types.ts';

/**
 * Box ids are decimal strings ("12345678901"). The environment's seeded id source gives letters and digits; each
 * character becomes one digit, so ids stay deterministic and new ones never start with 0.
 */
export function newBoxId(ctx: RouteContext, kind: string): string {
  const raw = ctx.nextId(`box_${kind}`);
  let out = '';
  for (let i = 0; i < raw.length; i++) out += String(raw.charCodeAt(i) % 10);
  out = (Number(out[0]) % 9) + 1 + out.slice(1);
  return out.padEnd(11, String(raw.length % 10));
}

const UTC_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

/** Box timestamps: ISO 8601 with an offset and no fraction, e.g. 2026-01-15T09:00:00-08:00 (here always UTC). */
export function boxTime(value: unknown): string | null {
  if (value == null) return null;
  // Rows read as JSON carry Postgres' own text for a UTC timestamp, already in this form.
  if (typeof value === 'string' && UTC_SECONDS.test(value)) return value;
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function nowIso(ctx: RouteContext): string {
  return new Date(ctx.now()).toISOString();
}
