// `quarry mcp --stdio` follows the live settings store: a provider order set with `quarry settings set`
// (here through the store, as that command does) applies to a stdio session that is already running,
// within a second, without restarting it. The session is a real child process and MCP client.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { until } from '../queue/helpers.ts';
import { runQuarry } from '../quarry-process.ts';
import {
  RECORDED,
  REPO_ROOT,
  startFakeProviders,
  startQuarry,
  text,
  type FakeProviders,
  type RunningQuarry,
} from './quarry-harness.ts';

describe('quarry mcp --stdio with live settings', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng(), brave: RECORDED.brave() });
    quarry = await startQuarry({
      providers: [
        ['searxng', 'searxng'],
        ['brave', 'brave'],
      ],
      fakes,
    });
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  it('follows a provider order changed while the session runs', { timeout: 60_000 }, async () => {
    // The order comes from a settings file (which seeds the store), not from QUARRY_PROVIDERS: an
    // environment variable would fix it in the session's process and win over the store.
    const { QUARRY_PROVIDERS: _fixed, ...environment } = quarry.environment;
    const directory = mkdtempSync(join(tmpdir(), 'quarry-stdio-live-'));
    const settingsFile = join(directory, 'settings.json');
    writeFileSync(settingsFile, JSON.stringify({ providerOrder: ['searxng'] }));
    const childEnvironment = { ...environment, QUARRY_SETTINGS: settingsFile, QUARRY_DATA_DIR: directory };

    const sources = readConfigSources(childEnvironment);
    const store = await SettingsStore.open({ sources, config: buildConfig(sources) });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli.ts', 'mcp', '--stdio'],
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...childEnvironment },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'quarry-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const search = async () => {
        const result = (await client.callTool({
          name: 'web_search',
          arguments: { query: 'the number one' },
        })) as CallToolResult;
        expect(result.isError, `${text(result)}\n${stderr}`).toBeFalsy();
        return text(result).split('\n')[0] ?? '';
      };
      expect(await search()).toMatch(/^SearXNG answered/);

      await store.set('providerOrder', ['brave', 'searxng']);
      await until(async () => (await search()).startsWith('Brave Search answered'), 1_000, 'the new order');
    } finally {
      await client.close();
      await store.close();
    }
  });

  it(
    '`quarry search` uses the provider order in the store, over the settings file',
    { timeout: 60_000 },
    async () => {
      const { QUARRY_PROVIDERS: _fixed, ...environment } = quarry.environment;
      const directory = mkdtempSync(join(tmpdir(), 'quarry-search-live-'));
      const settingsFile = join(directory, 'settings.json');
      writeFileSync(settingsFile, JSON.stringify({ providerOrder: ['searxng'] }));
      const commandEnvironment = {
        ...environment,
        QUARRY_SETTINGS: settingsFile,
        QUARRY_DATA_DIR: directory,
      };
      const sources = readConfigSources(commandEnvironment);
      const store = await SettingsStore.open({ sources, config: buildConfig(sources) });
      try {
        await store.set('providerOrder', ['brave']);
        const run = await runQuarry(['search', 'the number one', '--json'], commandEnvironment);
        expect(run.code, run.stderr).toBe(0);
        expect((JSON.parse(run.stdout) as { provider: string }).provider).toBe('brave');
      } finally {
        await store.close();
      }
    },
  );
});
