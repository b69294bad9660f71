import type { ZodType } from 'zod';
import type { Tx } from '../engine/types.ts';
import type { RequestBudget } from './requestBudget.ts';

/** What a handler sees of the environment: the transaction, the acting user, the clock and the id source. */
export interface RouteContext {
  tx: Tx;
  /** The user the request acts as (the test's impersonate_user_id, or the replica's default). */
  actingUserId: string | null;
  /** The bearer token the request carried ('' if none). */
  token: string;
  /** The environment's deterministic clock: milliseconds since the epoch; each call advances it. */
  now(): number;
  /** What the next `now()` returns, without advancing the clock (for a statement that may not use it). */
  peekNow(): number;
  /** The environment's seeded id source: a deterministic string, unique within the environment. */
  nextId(kind: string): string;
  /**
   * A per-environment memo for facts that no request of the service can change (the acting user of a service that
   * has no method writing users): `load` runs once, later requests reuse its value; reset clears it.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The original request (headers, url). The body has already been read into `params`. */
  request: Request;
  /** The parsed URL of the request. */
  url: URL;
  /** Path parameters captured by the route pattern (`/files/{id}` → {id}). */
  pathParams: Record<string, string>;
  /**
   * The request's time budget. Every statement through `tx` already checks it; a handler that works long without
   * SQL (expanding, resolving in memory) calls `budget.beforeStatement()` between steps to stay bounded too.
   */
  budget: RequestBudget;
}

/**
 * One entry of a service's route table: the single source of dispatch, validation, docs and tool schema.
 * `path` is the path below the service's base (e.g. `chat.postMessage` for Slack, `/files/{id}` for Box).
 */
export interface Route<P = any> {
  /** HTTP method, or '*' for RPC-style services that accept GET and POST (Slack). */
  method: string;
  path: string;
  /** One-line summary shown in docs and tool lists. */
  summary: string;
  /** Longer documentation text for agents (markdown). */
  docs?: string;
  /** Parameters: name → description, type and whether required. Also used to build JSON-schema tools. */
  params?: Record<string, ParamSpec>;
  /**
   * The input as a zod schema, when the replica validates with one; tool mode then derives the tool's JSON schema
   * from it instead of from `params`. The replica itself decides how invalid input is answered.
   */
  input?: ZodType;
  /** The tool name in tool mode (`[A-Za-z0-9_-]{1,64}`); by default derived from the method and path. */
  toolName?: string;
  /** The real API's own name for the method, where it has one that is not the path (Google's `events.list`). */
  operation?: string;
  /** Whether the route writes (used for docs and for fault injection later). */
  writes?: boolean;
  /**
   * What a call does to the service's state, for MCP's tool annotations (tools.ts, `toolAnnotations`). A REST route's
   * method says it unless declared (GET read, POST create, PUT/PATCH update, DELETE delete); RPC routes (Slack's `*`)
   * declare it, since their method cannot tell.
   */
  effect?: RouteEffect;
  /** A URL that carries its own authority (Box's pre-signed download URLs): the router asks for no credentials. */
  anonymous?: boolean;
  handler: (params: P, ctx: RouteContext) => Promise<Response>;
}

/**
 * `read` changes nothing; `create` adds something new on each call; `add` adds what is not there yet (a second call
 * changes nothing more: join, invite, react); `update` overwrites what exists; `delete` removes it; `any` may do any of
 * these (one GraphQL endpoint for queries and mutations).
 */
export type RouteEffect = 'read' | 'create' | 'add' | 'update' | 'delete' | 'any';

export interface ParamSpec {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  required?: boolean;
  description: string;
  enum?: string[];
  /** A request header rather than a query or body parameter (its name is the header's), e.g. Box's `box-version`. */
  in?: 'header';
}

