/**
 * In-VM helpers every other prelude part uses. In-VM sources are plain JavaScript in String.raw literals, so they
 * use string concatenation, never template literals.
 */
export const coreSource = String.raw`
const S = Symbol('difflab.internal');
const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

function define(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * Gives an object of a prelude class its hidden state; a subclass adds its brand with brand(). Most objects have one
 * brand, kept as a string: a Set per object was a fifth of what a fetch() cost in the VM.
 */
function hide(obj, brandName, state) {
  state.kind = brandName;
  state.kinds = null;
  Object.defineProperty(obj, S, { value: state });
  return state;
}

function brand(obj, brandName) {
  const state = obj[S];
  if (!state.kinds) state.kinds = new Set([state.kind]);
  state.kinds.add(brandName);
  return state;
}

function isKind(state, brandName) {
  return state.kind === brandName || (state.kinds !== null && state.kinds.has(brandName));
}

function internal(obj, brandName) {
  const state = obj !== null && obj !== undefined ? obj[S] : undefined;
  if (!state || !isKind(state, brandName)) throw new TypeError('Illegal invocation');
  return state;
}

function hasBrand(obj, brandName) {
  const state = obj !== null && typeof obj === 'object' ? obj[S] : undefined;
  return !!state && isKind(state, brandName);
}

function isBufferSource(value) {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/** A fresh Uint8Array with a copy of an ArrayBuffer's or a view's bytes. */
function copyBytes(value) {
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
}

/** An ArrayBuffer holding exactly these bytes (the host reads whole ArrayBuffers). */
function exactBuffer(bytes) {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function utf8Encode(text) {
  return new Uint8Array(host.utf8Encode(String(text)));
}

function utf8Decode(bytes) {
  return host.utf8Decode(exactBuffer(bytes), 0, 0);
}

function concatBytes(chunks) {
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Host functions throw plain errors; the script should see the TypeError a browser would throw. */
function hostCall(fn) {
  try {
    return fn();
  } catch (error) {
    throw new TypeError(error && error.message ? error.message : String(error));
  }
}

function requireArgs(count, needed, what) {
  if (count < needed) {
    throw new TypeError(what + ': ' + needed + ' argument' + (needed > 1 ? 's' : '') + ' required, but only ' + count + ' present.');
  }
}

function isIterable(value) {
  return value !== null && typeof value === 'object' && typeof value[Symbol.iterator] === 'function';
}

/** Snapshot iterators for the collection classes: entries(), keys(), values(). */
function iterate(pairs, kind) {
  const items = kind === 'keys' ? pairs.map((p) => p[0]) : kind === 'values' ? pairs.map((p) => p[1]) : pairs.map((p) => [p[0], p[1]]);
  return items[Symbol.iterator]();
}
`;
