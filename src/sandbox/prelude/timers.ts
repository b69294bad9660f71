/**
 * setTimeout and friends. The callbacks stay in the VM; the host only keeps a real timer per id and calls
 * fireTimer(id) when it is due. A pending timer keeps the run alive (as in Node) unless `keepsAlive` is 0, which
 * only AbortSignal.timeout uses.
 */
export const timersSource = String.raw`
const timerCallbacks = new Map();
let nextTimerId = 1;
/** Each pending timer costs a real timer in the worker, outside the script's memory cap. */
const MAX_PENDING_TIMERS = 10000;

function addTimer(callback, delay, args, repeat, keepsAlive) {
  if (typeof callback !== 'function') {
    throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(callback));
  }
  if (timerCallbacks.size >= MAX_PENDING_TIMERS) {
    throw new RangeError('Too many pending timers: a script may have at most ' + MAX_PENDING_TIMERS + ' at once');
  }
  let ms = Number(delay);
  if (!(ms >= 1) || ms > 2147483647) ms = 1;
  const id = nextTimerId++;
  timerCallbacks.set(id, { callback, args, repeat, ms, keepsAlive });
  host.setTimer(id, ms, keepsAlive ? 1 : 0);
  return id;
}

function clearTimer(id) {
  const key = Number(id);
  if (timerCallbacks.delete(key)) host.clearTimer(key);
}

function fireTimer(id) {
  const timer = timerCallbacks.get(id);
  if (!timer) return;
  if (timer.repeat) host.setTimer(id, timer.ms, timer.keepsAlive ? 1 : 0);
  else timerCallbacks.delete(id);
  timer.callback.apply(undefined, timer.args);
}

define('setTimeout', function setTimeout(callback, delay) {
  return addTimer(callback, delay, Array.prototype.slice.call(arguments, 2), false, true);
});
define('setInterval', function setInterval(callback, delay) {
  return addTimer(callback, delay, Array.prototype.slice.call(arguments, 2), true, true);
});
define('clearTimeout', function clearTimeout(id) {
  clearTimer(id);
});
define('clearInterval', function clearInterval(id) {
  clearTimer(id);
});
define('queueMicrotask', function queueMicrotask(callback) {
  if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
  Promise.resolve().then(() => {
    try {
      callback();
    } catch (error) {
      host.fail(error);
    }
  });
});
define('performance', {
  now() {
    return host.now();
  },
});
`;
