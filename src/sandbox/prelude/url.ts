/**
 * URL and URLSearchParams. Parsing and serialising go to the host's own URL and URLSearchParams (synchronous
 * calls), so the WHATWG rules hold exactly; the VM keeps the parts and the live link between the two.
 */
export const urlSource = String.raw`
const URL_SETTABLE = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function parseUrlParts(input, base) {
  return JSON.parse(hostCall(() => host.urlParse(input, base)));
}

function setUrlParts(url, parts) {
  const state = internal(url, 'URL');
  state.parts = parts;
  if (state.params) internal(state.params, 'URLSearchParams').list = parseQuery(parts.search);
}

class URL {
  constructor(url, base) {
    requireArgs(arguments.length, 1, "Failed to construct 'URL'");
    hide(this, 'URL', { parts: parseUrlParts(String(url), base === undefined ? undefined : String(base)), params: null });
  }
  static canParse(url, base) {
    try {
      host.urlParse(String(url), base === undefined ? undefined : String(base));
      return true;
    } catch (error) {
      return false;
    }
  }
  static parse(url, base) {
    try {
      return new URL(url, base);
    } catch (error) {
      return null;
    }
  }
  get origin() {
    return internal(this, 'URL').parts.origin;
  }
  get searchParams() {
    const state = internal(this, 'URL');
    if (!state.params) {
      state.params = new URLSearchParams(state.parts.search);
      internal(state.params, 'URLSearchParams').url = this;
    }
    return state.params;
  }
  toString() {
    return internal(this, 'URL').parts.href;
  }
  toJSON() {
    return internal(this, 'URL').parts.href;
  }
  get [Symbol.toStringTag]() {
    return 'URL';
  }
  [inspectCustom]() {
    const parts = internal(this, 'URL').parts;
    return 'URL ' + formatItems('{', Object.keys(parts).map((k) => k + ': ' + quote(parts[k])), '}');
  }
}

for (const key of URL_SETTABLE) {
  Object.defineProperty(URL.prototype, key, {
    configurable: true,
    enumerable: true,
    get() {
      return internal(this, 'URL').parts[key];
    },
    set(value) {
      const state = internal(this, 'URL');
      const parts = key === 'href' ? parseUrlParts(String(value), undefined) : JSON.parse(host.urlSet(state.parts.href, key, String(value)));
      setUrlParts(this, parts);
    },
  });
}
define('URL', URL);

function parseQuery(query) {
  return JSON.parse(host.formParse(String(query)));
}

/** A change to the params updates the URL they belong to (URL Standard, "URLSearchParams update steps"). */
function updateQuery(params) {
  const state = internal(params, 'URLSearchParams');
  if (!state.url) return;
  const urlState = internal(state.url, 'URL');
  const query = host.formSerialize(JSON.stringify(state.list));
  urlState.parts = JSON.parse(host.urlSet(urlState.parts.href, 'search', query));
}

class URLSearchParams {
  constructor(init) {
    const state = hide(this, 'URLSearchParams', { list: [], url: null });
    if (init === undefined || init === null) return;
    if (hasBrand(init, 'URLSearchParams')) {
      state.list = internal(init, 'URLSearchParams').list.map((p) => [p[0], p[1]]);
    } else if (typeof init === 'object' || typeof init === 'function') {
      if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const items = typeof pair === 'string' ? null : Array.from(pair);
          if (!items || items.length !== 2) throw new TypeError("Failed to construct 'URLSearchParams': Each query pair must be an iterable [name, value] tuple");
          state.list.push([String(items[0]), String(items[1])]);
        }
      } else {
        for (const key of Object.keys(init)) state.list.push([key, String(init[key])]);
      }
    } else {
      const text = String(init);
      state.list = parseQuery(text.charAt(0) === '?' ? text.slice(1) : text);
    }
  }
  get size() {
    return internal(this, 'URLSearchParams').list.length;
  }
  append(name, value) {
    requireArgs(arguments.length, 2, "Failed to execute 'append' on 'URLSearchParams'");
    internal(this, 'URLSearchParams').list.push([String(name), String(value)]);
    updateQuery(this);
  }
  delete(name, value) {
    const state = internal(this, 'URLSearchParams');
    const key = String(name);
    state.list = state.list.filter((p) => p[0] !== key || (value !== undefined && p[1] !== String(value)));
    updateQuery(this);
  }
  get(name) {
    const key = String(name);
    const found = internal(this, 'URLSearchParams').list.find((p) => p[0] === key);
    return found ? found[1] : null;
  }
  getAll(name) {
    const key = String(name);
    return internal(this, 'URLSearchParams').list.filter((p) => p[0] === key).map((p) => p[1]);
  }
  has(name, value) {
    const key = String(name);
    return internal(this, 'URLSearchParams').list.some((p) => p[0] === key && (value === undefined || p[1] === String(value)));
  }
  set(name, value) {
    requireArgs(arguments.length, 2, "Failed to execute 'set' on 'URLSearchParams'");
    const state = internal(this, 'URLSearchParams');
    const key = String(name);
    const index = state.list.findIndex((p) => p[0] === key);
    if (index < 0) state.list.push([key, String(value)]);
    else {
      state.list[index] = [key, String(value)];
      state.list = state.list.filter((p, i) => i <= index || p[0] !== key);
    }
    updateQuery(this);
  }
  sort() {
    const state = internal(this, 'URLSearchParams');
    // Stable, by UTF-16 code units, as the standard says.
    state.list = state.list
      .map((p, i) => [p, i])
      .sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]))
      .map((x) => x[0]);
    updateQuery(this);
  }
  forEach(callback, thisArg) {
    for (const [name, value] of internal(this, 'URLSearchParams').list.slice()) callback.call(thisArg, value, name, this);
  }
  entries() {
    return iterate(internal(this, 'URLSearchParams').list, 'entries');
  }
  keys() {
    return iterate(internal(this, 'URLSearchParams').list, 'keys');
  }
  values() {
    return iterate(internal(this, 'URLSearchParams').list, 'values');
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    return host.formSerialize(JSON.stringify(internal(this, 'URLSearchParams').list));
  }
  get [Symbol.toStringTag]() {
    return 'URLSearchParams';
  }
  [inspectCustom]() {
    const list = internal(this, 'URLSearchParams').list;
    return 'URLSearchParams ' + formatItems('{', list.map((p) => quote(p[0]) + ' => ' + quote(p[1])), '}');
  }
}
define('URLSearchParams', URLSearchParams);
`;
