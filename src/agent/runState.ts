/**
 * The states of a finished run, defined once. Every count of results (pass rate, score, pass@k, pass^k) reads them.
 *
 * - passed: the model ended the run (final answer, or the run's own limits, or the user's Stop) and the state passed.
 * - failed: the same, and the state did not pass.
 * - errored: the provider failed before the model ended the run — any ProviderError (refused key, unknown model,
 *   server error, dropped connection…), a reply stream cut off before its end, the request's time limit. The run
 *   keeps what it did and its diff, but nothing says how the model would have gone on: it is left out of the
 *   statistics, which say how many they left out.
 *
 * A run that errored before the model's first reply is also `notRun` (the page does not keep it, and a batch stops).
 */
import type { AgentRunRecord } from './record.ts';
import type { ProviderErrorKind, ProviderRetry } from './types.ts';

export type RunState = 'passed' | 'failed' | 'errored';

export const runStates: readonly RunState[] = ['passed', 'failed', 'errored'];

/** Whether the state passed: by the hybrid rule for scenarios graded that way, else by the state-diff verdict. */
export function runPassed(r: Pick<AgentRunRecord, 'verdict' | 'grade'>): boolean {
  return r.grade ? r.grade.passed : r.verdict.passed;
}

/** A run's state: its recorded `state`, or, for a record from before the field, derived as it would have been set. */
export function runState(r: Pick<AgentRunRecord, 'verdict' | 'grade' | 'endReason'> & { state?: RunState }): RunState {
  if (r.state && runStates.includes(r.state)) return r.state;
  if (r.endReason === 'error') return 'errored';
  return runPassed(r) ? 'passed' : 'failed';
}

/**
 * Provider failures that the same request cannot get past by asking again: the key refused, a model the provider
 * does not serve, a request it rejects, one longer than the model's context, a server a page may not read (CORS).
 */
export const nonRetryableKinds: readonly ProviderErrorKind[] = ['auth', 'model', 'bad_request', 'context_length', 'cors'];

/** Whether an errored run may succeed when run again with the same settings. */
export function retryable(r: Pick<AgentRunRecord, 'errorKind'>): boolean {
  return !nonRetryableKinds.includes(r.errorKind ?? 'other');
}

/** Where and how an errored run failed, for people: `errored at step 2 (truncated)`. */
export function erroredAt(r: Pick<AgentRunRecord, 'errorKind' | 'errorStep' | 'steps'>): string {
  const step = r.errorStep ?? r.steps.length;
  return `errored at step ${step + 1}${r.errorKind ? ` (${r.errorKind})` : ''}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** One retried failure, for people: `HTTP 429, Retry-After 1.0 s, retried after 1.0 s`. */
export function retryText(r: ProviderRetry): string {
  if (r.midStream) return `${r.cause}; the turn was asked for again`;
  return `${r.cause}${r.retryAfterMs !== undefined ? `, Retry-After ${seconds(r.retryAfterMs)}` : ''}, retried after ${seconds(r.waitedMs)}`;
}
