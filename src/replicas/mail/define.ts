import { z } from 'zod';
import type { Route, RouteEffect } from '../types.ts';
import { mailCtx, type MailCtx } from './context.ts';
import { validate } from './input.ts';

export interface OpSpec<S extends z.ZodObject<any>> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  docs: string;
  input: S;
  /** What the operation does, where its method does not say it (a POST that only reads, one that overwrites). */
  effect?: RouteEffect;
  /** HTTP status of a success; default 200 (201 for creates, given explicitly). */
  status?: number;
  run: (input: z.infer<S>, m: MailCtx) => Promise<unknown>;
}

/**
 * One operation: its schema validates query, body and path parameters together (a failure names the field's path),
 * then `run` answers a JSON value (or nothing: 204). Writes are every method but GET, unless the operation says it only reads.
 */
export function op<S extends z.ZodObject<any>>(spec: OpSpec<S>): Route {
  return {
    method: spec.method,
    // Paths are written from the root for reading; the router matches them below the base URL, which ends in '/'.
    path: spec.path.replace(/^\//, ''),
    summary: spec.summary,
    docs: spec.docs,
    input: spec.input,
    ...(spec.effect ? { effect: spec.effect } : {}),
    writes: spec.effect ? spec.effect !== 'read' : spec.method !== 'GET',
    async handler(params, ctx) {
      const input = validate(spec.input, { ...params, ...ctx.pathParams }, ctx.url.searchParams) as z.infer<S>;
      const m = await mailCtx(ctx);
      const result = await spec.run(input, m);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return Response.json(result, { status: spec.status ?? 200 });
    },
  };
}

// Field types shared by every operation's schema.
export const id = (what: string) => z.string().min(1).describe(what);
export const email = z.email().describe('An e-mail address.');
export const isoTime = (what: string) => z.iso.datetime({ offset: true }).describe(what);
export const isoDate = (what: string) => z.iso.date().describe(what);
export const paging = {
  page_size: z.number().int().min(1).max(100).optional().describe('Items per page, 1–100 (default 25).'),
  page_token: z.string().optional().describe('The `next_page_token` of the previous page; omit for the first page.'),
};
export const importance = z.enum(['low', 'normal', 'high']);
