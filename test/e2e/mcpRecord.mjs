// End-to-end journey for issue 40: a run made by an MCP client opens in the page. The official SDK's Client starts
// `difflab mcp --suite slack --test random-boardgame-venue --out <file>` over stdio, lists #random's channels and posts
// the announcement with tool calls, and disconnects; the record it leaves is imported in the results explorer as a
// user would, opened in the run viewer, and read there: passed, each tool step with its tool, its arguments and the
// diff after it, at 1440×900 and 1024×768.
// Usage: node test/e2e/mcpRecord.mjs [--browser chromium|firefox]   (after `npm run build`)
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, settle, sizes, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const TEST = 'random-boardgame-venue';
const ANNOUNCEMENT = "Friday's board game night has moved to the 4th-floor lounge.";

let recordFile;
/** The run record an MCP client's session leaves (made once per process, shared by both browsers). */
function mcpRecord() {
  recordFile ??= (async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'difflab-mcp-e2e-')), 'mcp-run.jsonl');
    const transport = new StdioClientTransport({ command: process.execPath, args: ['bin/difflab.mjs', 'mcp', '--suite', 'slack', '--test', TEST, '--out', out], cwd: root, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d));
    const client = new Client({ name: 'e2e-harness', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    const post = tools.find((t) => /post.*message/i.test(t.name));
    assert(post, `no tool posts a message: ${tools.map((t) => t.name).join(', ')}`);
    const list = await client.callTool({ name: 'conversations_list', arguments: { limit: 200 } });
    assert(!list.isError, `conversations_list: ${JSON.stringify(list.content)}`);
    const posted = await client.callTool({ name: post.name, arguments: { channel: 'C07RANDOM', text: ANNOUNCEMENT } });
    assert(!posted.isError, `${post.name}: ${JSON.stringify(posted.content)}`);
    // Closing stdin ends the session: the server judges the run, writes --out and exits.
    await client.close();
    const buffer = await readFile(out);
    assert(buffer.length > 0, `difflab mcp wrote no record; its stderr:\n${stderr}`);
    assert(/^passed random-boardgame-venue: 1\/1 assertions, 2 tool calls/m.test(stderr), `verdict line: ${stderr}`);
    return { name: 'mcp-run.jsonl', buffer, tool: post.name };
  })();
  return recordFile;
}

/** The step cards' text, and what the verdict pane and diff show. */
const stepTexts = (page) => page.locator('[data-testid=agent-step]').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

async function run({ browser, server, check }) {
  const made = mcpRecord();
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  await page.locator(`[data-scenario$="/${TEST}"]`).first().click();
  await page.getByTestId('mode-agent').click();

  let id = '';
  await check('the record of an MCP session imports in the results explorer and lists as passed', async () => {
    const record = await made;
    await page.getByTestId('agent-tab-explore').click();
    await page.getByTestId('explorer-import').setInputFiles({ name: record.name, buffer: record.buffer });
    await page.waitForFunction(() => /Imported 1 run\b/.test(document.querySelector('[data-testid=explorer-note]')?.textContent ?? ''), null, { timeout: 10_000 });
    const rows = await page.locator('[data-testid=explorer-runs] tbody tr').evaluateAll((trs) => trs.map((r) => ({ id: r.dataset.run, text: r.textContent ?? '' })));
    const row = rows.find((r) => r.text.includes('e2e-harness'));
    assert(row, `no run by the MCP client e2e-harness among: ${JSON.stringify(rows)}`);
    id = row.id;
    assert((await page.locator(`tr[data-run="${id}"] [data-term="source:mcp"]`).count()) === 1, 'the run has no “difflab mcp” source chip');
    await page.getByTestId('explorer-filter-source').selectOption('mcp');
    const listed = await page.locator('[data-testid=explorer-runs] tbody tr').evaluateAll((trs) => trs.map((r) => r.dataset.run));
    assert(JSON.stringify(listed) === JSON.stringify([id]), `source difflab mcp lists ${listed}`);
    const outcome = await page.locator(`tr[data-run="${id}"]`).textContent();
    assert(/pass/i.test(outcome), `the run's row: ${outcome}`);
  });

  await check('opened in the run viewer: passed, each tool call a step with its tool and its arguments', async () => {
    const { tool } = await made;
    await page.locator(`tr[data-run="${id}"] [data-testid=explorer-open]`).click();
    await page.waitForFunction((runId) => window.__difflab.store.getState().agent.replay?.id === runId, id, { timeout: 10_000 });
    await page.getByTestId('agent-step').first().waitFor({ timeout: 5000 });
    const result = await page.getByTestId('agent-result').textContent();
    assert(/PASSED/.test(result) && result.includes('e2e-harness 1.0.0 · MCP client') && result.includes('client disconnected'), `result bar: ${result}`);
    const steps = await stepTexts(page);
    // Two calls, then the step in which the client left (no call).
    assert(steps.length === 3, `${steps.length} steps: ${JSON.stringify(steps)}`);
    // The time before a call is the client's; DiffLab never sees its tokens nor its model's prompts.
    assert(steps.every((t) => /client \d+ ms · server \d+ ms/.test(t) && !t.includes('tokens') && !t.includes('sent to the model')), `step heads: ${JSON.stringify(steps)}`);
    assert(steps[0].includes('tool schemas offered to the client'), `step 1: ${steps[0]}`);
    assert(steps[2].includes('The client ended the session'), `step 3: ${steps[2]}`);
    assert(steps[0].includes('conversations_list') && steps[0].includes('"limit"'), `step 1: ${steps[0]}`);
    assert(steps[1].includes(tool) && steps[1].includes('C07RANDOM') && steps[1].includes('4th-floor lounge'), `step 2: ${steps[1]}`);
  });

  await check('a tool step shows the diff after it: the read changed nothing, the post inserted the message', async () => {
    for (const [index, changed] of [
      [0, false],
      [1, true],
    ]) {
      await page.locator('[data-testid=agent-step] .agent-step-head').nth(index).click();
      await page.waitForFunction((i) => window.__difflab.store.getState().agent.step === i, index, { timeout: 5000 });
      const diff = await page.getByTestId('diff-panel').textContent();
      assert(diff.includes(ANNOUNCEMENT) === changed && diff.includes('Nothing changed') === !changed, `the diff after step ${index + 1}: ${diff.slice(0, 400)}`);
    }
    const verdict = await page.locator('[data-testid=verdict]').getAttribute('data-verdict');
    assert(verdict === 'pass', `verdict pane after the post: ${verdict}`);
    await page.locator('[data-testid=agent-step]').nth(1).scrollIntoViewIfNeeded();
    await screenshots(page, 'mcpRecord', 'tool-step');
  });

  await check('at 1440×900 and 1024×768 the tool step fits its column: its arguments and answer scroll inside their boxes', async () => {
    for (const size of [sizes.wide, sizes.narrow]) {
      await page.setViewportSize(size);
      await settle(page);
      const o = await page.evaluate(() => {
        const step = document.querySelectorAll('[data-testid=agent-step]')[1];
        const r = step.getBoundingClientRect();
        const body = step.closest('.agent-body');
        return { sideways: document.documentElement.scrollWidth > innerWidth + 1, bodyWide: body ? body.scrollWidth > body.clientWidth + 1 : false, right: r.right, innerWidth };
      });
      assert(!o.sideways && !o.bodyWide && o.right <= o.innerWidth + 0.5, `${size.width}×${size.height}: ${JSON.stringify(o)}`);
    }
    await page.setViewportSize(sizes.wide);
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'mcpRecord', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
