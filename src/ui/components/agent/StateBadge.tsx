import { runState, type AgentRunRecord } from '../../../agent/record.ts';
import { termProps } from '../../glossary/Term.tsx';

const looks = {
  passed: { cls: 'pass', word: 'pass', upper: 'PASSED', term: 'verdict' },
  failed: { cls: 'fail', word: 'fail', upper: 'FAILED', term: 'verdict' },
  errored: { cls: 'error', word: 'errored', upper: 'ERRORED', term: 'errored' },
} as const;

/** A run's state as a badge: pass, fail, or errored (the provider failed: not the model's failure). */
export function StateBadge({ record, upper = false }: { record: Pick<AgentRunRecord, 'verdict' | 'grade' | 'endReason' | 'state'>; upper?: boolean }) {
  const state = runState(record);
  const look = looks[state];
  return (
    <span className={`badge ${look.cls}`} data-state={state} {...termProps(look.term)}>
      {upper ? look.upper : look.word}
    </span>
  );
}
