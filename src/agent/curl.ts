/**
 * Models reach for curl by habit, so a shell block of curl command lines is turned into a sandbox script that makes
 * the same requests with fetch and prints each response body, as curl does.
 *
 * The supported subset (anything else is refused with a message naming it):
 * - `-X`/`--request METHOD`
 * - `-H`/`--header 'Name: value'`
 * - `-d`/`--data`, `--data-raw`, `--data-binary`, `--data-ascii` (joined with `&`; POST and form-urlencoded unless
 *   a Content-Type header says otherwise), `--data-urlencode` (`name=value`, `=value` or `value`; the value is
 *   percent-encoded), `--json` (JSON body and headers)
 * - `-F`/`--form name=value` (multipart; POST)
 * - `-G`/`--get` (the data goes into the query string; GET)
 * - `-u`/`--user user:password` (Basic authorization)
 * - `-L`/`--location`: follow redirects, as curl does only when asked (without it a redirect's own answer is printed,
 *   e.g. Box's download 302 with its empty body)
 * - `-s`, `-S`, `-k`, `-f`, `-v`, `--compressed` and their long names are accepted and change nothing here
 * Words are split as a POSIX shell does: single quotes, double quotes with backslash escapes, a backslash at the end
 * of a line continues it; `;`, `&&` and new lines separate commands. `@file` data, pipes and redirections are not
 * supported (there is no file system or shell in the sandbox).
 */

export interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: { kind: 'text'; text: string } | { kind: 'form'; fields: [string, string][] } | null;
  /** `-L`: follow redirects; curl does not by default. */
  followRedirects: boolean;
}

export class CurlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CurlParseError';
  }
}

const IGNORED = new Set(['-s', '--silent', '-S', '--show-error', '-k', '--insecure', '-f', '--fail', '-v', '--verbose', '--compressed']);
const SHORT_WITH_VALUE = new Set(['X', 'H', 'd', 'F', 'u']);
const SHORT_FLAGS = new Set(['s', 'S', 'L', 'k', 'f', 'v', 'G']);

