import { formatDuration, runBatch as runPool, type BatchProgress } from '../../agent/batch.ts';
import { runAgent, type AgentEvents } from '../../agent/loop.ts';
import { defaultPrices, type PriceTable } from '../../agent/pricing.ts';
import { createProvider, providerPresets } from '../../agent/providers/index.ts';
import { repliesModel, replayScriptModel } from '../../agent/providers/scriptedProvider.ts';
import { agentDiffDocsText } from '../../agent/agentDiffDocs.ts';
import type { DocsCondition } from '../../agent/docs.ts';
import type { AgentMode } from '../../agent/prompts.ts';
import type { ToolSet } from '../../agent/codeTools.ts';
import { parseRunRecords, runState, stepDiffOf, toCsv, toJsonl, type AgentRunRecord, type AgentStep, type RunSettings } from '../../agent/record.ts';
import { retryable } from '../../agent/runState.ts';
import type { ModelProvider, ProviderErrorKind, ProviderProtocol } from '../../agent/types.ts';
import { agentTools, type AgentWorld } from '../../agent/world.ts';
import { replaySteps } from '../../agent/fork.ts';
import { runRecordFromHtml } from '../../studio/runHtml.ts';
import type { Replica } from '../../replicas/index.ts';
import type { ConsoleEntry } from '../../sandbox/types.ts';
import { judgeOverProtocol } from '../../evaluation/judges.ts';
import type { Judge } from '../../evaluation/rubric.ts';
import { canHoldAttempts, inAttempt, workbenchWorld, type AgentWorkbench } from '../agent/workbenchWorld.ts';
import { memoryRunHistory, type RunHistory } from '../agent/runHistory.ts';
import { relevantEndpointsOf } from '../agent/relevantEndpoints.ts';
import { patch, readJson, sliceUpdater, writeJson, type KeyValueStore, type SliceContext } from './appState.ts';
import { entryByKey } from './catalogSlice.ts';
import type { CatalogEntry, ReplySet } from './catalogTypes.ts';

/** The replicas a scenario's agent talks to (their tool specs and docs), loaded on first use: they stay out of the page's first chunk. */
async function replicasOf(entry: CatalogEntry): Promise<Replica[]> {
  const { replicas } = await import('../../replicas/index.ts');
  return replicas.filter((r) => entry.scenario.services.includes(r.name));
}

/** The scripted model that submits the scenario's reference solution: runs with no key, for demos and checks. */
export const REFERENCE_PRESET = 'reference';
/** The scripted model that gives an imported replies file's replies for each test id, turn by turn. */
export const REPLIES_PRESET = 'replies';

/** Whether a settings' provider is one of the scripted models (no key, no network). */
export function isScripted(settings: Pick<AgentSettings, 'presetId'>): boolean {
  return settings.presetId === REFERENCE_PRESET || settings.presetId === REPLIES_PRESET;
}

/**
 * The replies the settings' replies file has for an entry — keyed `<suite id>/<test id>` (the catalog's key, for a
 * file that scripts several suites sharing ids) or by test id, as `difflab eval --replies` reads them — or undefined.
 */
export function repliesFor(settings: Pick<AgentSettings, 'repliesFile'>, sets: readonly ReplySet[], entry: CatalogEntry): string[] | undefined {
  const runs = sets.find((r) => r.name === settings.repliesFile)?.runs;
  return runs && (Object.hasOwn(runs, entry.key) ? runs[entry.key] : Object.hasOwn(runs, entry.scenario.id) ? runs[entry.scenario.id] : undefined);
}

export interface AgentSettings {
  presetId: string;
  protocol: ProviderProtocol;
  baseURL: string;
  /** One model, or several separated by commas (a batch runs each). */
  model: string;
  mode: AgentMode;
  /** Tool mode's tools: API tools, code tools (execute_python, …) or both. */
  toolset: ToolSet;
  docs: DocsCondition;
  maxIterations: number;
  /**
   * The model that scores scenarios' rubrics (EmailBench's LLM rubrics), called over the same protocol, base URL and
   * key as the agent; empty leaves rubrics "not judged".
   */
  judgeModel: string;
  /** How many attempts of a batch run at once, each in its own environment (model latency overlaps). */
  concurrency: number;
  /** The imported replies file the "replies" scripted model plays (its name, as the import named it). */
  repliesFile: string;
}

