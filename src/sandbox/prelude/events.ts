/** DOMException, Event, EventTarget, AbortController and AbortSignal: enough for fetch({ signal }). */
export const eventsSource = String.raw`
const DOM_EXCEPTION_CODES = { InvalidCharacterError: 5, NotSupportedError: 9, AbortError: 20, TimeoutError: 23, DataCloneError: 25 };

class DOMException extends Error {
  constructor(message, name) {
    super(message === undefined ? '' : String(message));
    Object.defineProperty(this, 'name', { value: name === undefined ? 'Error' : String(name), configurable: true, writable: true });
  }
  get code() {
    return DOM_EXCEPTION_CODES[this.name] || 0;
  }
}
define('DOMException', DOMException);

class Event {
  constructor(type, init) {
    requireArgs(arguments.length, 1, "Failed to construct 'Event'");
    hide(this, 'Event', { type: String(type), target: null, cancelable: !!(init && init.cancelable), defaultPrevented: false });
  }
  get type() {
    return internal(this, 'Event').type;
  }
  get target() {
    return internal(this, 'Event').target;
  }
  get currentTarget() {
    return internal(this, 'Event').target;
  }
  get defaultPrevented() {
    return internal(this, 'Event').defaultPrevented;
  }
  preventDefault() {
    const state = internal(this, 'Event');
    if (state.cancelable) state.defaultPrevented = true;
  }
  stopPropagation() {}
  stopImmediatePropagation() {}
}
define('Event', Event);

class EventTarget {
  constructor() {
    hide(this, 'EventTarget', { listeners: new Map() });
  }
  addEventListener(type, listener, options) {
    if (listener === null || listener === undefined) return;
    const listeners = internal(this, 'EventTarget').listeners;
    const key = String(type);
    const list = listeners.get(key) || [];
    if (list.some((entry) => entry.listener === listener)) return;
    list.push({ listener, once: !!(options && typeof options === 'object' && options.once) });
    listeners.set(key, list);
  }
  removeEventListener(type, listener) {
    const listeners = internal(this, 'EventTarget').listeners;
    const list = listeners.get(String(type));
    if (list) listeners.set(String(type), list.filter((entry) => entry.listener !== listener));
  }
  dispatchEvent(event) {
    const eventState = internal(event, 'Event');
    eventState.target = this;
    const handler = this['on' + eventState.type];
    const list = (internal(this, 'EventTarget').listeners.get(eventState.type) || []).slice();
    const calls = typeof handler === 'function' ? [{ listener: handler, once: false }].concat(list) : list;
    for (const entry of calls) {
      if (entry.once) this.removeEventListener(eventState.type, entry.listener);
      try {
        if (typeof entry.listener === 'function') entry.listener.call(this, event);
        else if (entry.listener && typeof entry.listener.handleEvent === 'function') entry.listener.handleEvent(event);
      } catch (error) {
        host.fail(error);
      }
    }
    return !eventState.defaultPrevented;
  }
}
define('EventTarget', EventTarget);

const signalToken = Symbol('signal');

function abortSignal(signal, reason) {
  const state = internal(signal, 'AbortSignal');
  if (state.aborted) return;
  state.aborted = true;
  state.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
  signal.dispatchEvent(new Event('abort'));
}

class AbortSignal extends EventTarget {
  constructor(token) {
    if (token !== signalToken) throw new TypeError('Illegal constructor');
    super();
    const state = brand(this, 'AbortSignal');
    state.aborted = false;
    state.reason = undefined;
    this.onabort = null;
  }
  get aborted() {
    return internal(this, 'AbortSignal').aborted;
  }
  get reason() {
    return internal(this, 'AbortSignal').reason;
  }
  throwIfAborted() {
    const state = internal(this, 'AbortSignal');
    if (state.aborted) throw state.reason;
  }
  static abort(reason) {
    const signal = new AbortSignal(signalToken);
    abortSignal(signal, reason);
    return signal;
  }
  static timeout(ms) {
    const signal = new AbortSignal(signalToken);
    addTimer(() => abortSignal(signal, new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms, [], false, false);
    return signal;
  }
  static any(signals) {
    const signal = new AbortSignal(signalToken);
    for (const source of signals) {
      if (source.aborted) {
        abortSignal(signal, source.reason);
        break;
      }
      source.addEventListener('abort', () => abortSignal(signal, source.reason), { once: true });
    }
    return signal;
  }
}
define('AbortSignal', AbortSignal);

class AbortController {
  constructor() {
    hide(this, 'AbortController', { signal: new AbortSignal(signalToken) });
  }
  get signal() {
    return internal(this, 'AbortController').signal;
  }
  abort(reason) {
    abortSignal(internal(this, 'AbortController').signal, reason);
  }
}
define('AbortController', AbortController);
`;
