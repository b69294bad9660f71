// Which browsers the end-to-end suite drives, where it finds them, and how it launches them: Debian's Chromium and
// firefox-esr, both through puppeteer-core (Chromium over CDP, Firefox over WebDriver BiDi — playwright-core cannot
// drive a stock Firefox). Never downloads a browser.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

/** Each engine: the variable that overrides its path, Debian's paths, and the package that installs it. */
export const engines = {
  chromium: { env: 'CHROMIUM_PATH', paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'], apt: 'chromium' },
  firefox: { env: 'FIREFOX_PATH', paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'], apt: 'firefox-esr' },
};

/** The browsers to run: `--browser NAME` (repeatable, or a comma list), else E2E_BROWSERS, else both. */
export function chosenBrowsers(argv = process.argv) {
  const named = [];
  argv.forEach((a, i) => {
    if (a === '--browser' && argv[i + 1]) named.push(...argv[i + 1].split(','));
    else if (a.startsWith('--browser=')) named.push(...a.slice('--browser='.length).split(','));
  });
  const list = named.length ? named : (process.env.E2E_BROWSERS ?? 'chromium,firefox').split(',');
  const names = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  const unknown = names.filter((n) => !(n in engines));
  if (unknown.length) throw new Error(`unknown browser ${unknown.join(', ')}: choose from ${Object.keys(engines).join(', ')}`);
  return names;
}

/**
 * Where `name` is installed: its variable if set (and that file exists), else the first Debian path present.
 * Returns { path } or { missing: "a sentence saying how to install it" }.
 */
export function findBrowser(name) {
  const e = engines[name];
  const fromEnv = process.env[e.env];
  if (fromEnv) {
    return existsSync(fromEnv) ? { path: fromEnv } : { missing: `${e.env}=${fromEnv} does not exist. Unset it or point it at a ${name} binary.` };
  }
  const found = e.paths.find((p) => existsSync(p));
  if (found) return { path: found };
  return {
    missing:
      `${name} is not installed (looked for ${e.paths.join(', ')}). Install it with \`sudo apt-get install -y ${e.apt}\`, ` +
      `or set ${e.env} to its binary, or run the other browser only with E2E_BROWSERS=${Object.keys(engines).find((n) => n !== name)}.`,
  };
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--no-pings',
  '--disable-features=OptimizationHints,AutofillServerCommunication,NetworkTimeServiceQuerying,MediaRouter,Translate,SigninInterceptBubble,PasswordLeakDetection',
];

/**
 * The browsers' own housekeeping (updates, sign-in, remote settings), which the flags and prefs below quiet but do not
 * silence, and the sink puppeteer's Firefox profile points services at. The proxy refuses these too but does not
 * count them: they come from the browser, not the page.
 */
const browserHosts = new Set([
  'dummy.test',
  'update.googleapis.com',
  'clients2.google.com',
  'accounts.google.com',
  // Debian's Chromium 150: its GCM registration and a preconnect to the default search engine, whatever the flags.
  'android.clients.google.com',
  'www.google.com',
  'content-autofill.googleapis.com',
  'optimizationguide-pa.googleapis.com',
  'passwordsleakcheck-pa.googleapis.com',
  'firefox.settings.services.mozilla.com',
  'content-signature-2.cdn.mozilla.net',
  'push.services.mozilla.com',
  'detectportal.firefox.com',
  'incoming.telemetry.mozilla.org',
  'aus5.mozilla.org',
  'shavar.services.mozilla.com',
]);

/**
 * An HTTP proxy on 127.0.0.1 that refuses every request and records what it was asked for. The browser sends all
 * traffic not addressed to the loopback through it, so a page, its workers and anything they load are covered.
 */
async function refusingProxy() {
  const refused = [];
  const server = createServer((req, res) => {
    const host = (() => {
      try {
        return new URL(req.url ?? '').hostname;
      } catch {
        return '';
      }
    })();
    if (!browserHosts.has(host)) refused.push(req.url ?? '?');
    res.writeHead(403).end();
  });
  server.on('connect', (req, socket) => {
    // The browser may reset a tunnel it gave up on; an unhandled socket error would end the whole run.
    socket.on('error', () => {});
    const host = String(req.url ?? '').split(':')[0];
    if (!browserHosts.has(host)) refused.push(`https://${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: server.address().port,
    refused,
    close: () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

/**
 * The preference for JSPI in Firefox: off by default in firefox-esr 140, on in 153. Set either way so that each of
 * the two ways Python blocks is tried whichever ESR Debian ships.
 */
const JSPI_PREF = 'javascript.options.wasm_js_promise_integration';
export const FIREFOX_JSPI = { [JSPI_PREF]: true };
export const FIREFOX_NO_JSPI = { [JSPI_PREF]: false };

/**
 * Launches `name` headless with a fresh profile (nothing cached, nothing in storage) and every non-loopback request
 * refused through the proxy. Returns the puppeteer Browser, what the proxy refused, and close(). `network: false`
 * turns off puppeteer's network events (no request events on pages; the proxy still records what it refused).
 * `prefs`: more Firefox preferences (FIREFOX_JSPI; Chromium ignores them).
 */
export async function launchEngine(name, { viewport, network = true, prefs = {} }) {
  const found = findBrowser(name);
  if (found.missing) throw new Error(found.missing);
  const dir = await mkdtemp(path.join(tmpdir(), `difflab-e2e-${name}-`));
  const proxy = await refusingProxy();
  const common = { executablePath: found.path, headless: true, userDataDir: dir, defaultViewport: viewport, protocolTimeout: 300_000, networkEnabled: network };
  let browser;
  try {
    browser =
      name === 'firefox'
        ? await puppeteer.launch({
            ...common,
            browser: 'firefox',
            extraPrefsFirefox: {
              'network.proxy.type': 1,
              'network.proxy.http': '127.0.0.1',
              'network.proxy.http_port': proxy.port,
              'network.proxy.ssl': '127.0.0.1',
              'network.proxy.ssl_port': proxy.port,
              'network.proxy.share_proxy_settings': true,
              'network.proxy.allow_hijacking_localhost': false,
              'network.captive-portal-service.enabled': false,
              'network.connectivity-service.enabled': false,
              'browser.safebrowsing.provider.mozilla.updateURL': '',
              'toolkit.telemetry.enabled': false,
              'services.settings.poll_interval': 86400,
              'dom.push.connection.enabled': false,
              // JSPI off, as firefox-esr 140 comes (153 turns it on): Chromium covers the page's JSPI path, Firefox its
              // other one, Python on shared memory in a page its service worker isolated (src/ui/isolation.ts), whichever
              // ESR Debian ships. python.mjs's firefox-jspi profile passes FIREFOX_JSPI.
              ...FIREFOX_NO_JSPI,
              ...prefs,
            },
          })
        : await puppeteer.launch({
            ...common,
            browser: 'chrome',
            // Chromium never proxies the loopback, so 127.0.0.1 goes direct and anything else reaches the proxy.
            args: [...chromiumArgs, `--proxy-server=http://127.0.0.1:${proxy.port}`],
          });
  } catch (err) {
    await proxy.close();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    name,
    version: await browser.version(),
    browser,
    refused: proxy.refused,
    close: async () => {
      await browser.close().catch(() => undefined);
      await proxy.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
