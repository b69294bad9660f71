import { ParseBoundExceeded, parseJson } from '../parseBounds.ts';
import { jsonObjectBody, mergeParams, queryParams, scalarText, setParam } from '../requestBody.ts';
import { invalidArguments, slackError } from './errors.ts';
import { isUploadUrl, readUploadBody } from './files.ts';

export type Params = Record<string, unknown>;

/**
 * Slack reads arguments from the query string and from a form-urlencoded, multipart or JSON body
 * (https://docs.slack.dev/apis/web-api/#posting-json). Body arguments win over query arguments. Form and query
 * values stay strings, as Slack receives them; JSON values keep their JSON types. Handlers coerce.
 */
export async function readParams(request: Request, url: URL): Promise<Params> {
  const params = queryParams(url);
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return params;
  // An upload URL's body is a file's bytes, not arguments.
  if (isUploadUrl(url)) return mergeParams(params, await readUploadBody(request));
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => {
      throw slackError('invalid_form_data');
    });
    form.forEach((v, k) => setParam(params, k, v));
    return params;
  }
  const text = await request.text();
  if (!text) return params;
  if (type.startsWith('application/json')) {
    const body = jsonObjectBody(text, (problem) => slackError(problem === 'invalid_json' ? 'invalid_json' : 'json_not_object'));
    return mergeParams(params, body);
  }
  // Form-urlencoded, and also what a bare `fetch(url, { body: 'a=1&b=2' })` sends (text/plain).
  new URLSearchParams(text).forEach((v, k) => setParam(params, k, v));
  return params;
}

/** A scalar argument as the string Slack would see, or undefined when absent or empty. */
export function str(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return s === '' ? undefined : s;
}

/** A required scalar argument: `invalid_arguments` naming the field when it is missing. */
export function required(params: Params, name: string): string {
  const v = str(params, name);
  if (v === undefined) throw invalidArguments(`missing required field: ${name}`, `/${name}`);
  return v;
}

/** Slack's booleans: `true`/`1` and `false`/`0` as strings or JSON values. Anything else keeps the default. */
export function flag(params: Params, name: string, fallback = false): boolean {
  const v = params[name];
  if (v === true || v === 1 || v === 'true' || v === '1') return true;
  if (v === false || v === 0 || v === 'false' || v === '0') return false;
  return fallback;
}

/**
 * A page size. Absent or 0 means the method's default; a value above the method's maximum is cut to the maximum
 * (as Slack does); anything that is not a non-negative integer is `invalid_limit`.
 */
export function limitParam(params: Params, def: number, max: number): number {
  const v = params.limit;
  if (v === undefined || v === null || v === '') return def;
  const n = typeof v === 'number' ? v : Number(scalarText(v).trim());
  if (!Number.isInteger(n) || n < 0) throw slackError('invalid_limit');
  if (n === 0) return def;
  return Math.min(n, max);
}

/** A positive integer argument such as `count` or `page`, clamped to [1, max]. */
export function positiveInt(params: Params, name: string, def: number, max: number): number {
  const v = params[name];
  if (v === undefined || v === null || v === '') return def;
  const n = Math.floor(Number(scalarText(v)));
  if (!Number.isFinite(n)) return def;
  return Math.max(1, Math.min(n, max));
}

/** A comma-separated list argument (`users=U1,U2`), also accepted as a JSON array. */
export function list(params: Params, name: string): string[] {
  const v = params[name];
  if (Array.isArray(v)) return v.map(scalarText).map((s) => s.trim()).filter(Boolean);
  const s = str(params, name);
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : [];
}

/**
 * A structured argument (`blocks`, `attachments`): the SDKs send it as a JSON string inside a form field, JSON
 * bodies carry it as a value. Returns undefined when absent, throws `errorCode` when it is not valid JSON.
 */
export function jsonArg(params: Params, name: string, errorCode: string): unknown {
  const v = params[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  try {
    return parseJson(v);
  } catch (err) {
    if (err instanceof ParseBoundExceeded) throw err;
    throw slackError(errorCode);
  }
}

// Cursors are opaque to clients; like Slack's they are base64 of `<kind>:<position>` (e.g. `dXNlcjpVMDYx…` is
// `user:U061…`). Each list method uses its own kind, so a cursor from another method is `invalid_cursor`.

export function encodeCursor(kind: string, position: string): string {
  const bytes = new TextEncoder().encode(`${kind}:${position}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** The position a cursor points at, or undefined when no cursor was given; `invalid_cursor` if it is not ours. */
export function decodeCursor(params: Params, kind: string): string | undefined {
  const raw = str(params, 'cursor');
  if (raw === undefined) return undefined;
  let text: string;
  try {
    const bin = atob(raw);
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    throw slackError('invalid_cursor');
  }
  const prefix = `${kind}:`;
  if (!text.startsWith(prefix) || text.length === prefix.length) throw slackError('invalid_cursor');
  return text.slice(prefix.length);
}
