import { z } from 'zod';
import type { Route } from '../types.ts';
import { MAIL_BASE_URL } from './index.ts';
import { routeGroups } from './routes.ts';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; description?: string; enum?: unknown[]; items?: Schema; anyOf?: Schema[]; format?: string; minimum?: number; maximum?: number };

function typeText(s: Schema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeText).join(' or ');
  if (s.type === 'array') return `array of ${s.items ? typeText(s.items) : 'any'}`;
  if (s.type === 'object') return 'object';
  const base = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  const range = s.minimum !== undefined || s.maximum !== undefined ? ` (${s.minimum ?? ''}–${s.maximum ?? ''})` : '';
  return `${base}${s.format ? ` (${s.format})` : ''}${range}`;
}

function fieldsTable(route: Route): string {
  if (!route.input) return '';
  const schema = z.toJSONSchema(route.input, { unrepresentable: 'any' }) as Schema;
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return 'No input.\n';
  const required = new Set(schema.required ?? []);
  const pathParams = new Set([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const rows = props.map(([name, s]) => {
    const where = pathParams.has(name) ? 'path' : route.method === 'GET' || route.method === 'DELETE' ? 'query' : 'body';
    return `| \`${name}\` | ${where} | ${typeText(s)} | ${required.has(name) ? 'yes' : ''} | ${(s.description ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`;
  });
  return ['| field | in | type | required | meaning |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

/** The MailHub API reference as markdown, generated from the route table (the one source of docs). */
export function mailReference(): string {
  const counts = Object.entries(routeGroups).map(([group, routes]) => `| ${group.replace(/_/g, ' ')} | ${routes.length} |`);
  const total = Object.values(routeGroups).reduce((n, r) => n + r.length, 0);
  const parts = [
    '# MailHub API reference',
    '',
    '<!-- Generated from src/replicas/mail/routes.ts by test/unit/replicas/mail/reference.test.ts (UPDATE_MAIL_DOCS=1 rewrites it). -->',
    '',
    `MailHub is DiffLab's mail & productivity replica: a provider-neutral JSON API below \`${MAIL_BASE_URL}\` (a made-up host;`,
    "DiffLab's fetch shim and `difflab serve` route it). Send `Authorization: Bearer <any token>`; requests act as the",
    "scenario's persona. GET and DELETE take their input in the query string (lists comma-separated), other methods a",
    'JSON body; path parameters are part of the input too. In tool mode every operation is a tool named',
    '`<method>_<path words>` (e.g. `post_messages_message_id_reply`) with the same fields.',
    '',
    '**Errors** are `{"error": {"code", "message", "field", "details": [{"field", "message"}]}}` with HTTP 400',
    '(`invalid_request`: `field` is the dotted path of the bad input, e.g. `to.1`), 401, 403, 404 (`not_found`, naming',
    'the field whose id was not found), 409 (`conflict`). A failed request changes nothing.',
    '',
    '**Paging**: lists take `page_size` (1–100, default 25) and answer `{"items": [...], "next_page_token"}`; pass the',
    'token back as `page_token` until it is `null`.',
    '',
    `## Operations per domain object (${total} in all)`,
    '',
    '| domain object | operations |',
    '|---|---|',
    ...counts,
    '',
  ];
  for (const [group, routes] of Object.entries(routeGroups)) {
    parts.push(`## ${group.replace(/_/g, ' ')}`, '');
    for (const r of routes) {
      parts.push(`### \`${r.method} /${r.path}\``, '', `${r.summary}`, '', r.docs ?? '', '', fieldsTable(r));
    }
  }
  return parts.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
