import { describe, expect, it } from 'vitest';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

// Invariant 4: the same script on the same seed gives the same responses and the same diff, byte for byte —
// including what the script derives from Date and Math.random.
const script = `
const r = await fetch('https://slack.com/api/conversations.create', {
  method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'det-' + Math.floor(Math.random() * 1e6) }),
});
const { channel } = await r.json();
await new Promise((done) => setTimeout(done, 50));
const post = await fetch('https://slack.com/api/chat.postMessage', {
  method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ channel: channel.id, text: 'made at ' + new Date().toISOString() }),
});
console.log(JSON.stringify(await post.json()));
`;

const project = withSlackSuiteWorkbench();

describe('determinism', () => {
  it('gives the same console and diff for the same script in two fresh environments', async () => {
    const outcomes = [];
    for (let i = 0; i < 2; i++) {
      const session = await project.workbench.open(project.scenario);
      const step = await session.runStep(script);
      expect(step.script.ok).toBe(true);
      outcomes.push(JSON.stringify({ console: step.script.console, diff: step.runDiff }));
      await session.dispose();
    }
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[0]).toContain('made at 2026-01-15T17:00');
  });

  it('gives the same again after a reset', async () => {
    const session = await project.workbench.open(project.scenario);
    const first = JSON.stringify((await session.runStep(script)).runDiff);
    await session.reset();
    const second = JSON.stringify((await session.runStep(script)).runDiff);
    expect(second).toBe(first);
    await session.dispose();
  });
});
