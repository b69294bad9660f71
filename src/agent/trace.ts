import type { TraceEntry } from '../evaluation/index.ts';
import { requestTrace } from '../session/trace.ts';
import type { AgentAction } from './record.ts';
import type { WorldOutcome } from './world.ts';

/**
 * What a rubric judge sees of one action, whole: a tool call's parsed arguments and full result (not the bounded
 * observation the model got), or a script's requests and its complete console output.
 */
export function traceOfAction(action: AgentAction, outcome: WorldOutcome | null): TraceEntry[] {
  if (action.kind === 'tool') {
    return [{ kind: 'tool_call', name: action.code, arguments: parseArguments(action.script), result: outcome?.toolResult?.body ?? action.observation, status: outcome?.toolResult?.status }];
  }
  const console = outcome ? outcome.script.console.map((c) => c.text).join('\n') : action.observation;
  return [
    ...requestTrace(action.requests),
    ...(console ? [{ kind: 'console', text: console } as TraceEntry] : []),
    ...(action.error ? [{ kind: 'console', text: `error: ${action.error}` } as TraceEntry] : []),
  ];
}

function parseArguments(text: string | undefined): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return text;
  }
}
