import { quickjsRunner } from '../sandbox/quickjsRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { portFromFirstMessage } from './sandboxPort.ts';

// The browser entry of the sandbox worker, started by the page (createBrowserWorker.ts); its first message brings
// the port to the sandbox host in the workbench worker. The script inside QuickJS sees none of this scope: only the
// globals the prelude defines.
startSandboxWorker(portFromFirstMessage(), quickjsRunner());
