import { z } from 'zod';
import type { Environment } from '../engine/index.ts';
import type { Router } from './router.ts';
import type { ParamSpec, Replica, Route, RouteEffect } from './types.ts';

/** A route offered to a model for native tool calling: the same route, validation and handler as code mode. */
export interface Tool {
  /** Unique within the service: `chat_postMessage`, `get_files_id`. */
  name: string;
  description: string;
  /** JSON Schema of the arguments: an object whose properties are the route's path, query and body parameters. */
  inputSchema: JsonSchema;
  service: string;
  route: Route;
}

export type JsonSchema = Record<string, unknown>;

export interface ToolCallResult {
  status: number;
  /** The service answered with an error: an HTTP error status, or its own error shape sent with 200 (Slack's `ok: false`). */
  isError: boolean;
  /** The response body: parsed JSON when it is JSON, else text. */
  body: unknown;
  headers: Record<string, string>;
}

const PATH_PARAM = /\{([^}]+)\}/g;

/** `chat.postMessage` → `chat_postMessage`; `GET /files/{id}/content` → `get_files_id_content`. */
export function toolNameOf(route: Route): string {
  if (route.toolName) return route.toolName;
  const path = route.path.replace(PATH_PARAM, '$1').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  const name = route.method === '*' ? path : `${route.method.toLowerCase()}_${path}`;
  return name.slice(0, 64) || route.method.toLowerCase();
}

function pathParamsOf(route: Route): string[] {
  return [...route.path.matchAll(PATH_PARAM)].map((m) => m[1]);
}

function paramSchema(spec: ParamSpec): JsonSchema {
  const schema: JsonSchema = { type: spec.type, description: spec.description };
  if (spec.enum) schema.enum = spec.enum;
  return schema;
}

function inputSchemaOf(route: Route): JsonSchema {
  const base: JsonSchema = route.input
    ? (z.toJSONSchema(route.input, { unrepresentable: 'any' }) as JsonSchema)
    : {
        type: 'object',
        properties: Object.fromEntries(Object.entries(route.params ?? {}).map(([k, v]) => [k, paramSchema(v)])),
        required: Object.entries(route.params ?? {}).filter(([, v]) => v.required).map(([k]) => k),
      };
  const properties = { ...((base.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const required = new Set((base.required as string[] | undefined) ?? []);
  for (const name of pathParamsOf(route)) {
    properties[name] ??= { type: 'string', description: `The ${name} in the path.` };
    required.add(name);
  }
  const { $schema: _ignored, ...rest } = base;
  return { ...rest, type: 'object', properties, required: [...required] };
}

/** MCP's tool annotations (the hints a client shows or gates calls by), from what a route does. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** A replica answers from its own environment, never the open world. */
  openWorldHint: false;
}

const METHOD_EFFECT: Record<string, RouteEffect> = { GET: 'read', HEAD: 'read', OPTIONS: 'read', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/** The route's declared effect, else its HTTP method's; an undeclared RPC route (`*`) may do anything. */
export function routeEffect(route: Route): RouteEffect {
  return route.effect ?? METHOD_EFFECT[route.method.toUpperCase()] ?? 'any';
}

export function toolAnnotations(route: Route): ToolAnnotations {
  const effect = routeEffect(route);
  return {
    readOnlyHint: effect === 'read',
    destructiveHint: effect === 'update' || effect === 'delete' || effect === 'any',
    idempotentHint: effect === 'read' || effect === 'add' || effect === 'update' || effect === 'delete',
    openWorldHint: false,
  };
}

/** Every route of the replica as a tool. */
export function routeTools(replica: Replica): Tool[] {
  const tools = replica.routes.map((route) => ({
    name: toolNameOf(route),
    description: route.docs ? `${route.summary}\n\n${route.docs}` : route.summary,
    inputSchema: inputSchemaOf(route),
    service: replica.name,
    route,
  }));
  const seen = new Set<string>();
  for (const t of tools) {
    if (seen.has(t.name)) throw new Error(`${replica.name}: two routes share the tool name ${t.name}; give one a toolName`);
    seen.add(t.name);
  }
  return tools;
}

const toolIndex = new WeakMap<Replica, ReadonlyMap<string, Tool>>();

/** A replica's tools by name, built once per replica: a tool call looks its tool up on every call. */
function toolsByName(replica: Replica): ReadonlyMap<string, Tool> {
  let index = toolIndex.get(replica);
  if (!index) toolIndex.set(replica, (index = new Map(routeTools(replica).map((t) => [t.name, t]))));
  return index;
}

/** A query-string value as a real client sends it: arrays comma-joined, objects as JSON. */
function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The HTTP request a tool call stands for: path parameters fill the path, the rest go in the query string for
 * GET/DELETE/HEAD routes and in a JSON body otherwise.
 */
export function toolRequest(replica: Replica, tool: Tool, args: Record<string, unknown>, token: string): Request {
  const rest = { ...args };
  const path = tool.route.path.replace(PATH_PARAM, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(value === undefined ? '' : String(value));
  });
  // The router strips the base URL and matches the rest against route paths, so base + path is its exact inverse.
  const url = new URL(replica.baseUrls[0] + path);
  const method = tool.route.method === '*' ? 'POST' : tool.route.method.toUpperCase();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const [name, spec] of Object.entries(tool.route.params ?? {})) {
    if (spec.in !== 'header') continue;
    if (rest[name] !== undefined && rest[name] !== null) headers[name] = String(rest[name]);
    delete rest[name];
  }
  const inQuery = method === 'GET' || method === 'DELETE' || method === 'HEAD';
  if (inQuery) {
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) url.searchParams.set(k, queryValue(v));
    return new Request(url, { method, headers });
  }
  // With its charset, as a careful client sends it: Slack warns `missing_charset` on JSON without one.
  headers['content-type'] = 'application/json; charset=utf-8';
  return new Request(url, { method, headers, body: JSON.stringify(rest) });
}

