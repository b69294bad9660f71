import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureClass, recoveries } from '../../../src/agent/failures.ts';
import { parseRunRecords } from '../../../src/agent/record.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

// The shipped demo runs are recorded with a scripted model (scripts/make-demo-runs.ts); each shows one lesson.
const { records, problems } = parseRunRecords(readFileSync(join(repoRoot, 'scenarios/slack/demo-runs.jsonl'), 'utf8'));
const demo = (id: string) => records.find((r) => r.id === id)!;

describe('failure classes and recovery, on the demo runs', () => {
  it('the demo file is well-formed and has the five lessons', () => {
    expect(problems).toEqual([]);
    expect(records.map((r) => r.id)).toEqual(['demo-correct', 'demo-trace-lies', 'demo-side-effect', 'demo-recovery', 'demo-stopped-early']);
  });

  it('a correct run has no failure class', () => {
    expect(demo('demo-correct').verdict.passed).toBe(true);
    expect(failureClass(demo('demo-correct'))).toBeNull();
  });

  it('a message in the wrong channel is a wrong entity changed, whatever the reply claims', () => {
    const r = demo('demo-trace-lies');
    expect(r.steps[0].actions[0].observation).toContain('"ok":true');
    expect(failureClass(r)).toBe('wrong_entity_changed');
  });

  it('an extra change beside a correct one is an unexplained side effect (Agent-Diff passes, closed world fails)', () => {
    const r = demo('demo-side-effect');
    expect(r.verdict.agent_diff_passed).toBe(true);
    expect(r.verdict.closed_world_passed).toBe(false);
    expect(failureClass(r)).toBe('unexplained_side_effects');
  });

  it('a lookup after channel_not_found counts as recovery by lookup', () => {
    const r = demo('demo-recovery');
    expect(r.steps[0].actions[0].observation).toContain('channel_not_found');
    expect(recoveries(r)).toEqual(['looked_up_then_retried']);
    expect(r.verdict.passed).toBe(true);
  });

  it('reaching the iteration limit is stopped early', () => {
    const r = demo('demo-stopped-early');
    expect(r.endReason).toBe('max_iterations');
    expect(failureClass(r)).toBe('stopped_early');
  });

  it('the same failing request sent again is a repeat, and a failure at the end is giving up', () => {
    const base = demo('demo-recovery');
    const failing = base.steps[0].actions[0];
    const repeated = { ...base, steps: [{ ...base.steps[0], actions: [failing, { ...failing }] }] };
    expect(recoveries(repeated)).toEqual(['repeated_unchanged', 'gave_up']);
  });
});
