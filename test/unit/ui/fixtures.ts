import { evaluateDiff } from '../../../src/evaluation/index.ts';
import { emptyDiff, type Diff } from '../../../src/engine/index.ts';
import type { Scenario } from '../../../src/scenarios/index.ts';
import { memoryRunHistory } from '../../../src/ui/agent/runHistory.ts';
import type { KeyValueStore } from '../../../src/ui/stores/appState.ts';
import { createAppStore } from '../../../src/ui/stores/appStore.ts';
import { suiteEntries, type LoadedSuite } from '../../../src/ui/stores/parseFiles.ts';
import type { StepOutcome, TableMeta } from '../../../src/ui/workbench/protocol.ts';
import type { WorkbenchPort } from '../../../src/ui/workbench/WorkbenchPort.ts';

export const tables: TableMeta[] = [
  { service: 'slack', name: 'messages', primaryKey: ['message_id'], columns: ['message_id', 'channel_id', 'message_text'] },
  { service: 'slack', name: 'channels', primaryKey: ['channel_id'], columns: ['channel_id', 'channel_name', 'topic_text'] },
];

export function scenario(id: string, over: Partial<Scenario> = {}): Scenario {
  return {
    id,
    title: `Scenario ${id}`,
    prompt: `Do ${id}`,
    seed: 'seed_a',
    actingUserId: 'U1',
    spec: { assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C1' }, expected_count: 1 }] },
    closedWorld: true,
    metadata: {},
    answerChecks: [],
    rubrics: [],
    services: ['slack'],
    ...over,
  };
}

export function loadedSuite(id: string, scenarios: Scenario[], solutions: string[] = []): LoadedSuite {
  return suiteEntries(
    { id, name: `Suite ${id}`, format: 'difflab', services: ['slack'], tests: scenarios },
    `/scenarios/${id}/suite.json`,
    'project',
    (p) => solutions.includes(p),
  );
}

export function outcomeFor(s: Scenario, diff: Diff, ok = true): StepOutcome {
  return {
    script: { ok, console: [{ level: 'log', text: 'done' }], requests: [{ method: 'POST', url: 'https://slack.com/api/chat.postMessage', status: 200, ms: 3 }], durationMs: 12 },
    stepDiff: diff,
    runDiff: diff,
    verdict: evaluateDiff(s.spec, diff, { closedWorld: s.closedWorld }),
  };
}

export const postedDiff: Diff = {
  inserts: [{ __table__: 'messages', message_id: 'M1', channel_id: 'C1', message_text: 'hello' }],
  updates: [],
  deletes: [],
};

export function memoryStorage(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** A workbench that answers at once and records what it was asked, in order. */
export function fakeWorkbench(outcome: (source: string) => StepOutcome): WorkbenchPort & { calls: string[]; gate?: Promise<void> } {
  const calls: string[] = [];
  const port: WorkbenchPort & { calls: string[] } = {
    calls,
    async start() {
      calls.push('start');
      return { templates: ['seed_a'], services: ['slack'], prebuilt: true, ms: 1 };
    },
    async registerSeed(name) {
      calls.push(`registerSeed:${name}`);
      return { tables: 1, rows: 2 };
    },
    async open(s) {
      calls.push(`open:${s.id}`);
      return { tables, ms: 1 };
    },
    async run(source, onConsole) {
      calls.push('run');
      onConsole([{ level: 'info', text: 'live' }]);
      return outcome(source);
    },
    abort() {
      calls.push('abort');
    },
    async reset() {
      calls.push('reset');
    },
    async tables() {
      calls.push('tables');
      return [
        { service: 'slack', table: 'channels', rows: 0 },
        { service: 'slack', table: 'messages', rows: 3 },
      ];
    },
    async rows(service, table, offset, limit) {
      calls.push(`rows:${table}:${offset}:${limit}`);
      return [{ message_id: 'M1', channel_id: 'C1', message_text: 'hello' }];
    },
    async checkSuite() {
      calls.push('checkSuite');
      return [];
    },
  };
  return port;
}

/**
 * Agent attempts for a fake workbench: each opens its own environment, and each script it runs takes `delayMs`
 * (or ends early, not ok, when its signal stops it), so that attempts overlap. `inFlight`/`maxInFlight` count the
 * attempts open at once; `log` says what was opened and closed.
 */
export function withAttempts<W extends WorkbenchPort & { calls: string[] }>(base: W, s: Scenario, diff: Diff, delayMs: number) {
  const open = new Map<number, string>();
  const state = { inFlight: 0, maxInFlight: 0, opened: 0, closed: 0, log: [] as string[] };
  let next = 1;
  return Object.assign(base, {
    attempts: state,
    async openAttempt(sc: Scenario) {
      const id = next++;
      open.set(id, sc.id);
      state.opened++;
      state.inFlight = open.size;
      state.maxInFlight = Math.max(state.maxInFlight, open.size);
      state.log.push(`open:${id}`);
      return id;
    },
    async closeAttempt(id: number) {
      if (!open.delete(id)) throw new Error(`attempt ${id} closed twice or never opened`);
      state.closed++;
      state.inFlight = open.size;
      state.log.push(`close:${id}`);
    },
    async runInAttempt(id: number, _source: string, _onConsole: unknown, signal?: AbortSignal) {
      if (!open.has(id)) throw new Error(`attempt ${id} is not open`);
      const stopped = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), delayMs);
        signal?.addEventListener('abort', () => (clearTimeout(timer), resolve(true)));
      });
      return outcomeFor(s, stopped ? emptyDiff() : diff, !stopped);
    },
    async agentFinish(_answer: string | null, _trace?: unknown, attemptId?: number) {
      if (attemptId === undefined || !open.has(attemptId)) throw new Error('finish outside an open attempt');
      return { runDiff: diff, verdict: evaluateDiff(s.spec, diff, { closedWorld: s.closedWorld }), grade: null };
    },
  });
}

/** An app store over `workbench` with `suite` in its catalog, in-memory storage and run history, started. */
export async function startedStore(workbench: WorkbenchPort, suite: LoadedSuite) {
  const storage = memoryStorage();
  const history = memoryRunHistory();
  const store = createAppStore(
    { workbench, storage, runHistory: history, loadSolution: async () => "await fetch('https://slack.com/api/chat.postMessage')" },
    { suites: [suite], reports: [] },
  );
  await store.getState().run.start();
  return { store, storage, history, state: () => store.getState() };
}
