/**
 * Failure classes and recovery behaviour read from a run's trace and diff, after Agent-Diff's error analysis.
 * Heuristics over the record; each class is documented by the test that pins it.
 */
import { runState, type AgentAction, type AgentRunRecord } from './record.ts';

export type FailureClass = 'stopped_early' | 'no_action' | 'unexplained_side_effects' | 'api_error_not_recovered' | 'wrong_entity_changed' | 'answer_wrong';

export const failureLabels: Record<FailureClass, string> = {
  stopped_early: 'stopped early (limit or Stop)',
  no_action: 'no action taken',
  unexplained_side_effects: 'unexplained side effects',
  api_error_not_recovered: 'API errors not recovered',
  wrong_entity_changed: 'wrong entity changed',
  answer_wrong: 'final answer wrong',
};

/** An action whose API call failed: a script error, an HTTP error status, or Slack's `ok: false`. */
export function isApiError(a: AgentAction): boolean {
  return !a.ok || a.requests.some((r) => r.status >= 400) || /"ok"\s*:\s*false/.test(a.observation);
}

function diffIsEmpty(d: AgentRunRecord['runDiff']): boolean {
  return d.inserts.length + d.updates.length + d.deletes.length === 0;
}

/** Why a failed run failed (null when it passed, or errored: the provider's failure is not the model's). The first class that applies wins, in this order. */
export function failureClass(r: AgentRunRecord): FailureClass | null {
  if (runState(r) !== 'failed') return null;
  if (r.endReason !== 'final_answer') return 'stopped_early';
  if (diffIsEmpty(r.runDiff) && !r.verdict.agent_diff_passed) return 'no_action';
  if (r.verdict.agent_diff_passed && !r.verdict.closed_world_passed) return 'unexplained_side_effects';
  const actions = r.steps.flatMap((s) => s.actions);
  const lastWithCalls = [...actions].reverse().find((a) => a.requests.length > 0 || !a.ok);
  if (lastWithCalls && isApiError(lastWithCalls)) return 'api_error_not_recovered';
  if (r.verdict.agent_diff_passed) return 'answer_wrong';
  return 'wrong_entity_changed';
}

export type Recovery = 'repeated_unchanged' | 'looked_up_then_retried' | 'changed_request' | 'gave_up';

/**
 * What the agent did after each API error: sent the same thing again unchanged, read something (a lookup) before
 * trying again, changed the request directly, or did nothing more.
 */
export function recoveries(r: AgentRunRecord): Recovery[] {
  const actions = r.steps.flatMap((s) => s.actions);
  const out: Recovery[] = [];
  actions.forEach((a, i) => {
    if (!isApiError(a)) return;
    const next = actions[i + 1];
    if (!next) out.push('gave_up');
    else if (next.code === a.code && next.script === a.script) out.push('repeated_unchanged');
    else if (isLookup(next)) out.push('looked_up_then_retried');
    else out.push('changed_request');
  });
  return out;
}

/** Reads only: every request is a GET, or a read-style RPC method (list, info, history, search, get…). */
function isLookup(a: AgentAction): boolean {
  if (a.requests.length === 0) return false;
  return a.requests.every((q) => {
    if (q.method === 'GET') return true;
    const last = q.url.split(/[/?#]/).filter(Boolean).pop() ?? '';
    return /(\.|_|^)(list|info|history|replies|members|search|get|lookupByEmail|test|conversations)/i.test(last);
  });
}

export function countBy<T extends string>(items: readonly (T | null)[]): Partial<Record<T, number>> {
  const out: Partial<Record<T, number>> = {};
  for (const i of items) if (i !== null) out[i] = (out[i] ?? 0) + 1;
  return out;
}
