import { ParseBoundExceeded, parseJson } from '../parseBounds.ts';
import { jsonObjectBody, mergeParams, queryParams, scalarText, setParam } from '../requestBody.ts';
import { boxError, invalidParameter } from './errors.ts';

export type Params = Record<string, unknown>;

/** An uploaded part of a multipart body: its file name as sent, its media type and its bytes. */
export interface UploadedFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * Box takes query parameters on every method and a JSON body on writes; uploads are multipart/form-data with an
 * `attributes` part (JSON text) and a file part, `file` in Box's docs but read whatever its name
 * (https://developer.box.com/reference/post-files-content/).
 * Query values stay strings; body values keep their JSON types. An upload's attributes land in `attributes` (an
 * object, or the raw text when it is not JSON) and its bytes in `file`.
 */
export async function readParams(request: Request, url: URL): Promise<Params> {
  const params = queryParams(url);
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return params;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => {
      throw boxError(400, 'bad_request', 'Could not parse multipart form data');
    });
    const parts: [string, FormDataEntryValue][] = [];
    form.forEach((v, k) => parts.push([k, v]));
    let firstFile: UploadedFile | undefined;
    for (const [k, v] of parts) {
      if (typeof v === 'string') {
        if (k === 'attributes') params.attributes = parseJsonOr(v);
        else if (k === 'file') params.file = { filename: '', type: 'text/plain', bytes: new TextEncoder().encode(v) } satisfies UploadedFile;
        else setParam(params, k, v);
      } else {
        const part: UploadedFile = { filename: v.name ?? '', type: v.type ?? '', bytes: new Uint8Array(await v.arrayBuffer()) };
        setParam(params, k, part);
        if (k !== 'attributes') firstFile ??= part;
      }
    }
    // Box reads the file from the part after `attributes`, whatever its name: box-node-sdk 3.8.2 (the Box CLI's
    // base) names it `content`, the docs and the newer SDKs `file`.
    if (params.file === undefined && firstFile) params.file = firstFile;
    return params;
  }
  const text = await request.text();
  if (!text.trim()) return params;
  const body = jsonObjectBody(text, (problem) =>
    boxError(400, 'bad_request', problem === 'invalid_json' ? 'Invalid JSON in request body' : 'Request body must be a JSON object'),
  );
  return mergeParams(params, body);
}

function parseJsonOr(text: string): unknown {
  try {
    return parseJson(text);
  } catch (err) {
    if (err instanceof ParseBoundExceeded) throw err;
    return text;
  }
}

/** A scalar parameter as text, or undefined when absent. */
export function str(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

/** A non-negative integer parameter within [0, max], Box's `invalid_parameter` answer otherwise. */
export function intParam(params: Params, name: string, def: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = params[name];
  if (v === undefined || v === null || v === '') return def;
  const n = typeof v === 'number' ? v : Number(scalarText(v));
  if (!Number.isInteger(n) || n < 0) throw invalidParameter(name, `Invalid value '${scalarText(v)}'. '${name}' must be a non-negative integer.`);
  return Math.min(n, max);
}

/** The `fields` query parameter: the names asked for, or null when absent. */
export function fieldsParam(params: Params): string[] | null {
  const v = str(params, 'fields');
  if (v === undefined) return null;
  return v.split(',').map((f) => f.trim()).filter(Boolean);
}

/** A comma-separated list parameter (also accepts a JSON array). */
export function listParam(params: Params, name: string): string[] {
  const v = params[name];
  if (Array.isArray(v)) return v.map(scalarText).filter(Boolean);
  const s = str(params, name);
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : [];
}

/** An `{id}` reference inside a body (`parent: {id}`, `item: {type, id}`), or undefined. */
export function ref(value: unknown): { id?: string; type?: string } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  return { id: o.id == null ? undefined : scalarText(o.id), type: o.type == null ? undefined : scalarText(o.type) };
}
