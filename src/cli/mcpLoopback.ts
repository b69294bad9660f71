import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { mcpErrorBody, originAllowed } from './mcpHttp.ts';
import { createMcpServer, type McpServerOptions } from './mcpServer.ts';

export interface LoopbackMcp {
  /** `http://127.0.0.1:<port>/<secret>/mcp`: the only path that answers. */
  url: string;
  close(): Promise<void>;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(mcpErrorBody(message)));
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
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    // The body is streamed: the SDK's transport stops reading it past its size limit and answers 413.
    const body = req.method === 'POST' ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined;
    const request = new Request(`${origin}${req.url}`, { method: req.method, headers, ...(body ? { body, duplex: 'half' } : {}) } as RequestInit);
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
