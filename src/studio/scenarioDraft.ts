import type { Assertion, IgnoreFields } from '../evaluation/index.ts';
import type { DifflabSuiteFile } from '../scenarios/format/difflabSuite.ts';
import { loadSuite, type Scenario, type SuiteIssue } from '../scenarios/index.ts';

/** A scenario being written in the studio: what a difflab-suite/1 test holds, plus its seed and services. */
export interface ScenarioDraft {
  id: string;
  title: string;
  prompt: string;
  seed: string;
  services: string[];
  actingUser?: string;
  clock?: string;
  assertions: Assertion[];
  ignoreFields?: IgnoreFields;
  metadata?: DifflabSuiteFile['tests'][number]['metadata'];
  /** The script that did the task by hand: saved beside the suite as the reference solution. */
  solution?: string;
}

/** A one-test difflab-suite/1 file for a draft; its solution path is `solutions/<id>.js`. */
export function draftToSuiteFile(draft: ScenarioDraft): DifflabSuiteFile {
  const test: DifflabSuiteFile['tests'][number] = {
    id: draft.id,
    title: draft.title,
    prompt: draft.prompt,
    assertions: draft.assertions,
    ...(draft.ignoreFields && Object.keys(draft.ignoreFields).length ? { ignore_fields: draft.ignoreFields as Record<string, string[]> } : {}),
    ...(draft.metadata && Object.keys(draft.metadata).length ? { metadata: draft.metadata } : {}),
    ...(draft.solution ? { solution: `solutions/${draft.id}.js` } : {}),
  };
  return {
    format: 'difflab-suite/1',
    id: `studio-${draft.id}`,
    name: draft.title,
    services: draft.services,
    seed: draft.seed,
    ...(draft.actingUser ? { acting_user: draft.actingUser } : {}),
    ...(draft.clock ? { clock: draft.clock } : {}),
    closed_world: true,
    tests: [test],
  };
}

/** The draft as a loaded scenario (what the workbench runs), or the suite format's issues with their paths. */
export function draftToScenario(draft: ScenarioDraft): { ok: true; scenario: Scenario } | { ok: false; issues: SuiteIssue[] } {
  const loaded = loadSuite(draftToSuiteFile(draft));
  return loaded.ok ? { ok: true, scenario: loaded.suite.tests[0] } : { ok: false, issues: loaded.issues };
}
