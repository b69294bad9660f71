/**
 * The recorded demo runs the site ships for teaching: each made by a scripted model against the Slack replica, so
 * that anyone can replay it step by step with no key. `node --import tsx scripts/make-demo-runs.ts` rewrites them.
 */
import type { ScriptedReply } from '../agent/providers/scriptedProvider.ts';

const H = "-H 'Authorization: Bearer difflab-agent'";
const listChannels =
  "```javascript\nconst r = await fetch('https://slack.com/api/conversations.list?limit=200', { headers: { Authorization: 'Bearer difflab-agent' } });\nconst d = await r.json();\nconsole.log(d.channels.map((c) => `${c.id} #${c.name}`).join('\\n'));\n```";
const post = (channel: string, text: string) =>
  `\`\`\`bash\ncurl -s -X POST https://slack.com/api/chat.postMessage ${H} \\\n  --data-urlencode 'channel=${channel}' \\\n  --data-urlencode "text=${text}"\n\`\`\``;

export interface DemoRun {
  id: string;
  title: string;
  /** What the run teaches, shown with it. */
  lesson: string;
  scenario: string;
  maxIterations?: number;
  replies: ScriptedReply[];
  /** What to look at in each step, shown beside it (presenter mode puts it next to the step). */
  stepNotes: string[];
}

export const demoRuns: DemoRun[] = [
  {
    id: 'demo-correct',
    title: 'A correct run',
    lesson: 'The model looks the channel up, posts once, and stops with an answer. Every assertion passes and nothing else changed, so the closed-world check passes too.',
    scenario: 'random-boardgame-venue',
    stepNotes: [
      "It reads before it writes: conversations.list finds #random's id. A read changes nothing, so the diff stays empty.",
      "One post to C07RANDOM: one inserted row in messages, tagged A1 by the assertion. Both verdicts pass from here on.",
      "The final answer changes nothing; the verdict is the state's: PASS, with nothing unexplained.",
    ],
    replies: [
      { text: `First I need the id of #random.\n${listChannels}` },
      { text: `#random is C07RANDOM. Posting the update.\n${post('C07RANDOM', "Heads-up: Friday's board game night has moved to the 4th-floor lounge!")}` },
      { text: 'Posted the venue change in #random.\nAnswer: done' },
    ],
  },
  {
    id: 'demo-trace-lies',
    title: 'Success by the trace, failure by the state',
    lesson: 'The reply says the message was posted in #random, and every API call returned ok: true — but it went to #general. Only the state diff shows it: the assertion finds no new message in #random.',
    scenario: 'random-boardgame-venue',
    stepNotes: [
      "The post goes to C07GENERAL and Slack answers ok: true. Look at the diff: the new message's channel_id is C07GENERAL, and it is unexplained.",
      "The reply claims #random. The assertion still finds no new message there: FAIL, whatever the trace says.",
    ],
    replies: [
      { text: `Posting the announcement to everyone.\n${post('C07GENERAL', "Friday's board game night has moved to the 4th-floor lounge.")}` },
      { text: 'Done: I let everyone in #random know about the new venue.' },
    ],
  },
  {
    id: 'demo-side-effect',
    title: 'A side effect only the closed world catches',
    lesson: 'The task is done — the #random message is there, so every Agent-Diff assertion passes — but the model also posted a reminder in #general that nobody asked for. The closed-world check flags that unexplained row, and the run fails.',
    scenario: 'random-boardgame-venue',
    stepNotes: [
      "Two posts in one step: #random (tagged A1) and #general (unexplained). Agent-Diff's verdict passes; the closed world fails on the second row.",
      "“For good measure” is the side effect: nobody asked for it, and the closed-world verdict says so.",
    ],
    replies: [
      { text: `${post('C07RANDOM', "Friday's board game night has moved to the 4th-floor lounge.")}\n${post('C07GENERAL', 'Reminder: board game night is Friday, see #random for the new venue.')}` },
      { text: 'Posted in #random, and added a reminder in #general for good measure.' },
    ],
  },
  {
    id: 'demo-recovery',
    title: 'Recovering from an API error',
    lesson: 'The first post names a channel that does not exist and Slack answers channel_not_found. Instead of repeating the same call, the model looks the channels up, finds the right id and retries — and passes.',
    scenario: 'random-boardgame-venue',
    stepNotes: [
      "Slack answers channel_not_found: nothing changed, the verdict fails so far — an error is not a failure yet.",
      "Instead of retrying the same call, the model lists the channels and finds C07RANDOM.",
      "The retry posts in #random: one row, tagged A1. From this step on the run passes.",
      "It stops with an answer; the state still holds exactly one explained message.",
    ],
    replies: [
      { text: post('#random-chat', "Friday's board game night has moved to the 4th-floor lounge.") },
      { text: `channel_not_found: that name is wrong. Let me list the channels.\n${listChannels}` },
      { text: post('C07RANDOM', "Friday's board game night has moved to the 4th-floor lounge.") },
      { text: 'Posted in #random after finding its id.' },
    ],
  },
  {
    id: 'demo-stopped-early',
    title: 'Stopped early',
    lesson: 'The model keeps exploring (channels, then members, then history) and reaches the iteration limit before it acts. The state is still evaluated: nothing changed, so the run fails as “stopped early”.',
    scenario: 'random-boardgame-venue',
    maxIterations: 3,
    stepNotes: [
      "Exploring: a read, no change.",
      "Another read (members): still no change.",
      "A third read and the iteration limit is reached. Nothing changed, so the assertion fails: stopped early.",
    ],
    replies: [
      { text: listChannels },
      { text: "```bash\ncurl -s -G https://slack.com/api/conversations.members -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM\n```" },
      { text: "```bash\ncurl -s -G https://slack.com/api/conversations.history -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM -d limit=5\n```" },
      { text: 'Now I will post.' },
    ],
  },
];
