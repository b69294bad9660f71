import { patch, sliceUpdater, storageKeys, writeJson, type SliceContext } from './appState.ts';
import type { Suite, SuiteIssue } from '../../scenarios/index.ts';
import type { AgentDiffDocs } from '../../agent/agentDiffDocs.ts';
import type { CatalogEntry, FileReport, ReplySet, SuiteSource } from './catalogTypes.ts';
import { emptyFilters, filterEntries, type FacetName, type Filters, type HorizonRange } from './filters.ts';
import { parseFiles, type LoadedSuite, type RecordedResults, type TextFile } from './parseFiles.ts';
import type { RecordedRun } from '../../agent/recorded/agentDiffResults.ts';
import type { ReplayResult } from '../../agent/recorded/replayRun.ts';
import type { Scenario } from '../../scenarios/index.ts';
import { attachSeedContents, describeSeedContents, namesContents } from '../../replicas/box/seedContents.ts';

export interface CatalogSlice {
  suites: SuiteSource[];
  entries: CatalogEntry[];
  filters: Filters;
  /** Keys of the entries that pass the filters, in catalog order (kept in step with entries and filters). */
  visibleKeys: string[];
  selectedKey: string | null;
  /** Reports of the last import (and of bundled suites that failed to load), newest first. */
  reports: FileReport[];
  importing: boolean;
  /** Seeds given by import in this page, by name. */
  importedSeeds: string[];
  /** Agent-Diff results files imported in this page (a file imported again replaces its runs). */
  recorded: RecordedResults[];
  /** Whether the recorded runs' viewer is open. */
  recordedOpen: boolean;
  /** Agent-Diff's endpoint docs given by import, by service: the agent's docs conditions for Agent-Diff suites. */
  agentDiffDocs: AgentDiffDocs;
  /** Scripted models' replies given by import, newest last (a file imported again replaces its set). */
  replySets: ReplySet[];

  setQuery(query: string): void;
  toggleFacet(facet: FacetName, value: string): void;
  setHorizon(range: HorizonRange): void;
  clearFilters(): void;
  select(key: string): void;
  importFiles(files: TextFile[]): Promise<void>;
  dismissReports(): void;
  showRecorded(open: boolean): void;
  /** Re-executes a recorded run against a fresh environment of its test. */
  replayRecorded(scenario: Scenario, run: RecordedRun): Promise<ReplayResult>;
}

export interface CatalogInit {
  suites: LoadedSuite[];
  reports: FileReport[];
  /** The scenario to open first (the last one used, say); falls back to the first entry. */
  initialKey?: string | null;
}

export function entryByKey(entries: CatalogEntry[], key: string | null): CatalogEntry | null {
  return key === null ? null : (entries.find((e) => e.key === key) ?? null);
}

