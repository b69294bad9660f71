import type { RouteContext } from '../types.ts';

/**
 * A successful Slack answer: `ok: true` first, then the method's fields. Warnings go where Slack puts them: a
 * comma-joined `warning` and a `response_metadata.warnings` list. Slack also warns about the request's charset:
 * JSON without `charset` gets `missing_charset`, form data with one gets `superfluous_charset`
 * (https://docs.slack.dev/apis/web-api/#posting-json).
 */
export function slackOk(ctx: RouteContext, body: Record<string, unknown> = {}, warnings: string[] = []): Response {
  const type = (ctx.request.headers.get('content-type') ?? '').toLowerCase();
  const all = [...warnings];
  if (type.startsWith('application/json') && !type.includes('charset')) all.push('missing_charset');
  if (type.startsWith('application/x-www-form-urlencoded') && type.includes('charset')) all.push('superfluous_charset');
  const out: Record<string, unknown> = { ok: true, ...body };
  if (all.length) {
    out.warning = all.join(',');
    const meta = (out.response_metadata as Record<string, unknown> | undefined) ?? {};
    out.response_metadata = { ...meta, warnings: all };
  }
  return Response.json(out);
}
