export { Workbench, Session, type SeedResolver, type StepResult, type WorkbenchOptions } from './workbench.ts';
