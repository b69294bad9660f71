import type { ActingUsers, Diff, SchemaInfo } from '../../engine/index.ts';
import type { PoolStats } from '../../engine/pool.ts';
import type { AssertionSpec } from '../../evaluation/index.ts';
import type { McpToolAnswer } from '../mcpAnswer.ts';
import type { Scenario } from '../../scenarios/index.ts';

/**
 * What `serve`'s main thread and its environment workers say to each other (see workers.ts and worker.ts): a call
 * names an operation on the worker's environments, its answer carries the worker's ready copies so that the main
 * thread places the next environment where one is ready.
 */

/** A Request as it crosses threads: its body is transferred, not copied. */
export interface WireRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface CreateOptions {
  template: string;
  scenario?: Scenario;
  actingUserId?: string | null;
  actingUsers?: ActingUsers;
  actingEmail?: string | null;
  clockStart?: number;
}

/** What the main thread keeps of an environment a worker holds. */
export interface CreatedEnv {
  id: string;
  services: string[];
  actingUserId: string | null;
  actingUsers: ActingUsers;
}

export interface Evaluation {
  diff: Diff;
  /** null when the evaluation itself failed (`error` says why). */
  verdict: { passed: boolean; agent_diff_passed: boolean; score: unknown; failures: string[]; unexplained: unknown[] } | null;
  error?: string;
}

/** One worker's memory: its V8 heap and what PGlite holds (its WebAssembly memory and its in-memory files). */
export interface WorkerMemory {
  heapUsed: number;
  external: number;
  wasmBytes: number;
  fileBytes: number;
  environments: number;
}

/** Each operation's arguments and answer. */
export interface Operations {
  create: { args: CreateOptions; result: CreatedEnv };
  route: { args: { env: string; service: string; path: string; request: WireRequest }; result: WireResponse };
  tool: { args: { env: string; service: string; tool: string; args: Record<string, unknown>; token: string }; result: McpToolAnswer };
  position: { args: { env: string }; result: number };
  diff: { args: { env: string; since: number }; result: Diff };
  evaluate: { args: { env: string; since: number; spec: AssertionSpec; closedWorld: boolean }; result: Evaluation };
  dispose: { args: { env: string }; result: null };
  warm: { args: { templates: string[] }; result: null };
  pool: { args: { size: number; limit?: number }; result: null };
  settled: { args: Record<string, never>; result: null };
  poolStats: { args: Record<string, never>; result: PoolStats };
  memory: { args: { collect: boolean }; result: WorkerMemory };
}

export type Operation = keyof Operations;

export interface Call<O extends Operation = Operation> {
  id: number;
  op: O;
  args: Operations[O]['args'];
}

/** An answer; `status` is set on errors a client caused (an unknown user e-mail: 400). */
export type Reply =
  | { id: number; ok: true; value: unknown; ready: Record<string, number> }
  | { id: number; ok: false; error: string; status?: number; ready: Record<string, number> };

/** Sent once the worker's engine is up, then whenever its pool's ready copies change. */
export type Notice = { kind: 'started'; schemaInfo: SchemaInfo; ready: Record<string, number> } | { kind: 'ready'; ready: Record<string, number> };

/** What the worker is started with. */
export interface WorkerInit {
  seedsDir: string;
  poolSize: number;
  poolLimit: number;
}

export function fromWireRequest(w: WireRequest): Request {
  return new Request(w.url, { method: w.method, headers: w.headers, body: w.body && w.body.byteLength > 0 ? w.body : undefined });
}

export async function toWireResponse(response: Response): Promise<WireResponse> {
  const body = await response.arrayBuffer();
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
}