/** Splits shell text into commands, each a list of words. */
export function splitShellWords(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') i++;
      else if (next === '\r' && text[i + 2] === '\n') i += 2;
      else if (next !== undefined) {
        word = (word ?? '') + next;
        i++;
      }
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new CurlParseError('unterminated single quote');
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`\n'.includes(text[j + 1])) {
          if (text[j + 1] !== '\n') s += text[j + 1];
          j++;
        } else s += text[j];
      }
      if (j >= text.length) throw new CurlParseError('unterminated double quote');
      word = (word ?? '') + s;
      i = j;
      continue;
    }
    if (c === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i++;
      endCommand();
      continue;
    }
    if (c === '\n' || c === ';') {
      endCommand();
      continue;
    }
    if (c === '&' && text[i + 1] === '&') {
      endCommand();
      i++;
      continue;
    }
    if (c === '|' || c === '>' || c === '<') {
      throw new CurlParseError(`"${c}" (pipes and redirections) is not supported: write one curl command per request; its response body is printed`);
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      continue;
    }
    word = (word ?? '') + c;
  }
  endCommand();
  return commands;
}

/** Parses one curl command's words (the first must be `curl`). */
export function parseCurlWords(words: string[]): CurlRequest {
  if (words[0] !== 'curl') {
    throw new CurlParseError(`only curl commands can run in a shell block, not "${words[0]}"; use a JavaScript block for anything else`);
  }
  let method: string | null = null;
  let url: string | null = null;
  let get = false;
  let json = false;
  let followRedirects = false;
  const headers: [string, string][] = [];
  const data: string[] = [];
  const form: [string, string][] = [];

  const args = words.slice(1);
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let inline: string | null = null;
    if (arg.startsWith('--') && arg.includes('=')) {
      inline = arg.slice(arg.indexOf('=') + 1);
      arg = arg.slice(0, arg.indexOf('='));
    } else if (/^-[A-Za-z]/.test(arg) && arg.length > 2) {
      // -XPOST, -sSL, -sX POST
      const flags = arg.slice(1);
      let k = 0;
      while (k < flags.length && SHORT_FLAGS.has(flags[k])) {
        if (flags[k] === 'G') get = true;
        if (flags[k] === 'L') followRedirects = true;
        k++;
      }
      if (k === flags.length) continue;
      if (!SHORT_WITH_VALUE.has(flags[k])) throw new CurlParseError(`curl option -${flags[k]} is not supported (supported: -X -H -d -F -G -u -s -L)`);
      arg = `-${flags[k]}`;
      if (k + 1 < flags.length) inline = flags.slice(k + 1);
    }
    const value = (): string => {
      if (inline !== null) return inline;
      if (i + 1 >= args.length) throw new CurlParseError(`curl option ${arg} needs a value`);
      return args[++i];
    };
    if (IGNORED.has(arg)) continue;
    switch (arg) {
      case '-X':
      case '--request':
        method = value().toUpperCase();
        break;
      case '-H':
      case '--header': {
        const h = value();
        const colon = h.indexOf(':');
        if (colon <= 0) throw new CurlParseError(`curl header "${h}" is not "Name: value"`);
        headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
        break;
      }
      case '-d':
      case '--data':
      case '--data-ascii':
      case '--data-binary':
      case '--data-raw': {
        const d = value();
        if (d.startsWith('@') && arg !== '--data-raw') throw new CurlParseError(`curl ${arg} @file reads a file, and the sandbox has no files: put the data inline`);
        data.push(d);
        break;
      }
      case '--data-urlencode':
        data.push(urlencodeData(value()));
        break;
      case '--json':
        json = true;
        data.push(value());
        break;
      case '-F':
      case '--form': {
        const f = value();
        const eq = f.indexOf('=');
        if (eq <= 0) throw new CurlParseError(`curl form field "${f}" is not name=value`);
        const v = f.slice(eq + 1);
        if (v.startsWith('@') || v.startsWith('<')) throw new CurlParseError(`curl -F ${f.slice(0, eq)}=${v[0]}file reads a file, and the sandbox has no files: use a JavaScript block with FormData and a Blob`);
        form.push([f.slice(0, eq), v]);
        break;
      }
      case '-G':
      case '--get':
        get = true;
        break;
      case '-L':
      case '--location':
        followRedirects = true;
        break;
      case '-u':
      case '--user':
        headers.push(['Authorization', `Basic ${btoa(value())}`]);
        break;
      case '--url':
        url = value();
        break;
      default:
        if (arg.startsWith('-')) throw new CurlParseError(`curl option ${arg} is not supported (supported: -X -H -d --data-* --data-urlencode --json -F -G -u -s -L)`);
        if (url !== null) throw new CurlParseError(`curl got a second URL "${arg}": one request per command`);
        url = arg;
    }
  }
  if (url === null) throw new CurlParseError('curl command without a URL');
  if (!/^[a-z]+:\/\//i.test(url)) url = `https://${url}`;
  if (data.length && form.length) throw new CurlParseError('curl cannot mix -d and -F in one request');

  const hasHeader = (name: string) => headers.some(([h]) => h.toLowerCase() === name);
  let body: CurlRequest['body'] = null;
  if (get && data.length) {
    url += (url.includes('?') ? '&' : '?') + data.join('&');
  } else if (data.length) {
    body = { kind: 'text', text: data.join(json ? '' : '&') };
    if (json) {
      if (!hasHeader('content-type')) headers.push(['Content-Type', 'application/json']);
      if (!hasHeader('accept')) headers.push(['Accept', 'application/json']);
    } else if (!hasHeader('content-type')) headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  } else if (form.length) {
    body = { kind: 'form', fields: form };
  }
  return { method: method ?? (get ? 'GET' : body ? 'POST' : 'GET'), url, headers, body, followRedirects };
}

function urlencodeData(d: string): string {
  const eq = d.indexOf('=');
  if (eq < 0) return encodeURIComponent(d);
  if (eq === 0) return encodeURIComponent(d.slice(1));
  return `${d.slice(0, eq)}=${encodeURIComponent(d.slice(eq + 1))}`;
}

/** Every curl command of a shell block. Throws CurlParseError with a message for the model. */
export function parseCurl(text: string): CurlRequest[] {
  const commands = splitShellWords(text);
  if (commands.length === 0) throw new CurlParseError('the shell block has no command');
  return commands.map(parseCurlWords);
}

/** A sandbox script that makes the requests in order and prints each response body, as curl would. */
export function curlScript(requests: CurlRequest[]): string {
  return requests
    .map((r, i) => {
      const lines = [`{ // request ${i + 1}: ${r.method} ${r.url}`];
      const init: string[] = [`method: ${JSON.stringify(r.method)}`, `headers: ${JSON.stringify(r.headers)}`];
      if (!r.followRedirects) init.push(`redirect: 'manual'`);
      if (r.body?.kind === 'text') init.push(`body: ${JSON.stringify(r.body.text)}`);
      if (r.body?.kind === 'form') {
        lines.push('  const form = new FormData();');
        for (const [name, value] of r.body.fields) lines.push(`  form.append(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
        init.push('body: form');
      }
      lines.push(`  const res = await fetch(${JSON.stringify(r.url)}, { ${init.join(', ')} });`);
      lines.push('  console.log(await res.text());');
      lines.push('}');
      return lines.join('\n');
    })
    .join('\n');
}
