import type { AgentWorld } from '../../agent/world.ts';
import type { Scenario } from '../../scenarios/index.ts';
import type { WorkbenchPort } from '../workbench/WorkbenchPort.ts';
import type { WorkbenchClient } from '../workbench/WorkbenchClient.ts';

/** The workbench operations agent runs need beyond the playground's (WorkbenchClient has them). */
export type AgentWorkbench = WorkbenchPort &
  Partial<Pick<WorkbenchClient, 'agentTool' | 'agentFinish' | 'setJudge' | 'openAttempt' | 'closeAttempt' | 'runInAttempt'>>;

/** A workbench that can hold agent attempts beside the playground's environment (batches then run several at once). */
export type AttemptWorkbench = AgentWorkbench & Required<Pick<WorkbenchClient, 'openAttempt' | 'closeAttempt' | 'runInAttempt'>>;

export function canHoldAttempts(workbench: AgentWorkbench): workbench is AttemptWorkbench {
  return Boolean(workbench.openAttempt && workbench.closeAttempt && workbench.runInAttempt);
}

/**
 * The agent loop runs on the main thread (it streams into the UI and holds the key, which never goes to a worker);
 * each action goes to the workbench worker, where the scenario's Session lives: the playground's open one, or
 * with `attemptId` an attempt's own.
 */
export function workbenchWorld(workbench: AgentWorkbench, attemptId?: number): AgentWorld {
  return {
    async runCode(source, { signal, onConsole, language }) {
      if (attemptId !== undefined) {
        if (!workbench.runInAttempt) throw new Error('this workbench cannot hold agent attempts');
        return workbench.runInAttempt(attemptId, source, onConsole ?? (() => {}), signal, language);
      }
      const stop = () => workbench.abort();
      signal?.addEventListener('abort', stop);
      try {
        return await workbench.run(source, onConsole ?? (() => {}), language);
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    },
    async callTool(service, name, args) {
      if (!workbench.agentTool) throw new Error('this workbench cannot run tool calls');
      return workbench.agentTool(service, name, args, attemptId);
    },
    async finish(answer, trace) {
      if (!workbench.agentFinish) throw new Error('this workbench cannot evaluate agent runs');
      return workbench.agentFinish(answer, trace, attemptId);
    },
  };
}

/** Runs `act` in a fresh environment of its own for `scenario`, disposed afterwards whatever happens. */
export async function inAttempt<T>(workbench: AttemptWorkbench, scenario: Scenario, act: (world: AgentWorld) => Promise<T>): Promise<T> {
  const attemptId = await workbench.openAttempt(scenario);
  try {
    return await act(workbenchWorld(workbench, attemptId));
  } finally {
    await workbench.closeAttempt(attemptId).catch(() => undefined);
  }
}
