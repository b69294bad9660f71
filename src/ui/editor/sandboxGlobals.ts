/**
 * Declarations of what a DiffLab script can use besides the language (the sandbox prelude's globals, see
 * src/sandbox/prelude/), for the editor's completions and hovers. No DOM: scripts do not run in the page.
 */
export const sandboxGlobals = `
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}
declare var console: Console;

type HeadersInit = [string, string][] | Record<string, string> | Headers;
type BodyInit = string | URLSearchParams | FormData | Blob | ArrayBuffer | Uint8Array;

interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  redirect?: 'follow' | 'manual' | 'error';
  signal?: AbortSignal;
}

declare class Headers {
  constructor(init?: HeadersInit);
  get(name: string): string | null;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  has(name: string): boolean;
  delete(name: string): void;
  forEach(fn: (value: string, name: string) => void): void;
  entries(): IterableIterator<[string, string]>;
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  delete(name: string): void;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string);
  href: string;
  origin: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

declare class Blob {
  constructor(parts?: (string | Uint8Array | ArrayBuffer | Blob)[], options?: { type?: string });
  readonly size: number;
  readonly type: string;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

declare class File extends Blob {
  constructor(parts: (string | Uint8Array | ArrayBuffer | Blob)[], name: string, options?: { type?: string });
  readonly name: string;
}

declare class FormData {
  append(name: string, value: string | Blob, filename?: string): void;
  set(name: string, value: string | Blob, filename?: string): void;
  get(name: string): string | File | null;
  has(name: string): boolean;
  delete(name: string): void;
}

declare class Request {
  constructor(input: string | URL | Request, init?: RequestInit);
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  json(): Promise<any>;
  text(): Promise<string>;
}

declare class Response {
  constructor(body?: BodyInit | null, init?: { status?: number; statusText?: string; headers?: HeadersInit });
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  json(): Promise<any>;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  blob(): Promise<Blob>;
}

/** Requests to the replicas' real hosts (https://slack.com/api/…) reach the replica; any other host is refused. */
declare function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;

declare class AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  static timeout(ms: number): AbortSignal;
}
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array | ArrayBuffer): string;
}

declare function atob(data: string): string;
declare function btoa(data: string): string;
declare function setTimeout(fn: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearTimeout(id?: number): void;
declare function setInterval(fn: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearInterval(id?: number): void;
declare function queueMicrotask(fn: () => void): void;
declare function structuredClone<T>(value: T): T;
declare var performance: { now(): number };
`;
