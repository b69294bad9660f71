import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { toolObservation } from '../agent/loop.ts';
import { agentTools, isCodeTool, type AgentTool } from '../agent/world.ts';
import type { Environment } from '../engine/index.ts';
import type { Replica, Router } from '../replicas/index.ts';
import { sendToolCall } from '../replicas/tools.ts';
import { createMcpServer, MCP_MAX_ANSWER_CHARS } from './mcpServer.ts';

/**
 * What MCP over HTTP needs of `serve`: an environment's services, and its router, which answers a request addressed
 * to a replica's real base URL in that environment (in this thread or a worker's), bounded as every request is.
 */
export interface McpHttpHost {
  /** The environment's replicas, or null when there is no such environment. */
  replicasOf(envId: string): Replica[] | null;
  route(envId: string, request: Request): Promise<Response>;
  /** Finds the replica of a redirect's URL (Box's downloads), as the router does. */
  resolve: Router['resolve'];
  /** The server's own origin (`http://127.0.0.1:8787`), which a browser page it serves may call from. */
  origin(): string;
}

/** The host of `serve` in one thread: environments by id, answered by its router. */
export function mcpHostOf(router: Router, environment: (envId: string) => Environment | null, origin: () => string): McpHttpHost {
  return {
    replicasOf(envId) {
      const env = environment(envId);
      return env ? router.replicas.filter((r) => env.services.includes(r.name)) : null;
    },
    route(envId, request) {
      const env = environment(envId);
      if (!env) return Promise.resolve(Response.json({ detail: 'environment not found' }, { status: 404 }));
      return router.route(request, env);
    },
    resolve: (url) => router.resolve(url),
    origin,
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The MCP transports specification (2025-11-25) § Security: a server MUST validate `Origin` and answer 403 to an
 * invalid one, against DNS rebinding (a page at evil.example whose name now points at 127.0.0.1). A request without
 * Origin is not from a browser page; one from a loopback origin or the server's own is.
 */
export function originAllowed(origin: string | null, serverOrigin: string): boolean {
  if (origin === null) return true;
  try {
    const url = new URL(origin);
    return LOOPBACK.test(url.hostname) || url.origin === new URL(serverOrigin).origin;
  } catch {
    return false;
  }
}

/** The tools of a set of replicas, by their names; kept while the replicas are the same objects (one router's). */
const toolCache = new Map<string, { replicas: readonly Replica[]; tools: AgentTool[] }>();

/** Every request builds its own MCP server (the endpoint is stateless), but the tools' schemas are built once. */
function toolsOf(replicas: readonly Replica[]): AgentTool[] {
  const key = replicas.map((r) => r.name).join();
  const hit = toolCache.get(key);
  if (hit && hit.replicas.length === replicas.length && hit.replicas.every((r, i) => r === replicas[i])) return hit.tools;
  const tools = agentTools([...replicas]);
  toolCache.set(key, { replicas, tools });
  return tools;
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });
}

/**
 * `/api/env/<envId>/mcp`: Streamable HTTP, stateless (no `Mcp-Session-Id`, JSON answers rather than SSE), so any
 * instance or worker can answer any request. The environment's API tools are offered; each call is the HTTP request
 * it stands for, with the bearer token of the MCP request, so authentication, limits, diffs and the platform API's
 * runs see it as any other request to the environment.
 */
export async function handleMcpHttp(rawEnvId: string, request: Request, host: McpHttpHost): Promise<Response> {
  if (!originAllowed(request.headers.get('origin'), host.origin())) return jsonRpcError(403, 'Forbidden: this Origin may not call the MCP endpoint');
  let envId: string;
  try {
    envId = decodeURIComponent(rawEnvId);
  } catch {
    return Response.json({ detail: 'environment not found' }, { status: 404 });
  }
  const replicas = host.replicasOf(envId);
  if (!replicas) return Response.json({ detail: 'environment not found' }, { status: 404 });
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const tools = toolsOf(replicas);
  const router = { replicas, resolve: host.resolve };
  const server = createMcpServer({
    tools,
    async call(tool, args) {
      if (isCodeTool(tool)) return { text: 'code tools are not served over HTTP', isError: true };
      const result = await sendToolCall(router, tool.service, tool.toolName, args, (r) => host.route(envId, r), token);
      return { text: toolObservation(result, MCP_MAX_ANSWER_CHARS), isError: result.isError };
    },
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
