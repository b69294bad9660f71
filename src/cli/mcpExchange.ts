import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { WireResponse } from './serveWorkers/protocol.ts';

/** What `oneJsonRequest` reads of an HTTP request. */
export interface McpPost {
  method: string;
  /** A header's value by its lower-case name. */
  header(name: string): string | undefined;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

/** Content-Type values in the forms clients send them, lower-cased with spaces removed. */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json;charset=utf-8']);

/**
 * The request of a Streamable HTTP POST that the SDK's WebStandardStreamableHTTPServerTransport (stateless, JSON
 * answers) would take and answer with one JSON-RPC response: an Accept of both types (its own substring test), a JSON
 * Content-Type in its common forms, a protocol version it supports, and one request that is not `initialize`,
 * checked by its own request schema (the first of its message schema's union, which the transport parses with). Null for anything else (a notification, a batch, `initialize`, a missing
 * protocol version, an unusual header), which then goes through the SDK's transport, so every refusal is its own.
 */
export function oneJsonRequest(post: McpPost): JSONRPCRequest | null {
  if (post.method !== 'POST' || post.json === undefined || Array.isArray(post.json)) return null;
  const accept = post.header('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if (!PLAIN_JSON_TYPES.has((post.header('content-type') ?? '').toLowerCase().replace(/\s+/g, ''))) return null;
  const version = post.header('mcp-protocol-version');
  if (version === undefined || !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  const parsed = JSONRPCRequestSchema.safeParse(post.json);
  if (!parsed.success || parsed.data.method === 'initialize') return null;
  return parsed.data;
}

/**
 * An MCP Transport (the SDK's interface) for one request and its response, for `oneJsonRequest`'s requests: the
 * SDK's Server still validates, dispatches and answers the request, but without the Request, Response and stream
 * bookkeeping of the general transport, which were two thirds of the endpoint's time on the server. What else the
 * server sends during the request (a notification) has nowhere to go in a JSON answer, as with the SDK's transport.
 */
export class ExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private settle?: (message: JSONRPCMessage) => void;
  private id?: JSONRPCRequest['id'];

  async start(): Promise<void> {}

  /** The server's response to `request`, as the SDK's transport answers it in JSON mode: 200, `application/json`. */
  async answer(request: JSONRPCRequest): Promise<WireResponse> {
    if (!this.onmessage) throw new Error('ExchangeTransport: connect a server first');
    const response = new Promise<JSONRPCMessage>((resolve) => (this.settle = resolve));
    this.id = request.id;
    this.onmessage(request);
    const bytes = Buffer.from(JSON.stringify(await response));
    return { status: 200, statusText: '', headers: [['content-type', 'application/json']], body: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) };
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id === this.id) this.settle?.(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}
