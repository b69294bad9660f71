/**
 * Runs regular expressions that only a backtracking engine can run (lookaround, backreferences, JavaScript answer
 * checks) in a worker the host can stop: each pattern may take PATTERN_BUDGET_MS (on all the texts it is asked about)
 * and one evaluation EVALUATION_PATTERN_BUDGET_MS in all; a pattern still running then is reported too expensive
 * (and the worker replaced). The shells say how to start a worker
 * (`setPatternWorkerFactory`): Node with worker_threads, the page with a Web Worker (nested in the workbench worker).
 */

/** What one backtracking pattern may take on the texts of one evaluation: 1 s. */
export const PATTERN_BUDGET_MS = 1000;

/** What one evaluation may spend on backtracking patterns in all: 5 s. */
export const EVALUATION_PATTERN_BUDGET_MS = 5000;

/** The little a worker must offer, in Node and in a browser alike. */
export interface PatternWorkerPort {
  postMessage(message: unknown): void;
  onMessage(handler: (message: unknown) => void): void;
  terminate(): void;
}

export interface PatternJob {
  source: string;
  flags: string;
  texts: string[];
}

/** Per job: a result per text, or 'expensive' (ran out of budget), or an error message. */
export type PatternOutcome = { results: boolean[] } | { expensive: true } | { error: string };

let factory: (() => PatternWorkerPort) | null = null;

/** Installs how this shell starts a pattern worker. Without one, patterns run inline (unbounded). */
export function setPatternWorkerFactory(make: (() => PatternWorkerPort) | null): void {
  factory = make;
  current?.terminate();
  current = null;
}

export function hasPatternWorker(): boolean {
  return factory !== null;
}

interface Live {
  port: PatternWorkerPort;
  waiting: Map<number, (message: { results?: boolean[]; error?: string }) => void>;
  terminate(): void;
}

let current: Live | null = null;
let nextId = 1;

function live(): Live {
  if (current) return current;
  const port = factory!();
  const waiting = new Map<number, (m: { results?: boolean[]; error?: string }) => void>();
  port.onMessage((m) => {
    const msg = m as { id: number; results?: boolean[]; error?: string };
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  });
  const made: Live = {
    port,
    waiting,
    terminate() {
      port.terminate();
      if (current === made) current = null;
    },
  };
  current = made;
  return made;
}

/** Runs the jobs one after another, each within PATTERN_BUDGET_MS and all within `budgetMs`. */
export async function runPatterns(jobs: PatternJob[], budgetMs = EVALUATION_PATTERN_BUDGET_MS): Promise<PatternOutcome[]> {
  const out: PatternOutcome[] = [];
  if (!factory) {
    for (const j of jobs) out.push(inline(j));
    return out;
  }
  const deadline = Date.now() + budgetMs;
  for (const job of jobs) {
    const left = deadline - Date.now();
    if (left <= 0) {
      out.push({ expensive: true });
      continue;
    }
    const worker = live();
    const id = nextId++;
    const answer = await new Promise<{ results?: boolean[]; error?: string } | null>((resolve) => {
      // One pattern never takes more than PATTERN_BUDGET_MS, however large the total budget of a batch.
      const timer = setTimeout(() => resolve(null), Math.min(left, PATTERN_BUDGET_MS));
      worker.waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.port.postMessage({ id, ...job });
    });
    if (answer === null) {
      worker.terminate();
      out.push({ expensive: true });
    } else {
      out.push(answer.results ? { results: answer.results } : { error: answer.error ?? 'failed' });
    }
  }
  return out;
}

function inline(job: PatternJob): PatternOutcome {
  try {
    const re = new RegExp(job.source, job.flags);
    return { results: job.texts.map((t) => re.test(t)) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}
