/**
 * One turn of the event loop, after the I/O and messages already waiting (a health check, another environment's
 * request). In Node, `setImmediate`, which runs right after the loop polls for I/O; in a page, a message to oneself.
 * Neither is held to a timer's millisecond as `setTimeout(0)` is. (A new MessageChannel per turn, as Node did too, was
 * a sixth of a serve worker's CPU under a mixed workload on a loaded machine, where every request passes 25 ms of
 * wall time.)
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => void immediate(resolve));
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
}
