import type { z } from 'zod';
import { jsonObjectBody, mergeParams, queryParams } from '../requestBody.ts';
import { apiError, invalidInput } from './errors.ts';

export type Params = Record<string, unknown>;

/**
 * Request input: the query string, then a JSON body on top (body wins). Query values are strings; `coerceQuery`
 * turns them into the numbers, booleans and arrays the route's schema asks for before validation.
 */
export async function readParams(request: Request, url: URL): Promise<Params> {
  const params = queryParams(url);
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return params;
  const text = await request.text();
  if (!text.trim()) return params;
  const body = jsonObjectBody(text, (problem) =>
    apiError(400, 'invalid_json', problem === 'invalid_json' ? 'the request body is not valid JSON' : 'the request body must be a JSON object'),
  );
  return mergeParams(params, body);
}

/** The zod type under optional/default/nullable wrappers. */
function baseType(schema: z.ZodType): z.ZodType {
  let s: any = schema;
  while (s?._zod?.def && ['optional', 'default', 'nullable', 'prefault'].includes(s._zod.def.type)) s = s._zod.def.innerType;
  return s;
}

/**
 * Values that came from the query string (`fromQuery` names them), converted from text to the numbers, booleans and
 * arrays (comma-separated) the schema asks for. JSON body values pass as they are: a JSON string where an array is
 * due stays an error.
 */
export function coerceQuery(schema: z.ZodType, params: Params, fromQuery: (key: string) => boolean): Params {
  const shape = (baseType(schema) as any)?._zod?.def?.shape as Record<string, z.ZodType> | undefined;
  if (!shape) return params;
  const out: Params = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' || !Object.hasOwn(shape, key) || !fromQuery(key)) continue;
    const type = (baseType(shape[key]) as any)._zod.def.type;
    if (type === 'number' || type === 'int') {
      if (value.trim() !== '' && !Number.isNaN(Number(value))) out[key] = Number(value);
    } else if (type === 'boolean') {
      if (value === 'true' || value === '1') out[key] = true;
      else if (value === 'false' || value === '0') out[key] = false;
    } else if (type === 'array') {
      out[key] = value === '' ? [] : value.split(',').map((s) => s.trim());
    }
  }
  return out;
}

function acceptsNull(schema: z.ZodType): boolean {
  let s: any = schema;
  while (s?._zod?.def) {
    const type = s._zod.def.type;
    if (type === 'nullable' || type === 'null') return true;
    if (!['optional', 'default', 'prefault'].includes(type)) return false;
    s = s._zod.def.innerType;
  }
  return false;
}

/**
 * Top-level `null`s for fields that cannot be null are read as "not given": tool-calling models often send null for
 * every optional argument they do not use. Where null means "clear it" (a nullable field), it is kept.
 */
export function dropNulls(schema: z.ZodType, params: Params): Params {
  const shape = (baseType(schema) as any)?._zod?.def?.shape as Record<string, z.ZodType> | undefined;
  if (!shape) return params;
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => !(v === null && Object.hasOwn(shape, k) && !acceptsNull(shape[k]))));
}

/** Validates input against a route's schema; a failure becomes a 400 naming each bad field by its path. */
export function validate<T>(schema: z.ZodType<T>, params: Params, query: URLSearchParams): T {
  const result = schema.safeParse(dropNulls(schema, coerceQuery(schema, params, (key) => query.get(key) === params[key])));
  if (result.success) return result.data;
  throw invalidInput(
    result.error.issues.map((issue) => {
      const path = issue.path.map(String);
      // An unknown key is reported on the object; name the key itself.
      if (issue.code === 'unrecognized_keys') {
        const keys = (issue as { keys: string[] }).keys;
        return { field: [...path, keys[0]].join('.'), message: `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` };
      }
      return { field: path.join('.'), message: issue.message };
    }),
  );
}
