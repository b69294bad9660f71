import { MAX_FIELDS, MAX_JSON_DEPTH, MAX_JSON_ELEMENTS, MAX_JSON_KEYS, MAX_JSON_OBJECT_KEYS, MAX_MULTIPART_PARTS } from './limits.ts';
import type { ParseBound, RequestProblem } from './types.ts';

/**
 * Thrown where a request's input is counted past one of the parse bounds, before it is parsed; the router answers
 * it in the addressed service's shape (and the platform API in its own).
 */
export class ParseBoundExceeded extends Error {
  constructor(
    readonly bound: ParseBound,
    readonly limit: number,
    what: string,
    subject = 'the request',
  ) {
    super(`${subject} holds more than ${limit} ${what} (bound ${bound})`);
    this.name = 'ParseBoundExceeded';
  }

  get problem(): RequestProblem {
    return { kind: 'too_complex', bound: this.bound, limit: this.limit, detail: this.message };
  }
}

const DESCRIBED: Record<ParseBound, [number, string]> = {
  fields: [MAX_FIELDS, 'query or form fields'],
  multipart_parts: [MAX_MULTIPART_PARTS, 'multipart parts'],
  json_depth: [MAX_JSON_DEPTH, 'levels of JSON nesting'],
  json_object_keys: [MAX_JSON_OBJECT_KEYS, 'keys in one JSON object'],
  json_keys: [MAX_JSON_KEYS, 'JSON object keys'],
  json_elements: [MAX_JSON_ELEMENTS, 'JSON array elements'],
};

function exceeded(bound: ParseBound, subject?: string): never {
  const [limit, what] = DESCRIBED[bound];
  throw new ParseBoundExceeded(bound, limit, what, subject);
}

/** How many times `needle` occurs in `text` (non-overlapping), counting no further than `stopAfter`. */
function occurrences(text: string, needle: string, stopAfter: number): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0 && n <= stopAfter; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** A query string or form-urlencoded body (`a=1&b=2`): no more than MAX_FIELDS fields, counted by their `&`s. */
export function checkFields(text: string): void {
  if (occurrences(text, '&', MAX_FIELDS) >= MAX_FIELDS) exceeded('fields');
}

/**
 * Counts a JSON text's structure in one linear pass before it is parsed: nesting depth, keys per object and in
 * all, array elements in all. Strings are skipped whole (their contents are not structure). The text need not be
 * valid JSON: what does not parse is refused afterwards by JSON.parse, which then parses a bounded amount.
 */
export function checkJson(text: string): void {
  // Per open container: its kind (object 1, array 2), its count so far, and for arrays whether a value was seen.
  const kind = new Uint8Array(MAX_JSON_DEPTH + 1);
  const count = new Uint32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let keys = 0;
  let elements = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skipped to its closing quote, an escaped character at a time.
      if (depth > 0 && kind[depth] === 2 && count[depth] === 0) (count[depth] = 1), elements++;
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
      continue;
    }
    // Any other character inside an empty array begins its first element.
    if (depth > 0 && kind[depth] === 2 && count[depth] === 0) {
      count[depth] = 1;
      if (++elements > MAX_JSON_ELEMENTS) exceeded('json_elements');
    }
    if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) exceeded('json_depth');
      kind[depth] = c === 0x7b ? 1 : 2;
      count[depth] = 0;
    } else if (c === 0x2c) {
      if (depth > 0 && kind[depth] === 2) {
        count[depth]++;
        if (++elements > MAX_JSON_ELEMENTS) exceeded('json_elements');
      }
    } else if (c === 0x3a) {
      if (depth > 0 && kind[depth] === 1) {
        if (++count[depth] > MAX_JSON_OBJECT_KEYS) exceeded('json_object_keys');
        if (++keys > MAX_JSON_KEYS) exceeded('json_keys');
      }
    }
  }
  if (elements > MAX_JSON_ELEMENTS) exceeded('json_elements');
}

/**
 * The same bounds as `checkJson`, counted on a value parsed elsewhere (an MCP tool call's arguments, parsed by the
 * SDK's transport): without recursion, so that a value nested past what JSON.stringify can walk is refused, not
 * thrown on. `subject` names the value in the message.
 */
export function checkJsonValue(value: unknown, subject: string): void {
  let keys = 0;
  let elements = 0;
  const open: { value: object; depth: number }[] = [];
  const visit = (v: unknown, depth: number) => {
    if (v !== null && typeof v === 'object') open.push({ value: v, depth });
  };
  visit(value, 1);
  for (let next = open.pop(); next; next = open.pop()) {
    const { value: v, depth } = next;
    if (depth > MAX_JSON_DEPTH) exceeded('json_depth', subject);
    if (Array.isArray(v)) {
      if ((elements += v.length) > MAX_JSON_ELEMENTS) exceeded('json_elements', subject);
      for (const item of v) visit(item, depth + 1);
    } else {
      const names = Object.keys(v);
      if (names.length > MAX_JSON_OBJECT_KEYS) exceeded('json_object_keys', subject);
      if ((keys += names.length) > MAX_JSON_KEYS) exceeded('json_keys', subject);
      for (const name of names) visit((v as Record<string, unknown>)[name], depth + 1);
    }
  }
}

/** JSON.parse, after `checkJson` has counted the text within the bounds. */
export function parseJson(text: string): unknown {
  checkJson(text);
  return JSON.parse(text);
}

/**
 * A multipart/form-data body: no more than MAX_MULTIPART_PARTS parts, counted by their boundary delimiters before
 * any part is parsed. A body without a usable boundary is left to the parser, which refuses it.
 */
export function checkMultipart(bytes: Uint8Array, contentType: string): void {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return;
  // Latin-1 keeps one character per byte, so the delimiter is found by the engine's string search.
  const text = new TextDecoder('latin1').decode(bytes);
  // Each part opens with a delimiter and the body ends with one more (`--boundary--`).
  if (occurrences(text, `--${boundary[1] ?? boundary[2]}`, MAX_MULTIPART_PARTS + 1) > MAX_MULTIPART_PARTS + 1) exceeded('multipart_parts');
}

/**
 * The parse cost of a request, checked before any replica parses it: its query string's fields, and its body's
 * parts, fields or JSON structure by what the body is. Returns the request to read in its place (the body read once
 * here, handed on as the same bytes), or the request itself when it has no body.
 */
export async function checkRequestCost(request: Request, url: URL): Promise<Request> {
  checkFields(url.search);
  // By method, not by `request.body`: Firefox's Request has no `body` (undefined), with a body or without one.
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) checkMultipart(bytes, request.headers.get('content-type') ?? '');
  else {
    const text = new TextDecoder().decode(bytes);
    // Whatever its declared type, a body that opens as JSON is parsed as JSON by every service but Slack's forms.
    const first = text.search(/[^\s\uFEFF]/);
    if (first >= 0 && (text[first] === '{' || text[first] === '[')) checkJson(text);
    else checkFields(text);
  }
  return new Request(request, { body: bytes });
}
