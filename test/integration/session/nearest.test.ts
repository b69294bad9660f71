import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/scenarios/index.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

// A session's verdict explains each failed assertion by its nearest rows: in the diff, else in the seed.
const project = withSlackSuiteWorkbench();

const setTopic = (channel: string, topic: string) => `
await fetch('https://slack.com/api/conversations.setTopic', {
  method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ channel: '${channel}', topic: '${topic}' }),
});`;

function scenarioWith(assertions: Scenario['spec']['assertions']): Scenario {
  return { ...project.scenario, spec: { ...project.scenario.spec, assertions }, rubrics: [], answerChecks: [], criticalAssertions: undefined };
}

describe('nearest rows in a session', () => {
  it('a topic set on the wrong channel: the changed row, its channel_id beside the expected one', async () => {
    const scenario = scenarioWith([
      { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C07RANDOM' }, expected_changes: { topic_text: { to: 'Board games on Friday' } } },
    ]);
    const session = await project.workbench.open(scenario);
    const step = await session.runStep(setTopic('C07GENERAL', 'Board games on Friday'));
    const row = step.verdict.assertions[0].nearest!.rows[0];
    expect(row).toMatchObject({ source: 'diff', kind: 'update', key: 'C07GENERAL', failed: 1 });
    expect(row.checks[0]).toMatchObject({ field: 'channel_id', expected: '"C07RANDOM"', actual: '"C07GENERAL"', passed: false });
    expect(row.checks[1]).toMatchObject({ field: 'topic_text', passed: true });
    await session.dispose();
  });

  it('nothing changed: the seed row the assertion names, unchanged', async () => {
    const scenario = scenarioWith([
      { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C07RANDOM' }, expected_changes: { topic_text: { to: 'Board games on Friday' } } },
    ]);
    const session = await project.workbench.open(scenario);
    const step = await session.runStep('console.log("thinking")');
    const rows = step.verdict.assertions[0].nearest!.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'seed', table: 'channels', key: 'C07RANDOM', failed: 1 });
    expect(rows[0].checks.map((c) => `${c.field} ${c.passed}`)).toEqual(['channel_id true', 'change false']);
    expect(rows[0].checks[1].actual).toBe('unchanged (in the seed)');
    await session.dispose();
  });
});
