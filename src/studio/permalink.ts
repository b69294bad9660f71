import type { DifflabSuiteFile } from '../scenarios/format/difflabSuite.ts';
import type { RunRecord } from './runRecord.ts';

/**
 * Permalinks: a scenario, a script or a recorded run, deflated (CompressionStream) and base64url-encoded into the
 * URL fragment, which never reaches a server. Past MAX_FRAGMENT characters a link stops working in some browsers
 * and chat tools, so the caller offers a file instead.
 */
export type SharedState =
  | { kind: 'scenario'; suite: DifflabSuiteFile; script?: string }
  | { kind: 'script'; code: string; suiteId?: string; testId?: string }
  | { kind: 'run'; run: RunRecord };

const PREFIX = '#share=v1.';
/** Beyond this a link is offered as a file: about the length common chat tools and proxies pass intact. */
export const MAX_FRAGMENT = 16_000;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The fragment for some bytes (the state's JSON text): `#share=v1.<deflated, base64url>`. */
export async function encodeFragment(bytes: Uint8Array): Promise<string> {
  return PREFIX + toBase64Url(await pipe(bytes, new CompressionStream('deflate')));
}

/** The bytes a fragment holds, or null when it is not a share fragment or does not inflate. */
export async function decodeFragment(fragment: string): Promise<Uint8Array | null> {
  if (!fragment.startsWith(PREFIX)) return null;
  try {
    return await pipe(fromBase64Url(fragment.slice(PREFIX.length)), new DecompressionStream('deflate'));
  } catch {
    return null;
  }
}

export async function encodeState(state: SharedState): Promise<string> {
  return encodeFragment(new TextEncoder().encode(JSON.stringify(state)));
}

export async function decodeState(fragment: string): Promise<SharedState | null> {
  const bytes = await decodeFragment(fragment);
  if (!bytes) return null;
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as SharedState;
    return value && (value.kind === 'scenario' || value.kind === 'script' || value.kind === 'run') ? value : null;
  } catch {
    return null;
  }
}

/** A link to `base` opening in `state`, or the file to share instead when the link would be too long. */
export async function shareLink(base: string, state: SharedState): Promise<{ url: string } | { tooLong: true; fileName: string; text: string }> {
  const fragment = await encodeState(state);
  if (fragment.length <= MAX_FRAGMENT) return { url: base.replace(/#.*$/, '') + fragment };
  if (state.kind === 'script') return { tooLong: true, fileName: `${state.testId ?? 'script'}.js`, text: state.code };
  if (state.kind === 'run') return { tooLong: true, fileName: `run-${state.run.scenario.id}.json`, text: JSON.stringify(state.run, null, 2) };
  return { tooLong: true, fileName: `${state.suite.id}.json`, text: JSON.stringify(state.suite, null, 2) };
}
