import { defineCommand, type Command, type ExecResult, type IFileSystem } from 'just-bash';
import type { ShimBody, ShimFormEntry, ShimRequest, ShimResponse } from '../types.ts';
import { bytesToLatin1, latin1ToBytes, utf8ToLatin1 } from './bytes.ts';

/**
 * curl as models use it, over the sandbox's fetch bridge: every request goes to the host (router → replica, faults,
 * request log, limits), which refuses hosts that are not replicas. just-bash has a curl of its own, but it sends
 * multipart bodies as text (binary `-F file=@x.png` uploads break), has no `--json`, and its fetch hook takes only
 * string bodies; this one builds a ShimRequest, so uploads stay bytes and the host writes the multipart.
 *
 * Options: -X -H -d --data-raw --data-binary --data-ascii --data-urlencode --json -F --form-string -G -u -A -e -b
 * -T -I -i -s -S -f --fail-with-body -L -o -O -D -w -v --url; accepted and ignored: -k --compressed -m
 * --connect-timeout --retry* --max-redirs -# -N --http1.1 --http2 --no-progress-meter. Short flags combine
 * (`-sSfL`, `-XPOST`). Without -L a redirect is printed, not followed, as curl does; with -L the host decides
 * which hosts a redirect may reach.
 */

export type CurlFetch = (request: ShimRequest) => Promise<ShimResponse>;

const FLAG_ALIASES: Record<string, string> = {
  '-s': '--silent',
  '-S': '--show-error',
  '-f': '--fail',
  '-L': '--location',
  '-i': '--include',
  '-I': '--head',
  '-G': '--get',
  '-v': '--verbose',
  '-k': '--insecure',
  '-O': '--remote-name',
  '-#': '--progress-bar',
  '-N': '--no-buffer',
};
const VALUE_ALIASES: Record<string, string> = {
  '-X': '--request',
  '-H': '--header',
  '-d': '--data',
  '-F': '--form',
  '-u': '--user',
  '-A': '--user-agent',
  '-e': '--referer',
  '-b': '--cookie',
  '-T': '--upload-file',
  '-o': '--output',
  '-D': '--dump-header',
  '-w': '--write-out',
  '-m': '--max-time',
};
const FLAGS = new Set([
  ...Object.values(FLAG_ALIASES),
  '--fail-with-body',
  '--compressed',
  '--no-progress-meter',
  '--http1.1',
  '--http2',
  '--globoff',
  '--location-trusted',
  '--raw',
  '--no-keepalive',
  '--ssl-no-revoke',
]);
const VALUES = new Set([
  ...Object.values(VALUE_ALIASES),
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
  '--form-string',
  '--url',
  '--connect-timeout',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '--max-redirs',
  '--cacert',
]);
/** Taken but without effect here: time limits are the sandbox's, and there is no TLS or connection to tune. */
const IGNORED = new Set(['--insecure', '--compressed', '--no-progress-meter', '--http1.1', '--http2', '--globoff', '--progress-bar', '--no-buffer', '--raw', '--no-keepalive', '--ssl-no-revoke', '--max-time', '--connect-timeout', '--retry', '--retry-delay', '--retry-max-time', '--max-redirs', '--cacert']);

/** curl's own short list of file types it names in a multipart upload; anything else is octet-stream. */
const FORM_TYPES: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

class CurlError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

interface Options {
  method: string | null;
  urls: string[];
  headers: [string, string][];
  data: { parts: (string | Uint8Array)[]; json: boolean };
  form: ShimFormEntry[];
  get: boolean;
  head: boolean;
  include: boolean;
  silent: boolean;
  showError: boolean;
  fail: 'no' | 'silent' | 'with-body';
  location: boolean;
  verbose: boolean;
  output: string | null;
  remoteName: boolean;
  dumpHeader: string | null;
  writeOut: string | null;
  uploadFile: string | null;
}

interface Context {
  fs: IFileSystem;
  cwd: string;
  stdin: string;
}

