/** TextEncoder/TextDecoder (UTF-8 only), atob/btoa and structuredClone. The codecs run on the host. */
export const encodingSource = String.raw`
const UTF8_LABELS = ['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8'];

function utf8Length(codePoint) {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

class TextEncoder {
  get encoding() {
    return 'utf-8';
  }
  encode(input) {
    return utf8Encode(input === undefined ? '' : input);
  }
  encodeInto(source, destination) {
    const text = String(source);
    let read = 0;
    let written = 0;
    for (const char of text) {
      const size = utf8Length(char.codePointAt(0));
      if (written + size > destination.length) break;
      read += char.length;
      written += size;
    }
    destination.set(utf8Encode(text.slice(0, read)));
    return { read, written };
  }
}
define('TextEncoder', TextEncoder);

class TextDecoder {
  constructor(label, options) {
    const name = label === undefined ? 'utf-8' : String(label).trim().toLowerCase();
    if (UTF8_LABELS.indexOf(name) < 0) throw new RangeError('The "' + name + '" encoding is not supported');
    hide(this, 'TextDecoder', { fatal: !!(options && options.fatal), ignoreBOM: !!(options && options.ignoreBOM) });
  }
  get encoding() {
    return 'utf-8';
  }
  get fatal() {
    return internal(this, 'TextDecoder').fatal;
  }
  get ignoreBOM() {
    return internal(this, 'TextDecoder').ignoreBOM;
  }
  decode(input) {
    const state = internal(this, 'TextDecoder');
    if (input === undefined) return '';
    if (!isBufferSource(input)) {
      throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView');
    }
    const buffer = input instanceof ArrayBuffer ? input : exactBuffer(new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
    return hostCall(() => host.utf8Decode(buffer, state.fatal ? 1 : 0, state.ignoreBOM ? 1 : 0));
  }
}
define('TextDecoder', TextDecoder);

define('btoa', function btoa(data) {
  requireArgs(arguments.length, 1, "Failed to execute 'btoa'");
  const text = String(data);
  if (/[^\u0000-\u00ff]/.test(text)) {
    throw new DOMException('Invalid character', 'InvalidCharacterError');
  }
  return host.btoa(text);
});

define('atob', function atob(data) {
  requireArgs(arguments.length, 1, "Failed to execute 'atob'");
  try {
    return host.atob(String(data));
  } catch (error) {
    throw new DOMException('The string to be decoded is not correctly encoded.', 'InvalidCharacterError');
  }
});

const ERROR_TYPES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };

function cloneError(kind) {
  return new DOMException(kind + ' could not be cloned.', 'DataCloneError');
}

define('structuredClone', function structuredClone(value) {
  requireArgs(arguments.length, 1, "Failed to execute 'structuredClone'");
  const seen = new Map();
  function clone(v) {
    if (typeof v === 'function') throw cloneError(formatFunction(v));
    if (typeof v === 'symbol') throw cloneError(v.toString());
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    let out;
    if (hasBrand(v, 'Blob')) return v;
    if (v[S]) throw cloneError(constructorName(v) + ' object');
    if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof ArrayBuffer) out = v.slice(0);
    else if (v instanceof DataView) out = new DataView(clone(v.buffer), v.byteOffset, v.byteLength);
    else if (ArrayBuffer.isView(v)) out = new v.constructor(clone(v.buffer), v.byteOffset, v.length);
    else if (v instanceof Error) {
      out = new (ERROR_TYPES[v.name] || Error)(v.message);
      if (typeof v.stack === 'string') out.stack = v.stack;
    } else if (v instanceof Map) {
      out = new Map();
      seen.set(v, out);
      for (const [k, item] of v) out.set(clone(k), clone(item));
      return out;
    } else if (v instanceof Set) {
      out = new Set();
      seen.set(v, out);
      for (const item of v) out.add(clone(item));
      return out;
    } else if (v instanceof Promise || v instanceof WeakMap || v instanceof WeakSet) {
      throw cloneError(constructorName(v) + ' object');
    } else {
      out = Array.isArray(v) ? new Array(v.length) : {};
      seen.set(v, out);
      for (const key of Object.keys(v)) out[key] = clone(v[key]);
      return out;
    }
    seen.set(v, out);
    return out;
  }
  return clone(value);
});
`;
