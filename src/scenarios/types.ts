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
  actingUserId: string | null;
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
