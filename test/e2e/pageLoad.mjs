// Page load → ready environment, in Debian's Chromium: the median of 3 fresh profiles (nothing cached).
// "Ready" is when the page's first scenario environment is open and Run is enabled (window.__difflab.readyAt,
// a performance.now() reading, i.e. milliseconds since navigation start).
// Usage: node test/e2e/pageLoad.mjs [--json]   (after `npm run build`)
import { openBrowser, serveDist } from './harness.mjs';

const json = process.argv.includes('--json');
const RUNS = 3;

const server = await serveDist('/difflab/');
const times = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const browser = await openBrowser('chromium');
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const readyAt = await page.waitForFunction(() => window.__difflab?.readyAt ?? null, null, { timeout: 180_000, polling: 50 });
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
      times.push({ readyMs: Math.round(readyAt), firstContentfulPaintMs: firstPaint === null ? null : Math.round(firstPaint) });
      if (!json) console.log(`run ${i + 1}: ready ${Math.round(readyAt)} ms, first contentful paint ${Math.round(firstPaint ?? NaN)} ms`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
const sorted = times.map((t) => t.readyMs).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const out = { pageLoadToReadyMs: median, runs: times };
console.log(json ? JSON.stringify(out) : `median page load → ready: ${median} ms`);
