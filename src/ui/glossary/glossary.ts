/**
 * The glossary: every term and chip the page shows, explained once. Chips and terms point here by id (see Term.tsx),
 * the glossary page lists it, and `test/unit/ui/glossary.test.ts` fails when something the page renders has no
 * entry. Ids of a value of a facet are `facet:value` (`operations:C`, `docs:relevant`, `fault:rate-limit`).
 */
export type GlossaryGroup = 'verdicts' | 'diff' | 'scenario' | 'agent' | 'results';

export interface GlossaryEntry {
  /** The term as the page writes it. */
  term: string;
  group: GlossaryGroup;
  /** One or two sentences: what it is and why it matters here. */
  text: string;
}

export const glossaryGroups: Record<GlossaryGroup, string> = {
  verdicts: 'Verdicts',
  diff: 'The state diff',
  scenario: 'Scenarios and their metadata',
  agent: 'Agent runs',
  results: 'Results and statistics',
};

const entries = {
  // Verdicts
  verdict: { term: 'PASS / FAIL', group: 'verdicts', text: "The scenario's verdict: for DiffLab suites the closed-world one, for Agent-Diff suites Agent-Diff's published one, for hybrid-graded scenarios the hybrid grade." },
  'agent-diff-verdict': { term: "Agent-Diff's verdict", group: 'verdicts', text: 'Passes when every assertion holds. It is open-world: a change no assertion mentions is not looked at, so a run that also did something nobody asked for can still pass.' },
  'closed-world-verdict': { term: 'Closed-world verdict', group: 'verdicts', text: "Agent-Diff's verdict plus one more rule: every change in the diff must be explained — selected by an assertion or a consequence of such a row. An unexplained change (a side effect) fails the run." },
  'closed-world': { term: 'closed world', group: 'verdicts', text: 'This scenario is judged closed-world: besides every assertion holding, every row the run changed must be explained by an assertion. Anything else is a side effect and fails it.' },
  'open-world': { term: 'open world', group: 'verdicts', text: 'This scenario is judged as Agent-Diff publishes it: the assertions decide, and changes no assertion mentions are reported as side effects without failing the run.' },
  score: { term: 'score', group: 'verdicts', text: "Assertions (and answer checks) passed out of all of them — Agent-Diff's assertion-weighted score. A run can score 100% and still fail the closed world." },
  assertion: { term: 'assertion', group: 'verdicts', text: 'A declarative check on the diff (Agent-Diff\'s DSL): which table, added / changed / removed, which rows (`where`), how many (`expected_count`) and which fields changed how (`expected_changes`).' },
  'step-verdict': { term: 'passing / failing (step)', group: 'verdicts', text: "The verdict as of this step: the whole run's diff up to the end of the step, evaluated. A run can fail after step 1 and pass after step 3." },
  'hybrid-grade': { term: 'hybrid grade', group: 'verdicts', text: "EmailBench's grading, as DiffLab does it: static checks (assertions, answer checks) and model-judged rubrics weigh equally; the run passes with a score of at least 50%, every critical check passed and the closed world holding." },
  'critical-check': { term: 'critical check', group: 'verdicts', text: 'A check marked critical fails the hybrid grade on its own, whatever the score — e.g. "the reply must not go to the customer".' },
  rubric: { term: 'rubric', group: 'verdicts', text: 'A question a judge model scores from the run\'s whole trace (correctness, completeness, no fabrication, …). Without a judge, rubrics are "not judged" and the grade is static-only.' },
  'answer-check': { term: 'answer check', group: 'verdicts', text: "A check on the agent's final answer rather than the state: contains, a regex, a number within a tolerance, a set of values." },

  // The diff
  'state-diff': { term: 'state diff', group: 'diff', text: "Every row the run inserted, updated or deleted in the replica's database, read from a journal the row triggers keep. The verdict is computed from it, not from what the agent says it did." },
  'step-diff': { term: 'this step', group: 'diff', text: 'The changes made by the selected step (or the last script) alone.' },
  'run-diff': { term: 'whole run', group: 'diff', text: 'Every change since the environment was opened or reset: what the verdict is computed from.' },
  'explained-row': { term: 'explained row (A1, A2, …)', group: 'diff', text: 'A changed row an assertion selects; the tag names the assertion. Hover an assertion to see its rows.' },
  'side-effect': { term: 'side effect', group: 'diff', text: 'A change no assertion explains: nobody asked for it. The closed-world verdict fails on it; Agent-Diff\'s verdict does not look at it.' },
  'consequence-row': { term: 'consequence row', group: 'diff', text: 'A row no assertion names but that follows from one that does: inserted with an explained new row it references (the creator\'s membership of a new channel), deleted with its deleted parent, or a derived history row.' },
  'ignored-change': { term: 'ignored change', group: 'diff', text: "Only fields the suite's ignore_fields lists changed (timestamps and the like): not counted either way." },
  'changed-table': { term: 'changed rows', group: 'diff', text: 'How many rows of this table the run changed; the state browser highlights them.' },
  'carried-changes': { term: 'changes from earlier steps', group: 'diff', text: "Steps in one environment add up: a verdict after a second script includes the first script's changes unless you Reset." },

  // Scenarios
  service: { term: 'service', group: 'scenario', text: 'A replica the scenario uses: Slack, Box, Google Calendar, Linear or MailHub, each answering at its real API host.' },
  'service:slack': { term: 'slack', group: 'scenario', text: "Slack's Web API (https://slack.com/api/…): channels, messages, reactions, users; errors as ok: false with HTTP 200." },
  'service:box': { term: 'box', group: 'scenario', text: "Box's REST API 2.0: folders, files with their bytes, comments, tasks, collections, search." },
  'service:calendar': { term: 'calendar', group: 'scenario', text: 'Google Calendar API v3: calendars, events with recurrence and time zones, ACLs, free/busy.' },
  'service:linear': { term: 'linear', group: 'scenario', text: "Linear's GraphQL API: teams, issues, workflow states, labels, comments." },
  'service:mail': { term: 'mail', group: 'scenario', text: "MailHub, DiffLab's own provider-neutral mail and productivity API (messages, folders, rules, calendar, contacts, to-do), graded the EmailBench way." },
  'services-spanned': { term: 'services spanned', group: 'scenario', text: 'How many services one scenario changes or reads: a cross-app task (schedule in Calendar, announce in Slack) spans two or more, in one environment with one diff.' },
  horizon: { term: 'horizon (h2)', group: 'scenario', text: "How many API calls the scenario's reference solution makes (`difflab selftest` measures it). A rough measure of how long the task is." },
  operations: { term: 'operations (R+C)', group: 'scenario', text: 'What the task asks of the API: R read, C create, U update, D delete, search. "R+C" reads and then creates.' },
  'operations:R': { term: 'R · read', group: 'scenario', text: 'The task reads: look something up (a channel id, a folder, an event) before acting or to answer.' },
  'operations:C': { term: 'C · create', group: 'scenario', text: 'The task creates records: a message, a folder, an issue, an event.' },
  'operations:U': { term: 'U · update', group: 'scenario', text: 'The task changes existing records: rename, move, reschedule, reassign.' },
  'operations:D': { term: 'D · delete', group: 'scenario', text: 'The task deletes or archives records.' },
  'operations:search': { term: 'search', group: 'scenario', text: "The task needs the service's search to find what it acts on." },
  'entity-scope': { term: 'entity scope', group: 'scenario', text: 'Whether the task touches one record (single) or several (multi).' },
  'entity-scope:single': { term: 'single entity', group: 'scenario', text: 'The task touches one record.' },
  'entity-scope:multi': { term: 'multi entity', group: 'scenario', text: 'The task touches several records, often of several kinds.' },
  'information-availability': { term: 'information availability', group: 'scenario', text: 'Whether the prompt names what to act on outright (explicit) or leaves it to be found (implicit).' },
  'information-availability:explicit': { term: 'explicit info', group: 'scenario', text: 'The prompt names the records to act on; the agent still has to find their ids.' },
  'information-availability:implicit': { term: 'implicit info', group: 'scenario', text: 'The prompt describes what to act on; the agent has to work out which records it means.' },
  ambiguity: { term: 'ambiguity', group: 'scenario', text: 'How much the prompt leaves open to interpretation (low, medium, high).' },
  'ambiguity:low': { term: 'low ambiguity', group: 'scenario', text: 'One reasonable reading of the prompt.' },
  'ambiguity:medium': { term: 'medium ambiguity', group: 'scenario', text: 'Some details are for the agent to decide; the assertions accept the reasonable choices.' },
  'ambiguity:high': { term: 'high ambiguity', group: 'scenario', text: 'The prompt needs interpreting; the assertions check what any good reading must do.' },
  category: { term: 'category', group: 'scenario', text: 'What kind of work the task is (messaging, files, events, issues, clean-up, …), one value per meaning.' },
  difficulty: { term: 'difficulty', group: 'scenario', text: 'The authors\' estimate: easy, medium or hard.' },
  'difficulty:easy': { term: 'easy', group: 'scenario', text: 'A short task with one obvious path.' },
  'difficulty:medium': { term: 'medium', group: 'scenario', text: 'Several steps, or one step that needs care.' },
  'difficulty:hard': { term: 'hard', group: 'scenario', text: 'Many steps, paging, time zones or judgement.' },
  seed: { term: 'seed', group: 'scenario', text: "The database the scenario starts from (a company's users, channels, files…). Every run gets a fresh copy, so runs never see each other's changes." },
  'acting-user': { term: 'acting user (as U07…)', group: 'scenario', text: "Whose account the API calls are made as: the id of the user (or bot) in the seed. Permissions and 'me' follow from it." },
  suite: { term: 'suite', group: 'scenario', text: 'A file of scenarios sharing a service, a default seed and ignored fields: the project\'s five, or one you import.' },
  'suite-format': { term: 'suite format', group: 'scenario', text: "DiffLab's own suite format, or Agent-Diff's published one (loaded unmodified, judged by its published verdict)." },
  'format:difflab': { term: 'DiffLab', group: 'scenario', text: "A suite in DiffLab's format: closed-world verdicts, metadata, reference solutions." },
  'format:agent-diff': { term: 'Agent-Diff', group: 'scenario', text: "A suite in Agent-Diff's published format, loaded unmodified; judged by Agent-Diff's verdict, with the closed world reported beside it." },
  imported: { term: 'imported', group: 'scenario', text: 'Loaded from a file in this browser (Import suite… or a drop), not shipped with the site.' },
  'api-writes': { term: 'writes', group: 'scenario', text: 'This endpoint changes the state: calling it shows up in the diff.' },
  filters: { term: 'filters', group: 'scenario', text: 'How many filters narrow the scenario list; a batch runs the scenarios the list shows.' },

  // Agent runs
  'agent-mode': { term: 'mode', group: 'agent', text: 'How the model acts: code blocks run in the sandbox (code), JSON tool calls (tools), or the Agent-Diff paper\'s ReAct protocol (react).' },
  'mode:code': { term: 'code', group: 'agent', text: 'The model writes ```javascript, ```bash or ```python blocks; each runs in the sandbox and its output is the next observation.' },
  'mode:tools': { term: 'tools', group: 'agent', text: "The model calls tools by JSON schema: the replicas' endpoints (each call the same HTTP request a script would make) and, unless limited to api tools, execute_javascript, execute_bash and execute_python, which run code in the sandbox." },
  'mode:react': { term: 'react', group: 'agent', text: 'The Agent-Diff ReAct protocol: <thinking> then one <action> with a Bash command, or <done>; at most 25 turns and 300 s.' },
  docs: { term: 'docs', group: 'agent', text: 'How much API documentation the model is given: none, the endpoints the reference solution calls (relevant), or every endpoint (all).' },
  'docs:none': { term: 'docs: none', group: 'agent', text: 'No API documentation: the model relies on what it knows of the real APIs.' },
  'docs:relevant': { term: 'docs: relevant', group: 'agent', text: "Documentation of the endpoints the scenario's reference solution calls." },
  'docs:all': { term: 'docs: all', group: 'agent', text: "Documentation of every endpoint of the scenario's services." },
  faults: { term: 'faults', group: 'agent', text: 'Failures injected between the agent and the replica, in each service\'s own error shape, deterministically (every N-th request), so a run can be replayed.' },
  'fault:rate-limit': { term: 'rate-limit', group: 'agent', text: 'Every N-th request gets HTTP 429 with Retry-After (Slack: ratelimited). Does the agent wait and retry?' },
  'fault:5xx': { term: '5xx', group: 'agent', text: 'Every N-th request fails with a transient 503. Does the agent retry safely?' },
  'fault:latency': { term: 'latency', group: 'agent', text: 'Milliseconds added before every answer.' },
  'fault:short-pages': { term: 'short-pages', group: 'agent', text: 'List methods return at most N items, so the agent has to follow cursors or page tokens.' },
  language: { term: 'language', group: 'agent', text: 'What a script or action is written in: JavaScript (QuickJS), Bash (just-bash with curl and jq) or Python (Pyodide with requests).' },
  'lang:javascript': { term: 'JavaScript', group: 'agent', text: 'Runs in QuickJS in a worker, with fetch, URL, FormData and top-level await.' },
  'lang:bash': { term: 'Bash', group: 'agent', text: "Runs in just-bash with DiffLab's curl, jq, sed, awk and friends." },
  'lang:python': { term: 'Python', group: 'agent', text: "Runs in Pyodide with DiffLab's requests and urllib." },
  'action:tool': { term: 'tool call', group: 'agent', text: "A JSON tool call of tool mode: the same request through the same router as a script's." },
  'action:curl': { term: 'curl', group: 'agent', text: 'A curl block from a record made before Bash ran for real: it ran as the JavaScript it was turned into.' },
  'end-reason': { term: 'ended', group: 'agent', text: 'Why the run stopped: a final answer, the iteration or time limit, Stop, or an error.' },
  'end:final_answer': { term: 'final answer', group: 'agent', text: 'The model said it was done (code mode: a reply with no code; ReAct: <done>).' },
  'end:max_iterations': { term: 'max iterations', group: 'agent', text: 'The run reached its turn limit before the model said it was done; the state is evaluated as it is.' },
  'end:time_limit': { term: 'time limit', group: 'agent', text: "The run's time budget (ReAct's 300 s) ran out." },
  'end:disconnected': { term: 'client disconnected', group: 'agent', text: 'An MCP client ended its session (closed stdin, or SIGTERM): the run was judged on the state as the client left it.' },
  'end:stopped': { term: 'stopped', group: 'agent', text: 'Someone pressed Stop; the state was still evaluated.' },
  'end:error': { term: 'error', group: 'agent', text: 'The run broke off because the provider failed (an error answer, a dropped connection, a reply cut off mid-stream, the request timeout): the run is errored.' },
  errored: {
    term: 'errored',
    group: 'agent',
    text: "The provider failed before the model ended the run. The run keeps what it did and its diff, but it is not the model's failure: pass rate, score, pass@k and pass^k leave it out and say how many they left out. Retry errored runs it again.",
  },
  'provider-retry': {
    term: 'provider retry',
    group: 'agent',
    text: 'A transient failure before this reply came whole, and asked again: HTTP 429 or 5xx or a dropped connection (the SDK waits, as Retry-After asks), or a stream that broke part-way (the turn is asked for again).',
  },
  'demo-note': { term: 'demo note', group: 'agent', text: 'What a recorded demo run teaches, written beside the step it is about.' },

  // Results
  'pass-rate': { term: 'pass', group: 'results', text: 'Passed runs / judged runs: errored runs (the provider failed) are left out, and counted beside.' },
  'pass-at-k': { term: 'pass@k', group: 'results', text: 'The chance that at least one of k trials of a scenario passes (Chen et al. 2021, unbiased), averaged over scenarios. Rewards trying again.' },
  'pass-hat-k': { term: 'pass^k', group: 'results', text: 'The chance that all k trials of a scenario pass (τ-bench, Yao et al. 2024), averaged over scenarios. Measures reliability: it falls as k grows unless the agent always succeeds.' },
  'score-ci': { term: 'score [95% CI]', group: 'results', text: 'The mean assertion-weighted score with a 95% t-interval: how much the figure could move with other trials.' },
  'closed-world-rate': { term: 'closed world (rate)', group: 'results', text: 'The share of runs whose every change was explained.' },
  trials: { term: 'trials', group: 'results', text: 'Attempts at one scenario with the same model and settings; pass@k and pass^k need several.' },
  batch: { term: 'batch', group: 'results', text: 'One evaluation: scenarios × models × trials, from the page or from `difflab eval` (imported as JSONL).' },
  human: { term: 'human', group: 'results', text: "A person's attempt (Studio → Human baseline), judged like a model's run and shown as its own row." },
  'failure-class': { term: 'failure class', group: 'results', text: "Why a failed run failed, read from its trace and diff after Agent-Diff's error analysis; the first class that applies wins." },
  'failure:stopped_early': { term: 'stopped early', group: 'results', text: 'The run did not end with a final answer: the iteration or time limit or Stop came first (a provider error makes the run errored, not failed).' },
  'failure:no_action': { term: 'no action taken', group: 'results', text: 'Nothing changed and an assertion fails: the agent did not do the task.' },
  'failure:unexplained_side_effects': { term: 'unexplained side effects', group: 'results', text: 'Every assertion holds, but the run changed something nobody asked for: only the closed world fails it.' },
  'failure:api_error_not_recovered': { term: 'API errors not recovered', group: 'results', text: "The run's last API call failed (an HTTP error, Slack's ok: false, a script error) and the agent stopped there." },
  'failure:wrong_entity_changed': { term: 'wrong entity changed', group: 'results', text: "The agent changed the state, but not what the assertions look for: the wrong channel, file or event — whatever its reply says." },
  'failure:answer_wrong': { term: 'final answer wrong', group: 'results', text: "The state is right, but an answer check on the agent's final answer fails." },
  divergence: {
    term: 'first divergent step',
    group: 'results',
    text: 'Two runs side by side face step n with step n. The first divergent step is the first whose requests (method, URL, status, in order), change to the state (rows and values, times left out) or verdict differ, or that only one run has. Reply text is not compared.',
  },
  explorer: { term: 'Explorer', group: 'results', text: 'Every saved run, whatever made it, searchable and filtered by scenario, model, verdict, failure class, fault and source; a count in a results table opens the runs behind it there.' },
  'run-source': { term: 'source', group: 'results', text: 'What made a run: a batch in this page, a `difflab eval` results file, an MCP client (`difflab mcp`), a person, a live run, or a shipped demo run.' },
  'source:batch': { term: 'page batch', group: 'results', text: "A run of a batch started in this page's Batch tab." },
  'source:eval': { term: 'difflab eval', group: 'results', text: 'A run from a results file that `difflab eval` wrote (JSONL), imported into the page.' },
  'source:mcp': { term: 'difflab mcp', group: 'results', text: 'A run an MCP client made against `difflab mcp` (Claude Code, Codex, Cursor, an agent SDK): each step is one tool call the client sent, judged by the state diff when it disconnected; its record is the file of `--out`.' },
  'source:human': { term: 'human', group: 'results', text: "A person's attempt in Studio → Human baseline, judged like a model's run." },
  'source:live': { term: 'live', group: 'results', text: "A single run from the Live run tab (or a fork of a replayed run)." },
  'source:demo': { term: 'demo', group: 'results', text: 'A recorded demo run shipped with the site, each showing one lesson.' },
} satisfies Record<string, GlossaryEntry>;

export type TermId = keyof typeof entries;

export const glossary: Readonly<Record<TermId, GlossaryEntry>> = entries;

/** The entry of an id, or undefined for an id the glossary lacks. */
export function glossaryEntry(id: string): GlossaryEntry | undefined {
  return Object.hasOwn(entries, id) ? (entries as Record<string, GlossaryEntry>)[id] : undefined;
}

/** Whether the glossary has this id (for ids built from values: `op:${o}`). */
export function isTermId(id: string): id is TermId {
  return glossaryEntry(id) !== undefined;
}

/** The id of the element that holds an entry's text (what `aria-describedby` names). */
export function termDescriptionId(id: string): string {
  return `glossary-${id.replace(/[^\w-]/g, '_')}`;
}

/** `id` when the glossary has it (ids built from values: `end:${reason}`), else `fallback`. */
export function termOr(id: string, fallback: TermId): TermId {
  return isTermId(id) ? id : fallback;
}
