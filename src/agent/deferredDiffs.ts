import type { Diff } from '../engine/index.ts';
import type { Verdict } from '../evaluation/index.ts';
import type { Session } from '../session/index.ts';
import type { AgentRunRecord } from './record.ts';
import { sendSessionToolCall, sessionWorld, type AgentWorld } from './world.ts';

/** A journal span: what happened after position `from`, up to `to` (positions from `Environment.journalPosition`). */
interface Span {
  from: number;
  to: number;
}

/**
 * A Session's world for a client that waits on every answer (an MCP client): an API tool call is answered as soon as
 * the service has answered, noting only the journal's position after it (one small query), and `settle` fills each
 * step's diffs and verdict into the record once the run is over. `sessionWorld` reads the journal twice and judges
 * the run (seed lookups included while assertions fail) before every answer; the record holds the same either way.
 */
export function deferredDiffWorld(session: Session): { world: AgentWorld; settle(record: AgentRunRecord): Promise<void> } {
  const { env } = session;
  const world = sessionWorld(session);
  // The loop puts the very diff objects an outcome carries into the record (the action's stepDiff, the step's
  // runDiff): each deferred call returns fresh empty ones, and settle finds them here by identity.
  const spans = new Map<Diff, Span>();
  /** The journal's position after the last action; null after a code action, which may have gone on writing. */
  let position: number | null = null;
  let pending: Promise<Verdict> | null = null;
  /** The run's diff and verdict at a position: read-only calls leave the journal where it was, so steps share them. */
  const runs = new Map<number, Promise<{ runDiff: Diff; verdict: Verdict }>>();
  const runAt = (to: number) => {
    let run = runs.get(to);
    if (!run) {
      run = env.diffSince(0, to).then(async (runDiff) => ({ runDiff, verdict: await session.judge(runDiff) }));
      runs.set(to, run);
    }
    return run;
  };

  return {
    world: {
      ...world,
      async runCode(source, options) {
        position = null;
        return world.runCode(source, options);
      },
      async callTool(service, name, args) {
        const from = position ?? (await env.journalPosition());
        const sent = await sendSessionToolCall(session, service, name, args);
        const to = (position = await env.journalPosition());
        const stepDiff = emptyDiff();
        const runDiff = emptyDiff();
        spans.set(stepDiff, { from, to });
        spans.set(runDiff, { from: 0, to });
        // Replaced by settle; until then a real verdict (of no change) keeps the outcome well-formed.
        pending ??= session.evaluate(emptyDiff());
        // After a write, its verdict is worked out once the answer has gone (while the client thinks), so that little
        // is left for settle when the client leaves: it may SIGKILL the server 4 s after closing stdin.
        if (to > from) setTimeout(() => runAt(to).catch(() => {}), 0);
        return { ...sent, stepDiff, runDiff, verdict: await pending };
      },
    },
    async settle(record) {
      for (const step of record.steps) {
        for (const action of step.actions) {
          const span = spans.get(action.stepDiff);
          if (span && span.to > span.from) action.stepDiff = await env.diffSince(span.from, span.to);
        }
        const span = spans.get(step.runDiff);
        if (span) Object.assign(step, await runAt(span.to));
      }
    },
  };
}

function emptyDiff(): Diff {
  return { inserts: [], updates: [], deletes: [] };
}
