// The operators' console in a real browser (Debian's Chromium, driven by playwright-core) against a
// real Quarry: the server here, a `quarry worker` process, loopback fakes of the search vendors and
// of a Chat Completions model API. Elements are found by role and label; the tests wait on what a
// person waits for (a heading, a message, a timeline entry), never on time. Each page gets one
// accessibility scan (axe-core: no serious or critical violations) and a screenshot in test-output/.
import AxeBuilder from '@axe-core/playwright';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNS_QUEUE } from '../../src/queue/runs-queue.ts';
import { formatDuration } from '../../src/server/console/layout.tsx';
import { connectClient, REPO_ROOT } from '../mcp/quarry-harness.ts';
import { until } from '../queue/helpers.ts';
import {
  ENVIRONMENT_TAVILY_KEY,
  FIRST_BRAVE_KEY,
  launchChromium,
  startConsoleQuarry,
  type ConsoleQuarry,
} from './console-harness.ts';

const SCREENSHOTS = join(REPO_ROOT, 'test-output');
const NEW_BRAVE_KEY = 'brave-key-from-the-console-0002';
/** What a person waits for at most; the tests end as soon as it shows. */
const SHOWS_WITHIN_MS = 20_000;

describe('the operators console, in a real browser', () => {
  let quarry: ConsoleQuarry;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The run the researcher test starts from the form, for the phone-width check. */
  let researchedRunPath = '';

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    quarry = await startConsoleQuarry();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    context.setDefaultTimeout(SHOWS_WITHIN_MS);
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await quarry?.close();
  });

  /** One accessibility scan and one screenshot of the page as it is; and no secret in its HTML. */
  async function checkPage(name: string, target: Page = page): Promise<void> {
    await target.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    const scan = await new AxeBuilder({ page: target }).analyze();
    const grave = scan.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      grave.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes[0]?.html})`),
    ).toEqual([]);
    const html = await target.content();
    for (const secret of [quarry.adminToken, FIRST_BRAVE_KEY, NEW_BRAVE_KEY, ENVIRONMENT_TAVILY_KEY])
      expect(html).not.toContain(secret);
    expect(await unlinkedSettingsSearch(target), 'every "Settings → Search" is a link to the page').toEqual(
      [],
    );
  }

  /** The page's mentions of "Settings → Search" that are not a link to it (its own heading aside). */
  async function unlinkedSettingsSearch(target: Page): Promise<string[]> {
    return target.evaluate(() => {
      const unlinked: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.includes('Settings → Search')) continue;
        const parent = node.parentElement;
        const link = parent?.closest('a');
        if (parent?.closest('h1')) continue;
        if (link?.getAttribute('href') === '/console/settings/search') continue;
        unlinked.push((parent?.textContent ?? '').slice(0, 120));
      }
      return unlinked;
    });
  }

  /**
   * Keeps every text the run page's duration shows, with its start and end marks, in sessionStorage
   * (which outlives the reload that shows the report): what a person watching it would have seen.
   */
  async function recordDurations(): Promise<void> {
    await page.evaluate(() => {
      const element = document.getElementById('run-duration')!;
      const seen: Array<{ text: string; started: string | null; ended: string | null }> = [];
      const record = () => {
        seen.push({
          text: element.textContent ?? '',
          started: element.getAttribute('data-started'),
          ended: element.getAttribute('data-ended'),
        });
        sessionStorage.setItem('durations', JSON.stringify(seen));
      };
      record();
      new MutationObserver(record).observe(element, {
        attributes: true,
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
  }

  /** "4.2 s", "12 s", "1 min 3 s" as seconds. */
  function secondsOf(text: string): number {
    const minutes = /(\d+) min/.exec(text)?.[1];
    const seconds = /([\d.]+) s/.exec(text)?.[1];
    return Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
  }

  const durationText = (target: Page = page) => target.locator('#run-duration').textContent();

  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

  it('leads / to sign-in, signs in with the operator token, and lands on the Runs page', async () => {
    await page.goto(`${quarry.url}/`);
    await page.getByLabel('Operator token').waitFor();
    // It says where the token is (not "sign in at /login", where the operator already is).
    await page.getByText('Where to find it: the token is QUARRY_ADMIN_TOKEN', { exact: false }).waitFor();
    expect(await page.getByText('Sign in at /login').count()).toBe(0);
    await checkPage('sign-in');
    await page.getByLabel('Operator token').fill(quarry.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading('Runs').waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/runs');
    // No run yet: the page says so, and how to start one.
    await page.getByText('No runs yet: start one above', { exact: false }).waitFor();
    await checkPage('runs-empty');
    // bull-board is linked from every page.
    expect(await page.getByRole('link', { name: 'Queues (bull-board)' }).getAttribute('href')).toBe(
      '/dashboard/queues',
    );
  });

  it("starts a run with Quarry's researcher, follows its timeline live, then shows its report", async () => {
    await page.goto(`${quarry.url}/console/runs`);
    await page.getByLabel('Question').fill('What is OpenClaw?');
    await page.getByLabel('Agent').fill('openai');
    // The search budget is left as the form offers it: the configured default.
    const defaultBudget = quarry.system.config.runs.budget;
    expect(await page.getByLabel('Search budget').inputValue()).toBe(String(defaultBudget));
    await page.getByLabel('Time limit (seconds)').fill('120');
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.waitForURL(/\/console\/runs\/run-[0-9a-f]{16}$/);
    await heading('Run').waitFor();
    researchedRunPath = new URL(page.url()).pathname;
    await recordDurations();
    // The run's real budget, the default, from the first moment (not "0 of 0").
    expect(await page.locator('#run-budget').textContent()).toMatch(new RegExp(`^\\d+ of ${defaultBudget}$`));
    // A mark on this page: if it is still there when an entry shows, the entry came live, not by a reload.
    await page.evaluate(() => ((window as unknown as { livePage: boolean }).livePage = true));
    const timeline = page.getByRole('list', { name: 'Run timeline' });
    const firstSearch = timeline
      .getByRole('listitem')
      .filter({ hasText: /searxng answered with \d+ results?/ });
    await firstSearch.first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { livePage?: boolean }).livePage)).toBe(true);
    expect(await page.getByRole('region', { name: 'Report' }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'run-live.png'), fullPage: true });

    // When the run ends the page shows the report: the answer with chips, the source cards.
    const report = page.getByRole('region', { name: 'Report' });
    await report.waitFor();
    expect(await page.locator('#run-status').textContent()).toBe('succeeded');

    // While it ran, its duration counted up; the run's end (its status event) stopped it at the final
    // value, which the page drawn again after the end shows too.
    const seen = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('durations'))) ?? '[]',
    ) as Array<{ text: string; started: string | null; ended: string | null }>;
    const counted = [
      ...new Set(seen.filter((entry) => entry.started && !entry.ended).map((entry) => entry.text)),
    ];
    expect(counted.length, `durations seen while it ran: ${counted.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(counted.map(secondsOf)).toEqual([...counted.map(secondsOf)].sort((a, b) => a - b));
    const stopped = seen.findIndex((entry) => entry.ended);
    expect(stopped, 'the status event that ended the run stopped the count').toBeGreaterThan(0);
    const final = seen[stopped]!;
    expect(final.text).toBe(formatDuration(Date.parse(final.ended!) - Date.parse(final.started!)));
    expect(seen.slice(stopped).every((entry) => entry.text === final.text)).toBe(true);
    const ended = (
      await quarry.api<{ started_at: string; ended_at: string }>(
        'GET',
        `/api/runs/${researchedRunPath.split('/').at(-1)}`,
      )
    ).body;
    expect(Math.abs(Date.parse(final.ended!) - Date.parse(ended.ended_at))).toBeLessThan(1_000);
    expect(await durationText()).toBe(
      formatDuration(Date.parse(ended.ended_at) - Date.parse(ended.started_at)),
    );
    expect(await page.locator('#run-duration').getAttribute('data-ended')).toBe(ended.ended_at);
    const chip = report.getByRole('link', { name: 'source 1' }).first();
    await chip.waitFor();
    expect(await chip.getAttribute('href')).toBe('#source-1');
    const card = report.locator('#source-1');
    expect(await card.textContent()).toMatch(/seen|read/);
    expect(await card.getByRole('link').first().getAttribute('href')).toMatch(/^https?:\/\//);
    // The timeline of a finished run is drawn again from the whole stream: searches and the agent's words.
    await timeline.getByRole('listitem').filter({ hasText: 'answered with' }).first().waitFor();
    await timeline
      .getByRole('listitem')
      .filter({ hasText: /→ succeeded/ })
      .waitFor();
    await checkPage('run-report');

    await page.goto(`${quarry.url}/console/runs`);
    const row = page.getByRole('row').filter({ hasText: 'What is OpenClaw?' });
    expect(await row.textContent()).toContain('succeeded');
    expect(Number(await row.getByRole('meter').getAttribute('value'))).toBeGreaterThan(0);
    await checkPage('runs');
  }, 90_000);

  it('cancels a running run from its page', async () => {
    const started = await quarry.api<{ id: string }>('POST', '/api/runs', {
      question: 'A run that waits on its model',
      agent: 'openai',
      budget: 5,
      options: { base_url: `${quarry.hangingModels.url}/v1` },
    });
    expect(started.status).toBe(201);
    await page.goto(`${quarry.url}/console/runs/${started.body.id}`);
    // Its first search shows; then the model keeps it waiting.
    await page
      .getByRole('list', { name: 'Run timeline' })
      .getByText(/answered with/)
      .first()
      .waitFor();
    // Its duration counts up while it runs, on its page and on the Runs list.
    const counting = await durationText();
    expect(await page.locator('#run-duration').getAttribute('data-started')).toBeTruthy();
    await page.waitForFunction(
      (before) => document.querySelector('#run-duration')?.textContent !== before,
      counting,
    );
    await page.goto(`${quarry.url}/console/runs`);
    const listed = page
      .getByRole('row')
      .filter({ hasText: 'A run that waits on its model' })
      .locator('.duration');
    const listedBefore = await listed.textContent();
    await expect.poll(() => listed.textContent(), { timeout: SHOWS_WITHIN_MS }).not.toBe(listedBefore);
    await page.goto(`${quarry.url}/console/runs/${started.body.id}`);

    await page.getByRole('button', { name: 'Cancel the run' }).click();
    await page.waitForFunction(() => document.querySelector('#run-status')?.textContent === 'cancelled');
    await page.getByRole('region', { name: 'Report' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel the run' }).count()).toBe(0);
    const cancelled = (
      await quarry.api<{ status: string; started_at: string; ended_at: string }>(
        'GET',
        `/api/runs/${started.body.id}`,
      )
    ).body;
    expect(cancelled.status).toBe('cancelled');
    // From its start to the cancel, as long as it counted at least.
    const ranFor = Date.parse(cancelled.ended_at) - Date.parse(cancelled.started_at);
    expect(await durationText()).toBe(formatDuration(ranFor));
    expect(secondsOf((await durationText())!)).toBeGreaterThan(secondsOf(counting!));
    await checkPage('run-cancelled');
    // A run cancelled before any worker took it says so, instead of a duration.
    const runs = quarry.system.queue(RUNS_QUEUE);
    await runs.pause();
    let queued: { id: string };
    try {
      queued = (
        await quarry.api<{ id: string }>('POST', '/api/runs', {
          question: 'A run cancelled while it waits in the queue',
          agent: 'openai',
        })
      ).body;
      expect(
        (await quarry.api<{ status: string }>('POST', `/api/runs/${queued.id}/cancel`)).body.status,
      ).toBe('cancelled');
    } finally {
      await runs.resume();
    }
    await page.goto(`${quarry.url}/console/runs/${queued.id}`);
    await page.getByRole('region', { name: 'Report' }).waitFor();
    expect(await durationText()).toBe('none: cancelled while queued');
    expect(await page.locator('#run-started').textContent()).toMatch(/^never: queued at \d{4}-/);
    await checkPage('run-cancelled-queued');

    // Filtered by status, the list shows them.
    await page.goto(`${quarry.url}/console/runs?status=cancelled`);
    await page.getByRole('link', { name: 'A run that waits on its model' }).waitFor();
    expect(
      await page.getByRole('row').filter({ hasText: 'while it waits in the queue' }).textContent(),
    ).toContain('none: cancelled while queued');
    expect(await page.getByRole('link', { name: 'What is OpenClaw?' }).count()).toBe(0);
  }, 60_000);

  it('follows on the Runs list a queued run as it starts and ends, without a reload', async () => {
    // Paused, the runs queue keeps the new run queued until the list shows it.
    const runsQueue = quarry.system.queue(RUNS_QUEUE);
    await runsQueue.pause();
    let runId: string;
    try {
      const started = await quarry.api<{ id: string; status: string }>('POST', '/api/runs', {
        question: 'A run the list follows live',
        agent: 'openai',
        budget: 3,
      });
      expect(started.status).toBe(201);
      expect(started.body.status).toBe('queued');
      runId = started.body.id;
      await page.goto(`${quarry.url}/console/runs`);
    } finally {
      await runsQueue.resume();
    }
    // A mark on this page: if it is still there at the end, the list changed live, not by a reload.
    await page.evaluate(() => ((window as unknown as { livePage: boolean }).livePage = true));
    const row = page.getByRole('row').filter({ hasText: 'A run the list follows live' });
    const status = row.locator('.status');
    const duration = row.locator('.duration');
    expect(await duration.getAttribute('data-started')).toBeNull();

    // Taken by the worker: the row says running, its start, and its duration counts up.
    await row.locator('.status-running').filter({ hasText: 'running' }).waitFor();
    await expect.poll(() => duration.getAttribute('data-started')).toBeTruthy();
    expect(await row.getByRole('cell').nth(4).textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const counting = await duration.textContent();
    await expect.poll(() => duration.textContent(), { timeout: SHOWS_WITHIN_MS }).not.toBe(counting);

    // It ends: the row says how, with its searches, and the duration stops at the run's own.
    await row.locator('.status-succeeded').filter({ hasText: 'succeeded' }).waitFor();
    await expect.poll(() => duration.getAttribute('data-ended')).toBeTruthy();
    const ended = (
      await quarry.api<{ started_at: string; ended_at: string; budget: { used: number } }>(
        'GET',
        `/api/runs/${runId}`,
      )
    ).body;
    expect(await duration.getAttribute('data-ended')).toBe(ended.ended_at);
    expect(await duration.textContent()).toBe(
      formatDuration(Date.parse(ended.ended_at) - Date.parse(ended.started_at)),
    );
    expect(await row.locator('.budget-text').textContent()).toBe(`${ended.budget.used} of 3`);
    expect(ended.budget.used).toBeGreaterThan(0);
    expect(await status.textContent()).toBe('succeeded');
    // Nothing is left to follow: the row is no longer marked for it.
    expect(await row.getAttribute('data-run-id')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { livePage?: boolean }).livePage)).toBe(true);
  }, 60_000);

  it('changes the order and a key on Settings → Search, and the next search (in the worker process) follows', async () => {
    await page.goto(`${quarry.url}/console/settings/search`);
    await heading('Settings → Search').waitFor();
    const brave = page.getByRole('region', { name: /Brave Search/ });
    expect(await brave.getByText('Key: set, ends in …0001').count()).toBe(1);
    await brave.getByRole('button', { name: 'Move up: Brave Search' }).click();
    await page.getByRole('status').filter({ hasText: 'Brave Search moved up' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: /^1\. Brave Search/ }).count()).toBe(1);

    await page
      .getByRole('region', { name: /Brave Search/ })
      .getByLabel('API key')
      .fill(NEW_BRAVE_KEY);
    // An allowance, so the worker counts Brave's credits.
    await page
      .getByRole('region', { name: /Brave Search/ })
      .getByLabel('Credits per day')
      .fill('100');
    await page.getByRole('button', { name: 'Save Brave Search' }).click();
    await page.getByRole('status').filter({ hasText: "Brave Search's settings are saved" }).waitFor();
    expect(
      await page
        .getByRole('region', { name: /Brave Search/ })
        .getByText('Key: set, ends in …0002')
        .count(),
    ).toBe(1);

    // A setting the environment fixes is shown as such and cannot be changed here.
    const tavily = page.getByRole('region', { name: /Tavily/ });
    expect(
      await tavily.getByText('Fixed by environment variable TAVILY_API_KEY', { exact: false }).count(),
    ).toBe(1);
    expect(await tavily.getByLabel('API key').isDisabled()).toBe(true);
    await checkPage('settings-search');

    // An agent's next search: the server's chain asks Brave first, the worker sends the new key.
    const { token } = (await quarry.api<{ token: string }>('POST', '/api/tokens', {})).body;
    const client = await connectClient(`${quarry.url}/mcp`, token);
    try {
      let answer: { provider?: string } = {};
      await until(
        async () => {
          const result = (await client.callTool({
            name: 'web_search',
            arguments: { query: 'openclaw' },
          })) as CallToolResult;
          answer = (result.structuredContent ?? {}) as { provider?: string };
          return quarry.vendors.seen.at(-1)?.key === NEW_BRAVE_KEY;
        },
        5_000,
        'a search sent with the key set on the Settings page',
      );
      expect(answer.provider).toBe('brave');
      expect(quarry.vendors.seen.filter((request) => request.route === 'brave').at(-1)?.key).toBe(
        NEW_BRAVE_KEY,
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  it("shows the Test button's answer and a failing provider's teaching message; that provider then shows as resting with its reason", async () => {
    await page.goto(`${quarry.url}/console/settings/search`);
    await page.getByRole('button', { name: 'Test SearXNG' }).click();
    const searxngTest = page.getByRole('status').filter({ hasText: 'Test of SearXNG' });
    await searxngTest.waitFor();
    expect(await searxngTest.textContent()).toMatch(/SearXNG answered with [1-9]\d* results/);

    await page.getByRole('button', { name: 'Test Tavily' }).click();
    const tavilyTest = page.getByRole('status').filter({ hasText: 'Test of Tavily' });
    await tavilyTest.waitFor();
    expect(await tavilyTest.textContent()).toMatch(/Tavily/);
    expect(await tavilyTest.textContent()).not.toMatch(/answered with/);
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-test.png'), fullPage: true });

    await page.getByRole('link', { name: 'Providers', exact: true }).click();
    await heading('Providers').waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Tavily/ }) });
    expect(await card.getByText('resting', { exact: true }).count()).toBe(1);
    expect(await card.textContent()).toMatch(/Resting until \d{4}-\d\d-\d\d .* \(limit\)/);
    expect(await card.textContent()).toMatch(/Last error/);
    expect(await card.textContent()).toMatch(/Last hour\d+ calls?, [1-9]\d* failed \(\d+ limit\)/);
    const brave = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Brave Search/ }) });
    expect(await brave.textContent()).toMatch(/Credits today[1-9]\d* of 100/);
    const searxng = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /SearXNG/ }) });
    expect(await searxng.textContent()).toMatch(/answering/);
    expect(await searxng.textContent()).toMatch(/p50 \d+ ms, p95 \d+ ms/);
    // Providers the chain does not ask are one line each, below the chain's cards.
    const others = page.getByRole('region', { name: 'Not in the chain' });
    expect(await others.getByRole('rowheader', { name: 'DuckDuckGo' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'The chain' }).getByRole('listitem').count()).toBe(3);
    await checkPage('providers');
  }, 60_000);

  it("lists a provider's failed calls, which its queue keeps as completed jobs, and marks them failed on bull-board", async () => {
    await page.goto(`${quarry.url}/console/providers`);
    // SearXNG has only answered: no link to failures.
    const searxng = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /SearXNG/ }) });
    expect(await searxng.getByRole('link', { name: /Recent failed calls/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Recent failed calls of Tavily' }).click();
    await heading('Tavily: recent failed calls').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'open source web search' }).first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/limit/);
    expect(await row.textContent()).toMatch(/Tavily is rate limited/);
    const jobLink = row.getByRole('link', { name: /on bull-board/ });
    expect(await jobLink.getAttribute('href')).toMatch(/^\/dashboard\/queues\/queue\/search\.tavily\/.+/);
    await checkPage('provider-failures');

    // bull-board lists that job among the completed ones, its name saying it failed and how.
    const board = await fetch(
      `${quarry.url}/dashboard/queues/api/queues?activeQueue=search.tavily&status=completed&page=1&jobsPerPage=50`,
      { headers: { authorization: `Bearer ${quarry.adminToken}` } },
    );
    expect(board.status).toBe(200);
    const queues = (await board.json()) as { queues: Array<{ name: string; jobs: Array<{ name: string }> }> };
    const tavily = queues.queues.find((queue) => queue.name === 'search.tavily');
    expect(tavily?.jobs.map((job) => job.name)).toContain('tavily (failed: limit)');

    // A provider that does not exist gets a page that says so.
    const missing = await page.goto(`${quarry.url}/console/providers/nope/failures`);
    expect(missing?.status()).toBe(404);
    await page.getByText('No search provider has the id nope').waitFor();
  });

  it('makes a token, shown once with the lines to paste, and revoking it refuses its session', async () => {
    await page.goto(`${quarry.url}/console/tokens`);
    await page.getByLabel('Mode').selectOption('deep');
    await page.getByLabel('Search budget').fill('3');
    await page.getByLabel('Agent kind').selectOption('codex');
    await page.getByLabel('Label').fill('browser test <b>label</b>');
    await page.getByRole('button', { name: 'Make the token' }).click();
    const shown = page.getByLabel('The new token', { exact: true });
    await shown.waitFor();
    const token = (await shown.textContent())!.trim();
    expect(token).toMatch(/^qry_/);
    expect(
      await page
        .getByText(`claude mcp add --transport http quarry ${quarry.url}/mcp`, { exact: false })
        .count(),
    ).toBe(1);
    expect(await page.getByText('bearer_token_env_var = "QUARRY_TOKEN"', { exact: false }).count()).toBe(1);
    // The label is shown as text, not markup.
    expect(await page.getByRole('cell', { name: 'browser test <b>label</b>' }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'tokens-made.png'), fullPage: true });

    const client = await connectClient(`${quarry.url}/mcp`, token);
    try {
      const before = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw' },
      })) as CallToolResult;
      expect(before.isError ?? false).toBe(false);
      await page.goto(`${quarry.url}/console/tokens`);
      expect(await page.content()).not.toContain(token);
      await checkPage('tokens');
      const row = page.getByRole('row').filter({ hasText: 'browser test' });
      await row.getByRole('button', { name: /^Revoke token / }).click();
      await page.getByRole('status').filter({ hasText: 'is revoked' }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'browser test' }).count()).toBe(0);
      const refused = await client
        .callTool({ name: 'web_search', arguments: { query: 'openclaw' } })
        .then((result) => (result as CallToolResult).isError === true)
        .catch(() => true);
      expect(refused).toBe(true);
    } finally {
      await client.close().catch(() => undefined);
    }
  }, 60_000);

  it('refuses a form without the session form token or from another origin', async () => {
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${quarry.url}/console/settings/search/switch`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      });
    const noToken = await post({ origin: quarry.url }, 'provider=searxng&enabled=false');
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toMatch(/CSRF token is missing or wrong\): reload the page/);
    const elsewhere = await post({ origin: 'http://evil.example' }, 'provider=searxng&enabled=false&csrf=x');
    expect(elsewhere.status).toBe(403);
    // Nothing changed: SearXNG is still on.
    expect(quarry.settings.current().providers.searxng?.enabled).not.toBe(false);
  });

  it('shows everything an agent wrote as text, never as markup', async () => {
    const started = await quarry.api<{ id: string }>('POST', '/api/runs', {
      question: 'Is <img id="injected" src="x" onerror="document.title=1"> shown as text?',
      agent: 'openai',
      budget: 0,
    });
    // A page of its own, closed at the end: the run's page reloads itself when the run ends, which
    // would cut into a later test's navigation.
    const viewer = await context.newPage();
    await viewer.goto(`${quarry.url}/console/runs`);
    await viewer.getByRole('link', { name: /Is <img id="injected"/ }).waitFor();
    expect(await viewer.locator('#injected').count()).toBe(0);
    await viewer.goto(`${quarry.url}/console/runs/${started.body.id}`);
    await viewer.getByRole('heading', { level: 2, name: /<img id="injected"/ }).waitFor();
    expect(await viewer.locator('#injected').count()).toBe(0);
    await viewer.close();
  });

  it('fits a phone-width screen', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [name, path] of [
      ['phone-runs', '/console/runs'],
      ['phone-run', researchedRunPath],
      ['phone-providers', '/console/providers'],
      ['phone-provider-failures', '/console/providers/tavily/failures'],
      ['phone-settings', '/console/settings/search'],
      ['phone-tokens', '/console/tokens'],
    ] as const) {
      await phone.goto(`${quarry.url}${path}`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
      // Nor is anything cut off inside a part that scrolls sideways (a table, a budget's text).
      const cut = await phone.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          // Not what is there only for screen readers (a 1-pixel clipped box: table heads on a phone).
          .filter((element) => {
            for (let box: Element | null = element; box; box = box.parentElement)
              if (box.getBoundingClientRect().width <= 1) return false;
            return true;
          })
          .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').slice(0, 60)}`),
      );
      expect(cut, `${path} has parts past the phone's edge`).toEqual([]);
    }
    await phone.close();
  });

  it('serves /metrics to the operator in Prometheus text, counting the worker process’s calls, without keys', async () => {
    expect((await fetch(`${quarry.url}/metrics`)).status).toBe(401);
    const response = await fetch(`${quarry.url}/metrics`, {
      headers: { authorization: `Bearer ${quarry.adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const value = (line: RegExp) => Number(new RegExp(`^${line.source} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value(/quarry_provider_calls_total\{provider="searxng"\}/)).toBeGreaterThan(0);
    expect(value(/quarry_provider_failures_total\{provider="tavily",kind="limit"\}/)).toBeGreaterThanOrEqual(
      1,
    );
    expect(value(/quarry_provider_call_duration_seconds_count\{provider="brave"\}/)).toBeGreaterThan(0);
    expect(value(/quarry_provider_call_duration_seconds_bucket\{provider="brave",le="\+Inf"\}/)).toBe(
      value(/quarry_provider_call_duration_seconds_count\{provider="brave"\}/),
    );
    expect(value(/quarry_provider_resting\{provider="tavily"\}/)).toBe(1);
    expect(value(/quarry_provider_resting\{provider="searxng"\}/)).toBe(0);
    expect(value(/quarry_provider_credits_used\{provider="brave",period="day"\}/)).toBeGreaterThan(0);
    expect(value(/quarry_queue_jobs\{queue="search\.brave",state="waiting"\}/)).toBe(0);
    // As many as the runs API lists (the metrics are read at the scrape, after the list).
    const listed = async (status: string) =>
      (await quarry.api<{ runs: unknown[] }>('GET', `/api/runs?status=${status}&limit=200`)).body.runs.length;
    expect(value(/quarry_runs\{status="cancelled"\}/)).toBe(await listed('cancelled'));
    expect(value(/quarry_runs\{status="cancelled"\}/)).toBe(2);
    expect(value(/quarry_runs\{status="succeeded"\}/)).toBeGreaterThanOrEqual(1);
    expect(value(/quarry_runs\{status="failed"\}/)).toBe(await listed('failed'));
    expect(value(/quarry_run_searches_used\{status="succeeded"\}/)).toBeGreaterThan(0);
    for (const secret of [quarry.adminToken, FIRST_BRAVE_KEY, NEW_BRAVE_KEY, ENVIRONMENT_TAVILY_KEY])
      expect(text).not.toContain(secret);
  });

  it('lets a scraper in with QUARRY_METRICS_TOKEN', async () => {
    // The harness's server reads no metrics token; a second route on its own app shows the option works.
    const { Hono } = await import('hono');
    const { createMetricsRoute } = await import('../../src/server/metrics-route.ts');
    const { createOperatorAuth } = await import('../../src/server/operator-auth.ts');
    const app = new Hono();
    const operatorAuth = createOperatorAuth(quarry.system, {
      adminToken: quarry.adminToken,
      hint: 'sign in',
    });
    await createMetricsRoute({ metricsToken: 'metrics-token-for-the-scraper' })(app, {
      system: quarry.system,
      adminToken: quarry.adminToken,
      operatorAuth,
    });
    const scraped = await app.request('/metrics', {
      headers: { authorization: 'Bearer metrics-token-for-the-scraper' },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE quarry_provider_calls_total counter');
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('refuses a sign-out without the form token, over HTTP and from a page elsewhere in the browser', async () => {
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const signOut = (headers: Record<string, string>, body: string) =>
      fetch(`${quarry.url}/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      });
    const signedIn = async () =>
      (
        await fetch(`${quarry.url}/console/runs`, {
          redirect: 'manual',
          headers: { cookie, accept: 'text/html' },
        })
      ).status === 200;
    const noToken = await signOut({ origin: quarry.url }, '');
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain(
      'You are still signed in: this sign-out did not come from a console page',
    );
    expect((await signOut({ origin: quarry.url }, 'csrf=not-the-token')).status).toBe(403);
    expect((await signOut({ origin: 'http://evil.example' }, 'csrf=x')).status).toBe(403);
    expect(await signedIn()).toBe(true);

    // In the browser: a form without the token (as another page would post it) is refused with the message.
    await page.goto(`${quarry.url}/console/runs`);
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/logout';
      document.body.appendChild(form);
      form.submit();
    });
    await page.getByRole('alert').filter({ hasText: 'You are still signed in' }).waitFor();
    await checkPage('logout-refused');
    expect(await signedIn()).toBe(true);
  });

  it('signs out with the Sign out button, and the console then leads to sign-in', async () => {
    await page.goto(`${quarry.url}/console/tokens`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Operator token').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${quarry.url}/console/providers`);
    await page.getByLabel('Operator token').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // /logout of a browser that is signed out has nothing to end: it leads to sign-in.
    await page.goto(`${quarry.url}/logout`);
    await page.getByLabel('Operator token').waitFor();
    // The sign-in page at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-sign-in.png'), fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
