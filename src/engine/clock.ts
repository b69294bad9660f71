/**
 * The environment's clock: fixed start, advancing one second on every read, so that two reads never return the
 * same instant (Slack message `ts` values must be unique) and the same script always sees the same times.
 */
export class Clock {
  private current: number;
  constructor(readonly start: number, readonly stepMs = 1000) {
    this.current = start;
  }
  now(): number {
    const t = this.current;
    this.current += this.stepMs;
    return t;
  }
  peek(): number {
    return this.current;
  }
  reset(): void {
    this.current = this.start;
  }
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A seeded id source (mulberry32): the same seed yields the same ids in the same order. */
export class IdSource {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }
  private nextUint(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** A string of `length` characters from [0-9A-Z]. */
  next(length = 10): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ID_ALPHABET[this.nextUint() % ID_ALPHABET.length];
    return out;
  }
  /** An RFC 4122 version-4-shaped UUID, deterministic. */
  uuid(): string {
    const hex = Array.from({ length: 4 }, () => this.nextUint().toString(16).padStart(8, '0')).join('');
    const v = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${v}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
  reset(): void {
    this.state = this.seed >>> 0;
  }
}

/** A stable 32-bit hash of a string (FNV-1a), used to seed id sources from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