export const MAX_BATCH_CONCURRENCY = 8;

export interface LiveRun {
  entryKey: string;
  steps: AgentStep[];
  /** The step whose reply is streaming in, and its text so far. */
  streaming: { index: number; text: string } | null;
  console: ConsoleEntry[];
  record: AgentRunRecord | null;
}

export interface BatchState {
  filter: string;
  trials: number;
  running: boolean;
  done: number;
  total: number;
  etaText: string;
  name: string | null;
}

export type AgentView = 'live' | 'batch' | 'runs' | 'explore';

export interface AgentSlice {
  /** Whether the workspace shows agent mode instead of the script editor. */
  open: boolean;
  view: AgentView;
  settings: AgentSettings;
  /** Held in memory only, unless `rememberKey` (then also in localStorage under `agentKeyStorage`). */
  apiKey: string;
  rememberKey: boolean;
  prices: PriceTable;
  status: 'idle' | 'running' | 'stopping';
  error: string | null;
  /** The last live run never reached its model (unreachable, CORS, key or model refused): why, and what kind. */
  notRun: { message: string; kind: ProviderErrorKind | 'other' } | null;
  live: LiveRun | null;
  /** The run shown step by step (live or replayed), and the step whose diff the right pane shows. */
  replay: AgentRunRecord | null;
  step: number | null;
  history: AgentRunRecord[];
  compare: [string | null, string | null];
  batch: BatchState;

  setOpen(open: boolean): void;
  setView(view: AgentView): void;
  setSettings(partial: Partial<AgentSettings>): void;
  choosePreset(id: string): void;
  setApiKey(key: string): void;
  setRememberKey(remember: boolean): void;
  setPrice(model: string, input: number, output: number): void;
  removePrice(model: string): void;
  /** Runs the selected scenario live; `fork` continues the replayed run from its shown step instead. */
  runLive(fork?: boolean): Promise<void>;
  /** Puts the replayed run's state up to the shown step into the playground, to go on by hand in Script mode. */
  continueByHand(): Promise<void>;
  stop(): void;
  showStep(index: number): void;
  loadHistory(): Promise<void>;
  /**
   * Replays a saved run, showing step `at` (default the first; `last` shows where the run ended, its verdict).
   * `stay` keeps the view shown (the explorer shows a compared step's diff and verdict in the right pane).
   */
  openReplay(id: string, at?: number | 'last', stay?: boolean): Promise<void>;
  removeRun(id: string): Promise<void>;
  /** Keeps a finished run (a model's, a person's or an imported one) with the saved runs. */
  saveRun(record: AgentRunRecord): Promise<void>;
  importRuns(text: string): Promise<{ added: number; problems: string[] }>;
  exportRuns(format: 'json' | 'jsonl' | 'csv', ids?: string[]): string;
  setCompare(slot: 0 | 1, batch: string | null): void;
  setBatch(partial: Partial<Pick<BatchState, 'filter' | 'trials'>>): void;
  runBatch(entries: CatalogEntry[]): Promise<void>;
  /**
   * Runs again exactly the errored runs among `ids`, each with its record's model and settings and the key entered,
   * replacing each under its id; errors that cannot succeed on retry (refused key, unknown model…) are skipped and
   * named in `error`.
   */
  retryErrored(ids: readonly string[]): Promise<void>;
}

export const agentStorageKeys = {
  settings: 'difflab.agent.settings.v1',
  prices: 'difflab.agent.prices.v1',
  /** Only written when the user ticks "remember on this device". */
  apiKey: 'difflab.agent.key.v1',
} as const;

const defaultSettings: AgentSettings = {
  presetId: 'openai',
  protocol: 'openai',
  baseURL: providerPresets[0].baseURL ?? '',
  model: providerPresets[0].exampleModel,
  mode: 'code',
  toolset: 'all',
  docs: 'none',
  maxIterations: 15,
  judgeModel: '',
  concurrency: 2,
  repliesFile: '',
};

