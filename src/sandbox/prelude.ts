import { blobSource } from './prelude/blob.ts';
import { clockSource } from './prelude/clock.ts';
import { consoleSource } from './prelude/console.ts';
import { coreSource } from './prelude/core.ts';
import { encodingSource } from './prelude/encoding.ts';
import { eventsSource } from './prelude/events.ts';
import { httpSource } from './prelude/http.ts';
import { intlSource } from './prelude/intl.ts';
import { timersSource } from './prelude/timers.ts';
import { urlSource } from './prelude/url.ts';

/**
 * The functions the prelude calls on the host, with the VM-side types of their arguments. All are synchronous
 * except `fetch`. The prelude receives them as one object argument and never puts it on globalThis, so a script
 * reaches them only through the globals the prelude defines.
 */
export interface PreludeHost {
  log(level: string, text: string): void;
  /** `request` is JSON `{ url, method, headers, body, redirect }`; body bytes follow as ArrayBuffers. */
  fetch(request: string, ...buffers: ArrayBuffer[]): Promise<PreludeResponse>;
  /** keepsAlive 0: the timer does not hold the run open (AbortSignal.timeout). */
  setTimer(id: number, ms: number, keepsAlive: number): void;
  clearTimer(id: number): void;
  /** An error thrown by a callback the prelude runs for the script (queueMicrotask, event listeners). */
  fail(error: unknown): void;
  /** performance.now() and console.time. */
  now(): number;
  /** Date.now() and new Date(), when config.virtualTime is set. */
  dateNow(): number;
  /** JSON of the URL's parts; throws on an invalid URL. */
  urlParse(input: string, base: string | undefined): string;
  urlSet(href: string, part: string, value: string): string;
  /** application/x-www-form-urlencoded ↔ JSON of [name, value] pairs. */
  formParse(query: string): string;
  formSerialize(pairs: string): string;
  utf8Encode(text: string): ArrayBuffer;
  utf8Decode(bytes: ArrayBuffer, fatal: number, ignoreBOM: number): string;
  atob(data: string): string;
  btoa(data: string): string;
  /** Intl and locale formatting on the host's Intl: JSON request → JSON `{value}` or `{error}` (intlHost.ts). */
  intl(request: string): string;
}

export interface PreludeResponse {
  status: number;
  statusText: string;
  /** JSON of [name, value] pairs. */
  headers: string;
  body: ArrayBuffer;
  url: string;
  redirected: boolean;
}

export interface PreludeConfig {
  maxConsoleChars: number;
  consoleTruncatedNote: string;
  /** Date follows host.dateNow() rather than QuickJS's real clock. */
  virtualTime: boolean;
  /** Seeds Math.random (absent: QuickJS's own). */
  randomSeed?: number;
}

/** What evaluating the prelude and calling it with (host, config) returns to the worker. */
export interface PreludeExports {
  fireTimer(id: number): void;
}

/**
 * The in-VM JavaScript: a function expression of (host, config) that defines the web globals a script expects
 * (fetch, Request, Response, Headers, URL, URLSearchParams, Blob, File, FormData, TextEncoder, TextDecoder,
 * atob, btoa, console, timers, AbortController, structuredClone; Date and Math.random when made deterministic)
 * and returns PreludeExports.
 */
export const PRELUDE_SOURCE = [
  '(function (host, config) {',
  '"use strict";',
  coreSource,
  clockSource,
  consoleSource,
  eventsSource,
  timersSource,
  encodingSource,
  urlSource,
  intlSource,
  blobSource,
  httpSource,
  'return { fireTimer };',
  '})',
].join('\n');
