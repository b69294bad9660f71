import type { ReactNode } from 'react';
import '../../styles/explain.css';
import type { StopReason } from '../../../sandbox/types.ts';
import { useApp } from '../../hooks/useApp.ts';

const TITLE: Record<string, string> = {
  cors: 'blocked by CORS',
  unreachable: 'nothing answered',
  offline: 'this device is offline',
  network: 'the connection failed',
  auth: 'the key was refused',
  model: 'unknown model',
  rate_limit: 'rate limited',
  server: 'the provider failed',
  bad_request: 'the request was refused',
};

/** The message with its `backticked` parts (a command, a setting) set as code, as the CLI's plain text writes them. */
export function withCode(message: string) {
  return message.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

/** NOT RUN, why in a few words, the message, and what that means for the verdict (`children`). */
function NotRunBox({ kind, why, message, children }: { kind: string; why: string; message: string; children: ReactNode }) {
  return (
    <section className="not-run" role="alert" data-testid="not-run" data-kind={kind}>
      <p className="not-run-word">
        NOT RUN <span className="not-run-why">· {why}</span>
      </p>
      <p>{withCode(message)}</p>
      <p className="muted">{children}</p>
    </section>
  );
}

/**
 * In place of a step's verdict: its script never started — it does not parse in its language, or its language cannot
 * run in this page (Python with neither JSPI nor cross-origin isolation). Nothing ran, so nothing was judged.
 */
export function StepNotRunNotice({ reason, message }: { reason: StopReason | undefined; message: string }) {
  if (reason === 'syntax') {
    return (
      <section className="not-run" role="alert" data-testid="not-run" data-kind="syntax">
        <p className="not-run-word">
          NOT RUN <span className="not-run-why">· the script does not parse</span>
        </p>
        <pre className="not-run-message mono">{message}</pre>
        <p className="muted">None of it ran, so there is no verdict and the environment is as it was. Fix the line named above and run again.</p>
      </section>
    );
  }
  return (
    <NotRunBox kind="language" why="this language cannot run in this page" message={message}>
      The script never started, so there is no verdict: nothing was judged, and the environment is as it was.
    </NotRunBox>
  );
}

/** In place of a verdict: the live run never reached its model, so nothing was judged — why, and what to do. */
export function NotRunNotice() {
  const notRun = useApp((s) => (s.agent.open ? s.agent.notRun : null));
  if (!notRun) return null;
  return (
    <NotRunBox kind={notRun.kind} why={TITLE[notRun.kind] ?? 'the model could not be reached'} message={notRun.message}>
      The model never answered, so there is no verdict: nothing it did was judged, and the run is not kept with the saved runs.
    </NotRunBox>
  );
}
