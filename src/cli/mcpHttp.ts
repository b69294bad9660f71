import { DEFAULT_MAX_REQUEST_BODY_SIZE, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { runSettings, systemPrompt } from '../agent/loop.ts';
import { agentTools, isCodeTool, type AgentTool } from '../agent/world.ts';
import type { Replica } from '../replicas/index.ts';
import type { Scenario } from '../scenarios/index.ts';
import { MCP_MAX_ANSWER_CHARS, type McpToolAnswer } from './mcpAnswer.ts';
import { ExchangeTransport, oneJsonRequest, type McpPost } from './mcpExchange.ts';
import { createMcpServer, scenarioPrompt, type McpServerOptions } from './mcpServer.ts';
import type { WireResponse } from './serveWorkers/protocol.ts';

/**
 * What MCP over HTTP needs of `serve`: an environment's services, and a way to run a tool call in it where the
 * environment lives (its worker thread). The call runs there whole — request, redirects to the replicas' own hosts,
 * the service's own error shape (Slack's `ok: false` with 200) — and only its result crosses back.
 */
export interface McpHttpHost {
  /** The environment's replicas and the scenario it was made for (initEnv's testId), or null when there is none. */
  environment(envId: string): { replicas: Replica[]; scenario: Scenario | null } | null;
  /** One tool call as the HTTP request it stands for (sendToolCall), bounded as every request is, as its MCP answer. */
  callTool(envId: string, service: string, toolName: string, args: Record<string, unknown>, token: string): Promise<McpToolAnswer>;
  /** The server's own origin (`http://127.0.0.1:8787`), which a browser page it serves may call from. */
  origin(): string;
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

/**
 * The SDK transport's own bound on a body (4 MiB), kept whichever way a request reaches the server: the body is
 * parsed on serve's front thread, where the service paths' 50 MiB would hold every environment up while it parses.
 */
export const MCP_MAX_BODY_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;
export const mcpBodyTooLarge = requestBodyTooLargeMessage(MCP_MAX_BODY_BYTES);

/** A request refused before it reaches the MCP server, as the SDK's transport refuses one: a JSON-RPC error, no id. */
export const mcpErrorBody = (message: string, code = -32000) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

export function mcpErrorResponse(status: number, message: string): Response {
  return Response.json(mcpErrorBody(message), { status });
}

const workspaces = new WeakMap<Scenario, Pick<McpServerOptions, 'instructions' | 'prompt'>>();

/**
 * For an environment made for a scenario: what tool mode's system prompt tells a model about the workspace (the
 * initialize result's instructions) and the scenario's task as an MCP prompt, as `difflab mcp` offers them. Built
 * once per scenario (its environments have the same services).
 */
function workspaceOf(replicas: Replica[], scenario: Scenario): Pick<McpServerOptions, 'instructions' | 'prompt'> {
  let workspace = workspaces.get(scenario);
  if (!workspace) {
    const settings = runSettings({ mode: 'tools', docs: 'none', toolset: 'api', maxObservationChars: MCP_MAX_ANSWER_CHARS });
    workspace = { instructions: systemPrompt(replicas, scenario, settings), prompt: scenarioPrompt(scenario, "judged by the state diff when the platform API's evaluateRun is called") };
    workspaces.set(scenario, workspace);
  }
  return workspace;
}

/**
 * An MCP request as `serve` hands it over: read piecemeal, and as a whole Request only for the SDK's transport. Its
 * `json` was counted within the parse bounds before it was parsed.
 */
export interface McpHttpRequest extends McpPost {
  /** The request for the SDK's transport: without its body when `json` holds it. */
  toRequest(): Request;
}

/**
 * `/api/env/<envId>/mcp`: Streamable HTTP, stateless (no `Mcp-Session-Id`, JSON answers rather than SSE), so any
 * instance or worker can answer any request. The environment's API tools are offered; each call is the HTTP request
 * it stands for, with the bearer token of the MCP request, so authentication, limits, diffs and the platform API's
 * runs see it as any other request to the environment. A request is answered by the SDK's Server, reached through
 * ExchangeTransport when it is one plain JSON-RPC request (`oneJsonRequest`: a tool call, a listing) and through the
 * SDK's own transport otherwise.
 */
export async function handleMcpHttp(rawEnvId: string, request: McpHttpRequest, host: McpHttpHost): Promise<Response | WireResponse> {
  if (!originAllowed(request.header('origin') ?? null, host.origin())) return mcpErrorResponse(403, 'Forbidden: this Origin may not call the MCP endpoint');
  let envId: string;
  try {
    envId = decodeURIComponent(rawEnvId);
  } catch {
    return Response.json({ detail: 'environment not found' }, { status: 404 });
  }
  const environment = host.environment(envId);
  if (!environment) return Response.json({ detail: 'environment not found' }, { status: 404 });
  const { replicas, scenario } = environment;
  const token = /^Bearer\s+(.+)$/i.exec(request.header('authorization') ?? '')?.[1] ?? '';
  const server = createMcpServer({
    ...(scenario ? workspaceOf(replicas, scenario) : {}),
    tools: toolsOf(replicas),
    // `request.json` was counted within the parse bounds before it was parsed; a body that is not JSON never reaches it.
    counted: true,
    async call(tool, args) {
      if (isCodeTool(tool)) return { text: 'code tools are not served over HTTP', isError: true };
      return host.callTool(envId, tool.service, tool.toolName, args, token);
    },
  });
  const message = oneJsonRequest(request);
  if (message) {
    // Not closed after: once it has answered, the exchange holds no stream and the server no timer; closing would
    // only abort a handler already done and build an error with its stack, for nothing to release.
    const exchange = new ExchangeTransport();
    await server.connect(exchange);
    return exchange.answer(message);
  }
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request.toRequest(), request.json === undefined ? undefined : { parsedBody: request.json });
  } finally {
    // After the answer is on its way: closing aborts the finished handler's signal, off the round trip.
    setImmediate(() => void server.close());
  }
}
