import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_URL_BYTES } from '../replicas/limits.ts';
import type { RequestProblem } from '../replicas/types.ts';

/**
 * What `serve` does at the HTTP level before a request reaches a service: methods no service takes, the header
 * count, `Expect: 100-continue` and a lingering close after a refused body. serve.ts wires these in.
 */

/**
 * Methods no service or platform route takes and the WHATWG `Request` refuses to build (TRACE, TRACK) or Node hands
 * over as a tunnel (CONNECT): answered 405 in the addressed service's shape instead.
 */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

export function unsupportedMethod(method: string | undefined): RequestProblem | null {
  const m = (method ?? '').toUpperCase();
  return UNSUPPORTED_METHODS.has(m) ? { kind: 'method_not_allowed', method: m, detail: `the ${m} method is not supported` } : null;
}

/** The request line and every header, as sent: each header counted, however many there are (see `frontServer`). */
export function headerBytes(req: IncomingMessage): number {
  return req.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0);
}

const declaredLength = (req: IncomingMessage) => Number(req.headers['content-length']);

/** Whether the request will be refused by its URL, headers or declared length alone (before a byte of its body). */
function refusedUnread(req: IncomingMessage): boolean {
  const declared = declaredLength(req);
  return (Number.isFinite(declared) && declared > MAX_BODY_BYTES) || Buffer.byteLength(req.url ?? '') > MAX_URL_BYTES || headerBytes(req) > MAX_HEADER_BYTES;
}

/** Requests that asked `Expect: 100-continue` and were not invited: their clients send no body. */
const uninvited = new WeakSet<IncomingMessage>();

/** Whether the client may still be sending the request's body (so that an answer to it should linger). */
export function stillSending(req: IncomingMessage): boolean {
  return !req.complete && !uninvited.has(req);
}

/** How much of a refused body is still read (and dropped) so that its client reads the answer: then the socket closes. */
const LINGER_BYTES = 2 * MAX_BODY_BYTES;
/** How long a refused body is waited for at most, for a client that stops sending without closing. */
const LINGER_MS = 10_000;

/**
 * Sends an answer given before the request's body was read whole (a 413), as nginx's lingering close does: the
 * answer goes out whole, then what the client still sends is read and dropped, up to a bound, before the connection
 * closes. Closing under a client that is still sending resets the connection and loses the answer for a client that
 * sends its whole body before reading (Python's http.client).
 */
export function lingeringAnswer(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer): void {
  res.shouldKeepAlive = false;
  res.writeHead(status, { ...headers, connection: 'close' });
  res.write(body);
  let drained = 0;
  const done = () => {
    clearTimeout(timer);
    req.off('data', onData);
    res.end();
  };
  const onData = (c: Buffer) => {
    drained += c.length;
    if (drained > LINGER_BYTES) {
      done();
      req.socket.destroySoon();
    }
  };
  const timer = setTimeout(() => (done(), req.socket.destroySoon()), LINGER_MS);
  timer.unref?.();
  req.on('data', onData);
  req.once('end', done);
  req.once('error', done);
  req.resume();
}

/**
 * The server-level settings and events: every header kept (Node keeps 2,000 by default, and the header limit would
 * stop counting there), `Expect: 100-continue` invited only when the request will be read, and CONNECT answered.
 */
export function frontServer(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  refuseRaw: (socket: Socket, req: IncomingMessage, problem: RequestProblem) => void,
): void {
  // Node's maxHeaderSize still bounds the header block's bytes (serve sets it to 1 MiB).
  server.maxHeadersCount = 0;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (refusedUnread(req)) uninvited.add(req);
    else res.writeContinue();
    handle(req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Socket) => refuseRaw(socket, req, unsupportedMethod('CONNECT')!));
}
