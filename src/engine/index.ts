export { Engine, type EngineOptions, type Template } from './engine.ts';
export { Environment } from './environment.ts';
export { Clock, IdSource, hashString } from './clock.ts';
export { diffFromJournal, deepEqual, changedFields, type JournalEntry } from './diff.ts';
export * from './types.ts';
