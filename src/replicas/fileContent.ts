/**
 * File bytes as a row stores them (Box's file versions, Slack's files): UTF-8 text when they decode as such, base64
 * otherwise, so that text contents stay readable (and searchable) in the database.
 */
export interface StoredContent {
  content: string;
  content_encoding: 'utf8' | 'base64';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function storeBytes(bytes: Uint8Array): StoredContent {
  try {
    return { content: utf8.decode(bytes), content_encoding: 'utf8' };
  } catch {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { content: btoa(binary), content_encoding: 'base64' };
  }
}

/** The bytes a row stores; a row without stored content (Agent-Diff's Box seed without its folder) has none. */
export function storedBytes(v: { content: string | null; content_encoding: 'utf8' | 'base64' }): Uint8Array {
  if (v.content == null) return new Uint8Array(0);
  if (v.content_encoding === 'utf8') return new TextEncoder().encode(v.content);
  const binary = atob(v.content);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** SHA-1 as lowercase hex, the form Box reports in `sha1`. */
export async function sha1Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Media type for a download, from the file's extension. */
export function mediaType(extension: string): string {
  const types: Record<string, string> = {
    txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', json: 'application/json', pdf: 'application/pdf', html: 'text/html',
    xml: 'application/xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
  return types[extension.toLowerCase()] ?? 'application/octet-stream';
}
