import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type ServerResult,
  type Tool as McpToolSpec,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { taskMessage } from '../agent/prompts.ts';
import { isCodeTool, type ModeTool } from '../agent/world.ts';
import type { Scenario } from '../scenarios/index.ts';
import { checkJsonValue, ParseBoundExceeded } from '../replicas/parseBounds.ts';
import { repoRoot } from './files.ts';
import type { McpToolAnswer } from './mcpAnswer.ts';

/** A scenario's task as an MCP prompt: what a client shows its user or hands its model. */
export interface McpPrompt {
  name: string;
  title: string;
  description: string;
  text: string;
}

/** A scenario's task as the MCP prompt named after it; `judged` says when its run is judged. */
export function scenarioPrompt(scenario: Scenario, judged: string): McpPrompt {
  return { name: scenario.id, title: scenario.title, description: `The task of the DiffLab scenario ${scenario.id}, ${judged}.`, text: taskMessage(scenario.prompt) };
}

export interface McpServerOptions {
  tools: readonly ModeTool[];
  /** Runs a call of one of `tools` (its arguments an object); never throws for what the service refuses. */
  call(tool: ModeTool, args: Record<string, unknown>): Promise<McpToolAnswer>;
  /** Sent in the initialize result: what tool mode's system prompt tells a model about the workspace. */
  instructions?: string;
  prompt?: McpPrompt;
  /**
   * The message was counted within the parse bounds before it was parsed (serve's endpoint), so its arguments need
   * not be counted again. Over stdio and the loopback server nothing counts it first.
   */
  counted?: boolean;
}

/** A code tool runs arbitrary requests: it may do anything, more than once. */
const CODE_TOOL_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

function mcpToolOf(tool: ModeTool): McpToolSpec {
  return {
    name: tool.spec.name,
    description: tool.spec.description,
    inputSchema: tool.spec.parameters as McpToolSpec['inputSchema'],
    annotations: isCodeTool(tool) ? CODE_TOOL_ANNOTATIONS : tool.annotations,
  };
}

interface ToolSet {
  listed: McpToolSpec[];
  byName: ReadonlyMap<string, ModeTool>;
}

const toolSets = new WeakMap<readonly ModeTool[], ToolSet>();

/** The tools as `tools/list` gives them and by name, built once per tools array (serve's endpoint reuses one). */
function toolSetOf(tools: readonly ModeTool[]): ToolSet {
  let set = toolSets.get(tools);
  if (!set) toolSets.set(tools, (set = { listed: tools.map(mcpToolOf), byName: new Map(tools.map((t) => [t.spec.name, t])) }));
  return set;
}

let validator: AjvJsonSchemaValidator | undefined;

/**
 * The validator a Server checks elicitation answers with, shared by every server: each Server otherwise builds its
 * own Ajv instance, and serve's stateless endpoint builds a Server per request (a third of a millisecond each).
 */
function jsonSchemaValidator(): AjvJsonSchemaValidator {
  return (validator ??= new AjvJsonSchemaValidator());
}

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * An MCP server (protocol revision 2025-11-25, through the official SDK) offering tool mode's tools, with the names,
 * descriptions and schemas the route tables give (invariant 2). A call the service refuses is a result with
 * `isError: true`, so the model reads the service's own error; only an unknown tool is a protocol error (-32602),
 * as the specification's Tools § Error Handling asks. Every tool is on one page of `tools/list`: pagination is the
 * server's choice, and a cursor it never issued is an invalid parameter.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: 'difflab', title: 'DiffLab', version: packageVersion() },
    {
      capabilities: { tools: {}, ...(options.prompt ? { prompts: {} } : {}) },
      jsonSchemaValidator: jsonSchemaValidator(),
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const { listed, byName } = toolSetOf(options.tools);
  const noCursor = (cursor: string | undefined) => {
    if (cursor !== undefined) throw new McpError(ErrorCode.InvalidParams, `unknown cursor "${cursor}": every item is on the first page`);
  };

  onRequest(server, 'tools/list', ListToolsRequestSchema, async (request) => {
    noCursor(request.params?.cursor);
    return { tools: listed };
  });
  onRequest(server, 'tools/call', CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    // Arguments past the bounds of an HTTP body are refused as a failed call, and the session goes on.
    if (!options.counted) {
      try {
        checkJsonValue(args, "the tool call's arguments object");
      } catch (err) {
        if (!(err instanceof ParseBoundExceeded)) throw err;
        return { content: [{ type: 'text', text: `${err.message}; the call was not run` }], isError: true };
      }
    }
    const answer = await options.call(tool, args);
    return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
  });

  const prompt = options.prompt;
  if (prompt) {
    onRequest(server, 'prompts/list', ListPromptsRequestSchema, async (request) => {
      noCursor(request.params?.cursor);
      return { prompts: [{ name: prompt.name, title: prompt.title, description: prompt.description }] };
    });
    onRequest(server, 'prompts/get', GetPromptRequestSchema, async (request) => {
      if (request.params.name !== prompt.name) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name} (this server has ${prompt.name})`);
      return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.text } }] };
    });
  }
  return server;
}

/**
 * Registers the handler of one of the SDK's request schemas, taking the request loosely and checking it here: the
 * SDK's own parse answers a request with malformed params (`arguments` that is not an object, a cursor that is a
 * number) -32603, an internal error, where the mistake is the client's: -32602 (invalid params), worded as the SDK's
 * `Server` words it for tools/call, which it checks itself before this handler is called.
 */
function onRequest<S extends z.ZodType<{ method: string }>>(
  server: Server,
  method: z.output<S>['method'],
  schema: S,
  handler: (request: z.output<S>, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<ServerResult>,
): void {
  server.setRequestHandler(looseRequest(method), (request, extra) => {
    const parsed = schema.safeParse(request);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid ${method} request: ${parsed.error.message}`);
    return handler(parsed.data, extra);
  });
}

const looseRequests = new Map<string, z.ZodObject<{ method: z.ZodLiteral<string> }>>();

/** Made once per method: serve builds a server per request, and zod compiles a schema on its first parse. */
function looseRequest(method: string): z.ZodObject<{ method: z.ZodLiteral<string> }> {
  let schema = looseRequests.get(method);
  if (!schema) looseRequests.set(method, (schema = z.object({ method: z.literal(method) }).loose()));
  return schema;
}
