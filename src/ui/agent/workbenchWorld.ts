import type { AgentWorld } from '../../agent/world.ts';
import type { WorkbenchPort } from '../workbench/WorkbenchPort.ts';
import type { WorkbenchClient } from '../workbench/WorkbenchClient.ts';

/** The workbench operations agent runs need beyond the playground's (WorkbenchClient has them). */
export type AgentWorkbench = WorkbenchPort & Partial<Pick<WorkbenchClient, 'agentTool' | 'agentFinish' | 'setJudge'>>;

/**
 * The agent loop runs on the main thread (it streams into the UI and holds the key, which never goes to a worker);
 * each action goes to the workbench worker, where the scenario's Session lives.
 */
export function workbenchWorld(workbench: AgentWorkbench): AgentWorld {
  return {
    async runCode(source, { signal, onConsole }) {
      const stop = () => workbench.abort();
      signal?.addEventListener('abort', stop);
      try {
        return await workbench.run(source, onConsole ?? (() => {}));
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    },
    async callTool(service, name, args) {
      if (!workbench.agentTool) throw new Error('this workbench cannot run tool calls');
      return workbench.agentTool(service, name, args);
    },
    async finish(answer, trace) {
      if (!workbench.agentFinish) throw new Error('this workbench cannot evaluate agent runs');
      return workbench.agentFinish(answer, trace);
    },
  };
}
