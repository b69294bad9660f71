import { nextTurn } from '../engine/nextTurn.ts';
import { REQUEST_BUDGET_MS } from './limits.ts';

/** Thrown (once the budget is spent) at the next SQL statement of the request; the router answers it. */
export class BudgetExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`the request ran past its time budget of ${limitMs} ms`);
    this.name = 'BudgetExceeded';
  }
}

// How much work runs between two turns of the event loop, so that a long request still lets the server answer
// health checks and requests that need no database.
const YIELD_EVERY_MS = 25;

/**
 * The time budget of one request. PGlite runs one statement at a time on the thread that serves every environment,
 * so a request cannot be pre-empted: it is checked before each statement instead. Once the budget is spent the
 * next statement throws, the transaction rolls back and the request is answered in its service's shape; other
 * environments wait at most the budget and one statement. Between statements the request also gives the event
 * loop a turn now and then.
 */
export class RequestBudget {
  private readonly started: number;
  private lastYield: number;
  /** Set once the budget was found spent; a handler that caught the error is still answered as timed out. */
  exceeded = false;

  constructor(
    readonly limitMs: number = REQUEST_BUDGET_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.started = this.lastYield = clock();
  }

  /** Before a statement: throws `BudgetExceeded` once the budget is spent, and yields to the event loop now and then. */
  async beforeStatement(): Promise<void> {
    const now = this.clock();
    if (now - this.started > this.limitMs) {
      this.exceeded = true;
      throw new BudgetExceeded(this.limitMs);
    }
    if (now - this.lastYield >= YIELD_EVERY_MS) {
      await nextTurn();
      this.lastYield = this.clock();
    }
  }
}
