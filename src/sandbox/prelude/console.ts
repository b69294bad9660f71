/**
 * console.* and the value formatter behind it: Node's util.inspect style on one line (strings at the top level as
 * they are, nested ones quoted; objects as `{ a: 1, b: 'x' }`, nesting cut at depth 6, deep enough for an API's item inside its list inside its page). The budget of characters
 * is enforced here, before a huge string ever leaves the VM.
 */
export const consoleSource = String.raw`
const MAX_ITEMS = 100;
const MAX_DEPTH = 5;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function quote(text) {
  const json = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"');
  if (text.indexOf("'") < 0) return "'" + json + "'";
  if (text.indexOf('"') < 0) return '"' + json + '"';
  return "'" + json.replace(/'/g, "\\'") + "'";
}

function formatKey(key) {
  if (typeof key === 'symbol') return '[' + key.toString() + ']';
  return IDENTIFIER.test(key) ? key : quote(key);
}

function constructorName(value) {
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return null;
  const ctor = proto.constructor;
  return typeof ctor === 'function' && typeof ctor.name === 'string' ? ctor.name : '';
}

function formatFunction(fn) {
  const source = Function.prototype.toString.call(fn);
  if (/^class\b/.test(source)) return '[class ' + (fn.name || '(anonymous)') + ']';
  const kind = constructorName(fn) || 'Function';
  return '[' + (kind === 'Function' || kind === '' ? 'Function' : kind) + (fn.name ? ': ' + fn.name : ' (anonymous)') + ']';
}

function formatError(error, top) {
  const name = error.name === undefined ? 'Error' : String(error.name);
  const head = error.message === undefined || error.message === '' ? name : name + ': ' + error.message;
  if (!top) return '[' + head + ']';
  const stack = typeof error.stack === 'string' ? error.stack.replace(/\s+$/, '') : '';
  return stack ? head + '\n' + stack : head;
}

function formatItems(open, items, close) {
  return items.length === 0 ? open + close : open + ' ' + items.join(', ') + ' ' + close;
}

function formatProperties(value, depth, seen) {
  const items = [];
  const keys = Object.keys(value);
  for (const key of keys.slice(0, MAX_ITEMS)) {
    const desc = Object.getOwnPropertyDescriptor(value, key);
    let shown;
    if (desc && (desc.get || desc.set)) shown = desc.get && desc.set ? '[Getter/Setter]' : desc.get ? '[Getter]' : '[Setter]';
    else shown = formatValue(value[key], depth + 1, seen, false);
    items.push(formatKey(key) + ': ' + shown);
  }
  if (keys.length > MAX_ITEMS) items.push('... ' + (keys.length - MAX_ITEMS) + ' more properties');
  for (const sym of Object.getOwnPropertySymbols(value)) {
    if (sym === S || !Object.prototype.propertyIsEnumerable.call(value, sym)) continue;
    items.push(formatKey(sym) + ': ' + formatValue(value[sym], depth + 1, seen, false));
  }
  return items;
}

function formatList(list, depth, seen) {
  const items = [];
  const count = Math.min(list.length, MAX_ITEMS);
  for (let i = 0; i < count; i++) items.push(formatValue(list[i], depth + 1, seen, false));
  if (list.length > MAX_ITEMS) items.push('... ' + (list.length - MAX_ITEMS) + ' more item' + (list.length - MAX_ITEMS > 1 ? 's' : ''));
  return items;
}

function formatObject(value, depth, seen) {
  if (typeof value[inspectCustom] === 'function') {
    return String(value[inspectCustom](MAX_DEPTH - depth, {}, (v) => formatValue(v, depth + 1, seen, false)));
  }
  if (value instanceof Error) return formatError(value, depth === 0);
  if (value instanceof Date) return isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (value instanceof Promise) return 'Promise {}';
  if (value instanceof WeakMap || value instanceof WeakSet) return constructorName(value) + ' { <items unknown> }';
  if (value instanceof ArrayBuffer) return 'ArrayBuffer { byteLength: ' + value.byteLength + ' }';
  const name = constructorName(value);
  if (depth > MAX_DEPTH) return Array.isArray(value) ? '[Array]' : '[' + (name || 'Object') + ']';
  seen.push(value);
  try {
    if (Array.isArray(value)) return formatItems('[', formatList(value, depth, seen), ']');
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      return name + '(' + value.length + ') ' + formatItems('[', formatList(value, depth, seen), ']');
    }
    if (value instanceof Map) {
      const items = [];
      for (const [k, v] of value) items.push(formatValue(k, depth + 1, seen, false) + ' => ' + formatValue(v, depth + 1, seen, false));
      return name + '(' + value.size + ') ' + formatItems('{', items, '}');
    }
    if (value instanceof Set) {
      return name + '(' + value.size + ') ' + formatItems('{', formatList(Array.from(value), depth, seen), '}');
    }
    const prefix = name === null ? '[Object: null prototype] ' : name && name !== 'Object' ? name + ' ' : '';
    return prefix + formatItems('{', formatProperties(value, depth, seen), '}');
  } finally {
    seen.pop();
  }
}

function formatValue(value, depth, seen, top) {
  switch (typeof value) {
    case 'string':
      return top ? value : quote(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return String(value) + 'n';
    case 'symbol':
      return value.toString();
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(value);
    case 'function':
      return formatFunction(value);
  }
  if (value === null) return 'null';
  if (seen.indexOf(value) >= 0) return '[Circular]';
  try {
    return formatObject(value, depth, seen);
  } catch (error) {
    return '[object: could not be shown]';
  }
}

function inspect(value) {
  return formatValue(value, 0, [], false);
}

function formatArgs(args) {
  const first = args[0];
  let next = 1;
  const parts = [];
  if (typeof first === 'string' && args.length > 1 && first.indexOf('%') >= 0) {
    parts.push(first.replace(/%([sdifjoOc%])/g, (match, code) => {
      if (code === '%') return '%';
      if (next >= args.length) return match;
      const arg = args[next++];
      switch (code) {
        case 's':
          return typeof arg === 'string' ? arg : formatValue(arg, 1, [], false);
        case 'd':
        case 'i':
          if (typeof arg === 'bigint') return String(arg) + 'n';
          return String(code === 'i' ? parseInt(arg, 10) : Number(arg));
        case 'f':
          return String(parseFloat(arg));
        case 'j':
          try {
            return JSON.stringify(arg);
          } catch (error) {
            return '[Circular]';
          }
        case 'c':
          return '';
        default:
          return formatValue(arg, 0, [], false);
      }
    }));
  } else {
    next = 0;
  }
  for (; next < args.length; next++) parts.push(formatValue(args[next], 0, [], true));
  return parts.join(' ');
}

let consoleBudget = config.maxConsoleChars;
let consoleCut = false;
let groupIndent = '';

function emit(level, text) {
  if (consoleCut) return;
  if (groupIndent) text = groupIndent + text.split('\n').join('\n' + groupIndent);
  if (text.length > consoleBudget) {
    if (consoleBudget > 0) host.log(level, text.slice(0, consoleBudget));
    consoleCut = true;
    host.log('warn', config.consoleTruncatedNote);
    return;
  }
  consoleBudget -= text.length;
  host.log(level, text);
}

function printer(level, prefix) {
  return function () {
    emit(level, prefix + formatArgs(Array.prototype.slice.call(arguments)));
  };
}

const counts = new Map();
const timings = new Map();

function timeLabel(label) {
  return label === undefined ? 'default' : String(label);
}

const consoleObject = {
  log: printer('log', ''),
  info: printer('info', ''),
  warn: printer('warn', ''),
  error: printer('error', ''),
  debug: printer('debug', ''),
  trace: printer('error', 'Trace: '),
  dir(value) {
    emit('log', inspect(value));
  },
  table(value) {
    emit('log', inspect(value));
  },
  assert(condition) {
    if (condition) return;
    const rest = Array.prototype.slice.call(arguments, 1);
    emit('error', 'Assertion failed' + (rest.length ? ': ' + formatArgs(rest) : ''));
  },
  group() {
    if (arguments.length) emit('log', formatArgs(Array.prototype.slice.call(arguments)));
    groupIndent += '  ';
  },
  groupCollapsed() {
    consoleObject.group.apply(consoleObject, arguments);
  },
  groupEnd() {
    groupIndent = groupIndent.slice(2);
  },
  count(label) {
    const key = timeLabel(label);
    const n = (counts.get(key) || 0) + 1;
    counts.set(key, n);
    emit('log', key + ': ' + n);
  },
  countReset(label) {
    counts.delete(timeLabel(label));
  },
  time(label) {
    timings.set(timeLabel(label), host.now());
  },
  timeLog(label) {
    const key = timeLabel(label);
    if (timings.has(key)) emit('log', key + ': ' + (host.now() - timings.get(key)).toFixed(3) + 'ms');
  },
  timeEnd(label) {
    consoleObject.timeLog(label);
    timings.delete(timeLabel(label));
  },
};
define('console', consoleObject);
`;
