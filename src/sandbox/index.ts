export { runScript, type RunScriptOptions } from './runScript.ts';
export { startSandboxWorker, type RunJob, type RunnerIO, type ScriptRunner } from './worker.ts';
export { quickjsRunner } from './quickjsRunner.ts';
export * from './languages.ts';
export { loadQuickJS, type LoadQuickJS } from './loadQuickJS.ts';
export * from './types.ts';
