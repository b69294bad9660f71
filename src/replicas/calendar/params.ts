import { jsonObjectBody, scalarText, setParam } from '../requestBody.ts';
import { badRequest, invalidParameter } from './errors.ts';

export type Params = Record<string, unknown>;
/** A JSON request body (events, calendars, rules, channels): what the client sent, `{}` when none. */
export type Body = Record<string, any>;

/**
 * Calendar takes its options from the query string and its resource from a JSON body. Query values stay strings
 * (repeated keys such as `privateExtendedProperty` become arrays); the body is kept whole under `body`, and its
 * top-level fields also fill options the query leaves out.
 */
export async function readParams(request: Request, url: URL): Promise<Params> {
  const params: Params = {};
  url.searchParams.forEach((v, k) => {
    const prev = Object.hasOwn(params, k) ? params[k] : undefined;
    setParam(params, k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  });
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return params;
  const text = await request.text();
  if (!text.trim()) {
    params.body = {};
    return params;
  }
  const body = jsonObjectBody(text, () => badRequest('Parse Error'));
  // Query parameters may also come in the body (tool calls send every argument there); the query wins.
  for (const [k, v] of Object.entries(body)) if (!Object.hasOwn(params, k) && k !== 'body') setParam(params, k, v);
  params.body = body;
  return params;
}

export function bodyOf(params: Params): Body {
  return (params.body as Body | undefined) ?? {};
}

export function str(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  const s = scalarText(Array.isArray(v) ? v[v.length - 1] : v);
  return s === '' ? undefined : s;
}

export function strs(params: Params, name: string): string[] {
  const v = params[name];
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]).map(scalarText);
}

export function bool(params: Params, name: string, fallback = false): boolean {
  const v = str(params, name);
  if (v === undefined) return fallback;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw invalidParameter(name, `Invalid boolean value: '${v}'.`);
}

/** `maxResults`: default and cap per method; a non-positive or non-integer value is `invalidParameter`. */
export function maxResults(params: Params, def: number, cap: number): number {
  const v = str(params, 'maxResults');
  if (v === undefined) return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw invalidParameter('maxResults', `Invalid value '${v}'. Values must be within the range: [1, ${cap}]`);
  return Math.min(n, cap);
}

// Page and sync tokens are opaque to clients; ours are base64 of JSON with a kind, so one method's token is rejected
// by another.
export function encodeToken(kind: string, value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ k: kind, v: value }));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function decodeToken<T>(raw: string | undefined, kind: string, param: string): T | undefined {
  if (raw === undefined) return undefined;
  try {
    const bin = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
    if (parsed?.k === kind) return parsed.v as T;
  } catch {
    // fall through
  }
  throw invalidParameter(param, `Invalid ${param} value.`);
}