function resolvePath(cwd: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${cwd.replace(/\/$/, '')}/${path}`;
}

async function readInput(ctx: Context, path: string): Promise<Uint8Array> {
  if (path === '-') return latin1ToBytes(ctx.stdin);
  try {
    return await ctx.fs.readFileBuffer(resolvePath(ctx.cwd, path));
  } catch {
    throw new CurlError(26, `Failed to open/read local data from file/application: ${path}`);
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** `-d @file` reads the file without its carriage returns and newlines, as curl does; --data-binary keeps them. */
async function dataPart(ctx: Context, value: string, mode: 'ascii' | 'binary' | 'raw'): Promise<string | Uint8Array> {
  if (mode === 'raw' || !value.startsWith('@')) return value;
  const bytes = await readInput(ctx, value.slice(1));
  return mode === 'binary' ? bytes : fromUtf8.decode(bytes).replace(/[\r\n]/g, '');
}

/** --data-urlencode: `content`, `=content`, `name=content`, `@file` or `name@file`; the content is percent-encoded. */
async function urlencodedPart(ctx: Context, value: string): Promise<string> {
  const eq = value.indexOf('=');
  const at = value.indexOf('@');
  if (at >= 0 && (eq < 0 || at < eq)) {
    const content = fromUtf8.decode(await readInput(ctx, value.slice(at + 1)));
    return at === 0 ? encodeURIComponent(content) : `${value.slice(0, at)}=${encodeURIComponent(content)}`;
  }
  if (eq < 0) return encodeURIComponent(value);
  if (eq === 0) return encodeURIComponent(value.slice(1));
  return `${value.slice(0, eq)}=${encodeURIComponent(value.slice(eq + 1))}`;
}

/** `-F name=value`, `name=@file;type=…;filename=…` (a file part, bytes as they are) or `name=<file` (its text). */
async function formPart(ctx: Context, spec: string, literal: boolean): Promise<ShimFormEntry> {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new CurlError(26, `option -F: is badly used here: ${spec}`);
  const name = spec.slice(0, eq);
  let value = spec.slice(eq + 1);
  if (literal) return { name, value };
  const isFile = value.startsWith('@');
  const isContent = value.startsWith('<');
  let type: string | null = null;
  let filename: string | null = null;
  if (isFile || isContent) {
    // Parameters after the path: ;type=text/csv ;filename=report.csv
    const parts = value.slice(1).split(';');
    value = parts[0];
    for (const p of parts.slice(1)) {
      const m = /^\s*(type|filename)=(.*)$/.exec(p);
      if (!m) throw new CurlError(26, `option -F: unknown form parameter ${p}`);
      if (m[1] === 'type') type = m[2];
      else filename = m[2].replace(/^"(.*)"$/, '$1');
    }
  } else {
    const m = /;type=([^;]+)$/.exec(value);
    if (m) value = value.slice(0, m.index);
  }
  if (isContent) return { name, value: fromUtf8.decode(await readInput(ctx, value)) };
  if (!isFile) return { name, value };
  const bytes = await readInput(ctx, value);
  const base = filename ?? (value === '-' ? '' : value.split('/').pop() ?? value);
  const ext = base.includes('.') ? base.split('.').pop()!.toLowerCase() : '';
  return { name, file: { bytes: new Uint8Array(bytes), type: type ?? FORM_TYPES[ext] ?? 'application/octet-stream', filename: base } };
}

function header(text: string): [string, string] | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}

/** Splits `-sSfL`, `-XPOST`, `--data=x` into option and value, and collects every option. */
async function parse(args: string[], ctx: Context): Promise<Options> {
  const o: Options = {
    method: null,
    urls: [],
    headers: [],
    data: { parts: [], json: false },
    form: [],
    get: false,
    head: false,
    include: false,
    silent: false,
    showError: false,
    fail: 'no',
    location: false,
    verbose: false,
    output: null,
    remoteName: false,
    dumpHeader: null,
    writeOut: null,
    uploadFile: null,
  };
  const queue = [...args];
  let endOfOptions = false;
  while (queue.length) {
    let arg = queue.shift()!;
    if (endOfOptions || !arg.startsWith('-') || arg === '-') {
      o.urls.push(arg);
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    let inline: string | null = null;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0 && VALUES.has(arg.slice(0, eq))) {
        inline = arg.slice(eq + 1);
        arg = arg.slice(0, eq);
      }
    } else if (arg.length > 2) {
      // -sSL → -s -S -L; -XPOST → -X POST; -sXPOST → -s -X POST
      const first = `-${arg[1]}`;
      if (VALUE_ALIASES[first]) {
        inline = arg.slice(2);
        arg = first;
      } else if (FLAG_ALIASES[first]) {
        queue.unshift(`-${arg.slice(2)}`);
        arg = first;
      }
    }
    const name = FLAG_ALIASES[arg] ?? VALUE_ALIASES[arg] ?? arg;
    if (!FLAGS.has(name) && !VALUES.has(name)) throw new CurlError(2, `option ${arg}: is unknown`);
    let value = '';
    if (VALUES.has(name)) {
      if (inline !== null) value = inline;
      else if (queue.length) value = queue.shift()!;
      else throw new CurlError(2, `option ${arg}: requires parameter`);
    }
    if (IGNORED.has(name)) continue;
    switch (name) {
      case '--request':
        o.method = value;
        break;
      case '--header': {
        const h = header(value);
        if (h) o.headers.push(h);
        break;
      }
      case '--data':
      case '--data-ascii':
        o.data.parts.push(await dataPart(ctx, value, 'ascii'));
        break;
      case '--data-binary':
        o.data.parts.push(await dataPart(ctx, value, 'binary'));
        break;
      case '--data-raw':
        o.data.parts.push(value);
        break;
      case '--data-urlencode':
        o.data.parts.push(await urlencodedPart(ctx, value));
        break;
      case '--json':
        o.data.json = true;
        o.data.parts.push(await dataPart(ctx, value, 'binary'));
        break;
      case '--form':
      case '--form-string':
        o.form.push(await formPart(ctx, value, name === '--form-string'));
        break;
      case '--user':
        o.headers.push(['Authorization', `Basic ${btoa(String.fromCharCode(...utf8.encode(value.includes(':') ? value : `${value}:`)))}`]);
        break;
      case '--user-agent':
        o.headers.push(['User-Agent', value]);
        break;
      case '--referer':
        o.headers.push(['Referer', value]);
        break;
      case '--cookie':
        if (value.includes('=')) o.headers.push(['Cookie', value]);
        break;
      case '--upload-file':
        o.uploadFile = value;
        break;
      case '--output':
        o.output = value;
        break;
      case '--dump-header':
        o.dumpHeader = value;
        break;
      case '--write-out':
        o.writeOut = value;
        break;
      case '--url':
        o.urls.push(value);
        break;
      case '--silent':
        o.silent = true;
        break;
      case '--show-error':
        o.showError = true;
        break;
      case '--fail':
        o.fail = 'silent';
        break;
      case '--fail-with-body':
        o.fail = 'with-body';
        break;
      case '--location':
      case '--location-trusted':
        o.location = true;
        break;
      case '--include':
        o.include = true;
        break;
      case '--head':
        o.head = true;
        break;
      case '--get':
        o.get = true;
        break;
      case '--verbose':
        o.verbose = true;
        break;
      case '--remote-name':
        o.remoteName = true;
        break;
    }
  }
  return o;
}

function hasHeader(headers: [string, string][], name: string): boolean {
  return headers.some(([h]) => h.toLowerCase() === name);
}

function joinParts(parts: (string | Uint8Array)[], separator: string): string | Uint8Array {
  if (parts.every((p) => typeof p === 'string')) return parts.join(separator);
  const chunks = parts.flatMap((p, i) => [...(i ? [utf8.encode(separator)] : []), typeof p === 'string' ? utf8.encode(p) : p]);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function buildRequest(o: Options, rawUrl: string, ctx: Context): Promise<ShimRequest> {
  // A URL without a scheme: https, since every replica is an HTTPS host (curl itself would guess http).
  let url = /^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl) ? rawUrl : `https://${rawUrl}`;
  const headers: [string, string][] = [];
  if (!hasHeader(o.headers, 'user-agent')) headers.push(['User-Agent', 'curl/8.11.1']);
  if (!hasHeader(o.headers, 'accept')) headers.push(['Accept', o.data.json ? 'application/json' : '*/*']);
  headers.push(...o.headers);
  let body: ShimBody | null = null;
  let method = o.head ? 'HEAD' : 'GET';
  if (o.data.parts.length && o.get) {
    const query = joinParts(o.data.parts, '&');
    url += (url.includes('?') ? '&' : '?') + (typeof query === 'string' ? query : fromUtf8.decode(query));
  } else if (o.data.parts.length) {
    if (o.form.length) throw new CurlError(2, 'You can only select one HTTP request method! You asked for both POST (-d) and multipart formpost (-F).');
    const joined = joinParts(o.data.parts, o.data.json ? '' : '&');
    body = typeof joined === 'string' ? { kind: 'text', text: joined } : { kind: 'bytes', bytes: new Uint8Array(joined) };
    method = 'POST';
    if (!hasHeader(headers, 'content-type')) headers.push(['Content-Type', o.data.json ? 'application/json' : 'application/x-www-form-urlencoded']);
  } else if (o.form.length) {
    body = { kind: 'form', entries: o.form.map((e) => ('file' in e ? { name: e.name, file: { ...e.file, bytes: e.file.bytes.slice() } } : e)) };
    method = 'POST';
  } else if (o.uploadFile) {
    body = { kind: 'bytes', bytes: new Uint8Array(await readInput(ctx, o.uploadFile)) };
    method = 'PUT';
  }
  return { url, method: o.method ?? method, headers, body, redirect: o.location ? 'follow' : 'manual' };
}

