import { describe, expect, it } from 'vitest';
import { spareWorkers } from '../../../src/sandbox/spareWorkers.ts';
import type { LanguageId } from '../../../src/sandbox/languages.ts';

// The one pre-start mechanism of Node and the page: a worker that has run nothing waits for the next script of its
// language and arguments; one worker still runs one script.
interface Fake {
  id: number;
  language: LanguageId;
  args: { memoryMb: number; timeMs?: number };
  stopped: boolean;
}

function pool(keyOf?: (a: Fake['args']) => string, refill?: boolean) {
  const started: Fake[] = [];
  const spares = spareWorkers<Fake['args'], Fake>(
    (language, args) => {
      const w = { id: started.length, language, args, stopped: false };
      started.push(w);
      return w;
    },
    (w) => {
      w.stopped = true;
    },
    keyOf,
    refill,
  );
  return { spares, started };
}

describe('spare workers', () => {
  it('hands out the warmed spare, starts the next one, and never hands out a worker twice', () => {
    const { spares, started } = pool();
    spares.warm('python', { memoryMb: 256 });
    expect(started).toHaveLength(1);
    const first = spares.take('python', { memoryMb: 256 });
    expect(first.id).toBe(0);
    expect(started).toHaveLength(2);
    const second = spares.take('python', { memoryMb: 256 });
    expect(second.id).toBe(1);
    expect(second).not.toBe(first);
    expect(started.filter((w) => w.stopped)).toEqual([]);
  });

  it('without refill (one script a process) hands out the warmed spare and starts no next one', () => {
    const { spares, started } = pool(undefined, false);
    spares.warm('javascript', { memoryMb: 256 });
    const first = spares.take('javascript', { memoryMb: 256 });
    expect(first.id).toBe(0);
    expect(started).toHaveLength(1);
    // A second script still gets a worker, started for it.
    const second = spares.take('javascript', { memoryMb: 256 });
    expect(second.id).toBe(1);
    expect(started).toHaveLength(2);
  });

  it('keeps one spare per language: warming Bash does not drop the Python spare', () => {
    const { spares, started } = pool();
    spares.warm('python', { memoryMb: 256 });
    spares.warm('bash', { memoryMb: 256 });
    spares.warm('python', { memoryMb: 256 });
    expect(started.map((w) => w.language)).toEqual(['python', 'bash']);
    expect(spares.take('python', { memoryMb: 256 }).id).toBe(0);
    expect(spares.take('bash', { memoryMb: 256 }).id).toBe(1);
  });

  it('does not hand out a spare started with other arguments; it stops it instead', () => {
    const { spares, started } = pool();
    spares.warm('javascript', { memoryMb: 256 });
    const w = spares.take('javascript', { memoryMb: 512 });
    expect(w.args.memoryMb).toBe(512);
    expect(started[0].stopped).toBe(true);
  });

  it('a key can leave out what a started worker does not depend on', () => {
    const { spares } = pool((a) => String(a.memoryMb));
    spares.warm('bash', { memoryMb: 256, timeMs: 30_000 });
    expect(spares.take('bash', { memoryMb: 256, timeMs: 12_000 }).id).toBe(0);
  });

  it('dispose stops every spare and starts no more', () => {
    const { spares, started } = pool();
    spares.warm('python', { memoryMb: 256 });
    spares.warm('bash', { memoryMb: 256 });
    spares.dispose();
    expect(started.every((w) => w.stopped)).toBe(true);
    spares.take('python', { memoryMb: 256 });
    expect(started).toHaveLength(3);
    spares.warm('javascript', { memoryMb: 256 });
    expect(started).toHaveLength(3);
  });
});
