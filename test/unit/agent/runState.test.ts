import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toExplorerRun } from '../../../src/agent/explore.ts';
import { failureClass } from '../../../src/agent/failures.ts';
import { parseRunRecords, summarizeRun, toCsv, type AgentRunRecord } from '../../../src/agent/record.ts';
import { formatReport } from '../../../src/agent/report.ts';
import { retryable, runState } from '../../../src/agent/runState.ts';
import { groupStats } from '../../../src/agent/stats.ts';
import { runRecordToHtml } from '../../../src/studio/runHtml.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

const { records: demos } = parseRunRecords(readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8'));
const demo = (id: string) => structuredClone(demos.find((r) => r.id === id)!);

/**
 * A record from before the `state` field whose provider failed after step 1: its state happens to pass (step 1
 * posted the message), as the issue found counted as a pass.
 */
function oldErrored(): AgentRunRecord {
  const r = demo('demo-correct');
  delete r.state;
  return { ...r, id: 'old-errored', endReason: 'error', error: 'the connection to api.example dropped while the model was answering: terminated', errorKind: 'network' };
}

describe('run states', () => {
  it('an old record without the field derives its state: errored when the provider failed, else from its verdict', () => {
    expect(demos.every((r) => r.state === undefined)).toBe(true);
    expect(runState(demo('demo-correct'))).toBe('passed');
    expect(runState(demo('demo-side-effect'))).toBe('failed');
    // The run's own limit is not an error: the run is judged.
    expect(runState(demo('demo-stopped-early'))).toBe('failed');
    expect(runState(oldErrored())).toBe('errored');
  });

  it('the recorded field wins, and every reader follows it: summary, CSV, explorer, failure class, stats, report, HTML export', () => {
    const errored = oldErrored();
    expect(summarizeRun(errored)).toMatchObject({ state: 'errored', passed: false, errorKind: 'network' });
    expect(toCsv([errored]).split('\n')[1]).toContain(',errored,false,');
    expect(toExplorerRun(errored).outcome).toBe('error');
    expect(failureClass(errored)).toBeNull();
    const runs = [demo('demo-correct'), errored];
    expect(groupStats(runs.map(summarizeRun))).toMatchObject({ runs: 2, judged: 1, errored: 1, passRate: 1 });
    const report = formatReport(runs, {});
    expect(report).toContain('1 of 2 runs errored (the provider failed, not the model): left out of pass, pass@k, pass^k, score and closed-world');
    expect(report).toMatch(/by kind: network 1/);
    expect(report).toMatch(/\n\S+ +2 +100\.0% +100\.0% \(k=1\)/);
    const html = runRecordToHtml(errored);
    expect(html).toMatch(/Grade: <span class="error">ERRORED<\/span>/);
    expect(html).toContain('left out of pass rate');
  });

  it('names the errors a retry cannot get past', () => {
    expect(['auth', 'model', 'bad_request', 'context_length'].map((errorKind) => retryable({ errorKind } as AgentRunRecord))).toEqual([false, false, false, false]);
    expect(['truncated', 'server', 'network', 'timeout', 'rate_limit'].map((errorKind) => retryable({ errorKind } as AgentRunRecord))).toEqual([true, true, true, true, true]);
  });
});
