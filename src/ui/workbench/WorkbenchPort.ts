import type { LanguageId } from '../../sandbox/languages.ts';
import type { Diff, Row, SeedFile } from '../../engine/index.ts';
import type { ConsoleEntry } from '../../sandbox/types.ts';
import type { Scenario, Suite, SuiteIssue } from '../../scenarios/index.ts';
import type { OpenInfo, StartInfo, StepOutcome, TableCount } from './protocol.ts';
import type { FaultPlan } from '../../session/faults.ts';
import type { LintReport } from '../../studio/lint.ts';
import type { RecordedRun } from '../../agent/recorded/agentDiffResults.ts';
import type { ReplayResult } from '../../agent/recorded/replayRun.ts';
import type { Verdict } from '../../evaluation/index.ts';

/**
 * What the stores need of the workbench. The browser implementation talks to a worker; unit tests pass a fake.
 * Operations run one at a time in the order they were called, except `abort`, which stops the running script.
 */
export interface WorkbenchPort {
  start(): Promise<StartInfo>;
  registerSeed(name: string, seed: SeedFile): Promise<{ tables: number; rows: number }>;
  open(scenario: Scenario): Promise<OpenInfo>;
  /** Console lines arrive in batches while the script runs; the outcome carries the complete list. */
  run(source: string, onConsole: (entries: ConsoleEntry[]) => void, language?: LanguageId): Promise<StepOutcome>;
  abort(): void;
  reset(): Promise<void>;
  tables(): Promise<TableCount[]>;
  rows(service: string, table: string, offset: number, limit: number): Promise<Row[]>;
  checkSuite(suite: Suite): Promise<SuiteIssue[]>;
  /** Studio operations (optional: test fakes may leave them out). */
  setFaults?(plan: FaultPlan): Promise<void>;
  lint?(scenario: Scenario, solution: string | null): Promise<LintReport>;
  /** Re-executes a recorded Agent-Diff run (optional, as above). */
  replay?(scenario: Scenario, run: RecordedRun): Promise<ReplayResult>;
  /** The open scenario's verdict of a recorded diff, nearest rows from the diff, touched rows and seed. */
  explain?(diff: Diff): Promise<Verdict>;
}