function statusLine(r: ShimResponse): string {
  return `HTTP/1.1 ${r.status}${r.statusText ? ` ${r.statusText}` : ''}`;
}

function headerBlock(r: ShimResponse): string {
  return `${statusLine(r)}\r\n${r.headers.map(([n, v]) => `${n}: ${v}`).join('\r\n')}${r.headers.length ? '\r\n' : ''}\r\n`;
}

/** curl's -w: %{variable} and the \n, \t, \r escapes. */
function writeOut(format: string, r: ShimResponse | null, requestUrl: string): string {
  const header = (name: string) => r?.headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? '';
  const vars: Record<string, () => string> = {
    http_code: () => String(r?.status ?? 0).padStart(3, '0'),
    response_code: () => String(r?.status ?? 0).padStart(3, '0'),
    content_type: () => header('content-type'),
    url_effective: () => r?.url ?? requestUrl,
    url: () => requestUrl,
    redirect_url: () => (r && r.status >= 300 && r.status < 400 ? header('location') : ''),
    size_download: () => String(r?.body.byteLength ?? 0),
    size_header: () => String(r ? headerBlock(r).length : 0),
    num_redirects: () => (r?.redirected ? '1' : '0'),
    method: () => '',
    scheme: () => new URL(r?.url ?? requestUrl).protocol.replace(':', '').toUpperCase(),
    http_version: () => '1.1',
    exitcode: () => '0',
    errormsg: () => '',
    header_json: () => JSON.stringify(Object.fromEntries(r?.headers.map(([n, v]) => [n, [v]]) ?? [])),
  };
  for (const t of ['time_total', 'time_connect', 'time_namelookup', 'time_appconnect', 'time_pretransfer', 'time_starttransfer', 'time_redirect']) vars[t] = () => '0.000000';
  return format
    .replace(/%\{header\{([^}]+)\}\}/g, (_, name: string) => header(name.toLowerCase()))
    .replace(/%\{([a-z_]+)\}/g, (whole, name: string) => (vars[name] ? vars[name]() : whole))
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t')
    .replace(/\\r/g, '\r')
    .replace(/%%/g, '%');
}

