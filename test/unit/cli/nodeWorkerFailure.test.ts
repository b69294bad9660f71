import { describe, expect, it } from 'vitest';
import { nodeWorkerFactory } from '../../../src/cli/createNodeWorker.ts';
import { prewarmed } from '../../../src/cli/prewarmedWorkers.ts';
import { defaultLimits } from '../../../src/sandbox/types.ts';

// A worker whose start throws, as a spare booting while nobody holds it yet.
const broken = nodeWorkerFactory(() => new URL(`data:text/javascript,${encodeURIComponent('throw new Error("the worker could not start")')}`));

describe('a sandbox worker that fails before anyone listens (Node)', () => {
  it('does not take the process down, and tells the listener that comes later what happened', async () => {
    const workers = prewarmed(broken, { refill: false });
    workers.warm(defaultLimits, 'javascript');
    // Long enough for the spare's start to have thrown with no listener attached.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const worker = workers.createWorker(defaultLimits, 'javascript');
    const error = await new Promise<unknown>((resolve) => worker.onError(resolve));
    expect(String(error)).toContain('the worker could not start');
    workers.dispose();
  }, 30_000);
});
