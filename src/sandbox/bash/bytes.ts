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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A line of the shell's output as text, decoded the way just-bash decodes a script's final output: a byte string
 * that is valid UTF-8 becomes its text; anything else (text already, or bytes that are not UTF-8) stays as it is.
 */
export function decodeShellText(text: string): string {
  let high = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return text;
    if (code > 0x7f) high = true;
  }
  if (!high) return text;
  try {
    return strictUtf8.decode(latin1ToBytes(text));
  } catch {
    return text;
  }
}
