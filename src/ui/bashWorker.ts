import { bashRunner } from '../sandbox/bash/bashRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { portFromFirstMessage } from './sandboxPort.ts';

// The browser entry of the Bash sandbox worker, started by the page (createBrowserWorker.ts). The shell loads and
// warms up at once (the runner's `prepare`), before the port to the sandbox host comes, so a spare worker is ready
// for its script. The shell runs in this realm, which the runner closes (no fetch, storage or workers) before the
// script starts.
startSandboxWorker(portFromFirstMessage(), bashRunner());
