/**
 * Headers, Request, Response and fetch(). fetch() sends plain data to the host (JSON plus ArrayBuffers for bytes)
 * and gets back status, headers and body bytes; everything else about the classes lives in the VM.
 */
export const httpSource = String.raw`
const TOKEN = /^[!#$%&'*+\-.^_\x60|~0-9A-Za-z]+$/;
const NULL_BODY_STATUSES = [101, 103, 204, 205, 304];
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const NORMALIZED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
const FORBIDDEN_METHODS = ['CONNECT', 'TRACE', 'TRACK'];

function headerName(name) {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError('Headers: "' + text + '" is an invalid header name.');
  return text.toLowerCase();
}

function headerValue(value) {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (/[\0\r\n]/.test(text)) throw new TypeError('Headers: "' + text + '" is an invalid header value.');
  return text;
}

function writableHeaders(headers) {
  const state = internal(headers, 'Headers');
  if (state.immutable) throw new TypeError('Headers are immutable');
  return state;
}

/** Iteration order: names sorted, values combined, set-cookie kept apart (Fetch Standard, "sort and combine"). */
function sortedHeaders(list) {
  const names = Array.from(new Set(list.map((p) => p[0]))).sort();
  const out = [];
  for (const name of names) {
    const values = list.filter((p) => p[0] === name).map((p) => p[1]);
    if (name === 'set-cookie') for (const value of values) out.push([name, value]);
    else out.push([name, values.join(', ')]);
  }
  return out;
}

class Headers {
  constructor(init) {
    const state = hide(this, 'Headers', { list: [], immutable: false });
    if (init === undefined || init === null) return;
    if (hasBrand(init, 'Headers')) {
      state.list = internal(init, 'Headers').list.map((p) => [p[0], p[1]]);
    } else if (typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
      for (const pair of init) {
        const items = typeof pair === 'string' ? null : Array.from(pair);
        if (!items || items.length !== 2) throw new TypeError('Headers: each header must be a [name, value] pair');
        this.append(items[0], items[1]);
      }
    } else if (typeof init === 'object') {
      for (const key of Object.keys(init)) this.append(key, init[key]);
    } else {
      throw new TypeError("Failed to construct 'Headers': The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'.");
    }
  }
  append(name, value) {
    writableHeaders(this).list.push([headerName(name), headerValue(value)]);
  }
  delete(name) {
    const state = writableHeaders(this);
    const key = headerName(name);
    state.list = state.list.filter((p) => p[0] !== key);
  }
  get(name) {
    const key = headerName(name);
    const values = internal(this, 'Headers').list.filter((p) => p[0] === key).map((p) => p[1]);
    return values.length ? values.join(', ') : null;
  }
  getSetCookie() {
    return internal(this, 'Headers').list.filter((p) => p[0] === 'set-cookie').map((p) => p[1]);
  }
  has(name) {
    const key = headerName(name);
    return internal(this, 'Headers').list.some((p) => p[0] === key);
  }
  set(name, value) {
    const state = writableHeaders(this);
    const entry = [headerName(name), headerValue(value)];
    const index = state.list.findIndex((p) => p[0] === entry[0]);
    if (index < 0) state.list.push(entry);
    else {
      state.list[index] = entry;
      state.list = state.list.filter((p, i) => i <= index || p[0] !== entry[0]);
    }
  }
  forEach(callback, thisArg) {
    for (const [name, value] of sortedHeaders(internal(this, 'Headers').list)) callback.call(thisArg, value, name, this);
  }
  entries() {
    return iterate(sortedHeaders(internal(this, 'Headers').list), 'entries');
  }
  keys() {
    return iterate(sortedHeaders(internal(this, 'Headers').list), 'keys');
  }
  values() {
    return iterate(sortedHeaders(internal(this, 'Headers').list), 'values');
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  get [Symbol.toStringTag]() {
    return 'Headers';
  }
  [inspectCustom]() {
    const list = sortedHeaders(internal(this, 'Headers').list);
    return 'Headers ' + formatItems('{', list.map((p) => quote(p[0]) + ': ' + quote(p[1])), '}');
  }
}
define('Headers', Headers);

/** Body of a Request or Response: { text } or { bytes } or { form: [[name, string | File]] }, plus its type. */
function extractBody(body) {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return { text: body, type: 'text/plain;charset=UTF-8' };
  if (hasBrand(body, 'URLSearchParams')) return { text: body.toString(), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (hasBrand(body, 'FormData')) return { form: internal(body, 'FormData').list.slice(), type: null };
  if (hasBrand(body, 'Blob')) return { bytes: internal(body, 'Blob').bytes, type: body.type || null };
  if (isBufferSource(body)) return { bytes: copyBytes(body), type: null };
  if (typeof body === 'object' && typeof body.getReader === 'function') {
    throw new TypeError('ReadableStream bodies are not available in the sandbox; send a string, Blob, FormData or bytes');
  }
  return { text: String(body), type: 'text/plain;charset=UTF-8' };
}

function bodyBytes(body) {
  if (body.bytes) return body.bytes;
  if (body.text !== undefined) return utf8Encode(body.text);
  throw new TypeError('Reading a FormData body back is not supported in the sandbox');
}

/** The body-reading methods shared by Request and Response (Fetch Standard, "Body mixin"). */
function consume(state) {
  if (state.used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  if (!state.body) return Promise.resolve(new Uint8Array(0));
  state.used = true;
  try {
    return Promise.resolve(bodyBytes(state.body));
  } catch (error) {
    return Promise.reject(error);
  }
}

function consumeText(state) {
  if (!state.used && state.body && state.body.text !== undefined) {
    state.used = true;
    return Promise.resolve(state.body.text);
  }
  return consume(state).then(utf8Decode);
}

function parseFormBody(text, contentType) {
  if (!/^application\/x-www-form-urlencoded/i.test(contentType || '')) {
    throw new TypeError('formData() in the sandbox reads application/x-www-form-urlencoded bodies only');
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

function addBodyMethods(Class, brandName) {
  Object.assign(Class.prototype, {
    arrayBuffer() {
      return consume(internal(this, brandName)).then((bytes) => exactBuffer(bytes.slice()));
    },
    bytes() {
      return consume(internal(this, brandName)).then((bytes) => bytes.slice());
    },
    text() {
      return consumeText(internal(this, brandName));
    },
    json() {
      return consumeText(internal(this, brandName)).then((text) => JSON.parse(text));
    },
    blob() {
      const type = this.headers.get('content-type') || '';
      return consume(internal(this, brandName)).then((bytes) => new Blob([bytes], { type }));
    },
    formData() {
      const type = this.headers.get('content-type');
      return consumeText(internal(this, brandName)).then((text) => parseFormBody(text, type));
    },
  });
  Object.defineProperty(Class.prototype, 'bodyUsed', {
    configurable: true,
    get() {
      return internal(this, brandName).used;
    },
  });
}

function normalizeMethod(method) {
  const text = String(method);
  if (!TOKEN.test(text)) throw new TypeError("'" + text + "' is not a valid HTTP method.");
  const upper = text.toUpperCase();
  if (FORBIDDEN_METHODS.indexOf(upper) >= 0) throw new TypeError("'" + text + "' HTTP method is unsupported.");
  return NORMALIZED_METHODS.indexOf(upper) >= 0 ? upper : text;
}

/** Parsed request URLs by their text: a script calls the same few endpoints over and over. */
const requestUrls = new Map();
const REQUEST_URLS_KEPT = 256;

function requestUrl(input) {
  const text = String(input);
  const known = requestUrls.get(text);
  if (known !== undefined) return known;
  const href = parseRequestUrl(text);
  if (requestUrls.size >= REQUEST_URLS_KEPT) requestUrls.clear();
  requestUrls.set(text, href);
  return href;
}

function parseRequestUrl(text) {
  let parts;
  try {
    parts = JSON.parse(host.urlParse(text, undefined));
  } catch (error) {
    throw new TypeError('Failed to parse URL from ' + text);
  }
  if (parts.username || parts.password) {
    throw new TypeError('Request cannot be constructed from a URL that includes credentials: ' + text);
  }
  return parts.href;
}

class Request {
  constructor(input, init) {
    requireArgs(arguments.length, 1, "Failed to construct 'Request'");
    const options = init !== null && typeof init === 'object' ? init : {};
    const from = hasBrand(input, 'Request') ? internal(input, 'Request') : null;
    const url = from ? from.url : requestUrl(input);
    const method = options.method !== undefined ? normalizeMethod(options.method) : from ? from.method : 'GET';
    const headers = new Headers(options.headers !== undefined ? options.headers : from ? from.headers : undefined);
    let body = null;
    if (options.body !== undefined && options.body !== null) body = extractBody(options.body);
    else if (from && options.body === undefined) {
      if (from.used) throw new TypeError('Cannot construct a Request with a Request object that has already been used.');
      body = from.body;
    }
    if (body && (method === 'GET' || method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.');
    if (body && body.type && !headers.has('content-type')) headers.append('content-type', body.type);
    const redirect = options.redirect !== undefined ? String(options.redirect) : from ? from.redirect : 'follow';
    if (['follow', 'manual', 'error'].indexOf(redirect) < 0) {
      throw new TypeError("Failed to construct 'Request': The provided value '" + redirect + "' is not a valid enum value of type RequestRedirect.");
    }
    const signal = options.signal !== undefined ? options.signal : from ? from.signal : null;
    if (signal !== null && !hasBrand(signal, 'AbortSignal')) throw new TypeError("Failed to construct 'Request': member signal is not of type AbortSignal.");
    // Without a signal of its own, a request's signal can never abort: it is made only if the script reads it.
    hide(this, 'Request', { url, method, headers, body, used: false, redirect, signal });
  }
  get url() {
    return internal(this, 'Request').url;
  }
  get method() {
    return internal(this, 'Request').method;
  }
  get headers() {
    return internal(this, 'Request').headers;
  }
  get redirect() {
    return internal(this, 'Request').redirect;
  }
  get signal() {
    const state = internal(this, 'Request');
    if (!state.signal) state.signal = new AbortController().signal;
    return state.signal;
  }
  clone() {
    const state = internal(this, 'Request');
    if (state.used) throw new TypeError('Request.clone: Body has already been consumed.');
    return new Request(this);
  }
  get [Symbol.toStringTag]() {
    return 'Request';
  }
  [inspectCustom](depth, options, show) {
    const state = internal(this, 'Request');
    return 'Request { method: ' + quote(state.method) + ', url: ' + quote(state.url) + ', headers: ' + show(state.headers) + ' }';
  }
}
addBodyMethods(Request, 'Request');
define('Request', Request);

function newResponse(state) {
  const response = Object.create(Response.prototype);
  hide(response, 'Response', state);
  return response;
}

class Response {
  constructor(body, init) {
    const options = init !== null && typeof init === 'object' ? init : {};
    const status = options.status === undefined ? 200 : Number(options.status);
    if (!(status >= 200 && status <= 599) || status % 1 !== 0) {
      throw new RangeError("Failed to construct 'Response': The status provided (" + status + ') is outside the range [200, 599].');
    }
    const headers = new Headers(options.headers);
    const extracted = body === undefined ? null : extractBody(body);
    if (extracted && NULL_BODY_STATUSES.indexOf(status) >= 0) {
      throw new TypeError("Failed to construct 'Response': Response with null body status cannot have body");
    }
    if (extracted && extracted.type && !headers.has('content-type')) headers.append('content-type', extracted.type);
    hide(this, 'Response', {
      status,
      statusText: options.statusText === undefined ? '' : String(options.statusText),
      headers,
      body: extracted,
      used: false,
      url: '',
      redirected: false,
      type: 'default',
    });
  }
  static json(data, init) {
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError('Response.json: the data is not JSON serializable');
    const response = new Response(text, init);
    response.headers.set('content-type', 'application/json');
    return response;
  }
  static error() {
    return newResponse({ status: 0, statusText: '', headers: immutableHeaders([]), body: null, used: false, url: '', redirected: false, type: 'error' });
  }
  static redirect(url, status) {
    const code = status === undefined ? 302 : Number(status);
    if (REDIRECT_STATUSES.indexOf(code) < 0) throw new RangeError('Invalid status code ' + code);
    return newResponse({ status: code, statusText: '', headers: immutableHeaders([['location', requestUrl(url)]]), body: null, used: false, url: '', redirected: false, type: 'default' });
  }
  get status() {
    return internal(this, 'Response').status;
  }
  get statusText() {
    return internal(this, 'Response').statusText;
  }
  get ok() {
    const status = internal(this, 'Response').status;
    return status >= 200 && status <= 299;
  }
  get headers() {
    return internal(this, 'Response').headers;
  }
  get url() {
    return internal(this, 'Response').url;
  }
  get redirected() {
    return internal(this, 'Response').redirected;
  }
  get type() {
    return internal(this, 'Response').type;
  }
  clone() {
    const state = internal(this, 'Response');
    if (state.used) throw new TypeError('Response.clone: Body has already been consumed.');
    const headers = new Headers(state.headers);
    internal(headers, 'Headers').immutable = internal(state.headers, 'Headers').immutable;
    return newResponse(Object.assign({}, state, { headers, kinds: undefined }));
  }
  get [Symbol.toStringTag]() {
    return 'Response';
  }
  [inspectCustom](depth, options, show) {
    const state = internal(this, 'Response');
    return 'Response { status: ' + state.status + ', statusText: ' + quote(state.statusText) + ', headers: ' +
      show(state.headers) + ', url: ' + quote(state.url) + ', bodyUsed: ' + state.used + ' }';
  }
}
addBodyMethods(Response, 'Response');
define('Response', Response);

function immutableHeaders(pairs) {
  const headers = new Headers(pairs);
  internal(headers, 'Headers').immutable = true;
  return headers;
}

/** The request as the host reads it: JSON, with bytes passed alongside as ArrayBuffers (indexes into buffers). */
function encodeRequest(state) {
  const buffers = [];
  let body = null;
  if (state.body && state.body.form) {
    body = {
      kind: 'form',
      entries: state.body.form.map(([name, value]) => {
        if (typeof value === 'string') return { name, value };
        buffers.push(exactBuffer(internal(value, 'Blob').bytes));
        return { name, buffer: buffers.length - 1, type: value.type, filename: value.name };
      }),
    };
  } else if (state.body && state.body.text !== undefined) {
    body = { kind: 'text', text: state.body.text };
  } else if (state.body) {
    buffers.push(exactBuffer(state.body.bytes));
    body = { kind: 'bytes', buffer: 0 };
  }
  const json = JSON.stringify({ url: state.url, method: state.method, headers: internal(state.headers, 'Headers').list, body, redirect: state.redirect });
  return [json].concat(buffers);
}

function responseFromHost(raw) {
  const headers = immutableHeaders(JSON.parse(raw.headers));
  const hasBody = NULL_BODY_STATUSES.indexOf(raw.status) < 0 || raw.body.byteLength > 0;
  return newResponse({
    status: raw.status,
    statusText: raw.statusText,
    headers,
    body: hasBody ? { bytes: new Uint8Array(raw.body) } : null,
    used: false,
    url: raw.url,
    redirected: raw.redirected,
    type: 'basic',
  });
}

define('fetch', function fetch(input, init) {
  let args;
  let signal;
  try {
    requireArgs(arguments.length, 1, "Failed to execute 'fetch'");
    const request = hasBrand(input, 'Request') && init === undefined ? input : new Request(input, init);
    const state = internal(request, 'Request');
    if (state.used) throw new TypeError('Cannot fetch a Request whose body has already been used.');
    if (state.body) state.used = hasBrand(input, 'Request') ? true : state.used;
    signal = state.signal;
    if (signal && signal.aborted) return Promise.reject(signal.reason);
    args = encodeRequest(state);
  } catch (error) {
    return Promise.reject(error);
  }
  // A network error has no script frame of its own; it takes the stack of the fetch() call, for its line.
  const callSite = new Error();
  return new Promise((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      reject(signal.reason);
    };
    if (signal) signal.addEventListener('abort', onAbort);
    host.fetch.apply(undefined, args).then(
      (raw) => {
        if (signal) signal.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        resolve(responseFromHost(raw));
      },
      (error) => {
        if (signal) signal.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        const failure = new TypeError(error && error.message ? error.message : 'fetch failed');
        Object.defineProperty(failure, 'stack', { value: callSite.stack, writable: true, configurable: true });
        reject(failure);
      },
    );
  });
});
`;
