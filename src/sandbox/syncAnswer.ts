import type { ShimResponse } from './types.ts';

/**
 * A fetch's answer carried through shared memory to a worker that blocks for it (Python's `requests` is
 * synchronous): the one way in Node and in a cross-origin isolated page, where a worker cannot read a MessagePort
 * synchronously. One growable SharedArrayBuffer per script; one request at a time (the worker is blocked).
 *
 * Layout: four Int32 slots, then the answer's bytes.
 *   [0] state: 0 while the worker waits, 1 once an answer is written (Atomics.notify wakes the worker)
 *   [1] the id of the request answered (a late answer to a request the worker gave up on is skipped)
 *   [2] the byte length of the head: JSON of the status line, headers, url — or of the error message
 *   [3] the byte length of the body, which follows the head
 */
export type SyncAnswer = { type: 'fetchResult'; response: ShimResponse } | { type: 'fetchError'; message: string };

const STATE = 0;
const ID = 1;
const HEAD_BYTES = 2;
const BODY_BYTES = 3;
const HEADER_BYTES = 16;
/** What the buffer starts at: most answers (a JSON page of a replica) fit, so it rarely grows. */
const INITIAL_BYTES = 256 * 1024;

/** ES2024's growable SharedArrayBuffer (Node 20, Chromium 111, Firefox 128), beyond this project's ES2023 lib. */
interface Growable extends SharedArrayBuffer {
  readonly maxByteLength: number;
  grow(byteLength: number): void;
}

type Head = { type: 'fetchResult'; status: number; statusText: string; headers: [string, string][]; url: string; redirected: boolean } | { type: 'fetchError'; message: string };

/** A response larger than the script's heap could never be read by it: refused as a failed fetch, with the sizes. */
export function answerTooLargeMessage(bytes: number, limitBytes: number): string {
  return `fetch failed: the response is ${bytes} bytes, more than the script's memory limit (${limitBytes} bytes)`;
}

/** The shared buffer for one script whose answers may be up to `maxAnswerBytes` (head and body together). */
export function newSyncBuffer(maxAnswerBytes: number): SharedArrayBuffer {
  const max = HEADER_BYTES + maxAnswerBytes;
  // Read here, not at module load: a page that is not cross-origin isolated has no SharedArrayBuffer at all.
  const Shared = SharedArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => Growable;
  return new Shared(Math.min(HEADER_BYTES + INITIAL_BYTES, max), { maxByteLength: max });
}

function encodeHead(answer: SyncAnswer): Uint8Array {
  const head: Head =
    answer.type === 'fetchError'
      ? { type: 'fetchError', message: answer.message }
      : { type: 'fetchResult', status: answer.response.status, statusText: answer.response.statusText, headers: answer.response.headers, url: answer.response.url, redirected: answer.response.redirected };
  return new TextEncoder().encode(JSON.stringify(head));
}

/**
 * The host's half: writes the answer to request `id`, growing the buffer as needed, and wakes the worker. An answer
 * past the buffer's maximum is written as a failed fetch that says so.
 */
export function writeSyncAnswer(shared: SharedArrayBuffer, id: number, answer: SyncAnswer): void {
  const buffer = shared as Growable;
  let head = encodeHead(answer);
  let body = answer.type === 'fetchResult' ? answer.response.body : new Uint8Array(0);
  const limit = buffer.maxByteLength - HEADER_BYTES;
  if (head.length + body.length > limit) {
    head = encodeHead({ type: 'fetchError', message: answerTooLargeMessage(head.length + body.length, limit) });
    body = new Uint8Array(0);
  }
  const needed = HEADER_BYTES + head.length + body.length;
  if (needed > buffer.byteLength) buffer.grow(Math.min(buffer.maxByteLength, Math.max(needed, buffer.byteLength * 2)));
  const bytes = new Uint8Array(buffer);
  bytes.set(head, HEADER_BYTES);
  bytes.set(body, HEADER_BYTES + head.length);
  const slots = new Int32Array(buffer, 0, 4);
  Atomics.store(slots, ID, id);
  Atomics.store(slots, HEAD_BYTES, head.length);
  Atomics.store(slots, BODY_BYTES, body.length);
  Atomics.store(slots, STATE, 1);
  Atomics.notify(slots, STATE);
}

/**
 * The worker's half: blocks until the answer to request `id` is written (or `timeoutMs` passes: null), reads it
 * and leaves the buffer ready for the next request. The bytes are copied out: nothing returned is shared.
 */
export function waitSyncAnswer(buffer: SharedArrayBuffer, id: number, timeoutMs: number): SyncAnswer | null {
  const slots = new Int32Array(buffer, 0, 4);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0 || Atomics.wait(slots, STATE, 0, left) === 'timed-out') return null;
    const answered = Atomics.load(slots, ID);
    const headBytes = Atomics.load(slots, HEAD_BYTES);
    const bodyBytes = Atomics.load(slots, BODY_BYTES);
    // slice(): a copy in an ordinary ArrayBuffer (TextDecoder refuses shared memory; the body must not stay shared).
    const copy = answered === id ? new Uint8Array(buffer, HEADER_BYTES, headBytes + bodyBytes).slice() : null;
    Atomics.store(slots, STATE, 0);
    if (!copy) continue; // the answer to a request this worker stopped waiting for
    const head = JSON.parse(new TextDecoder().decode(copy.subarray(0, headBytes))) as Head;
    if (head.type === 'fetchError') return { type: 'fetchError', message: head.message };
    const { type: _type, ...line } = head;
    return { type: 'fetchResult', response: { ...line, body: copy.subarray(headBytes) } };
  }
}
