// Settings → Agents on the console: each agent's settings from the live store, saved back to it; a key
// is write-only on the page; a field the environment fixes is shown as fixed and left alone; a value
// the configuration refuses is a 400 that says what to change. Once in a real browser (Debian's
// Chromium through playwright-core, the operator token as a bearer header), with one accessibility scan.
import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { createConsoleRoute } from '../../src/server/console/console-route.tsx';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { freshConfig, removePrefix, REDIS_URL } from '../queue/helpers.ts';
import { launchChromium } from './console-harness.ts';

const KEY = 'sk-console-agent-key-0c4f';
const adminToken = randomBytes(18).toString('base64url');
let prefix: string;
let store: SettingsStore;
let system: QueueSystem;
let http: RunningHttpServer;

beforeAll(async () => {
  ({ prefix } = freshConfig());
  const sources = readConfigSources({
    REDIS_URL,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_EMBEDDED_REDIS: 'false',
    LOG_LEVEL: 'silent',
    QUARRY_CODEX_BASE_URL: 'http://127.0.0.1:9/v1',
  });
  store = await SettingsStore.open({ sources, config: buildConfig(sources) });
  system = createQueueSystem(store.current(), { live: store });
  const app = await createApp(system, { adminToken, routes: [createConsoleRoute()], settings: store });
  http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await http?.close();
  await system?.close();
  await store?.close();
  if (prefix) await removePrefix(prefix);
});

async function page(): Promise<string> {
  const answer = await fetch(`${http.url}/console/settings/agents`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(answer.status).toBe(200);
  return answer.text();
}

async function save(fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const answer = await fetch(`${http.url}/console/settings/agents/save`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminToken}`,
      origin: http.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: answer.status, body: await answer.text() };
}

describe('Settings → Agents', () => {
  it('saves an agent’s model, key and turns to the live store, the key write-only', async () => {
    const before = await page();
    expect(before).toContain('Quarry&#39;s researcher (openai)');
    expect(before).toContain('placeholder="30 (default)"');
    // The environment fixes Codex's address: shown as fixed, its input disabled.
    expect(before).toContain('Fixed by environment variable QUARRY_CODEX_BASE_URL');
    expect(before).toMatch(/<input id="codex-baseUrl"[^>]*disabled/);

    const saved = await save({
      agent: 'openai',
      model: 'chat-from-the-console',
      apiKey: KEY,
      maxTurns: '12',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toContain('settings are saved: the next run uses them.');
    expect(saved.body).not.toContain(KEY);
    expect(saved.body).toContain('Key: set, ends in …0c4f');
    expect(store.current().agents.openai).toMatchObject({
      model: 'chat-from-the-console',
      apiKey: KEY,
      maxTurns: 12,
    });

    // The key's field left empty keeps it; an emptied number goes back to its default.
    await save({ agent: 'openai', model: 'chat-from-the-console', apiKey: '', maxTurns: '' });
    expect(store.current().agents.openai).toMatchObject({ apiKey: KEY, maxTurns: 30 });
    // A field the environment fixes is not changed from the page, whatever the form says.
    await save({ agent: 'codex', baseUrl: 'http://127.0.0.1:10/v1', model: 'gpt-console' });
    expect(store.current().agents.codex).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'gpt-console',
    });
  });

  it('refuses a value the configuration rejects with what to change', async () => {
    const refused = await save({ agent: 'claude-code', maxTurns: 'many' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(
      'agents.claude-code.maxTurns was not changed: \n- agents.claude-code.maxTurns: expected a number, got &quot;many&quot;',
    );
    const unknown = await save({ agent: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('There is no such agent: reload the page.');
  });
});

describe('Settings → Agents in a real browser', () => {
  it('saves a form by its labels and passes an accessibility scan, the key never on the page', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        extraHTTPHeaders: { authorization: `Bearer ${adminToken}` },
      });
      context.setDefaultTimeout(20_000);
      const tab = await context.newPage();
      await tab.goto(`${http.url}/console/settings/agents`);
      await tab.getByRole('heading', { level: 1, name: 'Settings → Agents' }).waitFor();
      const claude = tab.getByRole('region', { name: 'Claude Code' });
      await claude.getByLabel('Model').fill('claude-from-the-browser');
      await claude.getByLabel('API key').fill('sk-ant-browser-key-77aa');
      await claude.getByRole('button', { name: 'Save Claude Code' }).click();
      await tab.getByRole('status').filter({ hasText: "Claude Code's settings are saved" }).waitFor();
      expect(store.current().agents['claude-code']).toMatchObject({
        model: 'claude-from-the-browser',
        apiKey: 'sk-ant-browser-key-77aa',
      });
      const scan = await new AxeBuilder({ page: tab }).analyze();
      expect(
        scan.violations
          .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
          .map((violation) => `${violation.id}: ${violation.help}`),
      ).toEqual([]);
      // Kept for a person to look at, beside the other console pages' screenshots.
      const screenshots = fileURLToPath(new URL('../../test-output', import.meta.url));
      mkdirSync(screenshots, { recursive: true });
      await tab.screenshot({ path: join(screenshots, 'settings-agents.png'), fullPage: true });
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.screenshot({ path: join(screenshots, 'phone-settings-agents.png'), fullPage: true });
      const html = await tab.content();
      expect(html).not.toContain('sk-ant-browser-key-77aa');
      expect(html).not.toContain(KEY);
      expect(html).not.toContain(adminToken);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