/** A service replica: everything the engine and router need to know about it. */
export interface Replica {
  name: string;
  /** Human title, e.g. "Slack Web API". */
  title: string;
  /**
   * URL prefixes this service answers, e.g. `https://slack.com/api/`. The router strips the prefix and matches the
   * rest against route paths.
   */
  baseUrls: string[];
  /**
   * Bases among `baseUrls` of hosts of the service's own that its JSON answers name for the client to call next
   * (Slack's upload URL on files.slack.com): `serve` points them at itself, as it does a redirect's Location.
   */
  answerUrlBases?: string[];
  /** Path segment used by the Agent-Diff platform API: /api/env/{envId}/services/{servicePath}/… */
  servicePath: string;
  /** CREATE TABLE statements, unqualified (run with search_path set to the service's schema). */
  schemaSql: string;
  routes: Route[];
  /** Normalises one seed row before insert (fill derived columns the seed leaves out); optional. */
  prepareSeedRow?: (table: string, row: Record<string, unknown>) => Record<string, unknown>;
  /** Where the environment's clock starts when the scenario names no time (ms since epoch). */
  defaultClockStart?: number;
  /** Answer for a request that no route matches, in the real API's shape. */
  notFound(request: Request, path: string): Response;
  /** Answer for a request without valid credentials, or null if the token is acceptable. */
  authenticate(request: Request, token: string): Response | null;
  /** Turns an unexpected exception in a handler into the real API's 500-ish error. */
  internalError(err: unknown): Response;
  /** Read request params: query string + body (form, JSON, multipart), as the real API accepts them. */
  readParams(request: Request, url: URL): Promise<Record<string, unknown>>;
  /** For APIs that send errors with a 2xx status (Slack's `ok: false`): recognises them so the write rolls back. */
  isErrorResponse?: (response: Response) => boolean;
  /** The user a request acts as when the environment names none. */
  defaultActingUserId?: string;
  /**
   * Where the service keeps people: the table, the column of the id a request acts as, and the e-mail column. One
   * address then finds a person in every service of an environment (the platform API's `impersonateEmail`).
   */
  people?: { table: string; id: string; email: string };
  /**
   * Which column names a row of each table, for people reading an id: a failure's `parent_id "0" (All Files)`. The
   * first of a table's columns with a value names the row; a table not listed has no name.
   */
  rowNames?: RowNames;
  /**
   * The answer, in this service's error shape, to a request refused before any handler runs: a path that does not
   * decode, a NUL character, a body, URL or header block over its limit, or a request past its time budget.
   */
  requestProblem(problem: RequestProblem): Response;
  /** What fault injection answers in this service's shape (rate limits, transient errors, page sizes). */
  faults: FaultResponses;
  /**
   * Loads what the replica needs once before its first request (Linear builds its schema): the router awaits it
   * before a request's time budget starts, so a first request is not timed out by the load. Resolved afterwards.
   */
  prepare?: () => Promise<unknown>;
}

/** Table → the columns that name its rows, in order of preference (`users: ['real_name', 'username']`). */
export type RowNames = Readonly<Record<string, readonly string[]>>;

/**
 * A service's answers to a rate limit and to a transient server error, as the real API sends them; fault
 * injection (`session/faults.ts`) sends them in front of the replica, which never sees the faulted request.
 */
export interface FaultResponses {
  rateLimited(retryAfterSeconds: number): Response;
  unavailable(): Response;
  /** The query/body parameter that sets a list method's page size, if the API has one. */
  pageParam?: string;
}

/** Why a request was refused where it entered (router or server), with what the service's answer should name. */
export type RequestProblem =
  | { kind: 'malformed_path'; detail: string; field: string }
  | { kind: 'unstorable'; detail: string; field: string; character: string }
  | { kind: 'body_too_large'; detail: string; limit: number }
  | { kind: 'url_too_long'; detail: string; limit: number }
  | { kind: 'headers_too_large'; detail: string; limit: number }
  | { kind: 'timeout'; detail: string; limit: number }
  | { kind: 'method_not_allowed'; detail: string; method: string }
  | { kind: 'too_complex'; detail: string; limit: number; bound: ParseBound };

/** What parsing a request may cost (`limits.ts` holds each number): its fields, parts, and JSON structure. */
export type ParseBound = 'fields' | 'multipart_parts' | 'json_depth' | 'json_object_keys' | 'json_keys' | 'json_elements';
