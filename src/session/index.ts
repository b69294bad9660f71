export { Workbench, Session, type SeedResolver, type StepResult, type WorkbenchOptions } from './workbench.ts';
export { NO_FAULTS, hasFaults, withFaults, type FaultEvent, type FaultKind, type FaultPlan } from './faults.ts';
