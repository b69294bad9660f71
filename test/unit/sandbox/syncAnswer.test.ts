import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { answerTooLargeMessage, newSyncBuffer, waitSyncAnswer, writeSyncAnswer, type SyncAnswer } from '../../../src/sandbox/syncAnswer.ts';
import type { ShimResponse } from '../../../src/sandbox/types.ts';

function response(body: Uint8Array<ArrayBuffer>, extra: Partial<ShimResponse> = {}): ShimResponse {
  return { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body, url: 'https://slack.com/api/auth.test', redirected: false, ...extra };
}

/** Written by the host, read by the worker, in one thread: the answer is already there when the worker waits. */
function roundTrip(answer: SyncAnswer, maxBytes = 64 * 1024 * 1024, id = 1): SyncAnswer | null {
  const buffer = newSyncBuffer(maxBytes);
  writeSyncAnswer(buffer, id, answer);
  return waitSyncAnswer(buffer, id, 1000);
}

describe('a fetch answer through shared memory', () => {
  it('carries a text response: status line, headers in order, final url and body', () => {
    const body = new TextEncoder().encode('{"ok":true,"text":"héllo ✓"}');
    const sent = response(body, { status: 201, statusText: 'Created', headers: [['x-b', '2'], ['x-a', '1'], ['set-cookie', 'a=1']], url: 'https://box.com/x', redirected: true });
    const got = roundTrip({ type: 'fetchResult', response: sent });
    expect(got).toEqual({ type: 'fetchResult', response: { ...sent, body: expect.any(Uint8Array) } });
    expect(new TextDecoder().decode((got as { response: ShimResponse }).response.body)).toBe('{"ok":true,"text":"héllo ✓"}');
  });

  it('carries binary bodies byte for byte (every byte value, and the empty body)', () => {
    const binary = new Uint8Array(512).map((_, i) => i % 256);
    const got = roundTrip({ type: 'fetchResult', response: response(binary) }) as { response: ShimResponse };
    expect([...got.response.body]).toEqual([...binary]);
    const empty = roundTrip({ type: 'fetchResult', response: response(new Uint8Array(0), { status: 204, statusText: 'No Content' }) }) as { response: ShimResponse };
    expect(empty.response.status).toBe(204);
    expect(empty.response.body.length).toBe(0);
  });

  it('grows the buffer for a large body (5 MB, past its first size) and hands back a copy that is not shared', () => {
    const large = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const buffer = newSyncBuffer(64 * 1024 * 1024);
    const before = buffer.byteLength;
    writeSyncAnswer(buffer, 3, { type: 'fetchResult', response: response(large) });
    const got = waitSyncAnswer(buffer, 3, 1000) as { response: ShimResponse };
    expect(buffer.byteLength).toBeGreaterThan(before);
    expect(got.response.body.length).toBe(large.length);
    expect(got.response.body.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Buffer.from(got.response.body).equals(Buffer.from(large))).toBe(true);
    // The next, small answer after a large one reads only its own bytes.
    writeSyncAnswer(buffer, 4, { type: 'fetchResult', response: response(new TextEncoder().encode('{}')) });
    expect(new TextDecoder().decode((waitSyncAnswer(buffer, 4, 1000) as { response: ShimResponse }).response.body)).toBe('{}');
  });

  it('refuses a response larger than the limit as a failed fetch that gives both sizes', () => {
    const limit = 1024 * 1024;
    const got = roundTrip({ type: 'fetchResult', response: response(new Uint8Array(limit + 1)) }, limit);
    expect(got?.type).toBe('fetchError');
    expect((got as { message: string }).message).toMatch(/^fetch failed: the response is \d+ bytes, more than the script's memory limit \(1048576 bytes\)$/);
    expect(answerTooLargeMessage(5, 4)).toContain('5 bytes');
  });

  it('carries a refused request as its message', () => {
    expect(roundTrip({ type: 'fetchError', message: 'Request limit reached: a script may make at most 500 requests' })).toEqual({
      type: 'fetchError',
      message: 'Request limit reached: a script may make at most 500 requests',
    });
  });

  it('skips a late answer to a request the worker stopped waiting for, and times out with null', () => {
    const buffer = newSyncBuffer(1024 * 1024);
    expect(waitSyncAnswer(buffer, 1, 20)).toBeNull();
    writeSyncAnswer(buffer, 1, { type: 'fetchError', message: 'late' });
    // Request 2 waits: the late answer to 1 is dropped, nothing else comes.
    expect(waitSyncAnswer(buffer, 2, 50)).toBeNull();
  });

  it('wakes a worker blocked in another thread, which reads what the host wrote after it began to wait', async () => {
    const buffer = newSyncBuffer(8 * 1024 * 1024);
    // A plain worker (it cannot import the TypeScript module): it waits on the state slot and reads the length slots.
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const slots = new Int32Array(workerData, 0, 4);
      parentPort.postMessage('waiting');
      Atomics.wait(slots, 0, 0, 5000);
      parentPort.postMessage({ id: slots[1], head: slots[2], body: slots[3], byteLength: workerData.byteLength });`;
    const worker = new Worker(source, { eval: true, workerData: buffer });
    try {
      const messages: unknown[] = [];
      const done = new Promise<unknown>((resolve) => worker.on('message', (m) => (messages.push(m), messages.length === 2 && resolve(m))));
      await new Promise<void>((resolve) => worker.once('message', () => resolve()));
      writeSyncAnswer(buffer, 9, { type: 'fetchResult', response: response(new Uint8Array(2 * 1024 * 1024)) });
      const seen = (await done) as { id: number; body: number; byteLength: number };
      expect(seen.id).toBe(9);
      expect(seen.body).toBe(2 * 1024 * 1024);
      // The growth is visible from the other thread.
      expect(seen.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    } finally {
      await worker.terminate();
    }
  });
});
