/**
 * just-bash carries bytes between commands as "latin1" strings, one character per byte (its ByteString). These
 * convert at the edges; the browser build of just-bash does not export its own helpers.
 */

const CHUNK = 0x8000;

export function bytesToLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return out;
}

export function latin1ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function utf8ToLatin1(text: string): string {
  return bytesToLatin1(new TextEncoder().encode(text));
}