/** A usable concurrency: a whole number from 1 to MAX_BATCH_CONCURRENCY. */
export function batchConcurrency(value: number): number {
  return Number.isFinite(value) ? Math.min(MAX_BATCH_CONCURRENCY, Math.max(1, Math.floor(value))) : 1;
}

/** The rubric judge the settings ask for, or null when they ask for none or cannot have one. */
export function judgeOf(settings: AgentSettings, apiKey: string): Judge | null {
  const model = settings.judgeModel.trim();
  if (!model || isScripted(settings)) return null;
  return judgeOverProtocol(settings.protocol, { baseUrl: settings.baseURL, model, apiKey: apiKey || undefined });
}

/** What an attempt is, as its record names it. */
interface AttemptJob {
  model: string;
  trial: number;
  batch: string;
}

interface AttemptOptions {
  signal?: AbortSignal;
  events?: AgentEvents;
  fork?: { record: AgentRunRecord; through: number };
  /** A retried run: its record's settings and id instead of the page's settings and a new id. */
  again?: AgentRunRecord;
}

/** Replies in the ReAct protocol's tags are played in ReAct mode, with its 25 turns. */
function reactIfReplies(set: ReplySet | undefined): Partial<AgentSettings> {
  const react = set && Object.values(set.runs).some((replies) => replies.some((r) => /<(action|done)>/.test(r)));
  return react ? { mode: 'react', maxIterations: 25 } : {};
}

/** Refuses actions once another scenario was opened mid-run (its environment replaced this run's). */
function guardedWorld(world: AgentWorld, stillOpen: () => boolean): AgentWorld {
  const check = () => {
    if (!stillOpen()) throw new Error('another scenario was opened during the agent run, so the run ended');
  };
  return {
    runCode: async (source, options) => (check(), world.runCode(source, options)),
    callTool: async (service, name, args) => (check(), world.callTool(service, name, args)),
    finish: async (answer, trace) => (check(), world.finish(answer, trace)),
  };
}

