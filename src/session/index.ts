export { Workbench, Session, type SeedResolver, type StepResult, type WorkbenchOptions } from './workbench.ts';
export { FAULT_SYNTAX, NO_FAULTS, formatFaultPlan, hasFaults, parseFaultPlan, withFaults, type FaultEvent, type FaultKind, type FaultPlan } from './faults.ts';
