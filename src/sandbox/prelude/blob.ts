/** Blob, File and FormData. Bytes live in the VM; a FormData body is rebuilt as real multipart on the host. */
export const blobSource = String.raw`
function blobPartBytes(part) {
  if (hasBrand(part, 'Blob')) return internal(part, 'Blob').bytes;
  if (isBufferSource(part)) return copyBytes(part);
  return utf8Encode(String(part));
}

function blobType(type) {
  const text = type === undefined ? '' : String(type);
  return /[^\u0020-\u007e]/.test(text) ? '' : text.toLowerCase();
}

class Blob {
  constructor(parts, options) {
    if (parts !== undefined && !isIterable(parts)) {
      throw new TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence.");
    }
    const chunks = [];
    if (parts !== undefined) for (const part of parts) chunks.push(blobPartBytes(part));
    hide(this, 'Blob', { bytes: concatBytes(chunks), type: blobType(options && options.type) });
  }
  get size() {
    return internal(this, 'Blob').bytes.length;
  }
  get type() {
    return internal(this, 'Blob').type;
  }
  arrayBuffer() {
    return Promise.resolve(internal(this, 'Blob').bytes.slice().buffer);
  }
  bytes() {
    return Promise.resolve(internal(this, 'Blob').bytes.slice());
  }
  text() {
    return Promise.resolve(utf8Decode(internal(this, 'Blob').bytes));
  }
  slice(start, end, contentType) {
    const bytes = internal(this, 'Blob').bytes;
    const blob = new Blob([], { type: contentType });
    internal(blob, 'Blob').bytes = bytes.slice(start === undefined ? 0 : start, end === undefined ? bytes.length : end);
    return blob;
  }
  stream() {
    throw new TypeError('Blob.stream() is not available in the sandbox; use arrayBuffer() or text()');
  }
  get [Symbol.toStringTag]() {
    return 'Blob';
  }
  [inspectCustom]() {
    const state = internal(this, 'Blob');
    const head = state.file ? 'File { name: ' + quote(state.file.name) + ', ' : 'Blob { ';
    return head + 'size: ' + state.bytes.length + ', type: ' + quote(state.type) + ' }';
  }
}
define('Blob', Blob);

class File extends Blob {
  constructor(bits, name, options) {
    requireArgs(arguments.length, 2, "Failed to construct 'File'");
    super(bits, options);
    const state = brand(this, 'File');
    const lastModified = options && options.lastModified !== undefined ? Number(options.lastModified) : Date.now();
    state.file = { name: String(name), lastModified };
  }
  get name() {
    return internal(this, 'File').file.name;
  }
  get lastModified() {
    return internal(this, 'File').file.lastModified;
  }
  get [Symbol.toStringTag]() {
    return 'File';
  }
}
define('File', File);

function formValue(value, filename) {
  if (!hasBrand(value, 'Blob')) return String(value);
  if (hasBrand(value, 'File') && filename === undefined) return value;
  const name = filename !== undefined ? String(filename) : hasBrand(value, 'File') ? value.name : 'blob';
  return new File([value], name, { type: value.type });
}

class FormData {
  constructor(form) {
    if (form !== undefined) throw new TypeError("Failed to construct 'FormData': there are no HTML forms in the sandbox");
    hide(this, 'FormData', { list: [] });
  }
  append(name, value, filename) {
    requireArgs(arguments.length, 2, "Failed to execute 'append' on 'FormData'");
    internal(this, 'FormData').list.push([String(name), formValue(value, filename)]);
  }
  delete(name) {
    const state = internal(this, 'FormData');
    const key = String(name);
    state.list = state.list.filter((p) => p[0] !== key);
  }
  get(name) {
    const key = String(name);
    const found = internal(this, 'FormData').list.find((p) => p[0] === key);
    return found ? found[1] : null;
  }
  getAll(name) {
    const key = String(name);
    return internal(this, 'FormData').list.filter((p) => p[0] === key).map((p) => p[1]);
  }
  has(name) {
    const key = String(name);
    return internal(this, 'FormData').list.some((p) => p[0] === key);
  }
  set(name, value, filename) {
    requireArgs(arguments.length, 2, "Failed to execute 'set' on 'FormData'");
    const state = internal(this, 'FormData');
    const key = String(name);
    const entry = [key, formValue(value, filename)];
    const index = state.list.findIndex((p) => p[0] === key);
    if (index < 0) state.list.push(entry);
    else {
      state.list[index] = entry;
      state.list = state.list.filter((p, i) => i <= index || p[0] !== key);
    }
  }
  forEach(callback, thisArg) {
    for (const [name, value] of internal(this, 'FormData').list.slice()) callback.call(thisArg, value, name, this);
  }
  entries() {
    return iterate(internal(this, 'FormData').list, 'entries');
  }
  keys() {
    return iterate(internal(this, 'FormData').list, 'keys');
  }
  values() {
    return iterate(internal(this, 'FormData').list, 'values');
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  get [Symbol.toStringTag]() {
    return 'FormData';
  }
  [inspectCustom](depth, options, show) {
    const list = internal(this, 'FormData').list;
    return 'FormData ' + formatItems('{', list.map((p) => quote(p[0]) + ' => ' + show(p[1])), '}');
  }
}
define('FormData', FormData);
`;