export function createAgentSlice({ set, get, deps }: SliceContext, history: RunHistory = memoryRunHistory()): AgentSlice {
  const update = sliceUpdater(set, 'agent');
  const storage = deps.storage;
  const workbench = deps.workbench as AgentWorkbench;
  let controller: AbortController | null = null;
  const rememberedKey = storage?.getItem(agentStorageKeys.apiKey) ?? '';
  const initialSettings: AgentSettings = { ...defaultSettings, ...readJson<Partial<AgentSettings>>(storage, agentStorageKeys.settings, {}) };
  // A remembered judge model judges from the first run on (the call queues ahead of the workbench's start).
  if (judgeOf(initialSettings, rememberedKey)) queueMicrotask(() => syncJudge());

  const persistSettings = () => writeJson(storage, agentStorageKeys.settings, get().agent.settings);
  /** Gives the workbench the judge the settings and key now ask for (the key stays on this thread). */
  const syncJudge = () => {
    const { settings, apiKey } = get().agent;
    workbench.setJudge?.(judgeOf(settings, apiKey)).catch(() => undefined);
  };

  /** Shows a step's diffs and verdict in the playground's right pane (DiffPanel, AssertionList, VerdictSummary). */
  const showInResultPane = (step: AgentStep) => {
    const requests = step.actions.flatMap((a) => a.requests);
    const failed = step.actions.find((a) => !a.ok);
    patch(set, 'run', {
      last: {
        step: step.index + 1,
        script: { ok: !failed, error: failed?.error ?? undefined, console: [], requests, durationMs: step.actions.reduce((a, x) => a + x.ms, 0) },
        stepDiff: stepDiffOf(step),
        runDiff: step.runDiff,
        verdict: step.verdict,
      },
      requests,
    });
    update((a) => ({ step: step.index }));
    updateRunRevision();
  };
  const updateRunRevision = () => sliceUpdater(set, 'run')((r) => ({ revision: r.revision + 1 }));

  /**
   * A recorded step's failed assertions, explained as a live step's are: the record keeps its verdict, but its
   * nearest rows (the diff's only, or none in an older record) are looked up again in the open environment, which
   * adds the table's touched rows and the seed's. Only while the step is still the one shown.
   */
  const explainStep = async (record: AgentRunRecord, step: AgentStep) => {
    const explain = deps.workbench.explain?.bind(deps.workbench);
    if (!explain || !step.verdict.assertions.some((a) => !a.passed)) return;
    const entry = get().catalog.entries.find((e) => e.suite.id === record.scenario.suite && e.scenario.id === record.scenario.id);
    const { run } = get();
    if (!entry || run.openKey !== entry.key || run.status !== 'ready') return;
    const fresh = await explain(step.runDiff).catch(() => null);
    const last = get().run.last;
    if (!fresh || get().agent.step !== step.index || last?.verdict !== step.verdict) return;
    const assertions = step.verdict.assertions.map((a) => {
      const again = fresh.assertions[a.index];
      return !a.passed && again && !again.passed && again.nearest ? { ...a, nearest: again.nearest } : a;
    });
    patch(set, 'run', { last: { ...last, verdict: { ...step.verdict, assertions } } });
    updateRunRevision();
  };

  const providerFor = async (entry: CatalogEntry, model: string, again?: AgentRunRecord): Promise<ModelProvider> => {
    const s = get().agent.settings;
    // A retried run goes to the provider it ran with, with the key entered now.
    const { protocol, baseURL } = again?.model ?? {};
    if ((protocol === 'openai' || protocol === 'anthropic') && baseURL !== REFERENCE_PRESET && baseURL !== REPLIES_PRESET) {
      return createProvider({ protocol, baseURL }, get().agent.apiKey);
    }
    if (s.presetId === REFERENCE_PRESET) {
      if (!entry.solution) throw new Error(`“${entry.scenario.title}” has no reference solution for the scripted model to submit`);
      return replayScriptModel(await deps.loadSolution(entry.solution));
    }
    if (s.presetId === REPLIES_PRESET) {
      const sets = get().catalog.replySets;
      if (!sets.some((r) => r.name === s.repliesFile)) throw new Error('Import a replies file first ({"<test id>": ["<reply 1>", …]}, with Import suite… or by dropping it on the page), then pick it in the settings.');
      const replies = repliesFor(s, sets, entry);
      if (!replies) throw new Error(`The replies file “${s.repliesFile}” has no replies for “${entry.scenario.id}” (${entry.scenario.title}).`);
      return repliesModel(replies);
    }
    const key = get().agent.apiKey;
    const local = providerPresets.find((p) => p.id === s.presetId)?.local;
    if (!key && !local) throw new Error('Enter an API key for this provider first (it stays in this page unless you tick “remember”).');
    return createProvider({ protocol: s.protocol, baseURL: s.baseURL }, key);
  };

  /** One agent attempt at a catalog entry in `world` (a fresh environment of the scenario). */
  const runIn = async (world: AgentWorld, provider: ModelProvider, entry: CatalogEntry, job: AttemptJob, options: AttemptOptions): Promise<AgentRunRecord> => {
    const s = get().agent.settings;
    const scripted = isScripted(s);
    const again = options.again;
    const replicas = await replicasOf(entry);
    // Agent-Diff's own endpoint docs, when imported, are the docs of its suites' tasks (relevant: by tools_required).
    const docs = get().catalog.agentDiffDocs;
    const docsText = entry.suite.format === 'agent-diff' && replicas.some((r) => docs[r.name]) ? agentDiffDocsText(docs, replicas, s.docs, entry.scenario.metadata.tools ?? []) : undefined;
    const settings: Partial<RunSettings> = again
      ? { mode: again.settings.mode, docs: again.settings.docs, maxIterations: again.settings.maxIterations, ...(again.settings.toolset ? { toolset: again.settings.toolset } : {}) }
      : { mode: s.mode, docs: s.docs, maxIterations: s.maxIterations, ...(s.mode === 'tools' ? { toolset: s.toolset } : {}) };
    return runAgent({
      provider,
      model: again?.model ?? { protocol: scripted ? 'openai' : s.protocol, baseURL: scripted ? s.presetId : s.baseURL, model: job.model },
      ...(again ? { id: again.id } : {}),
      world,
      scenario: entry.scenario,
      suite: entry.suite.id,
      replicas,
      ...(docsText === undefined ? {} : { docsText }),
      settings,
      relevantEndpoints: relevantEndpointsOf(entry),
      trial: job.trial,
      batch: job.batch,
      // The workbench worker applies the studio's fault plan to every environment it opens, this one included.
      faults: get().studio.faults,
      fork: options.fork,
      signal: options.signal,
      events: options.events,
    });
  };

  /** An attempt in the playground's environment: it opens the scenario there, and the result pane can follow it. */
  const attemptInPlayground = async (entry: CatalogEntry, job: AttemptJob, options: AttemptOptions): Promise<AgentRunRecord> => {
    const provider = await providerFor(entry, job.model);
    await get().run.open(entry);
    if (get().run.status !== 'ready') throw new Error(get().run.error ?? 'the scenario could not be opened');
    patch(set, 'run', { status: 'running' });
    try {
      return await runIn(guardedWorld(workbenchWorld(workbench), () => get().run.openKey === entry.key), provider, entry, job, options);
    } finally {
      patch(set, 'run', { status: 'ready' });
    }
  };

  /** A batch's attempt: in an environment of its own when the workbench can hold several, the playground's otherwise. */
  const batchAttempt = async (entry: CatalogEntry, job: AttemptJob, signal?: AbortSignal, again?: AgentRunRecord): Promise<AgentRunRecord> => {
    if (!canHoldAttempts(workbench)) return attemptInPlayground(entry, job, { signal, again });
    const provider = await providerFor(entry, job.model, again);
    return inAttempt(workbench, entry.scenario, (world) => runIn(world, provider, entry, job, { signal, again }));
  };

  /** Marks a batch under way (Stop then ends it), runs it, and marks it done. */
  const asBatch = async (name: string, total: number, run: (stopper: AbortController) => Promise<void>) => {
    const stopper = new AbortController();
    controller = stopper;
    update((a) => ({ status: 'running', error: null, batch: { ...a.batch, running: true, done: 0, total, etaText: '', name } }));
    try {
      await run(stopper);
    } finally {
      controller = null;
      update((a) => ({ status: 'idle', batch: { ...a.batch, running: false }, compare: [a.compare[0] ?? name, a.compare[0] && a.compare[0] !== name ? name : a.compare[1]] }));
    }
  };

  const liveEvents: AgentEvents = {
    onStepStart: (index) => update((a) => ({ live: a.live && { ...a.live, streaming: { index, text: '' }, console: [] } })),
    // The reply is asked for again: what streamed so far is void.
    onRetry: (index) => update((a) => ({ live: a.live && { ...a.live, streaming: { index, text: '' } } })),
    onText: (index, delta) => update((a) => ({ live: a.live && { ...a.live, streaming: { index, text: (a.live.streaming?.text ?? '') + delta } } })),
    onConsole: (_i, entries) => update((a) => ({ live: a.live && { ...a.live, console: [...a.live.console, ...entries] } })),
    onStep: (step) => {
      update((a) => ({ live: a.live && { ...a.live, steps: [...a.live.steps, step], streaming: null } }));
      showInResultPane(step);
    },
  };

  const showProgress = (progress: BatchProgress) =>
    update((a) => ({ batch: { ...a.batch, done: progress.done, etaText: progress.etaMs === null ? '' : formatDuration(progress.etaMs) } }));

  const save = async (record: AgentRunRecord) => {
    update((a) => ({ history: [...a.history.filter((r) => r.id !== record.id), record] }));
    await history.put(record).catch(() => undefined);
  };

  return {
    open: false,
    view: 'live',
    settings: initialSettings,
    apiKey: rememberedKey,
    rememberKey: rememberedKey !== '',
    prices: { ...defaultPrices, ...readJson<PriceTable>(storage, agentStorageKeys.prices, {}) },
    status: 'idle',
    error: null,
    notRun: null,
    live: null,
    replay: null,
    step: null,
    history: [],
    compare: [null, null],
    batch: { filter: '', trials: 3, running: false, done: 0, total: 0, etaText: '', name: null },

    setOpen(open) {
      patch(set, 'agent', { open });
    },
    setView(view) {
      patch(set, 'agent', { view });
    },
    setSettings(partial) {
      update((a) => ({ settings: { ...a.settings, ...partial } }));
      persistSettings();
      syncJudge();
    },
    choosePreset(id) {
      if (id === REFERENCE_PRESET) {
        update((a) => ({ settings: { ...a.settings, presetId: id, model: 'reference', mode: 'code' } }));
      } else if (id === REPLIES_PRESET) {
        const sets = get().catalog.replySets;
        const file = sets.some((r) => r.name === get().agent.settings.repliesFile) ? get().agent.settings.repliesFile : (sets[sets.length - 1]?.name ?? '');
        update((a) => ({ settings: { ...a.settings, presetId: id, model: 'scripted', repliesFile: file, ...reactIfReplies(sets.find((r) => r.name === file)) } }));
      } else {
        const p = providerPresets.find((x) => x.id === id);
        if (!p) return;
        update((a) => ({ settings: { ...a.settings, presetId: id, protocol: p.protocol, baseURL: p.baseURL ?? '', model: p.exampleModel } }));
      }
      persistSettings();
      syncJudge();
    },
    setApiKey(apiKey) {
      patch(set, 'agent', { apiKey });
      if (get().agent.rememberKey) storage?.setItem(agentStorageKeys.apiKey, apiKey);
      syncJudge();
    },
    setRememberKey(rememberKey) {
      patch(set, 'agent', { rememberKey });
      try {
        if (rememberKey) storage?.setItem(agentStorageKeys.apiKey, get().agent.apiKey);
        else {
          const removable = storage as (KeyValueStore & { removeItem?: (key: string) => void }) | undefined;
          if (removable?.removeItem) removable.removeItem(agentStorageKeys.apiKey);
          else storage?.setItem(agentStorageKeys.apiKey, '');
        }
      } catch {
        // Storage blocked: the key stays in memory only, which is the default anyway.
      }
    },
    setPrice(model, input, output) {
      update((a) => ({ prices: { ...a.prices, [model]: { input, output } } }));
      writeJson(storage, agentStorageKeys.prices, get().agent.prices);
    },
    removePrice(model) {
      update((a) => {
        const { [model]: _gone, ...prices } = a.prices;
        return { prices };
      });
      writeJson(storage, agentStorageKeys.prices, get().agent.prices);
    },

    async runLive(forkHere) {
      const { agent, catalog, run } = get();
      if (agent.status !== 'idle' || agent.batch.running) return;
      const fork = forkHere && agent.replay ? { record: agent.replay, through: agent.step ?? 0 } : undefined;
      const entry = fork
        ? catalog.entries.find((e) => e.suite.id === fork.record.scenario.suite && e.scenario.id === fork.record.scenario.id)
        : entryByKey(catalog.entries, catalog.selectedKey);
      if (!entry) return void patch(set, 'agent', { error: 'Pick a scenario first.' });
      if (!run.startInfo) return void patch(set, 'agent', { error: 'The environment is still starting.' });
      controller = new AbortController();
      patch(set, 'agent', { status: 'running', error: null, notRun: null, replay: null, step: null, live: { entryKey: entry.key, steps: [], streaming: null, console: [], record: null } });
      try {
        const model = agent.settings.model.split(',')[0].trim();
        const record = await attemptInPlayground(entry, { model, trial: 0, batch: fork ? `fork of ${fork.record.id}` : 'live' }, { signal: controller.signal, events: liveEvents, fork });
        if (record.notRun) {
          // Nothing the model did was judged: no verdict, and nothing kept with the saved runs.
          const message = record.error ?? 'the model could not be reached';
          patch(set, 'agent', { live: null, error: message, notRun: { message, kind: record.errorKind ?? 'other' } });
          return;
        }
        update((a) => ({ live: a.live && { ...a.live, record, streaming: null }, replay: record, error: record.error }));
        patch(set, 'run', {
          last: { step: record.steps.length, script: { ok: record.endReason !== 'error', console: [], requests: [], durationMs: record.timing.totalMs }, stepDiff: record.runDiff, runDiff: record.runDiff, verdict: record.verdict },
        });
        updateRunRevision();
        await save(record);
      } catch (err) {
        patch(set, 'agent', { error: (err as Error).message });
      } finally {
        controller = null;
        patch(set, 'agent', { status: 'idle' });
      }
    },

    async continueByHand() {
      const { agent, catalog } = get();
      const record = agent.replay;
      if (!record || agent.status !== 'idle') return;
      const entry = catalog.entries.find((e) => e.suite.id === record.scenario.suite && e.scenario.id === record.scenario.id);
      if (!entry) return void patch(set, 'agent', { error: 'This run\'s scenario is not in the catalog: import its suite first.' });
      const kept = record.steps.slice(0, (agent.step ?? 0) + 1);
      try {
        if (get().catalog.selectedKey !== entry.key) get().catalog.select(entry.key);
        await get().run.open(entry);
        await replaySteps(workbenchWorld(workbench), kept, agentTools(await replicasOf(entry)));
        showInResultPane(kept[kept.length - 1]);
        sliceUpdater(set, 'run')(() => ({ steps: kept.length }));
        patch(set, 'agent', { open: false, error: null });
      } catch (err) {
        patch(set, 'agent', { error: `Could not replay the run: ${(err as Error).message}` });
      }
    },

    stop() {
      if (!controller) return;
      patch(set, 'agent', { status: 'stopping' });
      controller.abort();
    },

    showStep(index) {
      const record = get().agent.replay ?? get().agent.live?.record;
      const steps = record?.steps ?? get().agent.live?.steps ?? [];
      const step = steps[index];
      if (!step) return;
      showInResultPane(step);
      if (record) void explainStep(record, step);
    },

    async loadHistory() {
      const runs = await history.list().catch(() => []);
      update((a) => ({ history: [...runs, ...a.history.filter((r) => !runs.some((x) => x.id === r.id))] }));
    },

    async openReplay(id, at = 0, stay = false) {
      const record = get().agent.history.find((r) => r.id === id);
      if (!record) return;
      patch(set, 'agent', { replay: record, live: null, view: stay ? get().agent.view : 'live', error: null });
      const index = Math.max(0, Math.min(record.steps.length - 1, at === 'last' ? record.steps.length - 1 : at));
      // A run of a scenario not in the catalog still replays; one in it opens it, which gives the diff its tables.
      const entry = get().catalog.entries.find((e) => e.suite.id === record.scenario.suite && e.scenario.id === record.scenario.id);
      if (entry && get().catalog.selectedKey !== entry.key) get().catalog.select(entry.key);
      // The record holds every step's verdict and diff: they are on screen now, before the environment is up.
      if (record.steps.length) get().agent.showStep(index);
      if (!entry) return;
      await get().run.opened(entry.key);
      // Opening cleared the right pane: show the step again, unless the person moved on meanwhile.
      if (get().agent.replay?.id === id && record.steps.length) get().agent.showStep(get().agent.step ?? index);
    },

    async removeRun(id) {
      update((a) => ({ history: a.history.filter((r) => r.id !== id), replay: a.replay?.id === id ? null : a.replay }));
      await history.remove(id).catch(() => undefined);
    },

    saveRun: (record) => save(record),

    async importRuns(text) {
      // An exported HTML page carries its record; anything else is JSON or JSONL.
      const embedded = /^\s*<(!doctype|html)/i.test(text) ? runRecordFromHtml(text) : null;
      const { records, problems } = parseRunRecords(embedded ? JSON.stringify(embedded) : text);
      for (const r of records) await save(r);
      return { added: records.length, problems };
    },

    exportRuns(format, ids) {
      const runs = get().agent.history.filter((r) => !ids || ids.includes(r.id));
      if (format === 'csv') return toCsv(runs);
      if (format === 'jsonl') return toJsonl(runs);
      return JSON.stringify(runs, null, 2);
    },

    setCompare(slot, batch) {
      update((a) => {
        const compare: [string | null, string | null] = [...a.compare];
        compare[slot] = batch;
        return { compare };
      });
    },

    setBatch(partial) {
      update((a) => ({ batch: { ...a.batch, ...partial } }));
    },

    async runBatch(entries) {
      const { agent } = get();
      if (agent.status !== 'idle' || agent.batch.running || entries.length === 0) return;
      const models = agent.settings.model.split(',').map((m) => m.trim()).filter(Boolean);
      // A replies file scripts some tests only: the others have nothing to play.
      if (agent.settings.presetId === REPLIES_PRESET) entries = entries.filter((e) => repliesFor(agent.settings, get().catalog.replySets, e));
      if (!entries.length) return void patch(set, 'agent', { error: `The replies file “${agent.settings.repliesFile}” has replies for none of the listed scenarios.` });
      const trials = Math.max(1, Math.floor(agent.batch.trials));
      const jobs = models.flatMap((model) => entries.flatMap((entry) => Array.from({ length: trials }, (_, trial) => ({ model, entry, trial }))));
      const base = `${models.join('+')} ${agent.settings.mode}/${agent.settings.docs} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
      // Two batches started in the same minute stay apart (tables and comparisons group runs by batch name).
      const taken = new Set(agent.history.map((r) => r.batch));
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
      // Attempts in environments of their own overlap their model calls; the playground's single one allows one.
      const concurrency = canHoldAttempts(workbench) ? batchConcurrency(agent.settings.concurrency) : 1;
      await asBatch(name, jobs.length, (stopper) =>
        runPool({
          jobs,
          concurrency,
          signal: stopper.signal,
          runOne: async (job, signal) => {
            try {
              const record = await batchAttempt(job.entry, { model: job.model, trial: job.trial, batch: name }, signal);
              // A model that cannot be reached cannot be reached by the next attempt either.
              if (record.notRun) throw new Error(`${record.error ?? 'the model could not be reached'} — the batch stopped; nothing was run.`);
              await save(record);
              return record;
            } catch (err) {
              // A run that cannot even start (no key, no solution, no environment) would fail the same way again.
              if (!stopper.signal.aborted) patch(set, 'agent', { error: (err as Error).message });
              stopper.abort();
              throw err;
            }
          },
          onRecord: (_record, progress) => showProgress(progress),
        }).then(() => undefined),
      );
    },

    async retryErrored(ids) {
      const { agent, catalog } = get();
      if (agent.status !== 'idle' || agent.batch.running) return;
      const errored = agent.history.filter((r) => ids.includes(r.id) && runState(r) === 'errored');
      const entryOf = (r: AgentRunRecord) => catalog.entries.find((e) => e.suite.id === r.scenario.suite && e.scenario.id === r.scenario.id);
      const skipped = errored.filter((r) => !retryable(r));
      const missing = errored.filter((r) => retryable(r) && !entryOf(r));
      const jobs = errored.filter((r) => retryable(r) && entryOf(r)).map((record) => ({ record, entry: entryOf(record)! }));
      const notes = [
        ...(skipped.length ? [`Skipped ${skipped.length} errored run${skipped.length === 1 ? '' : 's'} whose error cannot succeed on retry (${[...new Set(skipped.map((r) => r.errorKind))].join(', ')}): fix the key, model or request first.`] : []),
        ...(missing.length ? [`Skipped ${missing.length} whose scenario is not in the catalog: import its suite first.`] : []),
      ];
      if (!jobs.length) return void patch(set, 'agent', { error: notes.join(' ') || 'No errored runs to retry.' });
      const batches = [...new Set(jobs.map((j) => j.record.batch ?? ''))];
      const concurrency = canHoldAttempts(workbench) ? batchConcurrency(agent.settings.concurrency) : 1;
      await asBatch(batches.length === 1 ? batches[0] : (agent.batch.name ?? batches[0]), jobs.length, async (stopper) => {
        const { records, failures } = await runPool({
          jobs,
          concurrency,
          signal: stopper.signal,
          runOne: async ({ record, entry }, signal) => {
            const again = await batchAttempt(entry, { model: record.model.model, trial: record.trial, batch: record.batch ?? 'retried' }, signal, record);
            // Under the same id: the retried run replaces the errored one.
            await save(again);
            return again;
          },
          onRecord: (_record, progress) => showProgress(progress),
        });
        const still = records.filter((r) => runState(r) === 'errored').length;
        const problems = [...notes, ...(still ? [`${still} errored again.`] : []), ...failures.map((f) => f.error)];
        if (problems.length) patch(set, 'agent', { error: problems.join(' ') });
      });
    },
  };
}
