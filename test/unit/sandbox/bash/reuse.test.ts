import { afterAll, describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../../src/cli/createNodeWorker.ts';
import { prewarmed } from '../../../../src/cli/prewarmedWorkers.ts';
import type { WorkerFactory } from '../../../../src/sandbox/types.ts';
import { runBash, stdout } from './harness.ts';

// A Bash worker whose script ended on its own serves the next Bash script: each must still be a fresh shell. The
// second script runs once in the worker the first one used and once in a worker of its own; what it prints must be
// the same, and the reused worker must really have been reused.

let starts = 0;
const counting: WorkerFactory = (limits, language) => {
  starts++;
  return createNodeWorker(limits, language);
};
const workers = prewarmed(counting);
afterAll(() => workers.dispose());

const determinism = { now: Date.parse('2026-03-04T05:06:07Z'), randomSeed: 7 };

// Everything a shell keeps: variables (plain, exported, read-only, arrays), functions, aliases, options, traps, the
// directory, files in and out of the scratch directory, $RANDOM's seed and the clock (sleep moves it).
const LEAVE_STATE = `V=left; export E=exported; readonly R=ro; declare -a A=(1 2); f() { echo from-f; }
alias ll='echo aliased'; shopt -s expand_aliases; set -o pipefail; trap 'echo trapped' EXIT
cd /tmp; mkdir -p /var/state; echo x > /var/state/file; echo kept > /home/user/keep; RANDOM=42; sleep 100000
echo "$V $E $R \${A[1]} $(f) $RANDOM"`;

const LOOK = `echo "V=\${V-unset} E=\${E-unset} R=\${R-unset} A=\${A[1]-unset}"; type f 2>&1 | head -1; alias 2>&1; ll 2>&1
echo "pwd=$(pwd) pipefail=$(set -o | grep pipefail)"; ls /var/state 2>&1; cat /home/user/keep 2>&1
env | sort; echo "random=$RANDOM $RANDOM"; date -u +%FT%TZ; echo "seconds=$SECONDS"`;

describe('Bash sandbox: a reused worker runs each script as a fresh shell', () => {
  it('leaves nothing of one script to the next: the same output as in a worker of its own', async () => {
    const first = await runBash(LEAVE_STATE, { createWorker: workers.createWorker, now: Date.parse('2030-01-01T00:00:00Z'), randomSeed: 99 });
    expect(first.ok, first.error).toBe(true);
    expect(stdout(first)).toMatch(/^left exported ro 2 from-f \d+/);
    const startsAfterFirst = starts;

    const reused = await runBash(LOOK, { createWorker: workers.createWorker, ...determinism });
    expect(starts).toBe(startsAfterFirst);
    const fresh = await runBash(LOOK, { createWorker: createNodeWorker, ...determinism });
    expect(reused.ok && fresh.ok).toBe(true);
    expect(stdout(reused)).toBe(stdout(fresh));
    expect(stdout(reused)).toContain('V=unset E=unset R=unset A=unset');
    expect(stdout(reused)).toContain('2026-03-04T05:06:07Z');
    expect(stdout(reused)).not.toContain('kept');
  }, 60_000);

  it('does not reuse a worker that a limit stopped', async () => {
    const stopped = await runBash('while true; do :; done', { createWorker: workers.createWorker, limits: { timeMs: 500 } });
    expect(stopped).toMatchObject({ ok: false, reason: 'timeout' });
    const before = starts;
    const next = await runBash('echo after', { createWorker: workers.createWorker });
    expect(stdout(next)).toBe('after');
    // The stopped worker is gone: this script got the spare, and a new spare started behind it.
    expect(starts).toBe(before + 1);
  }, 60_000);
});
