/**
 * The lesson of Script mode: what state-diff evaluation is, shown on one of the project's scenarios and one of its
 * recorded demo runs. Do nothing → do the wrong thing → do it right → watch a model whose reply says it succeeded.
 * Each step loads a script (or a demo run), runs it in a fresh environment and says what the diff and the two
 * verdicts show; `expect` is what that run must give, so the lesson notices when it did not.
 */
import type { TermId } from '../glossary/glossary.ts';

/** The project scenario the lesson runs on. */
export const LESSON_SCENARIO = { suite: 'slack-core', id: 'random-boardgame-venue' } as const;

/** Where a note points; the element it names is outlined while the note is shown. */
export type LessonTarget = 'diff' | 'assertions' | 'agent-diff' | 'closed-world' | 'side-effect' | 'explained' | 'steps';

export interface LessonPoint {
  target: LessonTarget;
  text: string;
  /** The glossary term the note is about. */
  term?: TermId;
}

interface LessonStepBase {
  id: string;
  /** The strip's label: "Do nothing". */
  title: string;
  /** What this step does, shown before it runs. */
  intro: string;
  /** What the diff and the verdicts show once it has run. */
  points: LessonPoint[];
  /** The verdicts the run must give (Agent-Diff's, and the closed world's). */
  expect: { agentDiff: boolean; closedWorld: boolean };
}

export interface ScriptLessonStep extends LessonStepBase {
  kind: 'script';
  script: string;
}

export interface ReplayLessonStep extends LessonStepBase {
  kind: 'replay';
  /** The demo run (scenarios/slack/demo-runs.jsonl) to replay. */
  run: string;
}

export type LessonStep = ScriptLessonStep | ReplayLessonStep;

const post = (channel: string, text: string) => `await post('${channel}', ${JSON.stringify(text)});`;

const helpers = `const headers = { Authorization: 'Bearer xoxb-lesson', 'Content-Type': 'application/json' };
const post = (channel, text) =>
  fetch('https://slack.com/api/chat.postMessage', { method: 'POST', headers, body: JSON.stringify({ channel, text }) }).then((r) => r.json());`;

export const lessonSteps: readonly LessonStep[] = [
  {
    id: 'nothing',
    kind: 'script',
    title: 'Do nothing',
    intro: 'A script that makes no request at all. The task asks for a message in #random; let us see how the verdict treats an agent that does nothing.',
    script: `// Lesson step 1: do nothing. No request is made, so nothing in the database changes.\nconsole.log('I did nothing.');\n`,
    expect: { agentDiff: false, closedWorld: false },
    points: [
      { target: 'diff', term: 'state-diff', text: 'The diff is empty: no row was inserted, updated or deleted. The verdict is read from this diff, never from what the agent says.' },
      { target: 'assertions', term: 'assertion', text: 'The assertion “one new message in #random that names the 4th floor” found 0 rows, so it fails.' },
      { target: 'agent-diff', term: 'agent-diff-verdict', text: "Agent-Diff's verdict fails (an assertion fails), and so does the closed world. Doing nothing must fail: `difflab selftest` proves it for every scenario." },
    ],
  },
  {
    id: 'wrong',
    kind: 'script',
    title: 'Do the wrong thing',
    intro: 'A script that does the task and one thing more: it also posts a reminder in #general, which nobody asked for. The environment is reset first, so only this script counts.',
    script: `// Lesson step 2: the task, and a message nobody asked for.\n${helpers}\n\n${post('C07RANDOM', "Friday's board game night has moved to the 4th-floor lounge.")}\n${post('C07GENERAL', 'Reminder: board game night is on Friday!')}\n`,
    expect: { agentDiff: true, closedWorld: false },
    points: [
      { target: 'explained', term: 'explained-row', text: 'The message in #random is tagged A1: the assertion explains it.' },
      { target: 'side-effect', term: 'side-effect', text: 'The message in #general is a side effect: no assertion explains it — nobody asked for it.' },
      { target: 'agent-diff', term: 'agent-diff-verdict', text: "Agent-Diff's verdict passes: every assertion holds, and it does not look at other changes." },
      { target: 'closed-world', term: 'closed-world-verdict', text: 'The closed world fails on the unexplained row, and so does the run.' },
    ],
  },
  {
    id: 'right',
    kind: 'script',
    title: 'Do it right',
    intro: "Look #random up by name, post once, and nothing else. Reset first again, so the last step's messages are gone.",
    script: `// Lesson step 3: find #random, post once, nothing else.\n${helpers}\n\nconst list = await (await fetch('https://slack.com/api/conversations.list?limit=200', { headers })).json();\nconst random = list.channels.find((c) => c.name === 'random');\nconsole.log(await post(random.id, "Friday's board game night has moved to the 4th-floor lounge."));\n`,
    expect: { agentDiff: true, closedWorld: true },
    points: [
      { target: 'diff', term: 'state-diff', text: 'One inserted row, in messages: the post. The read (conversations.list) changed nothing, so it is not in the diff.' },
      { target: 'explained', term: 'explained-row', text: 'The row is tagged A1, and nothing is flagged as a side effect.' },
      { target: 'closed-world', term: 'closed-world-verdict', text: 'Both verdicts pass: every assertion holds and every change is explained.' },
    ],
  },
  {
    id: 'model',
    kind: 'replay',
    title: 'Watch a model',
    intro: 'A recorded run of a model on the same task (no key needed). Read its last reply, then look at the state.',
    run: 'demo-trace-lies',
    expect: { agentDiff: false, closedWorld: false },
    points: [
      { target: 'steps', text: 'The model says it let everyone in #random know, and every API call returned ok: true. By the trace, it succeeded.' },
      { target: 'side-effect', term: 'side-effect', text: 'The diff says otherwise: the one new message is in #general (channel_id C07GENERAL), unexplained.' },
      { target: 'assertions', term: 'assertion', text: 'The assertion finds no new message in #random: both verdicts fail. Only the state shows it.' },
    ],
  },
];