/** Runs one tool call through the router, exactly as the equivalent HTTP request from a script would run. */
export async function callTool(
  router: Router,
  env: Environment,
  service: string,
  name: string,
  args: Record<string, unknown>,
  options: { token?: string; send?: (request: Request) => Promise<Response> } = {},
): Promise<ToolCallResult> {
  // `send` lets a session put its fault injection in front of the router, as for a script's fetch.
  return sendToolCall(router, service, name, args, options.send ?? ((r) => router.route(r, env)), options.token ?? 'difflab-tool-mode');
}

/**
 * A tool call as the HTTP request it stands for, given to `send` (an environment's router, in this thread or
 * another): what `callTool` and MCP over HTTP share.
 */
export async function sendToolCall(
  router: Pick<Router, 'replicas' | 'resolve'>,
  service: string,
  name: string,
  args: Record<string, unknown>,
  send: (request: Request) => Promise<Response>,
  token: string,
): Promise<ToolCallResult> {
  const replica = router.replicas.find((r) => r.name === service);
  if (!replica) throw new Error(`no service ${service} (services: ${router.replicas.map((r) => r.name).join(', ')})`);
  const tool = toolsByName(replica).get(name);
  if (!tool) throw new Error(`${service} has no tool ${name}`);
  const request = toolRequest(replica, tool, args ?? {}, token);
  let response = await send(request);
  // A tool call follows redirects to the replicas' own hosts, as an SDK or fetch would (Box's download answers 302
  // to its download host); the request there is a plain GET without credentials, like a pre-signed URL.
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location');
    if (!location || !router.resolve(new URL(location, request.url).href)) break;
    await response.body?.cancel();
    response = await send(new Request(new URL(location, request.url)));
  }
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  return { status: response.status, isError: response.status >= 400 || (replica.isErrorResponse?.(response) ?? false), body, headers };
}
