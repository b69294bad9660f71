export { runScript, type RunScriptOptions } from './runScript.ts';
export { startSandboxWorker } from './worker.ts';
export { loadQuickJS, type LoadQuickJS } from './loadQuickJS.ts';
export * from './types.ts';
