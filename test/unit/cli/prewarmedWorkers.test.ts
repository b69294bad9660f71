import { describe, expect, it } from 'vitest';
import { prewarmed } from '../../../src/cli/prewarmedWorkers.ts';
import { defaultLimits, type WorkerLike } from '../../../src/sandbox/types.ts';

function fakeFactory() {
  const started: { language: string; memoryBytes: number; worker: WorkerLike; terminated: boolean }[] = [];
  const factory = (limits: typeof defaultLimits, language: string): WorkerLike => {
    const entry = { language, memoryBytes: limits.memoryBytes, terminated: false, worker: null as unknown as WorkerLike };
    entry.worker = { postMessage: () => {}, onMessage: () => {}, onError: () => {}, terminate: () => void (entry.terminated = true) };
    started.push(entry);
    return entry.worker;
  };
  return { started, factory };
}

describe('prewarmed workers (Node)', () => {
  it('hands out the spare for any time limit of its language and memory limit, and starts the next one', () => {
    const { started, factory } = fakeFactory();
    const workers = prewarmed(factory);
    workers.warm(defaultLimits, 'bash');
    expect(started).toHaveLength(1);
    // A ReAct action's time limit shrinks from step to step: the spare still fits.
    const first = workers.createWorker({ ...defaultLimits, timeMs: 7000 }, 'bash');
    expect(first).toBe(started[0].worker);
    expect(started).toHaveLength(2);
    const second = workers.createWorker({ ...defaultLimits, timeMs: 3000 }, 'bash');
    expect(second).toBe(started[1].worker);
    expect(started.every((s) => !s.terminated)).toBe(true);
  });

  it('does not hand a spare to another language or memory limit, and stops every spare on dispose', () => {
    const { started, factory } = fakeFactory();
    const workers = prewarmed(factory);
    workers.warm(defaultLimits, 'bash');
    const js = workers.createWorker(defaultLimits, 'javascript');
    expect(js).not.toBe(started[0].worker);
    const big = workers.createWorker({ ...defaultLimits, memoryBytes: defaultLimits.memoryBytes * 2 }, 'bash');
    expect(big).not.toBe(started[0].worker);
    expect(started[0].terminated).toBe(true);
    expect(started.find((s) => s.worker === big)?.memoryBytes).toBe(defaultLimits.memoryBytes * 2);
    workers.dispose();
    expect(started.filter((s) => s.worker !== js && s.worker !== big).every((s) => s.terminated)).toBe(true);
  });
});
