// Page load → ready environment, in Debian's Chromium: the median of 3 fresh profiles (nothing cached).
// "Ready" is when the page's first scenario environment is open and Run is enabled (window.__difflab.readyAt,
// a performance.now() reading, i.e. milliseconds since navigation start). Then, in the same page, a click on a
// scenario of the company suite (five services, a seed too big for the prebuilt data directory) → its environment
// ready: the seed's chunk fetched and loaded as a template, and a fresh environment of it opened.
// Usage: node test/e2e/pageLoad.mjs [--json]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findBrowser } from './browsers.mjs';
import { openBrowser, root, serveDist } from './harness.mjs';

const json = process.argv.includes('--json');
const RUNS = 3;

const company = JSON.parse(await readFile(path.join(root, 'scenarios/company/suite.json'), 'utf8'));
const companyKey = `${company.id}/${company.tests[0].id}`;

/** Milliseconds from the click on the company scenario to its environment being open. */
async function companyOpen(page) {
  await page.getByLabel('Search scenarios').fill(company.tests[0].id);
  const item = page.locator(`[data-scenario="${companyKey}"]`);
  await item.waitFor({ timeout: 10_000 });
  const clicked = await page.evaluate(() => performance.now());
  await item.click();
  const openedAt = await page.waitForFunction((k) => {
    const s = window.__difflab.store.getState();
    return s.run.openKey === k && s.run.status === 'ready' ? performance.now() : null;
  }, companyKey, { timeout: 180_000, polling: 20 });
  return Math.round(openedAt - clicked);
}

const chromium = findBrowser('chromium');
if (chromium.missing) {
  console.log(json ? JSON.stringify({ skipped: chromium.missing }) : `page load: not measured — ${chromium.missing}`);
  process.exit(json ? 0 : 1);
}

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
      const companyOpenMs = await companyOpen(page);
      times.push({ readyMs: Math.round(readyAt), firstContentfulPaintMs: firstPaint === null ? null : Math.round(firstPaint), companyOpenMs });
      if (!json) console.log(`run ${i + 1}: ready ${Math.round(readyAt)} ms, first contentful paint ${Math.round(firstPaint ?? NaN)} ms, company scenario click → ready ${companyOpenMs} ms`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = { pageLoadToReadyMs: median(times.map((t) => t.readyMs)), companyOpenMs: median(times.map((t) => t.companyOpenMs)), runs: times };
console.log(json ? JSON.stringify(out) : `median page load → ready: ${out.pageLoadToReadyMs} ms; company scenario click → ready: ${out.companyOpenMs} ms (target < 3000 ms)`);
