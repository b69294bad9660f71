import { actionLanguage, actionLanguageTitle, type AgentAction, type AgentStep } from './record.ts';
import type { AgentMode } from './prompts.ts';
import { parseReactReply, reactFormatProblem } from './react.ts';
import type { ChatMessage } from './types.ts';
import type { AgentTool, AgentWorld } from './world.ts';

/** The user message that reports a code step's blocks to the model. */
export function codeObservations(actions: readonly AgentAction[]): string {
  const parts = actions.map((a, i) => `Block ${i + 1} (${actionLanguageTitle(a)}) ${a.ok ? 'output' : 'failed'}:\n${a.observation}`);
  return parts.join('\n\n') || '(nothing ran)';
}

/** The conversation the model had over these steps: its replies and what it was told back. */
export function transcriptOf(steps: readonly AgentStep[], mode: AgentMode = 'code'): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const step of steps) {
    out.push({ role: 'assistant', content: step.text, ...(step.toolCalls?.length ? { toolCalls: step.toolCalls } : {}) });
    if (mode === 'react') {
      const reply = parseReactReply(step.text);
      if (reply.kind === 'action') out.push({ role: 'user', content: step.actions[0]?.observation ?? reactFormatProblem('the action did not run') });
      else if (reply.kind === 'invalid') out.push({ role: 'user', content: reactFormatProblem(reply.problem) });
    } else if (step.toolCalls?.length) {
      for (const call of step.toolCalls) {
        const action = step.actions.find((a) => a.toolCallId === call.id);
        out.push({ role: 'tool', toolCallId: call.id, name: call.name, content: action?.observation ?? '(not run)' });
      }
    } else if (step.actions.length) {
      out.push({ role: 'user', content: codeObservations(step.actions) });
    }
  }
  return out;
}

/**
 * Runs the actions of saved steps again in a fresh environment, so that a fork continues from the same state.
 * Environments are deterministic (same seed, clock and ids), so the replayed state is the recorded one.
 */
export async function replaySteps(world: AgentWorld, steps: readonly AgentStep[], tools: readonly AgentTool[]): Promise<void> {
  for (const step of steps) {
    for (const a of step.actions) {
      if (a.kind === 'tool') {
        const tool = tools.find((t) => t.spec.name === a.code);
        let args: unknown = null;
        try {
          args = JSON.parse(a.script ?? '{}');
        } catch {
          continue; // a call the model malformed changed nothing the first time either
        }
        if (tool && args && typeof args === 'object') await world.callTool(tool.service, tool.toolName, args as Record<string, unknown>);
      } else if (a.requests.length > 0 || a.ok) {
        await world.runCode(a.script ?? a.code, { language: actionLanguage(a) });
      }
    }
  }
}
