import type { AnswerCheck, AssertionSpec } from '../evaluation/index.ts';

export type { AnswerCheck };

/** Task metadata, as Agent-Diff annotates its tasks, plus DiffLab's category and difficulty. */
export interface ScenarioMetadata {
  horizon?: number;
  operations?: string[];
  entity_scope?: 'single' | 'multi';
  information_availability?: 'explicit' | 'implicit';
  ambiguity?: 'low' | 'medium' | 'high';
  category?: string;
  difficulty?: 'easy' | 'medium' | 'hard';
  tools?: string[];
  /** True when the prompt may name database ids (the lint's id check skips it). */
  explicit_ids?: boolean;
  domains?: string[];
  paging?: boolean;
}


export type { RubricSpec as Rubric } from '../evaluation/index.ts';
import type { RubricSpec as Rubric } from '../evaluation/index.ts';

/** One scenario, whichever file format it came from. */
export interface Scenario {
  id: string;
  title: string;
  prompt: string;
  seed: string;
  /** The id every request acts as (a single-service suite's `acting_user`, Agent-Diff's `impersonate_user_id`). */
  actingUserId: string | null;
  /** The acting person's identity per service, when `acting_user` is an object; a service missing here uses `actingUserId`. */
  actingUsers?: Record<string, string>;
  /** The assertions, with suite-level and test-level ignore_fields merged. */
  spec: AssertionSpec;
  closedWorld: boolean;
  metadata: ScenarioMetadata;
  answerChecks: AnswerCheck[];
  rubrics: Rubric[];
  /** Indexes of assertions that are critical in the hybrid verdict. */
  criticalAssertions?: number[];
  /** For rubric-graded scenarios: the answer the self-test's scripted judge accepts. */
  referenceAnswer?: string;
  /** Path of the reference solution, relative to the suite file. */
  solution?: string;
  /** The clock's start (ISO 8601), when the scenario needs a particular "now". */
  clock?: string;
  /** The services the scenario is about: the test's own, else its suite's. The environment may hold more. */
  services: string[];
}

export interface Suite {
  id: string;
  name: string;
  description?: string;
  format: 'difflab' | 'agent-diff';
  services: string[];
  tests: Scenario[];
}

/** A problem in a suite file: the JSON path of the bad field and what is wrong with it. */
export interface SuiteIssue {
  path: string;
  message: string;
}
