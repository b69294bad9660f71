import type { ShimBody, ShimRequest, ShimResponse } from '../types.ts';

/**
 * A request and a response as they cross between Python and the worker's JavaScript: JSON text, bytes as base64,
 * so that nothing but strings passes through Pyodide's foreign-function interface.
 */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body:
    | null
    | { kind: 'text'; text: string }
    | { kind: 'bytes'; base64: string }
    | { kind: 'form'; entries: ({ name: string; value: string } | { name: string; bytes: string; type: string; filename: string })[] };
  redirect: 'follow' | 'manual';
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  url: string;
  redirected: boolean;
  body: string;
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function toShimBody(body: WireRequest['body']): ShimBody | null {
  if (!body) return null;
  switch (body.kind) {
    case 'text':
      return { kind: 'text', text: String(body.text) };
    case 'bytes':
      return { kind: 'bytes', bytes: base64ToBytes(body.base64) };
    case 'form':
      return {
        kind: 'form',
        entries: body.entries.map((entry) =>
          'bytes' in entry
            ? { name: String(entry.name), file: { bytes: base64ToBytes(entry.bytes), type: String(entry.type), filename: String(entry.filename) } }
            : { name: String(entry.name), value: String(entry.value) },
        ),
      };
  }
}

export function fromWireRequest(wire: WireRequest): ShimRequest {
  return {
    url: String(wire.url),
    method: String(wire.method),
    headers: wire.headers.map(([name, value]) => [String(name), String(value)]),
    body: toShimBody(wire.body),
    redirect: wire.redirect === 'manual' ? 'manual' : 'follow',
  };
}

export function toWireResponse(response: ShimResponse): WireResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    url: response.url,
    redirected: response.redirected,
    body: bytesToBase64(response.body),
  };
}
