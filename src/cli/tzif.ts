/**
 * Writes TZif files (RFC 8536, version 2), the format Python's `zoneinfo` reads, from a zone's transitions. The
 * footer's POSIX rule is left empty: the transitions run far enough ahead (2100) that the last one holds after.
 */
export interface ZoneType {
  /** Seconds east of UTC. */
  utoff: number;
  isdst: boolean;
  abbr: string;
}

export interface ZoneTransitions {
  /** Local time before the first transition. */
  initial: ZoneType;
  transitions: { at: number; type: ZoneType }[];
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function typeKey(type: ZoneType): string {
  return `${type.utoff}/${type.isdst ? 1 : 0}/${type.abbr}`;
}

function dataBlock(zone: ZoneTransitions, wide: boolean): { header: number[]; body: Uint8Array } {
  const types: ZoneType[] = [zone.initial];
  const index = new Map([[typeKey(zone.initial), 0]]);
  const transitions = zone.transitions.filter((t) => wide || (t.at >= INT32_MIN && t.at <= INT32_MAX));
  const typeOf = transitions.map((t) => {
    const key = typeKey(t.type);
    let i = index.get(key);
    if (i === undefined) {
      i = types.length;
      types.push(t.type);
      index.set(key, i);
    }
    return i;
  });
  const abbrOffsets = new Map<string, number>();
  let chars = '';
  for (const type of types) {
    if (!abbrOffsets.has(type.abbr)) {
      abbrOffsets.set(type.abbr, chars.length);
      chars += `${type.abbr}\0`;
    }
  }
  const timeSize = wide ? 8 : 4;
  const size = transitions.length * (timeSize + 1) + types.length * 6 + chars.length;
  const body = new Uint8Array(size);
  const view = new DataView(body.buffer);
  let at = 0;
  for (const t of transitions) {
    if (wide) view.setBigInt64(at, BigInt(t.at));
    else view.setInt32(at, t.at);
    at += timeSize;
  }
  for (const i of typeOf) body[at++] = i;
  for (const type of types) {
    view.setInt32(at, type.utoff);
    body[at + 4] = type.isdst ? 1 : 0;
    body[at + 5] = abbrOffsets.get(type.abbr) ?? 0;
    at += 6;
  }
  for (let i = 0; i < chars.length; i++) body[at++] = chars.charCodeAt(i);
  // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
  return { header: [0, 0, 0, transitions.length, types.length, chars.length], body };
}

function header(counts: number[]): Uint8Array {
  const bytes = new Uint8Array(44);
  bytes.set([0x54, 0x5a, 0x69, 0x66, 0x32]); // "TZif2"
  const view = new DataView(bytes.buffer);
  counts.forEach((count, i) => view.setUint32(20 + i * 4, count));
  return bytes;
}

export function writeTzif(zone: ZoneTransitions): Uint8Array {
  const v1 = dataBlock(zone, false);
  const v2 = dataBlock(zone, true);
  const parts = [header(v1.header), v1.body, header(v2.header), v2.body, new Uint8Array([0x0a, 0x0a])];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
