import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { originAllowed } from './mcpHttp.ts';
import { createMcpServer, type McpServerOptions } from './mcpServer.ts';

/** A JSON-RPC message larger than this is refused (413): no tool call of a replica needs as much. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface LoopbackMcp {
  /** `http://127.0.0.1:<port>/<secret>/mcp`: the only path that answers. */
  url: string;
  close(): Promise<void>;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The request's body, or null once it passes `MAX_BODY_BYTES` (the rest is not read). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * One scenario's MCP server over Streamable HTTP on 127.0.0.1, on a port the system picks, for one external agent:
 * stateless and with JSON answers, as `serve`'s `/api/env/<envId>/mcp`. The path holds a random secret, so another
 * process on the machine (another run's agent) cannot call this run's tools; `Origin` is checked as the MCP transports
 * specification asks of a local server.
 */
export async function serveMcpOnLoopback(options: McpServerOptions): Promise<LoopbackMcp> {
  const path = `/${randomBytes(16).toString('hex')}/mcp`;
  let origin = '';
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== path) return jsonRpcError(res, 404, 'Not found');
    if (!originAllowed(req.headers.origin ?? null, origin)) return jsonRpcError(res, 403, 'Forbidden: this Origin may not call the MCP endpoint');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (body === null) return jsonRpcError(res, 413, `Payload too large: a message may have at most ${MAX_BODY_BYTES} bytes`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`${origin}${req.url}`, { method: req.method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
    const server = createMcpServer(options);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } finally {
      await server.close();
    }
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) jsonRpcError(res, 500, err instanceof Error ? err.message : String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
