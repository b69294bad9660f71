import { toolObservation } from '../agent/loop.ts';
import type { ToolCallResult } from '../replicas/tools.ts';

/** What a tool call answers an MCP client: the text tool mode shows a model, and whether the service refused it. */
export interface McpToolAnswer {
  text: string;
  isError: boolean;
}

/**
 * An answer longer than this is cut (with a note). Tool mode's 8,000 characters suit DiffLab's own loop; an MCP
 * client manages its own context (Claude Code warns past 25,000 tokens), so only what no client would take is cut.
 */
export const MCP_MAX_ANSWER_CHARS = 100_000;

/**
 * A tool call's result as an MCP answer. Kept apart from the SDK so that serve's workers make the answer where the
 * call ran and send back one string, not the parsed body and headers.
 */
export function mcpAnswerOf(result: ToolCallResult): McpToolAnswer {
  return { text: toolObservation(result, MCP_MAX_ANSWER_CHARS), isError: result.isError };
}