export function curlCommand(fetch: CurlFetch): Command {
  return defineCommand('curl', async (args, resolved): Promise<ExecResult> => {
    const ctx: Context = { fs: resolved.fs, cwd: resolved.cwd, stdin: resolved.stdin as unknown as string };
    let stdout = '';
    let stderr = '';
    let exitCode = 0;
    let silent = false;
    let showError = true;
    const fail = (error: CurlError) => {
      exitCode = error.exitCode;
      if (!silent || showError) stderr += `curl: (${error.exitCode}) ${error.message}\n`;
    };
    try {
      const o = await parse(args, ctx);
      silent = o.silent;
      showError = !o.silent || o.showError;
      if (o.urls.length === 0) throw new CurlError(2, 'no URL specified');
      for (const url of o.urls) {
        const request = await buildRequest(o, url, ctx);
        if (o.verbose) stderr += `> ${request.method} ${request.url}\n${request.headers.map(([n, v]) => `> ${n}: ${v}`).join('\n')}\n>\n`;
        let response: ShimResponse;
        try {
          response = await fetch(request);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (o.writeOut) stdout += utf8ToLatin1(writeOut(o.writeOut, null, request.url));
          throw new CurlError(/request limit/i.test(message) ? 7 : 6, message);
        }
        if (o.verbose) stderr += `< ${statusLine(response)}\n${response.headers.map(([n, v]) => `< ${n}: ${v}`).join('\n')}\n<\n`;
        const failed = o.fail !== 'no' && response.status >= 400;
        let out = '';
        if (o.include || o.head) out += headerBlock(response);
        if (!o.head && !(failed && o.fail === 'silent')) out += bytesToLatin1(response.body);
        if (o.dumpHeader) {
          if (o.dumpHeader === '-') stdout += headerBlock(response);
          else await ctx.fs.writeFile(resolvePath(ctx.cwd, o.dumpHeader), headerBlock(response));
        }
        const target = o.output ?? (o.remoteName ? new URL(request.url).pathname.split('/').pop() || 'index.html' : null);
        if (target && target !== '-') {
          if (target !== '/dev/null') await ctx.fs.writeFile(resolvePath(ctx.cwd, target), latin1ToBytes(out));
        } else stdout += out;
        if (o.writeOut) stdout += utf8ToLatin1(writeOut(o.writeOut, response, request.url));
        if (failed) throw new CurlError(22, `The requested URL returned error: ${response.status}`);
      }
    } catch (error) {
      if (!(error instanceof CurlError)) throw error;
      fail(error);
    }
    // Bytes as they came: jq and friends decode UTF-8, a redirect to a file keeps binary content intact.
    return { stdout, stderr, exitCode, stdoutKind: 'bytes', stdoutEncoding: 'binary' };
  });
}