export function createCatalogSlice({ set, get, deps }: SliceContext, init: CatalogInit): CatalogSlice {
  const updateCatalog = sliceUpdater(set, 'catalog');
  const entries = init.suites.flatMap((s) => s.entries);
  const initialKey = entryByKey(entries, init.initialKey ?? null)?.key ?? entries[0]?.key ?? null;

  const setFilters = (filters: Filters) =>
    updateCatalog((c) => ({ filters, visibleKeys: filterEntries(c.entries, filters).map((e) => e.key) }));

  return {
    suites: init.suites.map((s) => s.source),
    entries,
    filters: emptyFilters,
    visibleKeys: entries.map((e) => e.key),
    selectedKey: initialKey,
    reports: init.reports,
    importing: false,
    importedSeeds: [],
    recorded: [],
    recordedOpen: false,
    agentDiffDocs: {},
    replySets: [],

    setQuery(query) {
      setFilters({ ...get().catalog.filters, query });
    },

    toggleFacet(facet, value) {
      const f = get().catalog.filters;
      const current = f.facets[facet] ?? [];
      const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
      setFilters({ ...f, facets: { ...f.facets, [facet]: next } });
    },

    setHorizon(horizon) {
      setFilters({ ...get().catalog.filters, horizon });
    },

    clearFilters() {
      setFilters(emptyFilters);
    },

    select(key) {
      const { catalog } = get();
      const entry = entryByKey(catalog.entries, key);
      if (!entry || key === catalog.selectedKey) return;
      patch(set, 'catalog', { selectedKey: key });
      writeJson(deps.storage, storageKeys.selected, key);
      get().editor.switchTo(entry);
      get().teach.scenarioOpened(key);
      get().diffView.clearHighlight();
      get().stateBrowser.clear();
      void get().run.open(entry);
    },

    async importFiles(files) {
      const parsed = parseFiles(files, 'imported');
      const projectIds = new Set(get().catalog.suites.filter((s) => s.origin === 'project').map((s) => s.id));
      // An imported suite may share an id with a bundled one; keys must stay unique across the catalog.
      const suites = parsed.suites.map((s) => (projectIds.has(s.source.id) ? { ...renameSuite(s, `${s.source.id}~imported`), report: s.report } : s));
      updateCatalog((c) => {
        const replaced = new Set(suites.map((s) => s.source.id));
        const keep = c.suites.filter((s) => !replaced.has(s.id));
        const keepEntries = c.entries.filter((e) => !replaced.has(e.suite.id));
        const nextEntries = [...keepEntries, ...suites.flatMap((s) => s.entries)];
        return {
          suites: [...keep, ...suites.map((s) => s.source)],
          entries: nextEntries,
          visibleKeys: filterEntries(nextEntries, c.filters).map((e) => e.key),
          reports: parsed.reports,
          importing: true,
          ...(parsed.results.length
            ? { recorded: [...c.recorded.filter((r) => !parsed.results.some((n) => n.file === r.file)), ...parsed.results], recordedOpen: true }
            : {}),
          agentDiffDocs: { ...c.agentDiffDocs, ...Object.fromEntries(parsed.docs.map((d) => [d.service, d.docs])) },
          replySets: [...c.replySets.filter((r) => !parsed.replies.some((x) => x.name === r.name)), ...parsed.replies.map(({ name, runs }) => ({ name, runs }))],
        };
      });

      const reports = [...parsed.reports];
      const update = (i: number, change: (r: FileReport) => FileReport) => {
        reports[i] = change(reports[i]);
        patch(set, 'catalog', { reports: [...reports] });
      };

      // Seeds first: the worker runs calls in order, so a scenario opened after this finds its template.
      for (const seed of parsed.seeds) {
        try {
          // A Box seed that names its files' contents gets them from the filesystem/ folder imported with it.
          const contents = namesContents(seed.seed) ? await attachSeedContents(seed.seed, (path) => parsed.contents.get(path) ?? null) : null;
          const n = await deps.workbench.registerSeed(seed.name, seed.seed);
          const contentWarnings = contents ? describeSeedContents(seed.name, contents).slice(1).map((message) => ({ path: '$', message: message.trim() })) : [];
          const contentSummary = contents ? `; ${contents.served} of ${contents.served + contents.absent.length} file contents from filesystem/` : '';
          update(seed.report, (r) => ({ ...r, summary: `seed "${seed.name}": ${n.tables} tables, ${n.rows} rows loaded${contentSummary}`, warnings: [...r.warnings, ...contentWarnings] }));
          updateCatalog((c) => ({ importedSeeds: [...new Set([...c.importedSeeds, seed.name])] }));
        } catch (err) {
          update(seed.report, (r) => ({ ...r, ok: false, summary: `seed "${seed.name}" not loaded`, issues: [{ path: '$', message: (err as Error).message }] }));
        }
      }

      for (const s of suites) {
        let warnings: SuiteIssue[] = [];
        try {
          // Answered after the environment started (calls run in order), so startInfo is known below.
          warnings = await deps.workbench.checkSuite(suiteOf(s));
        } catch {
          // The environment did not start; running will say why.
        }
        const served = get().run.startInfo?.services;
        const missingServices = served ? s.source.services.filter((svc) => !served.includes(svc)) : [];
        if (missingServices.length) {
          // One line instead of one "no such table" per assertion.
          warnings = [{ path: '$.service', message: `this build has no ${missingServices.join(', ')} replica (it serves ${served!.join(', ')}): these scenarios cannot run yet` }];
        }
        const available = new Set([...(get().run.startInfo?.templates ?? []), ...get().catalog.importedSeeds]);
        const missing = [...new Set(s.entries.map((e) => e.scenario.seed))].filter((name) => !available.has(name));
        const seedWarnings = missing.map((name) => ({ path: '$', message: `seed "${name}" is not loaded: import ${name}.json to run these scenarios` }));
        if (warnings.length || seedWarnings.length) update(s.report, (r) => ({ ...r, warnings: [...seedWarnings, ...warnings] }));
      }
      // A suite that did not load still gets the name checks ("did you mean"), beside its other problems.
      for (const u of parsed.unloaded) {
        // Only what the name checks read (the worker keeps to the services it serves).
        const asSuite = { services: u.names.services, tests: u.names.tests.map((t) => ({ spec: { assertions: t.assertions } })) } as unknown as Suite;
        try {
          const names = await deps.workbench.checkSuite(asSuite);
          if (names.length) update(u.report, (r) => ({ ...r, issues: [...r.issues, ...names], summary: `not loaded: ${r.issues.length + names.length} problems` }));
        } catch {
          // The environment did not start: the other problems stand.
        }
      }
      const ids = new Set(get().catalog.entries.flatMap((e) => [e.key, e.scenario.id]));
      for (const r of parsed.replies) {
        const unknown = Object.keys(r.runs).filter((id) => !ids.has(id));
        if (unknown.length) {
          const message = `${unknown.length} test id${unknown.length === 1 ? ' is' : 's are'} in no loaded suite (${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}): import the suite to run them`;
          update(r.report, (rep) => ({ ...rep, warnings: [{ path: '$', message }] }));
        }
      }
      patch(set, 'catalog', { importing: false });
      const first = suites[0]?.entries[0];
      if (first) {
        // The new scenarios must be visible: filters set before the import may hide them.
        if (!get().catalog.visibleKeys.includes(first.key)) get().catalog.clearFilters();
        // Re-importing the open suite replaces its scenarios: open the new version.
        if (first.key === get().catalog.selectedKey) await get().run.open(first);
        else get().catalog.select(first.key);
      }
      // A seed imported on its own may be what the open scenario was missing.
      else if (parsed.seeds.length) await get().run.retry();
    },

    dismissReports() {
      patch(set, 'catalog', { reports: [] });
    },

    showRecorded(open) {
      patch(set, 'catalog', { recordedOpen: open });
    },

    replayRecorded(scenario, run) {
      if (!deps.workbench.replay) return Promise.reject(new Error('this environment cannot re-execute recorded runs'));
      return deps.workbench.replay(scenario, run);
    },
  };
}

function renameSuite(s: LoadedSuite, id: string): LoadedSuite {
  const source = { ...s.source, id };
  return { source, entries: s.entries.map((e) => ({ ...e, key: `${id}/${e.scenario.id}`, suite: source })) };
}

function suiteOf(s: LoadedSuite): Suite {
  return {
    id: s.source.id,
    name: s.source.name,
    format: s.source.format,
    services: s.source.services,
    tests: s.entries.map((e) => e.scenario),
  };
}
