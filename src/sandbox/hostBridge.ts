import type { QuickJSContext, QuickJSHandle, VmFunctionImplementation } from 'quickjs-emscripten-core';
import { intlCall } from './intlHost.ts';
import type { PreludeHost } from './prelude.ts';
import type { ConsoleLevel, ShimBody, ShimRequest } from './types.ts';

/** What the host functions need from the session that owns the VM. */
export interface BridgeActions {
  log(level: ConsoleLevel, text: string): void;
  /** Starts a fetch and returns the VM promise that will settle with its response. */
  fetch(request: ShimRequest): QuickJSHandle;
  setTimer(id: number, ms: number, keepsAlive: boolean): void;
  clearTimer(id: number): void;
  /** Must read the handle before returning: argument handles die with the call. */
  fail(error: QuickJSHandle): void;
  /** A value could not be copied out of the VM for want of memory: ends the run at the memory limit; returns what to throw. */
  outOfMemory(): Error;
  perfNow(): number;
  dateNow(): number;
}

/** fetch()'s request as the prelude encodes it: bytes travel as separate ArrayBuffers, referenced by index. */
interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body:
    | null
    | { kind: 'text'; text: string }
    | { kind: 'bytes'; buffer: number }
    | { kind: 'form'; entries: ({ name: string; value: string } | { name: string; buffer: number; type: string; filename: string })[] };
  redirect: ShimRequest['redirect'];
}

const LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
const URL_SETTABLE = new Set(['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']);

function urlParts(url: URL): string {
  const { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash } = url;
  return JSON.stringify({ href, origin, protocol, username, password, host, hostname, port, pathname, search, hash });
}

function toShimBody(body: WireRequest['body'], buffers: Uint8Array<ArrayBuffer>[]): ShimBody | null {
  if (!body) return null;
  const bytes = (index: number): Uint8Array<ArrayBuffer> => buffers[index] ?? new Uint8Array(0);
  switch (body.kind) {
    case 'text':
      return body;
    case 'bytes':
      return { kind: 'bytes', bytes: bytes(body.buffer) };
    case 'form':
      return {
        kind: 'form',
        entries: body.entries.map((entry) =>
          'value' in entry
            ? { name: entry.name, value: entry.value }
            : { name: entry.name, file: { bytes: bytes(entry.buffer), type: entry.type, filename: entry.filename } },
        ),
      };
  }
}

/** Builds the `host` object handed to the prelude: one VM function per PreludeHost member. */
export function newHostObject(vm: QuickJSContext, actions: BridgeActions): QuickJSHandle {
  const text = (handle: QuickJSHandle): string => {
    const value = vm.getString(handle);
    // QuickJS's copy of a string that is not all ASCII fails past the memory limit, and reads as ''.
    if (value === '' && vm.typeof(handle) === 'string' && vm.getProp(handle, 'length').consume(vm.getNumber) > 0) throw actions.outOfMemory();
    return value;
  };
  const num = (handle: QuickJSHandle): number => vm.getNumber(handle);
  const bytesOf = (handle: QuickJSHandle): Uint8Array<ArrayBuffer> => {
    const view = vm.getArrayBuffer(handle);
    try {
      return view.value.slice();
    } finally {
      view.dispose();
    }
  };
  const encoder = new TextEncoder();

  const functions: Record<keyof PreludeHost, VmFunctionImplementation<QuickJSHandle>> = {
    log: (level, message) => {
      const name = text(level) as ConsoleLevel;
      actions.log(LEVELS.includes(name) ? name : 'log', text(message));
    },
    fetch: (request, ...buffers) => {
      const wire = JSON.parse(text(request)) as WireRequest;
      const bytes = buffers.map(bytesOf);
      return actions.fetch({
        url: wire.url,
        method: wire.method,
        headers: wire.headers,
        body: toShimBody(wire.body, bytes),
        redirect: wire.redirect,
      });
    },
    setTimer: (id, ms, keepsAlive) => actions.setTimer(num(id), num(ms), num(keepsAlive) !== 0),
    clearTimer: (id) => actions.clearTimer(num(id)),
    fail: (error) => actions.fail(error),
    now: () => vm.newNumber(actions.perfNow()),
    dateNow: () => vm.newNumber(actions.dateNow()),
    urlParse: (input, base) => {
      const url = vm.typeof(base) === 'undefined' ? new URL(text(input)) : new URL(text(input), text(base));
      return vm.newString(urlParts(url));
    },
    urlSet: (href, part, value) => {
      const url = new URL(text(href));
      const key = text(part);
      if (URL_SETTABLE.has(key)) (url as unknown as Record<string, string>)[key] = text(value);
      return vm.newString(urlParts(url));
    },
    formParse: (query) => {
      const pairs: [string, string][] = [];
      new URLSearchParams(text(query)).forEach((value, name) => pairs.push([name, value]));
      return vm.newString(JSON.stringify(pairs));
    },
    formSerialize: (pairs) => vm.newString(new URLSearchParams(JSON.parse(text(pairs)) as [string, string][]).toString()),
    utf8Encode: (input) => vm.newArrayBuffer(encoder.encode(text(input)).slice().buffer),
    utf8Decode: (input, fatal, ignoreBOM) => {
      const decoder = new TextDecoder('utf-8', { fatal: num(fatal) !== 0, ignoreBOM: num(ignoreBOM) !== 0 });
      return vm.newString(decoder.decode(bytesOf(input)));
    },
    atob: (data) => vm.newString(atob(text(data))),
    btoa: (data) => vm.newString(btoa(text(data))),
    intl: (request) => vm.newString(intlCall(text(request))),
  };

  const host = vm.newObject();
  for (const [name, implementation] of Object.entries(functions)) {
    const fn = vm.newFunction(name, implementation);
    vm.setProp(host, name, fn);
    fn.dispose();
  }
  return host;
}
