// `quarry mcp --stdio` as a child process, on the same queues and Redis as a running Quarry (whose
// workers in this test process do the jobs), through the SDK's stdio client.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBudget } from '../../src/queue/budgets.ts';
import {
  deleteKeys,
  REPO_ROOT,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

describe('quarry mcp --stdio', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    quarry = await startQuarry({ providers: [['searxng', 'searxng']], fakes });
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  async function stdioClient(
    args: string[],
    clientName = 'claude-code',
    environment: Record<string, string> = {},
  ): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli.ts', 'mcp', '--stdio', ...args],
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...quarry.environment,
        ...environment,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: clientName, version: '1.0.0' });
    await client.connect(transport);
    return { client, stderr: () => stderr };
  }

  it('lists the tools and searches through the shared queues', async () => {
    const { client } = await stdioClient([]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['web_search', 'read_page', 'find_media']);
      expect(client.getInstructions()).toContain('Sources:');
      const result = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw latest features' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(text(result).split('\n')[0]).toMatch(
        /^SearXNG answered "openclaw latest features" with 1 result\./,
      );
      expect(text(result)).toContain('[1] OpenClaw — Personal AI Assistant\nhttps://openclaw.ai/');
      expect(fakes.seen.some((request) => request.route === 'searxng')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('runs a deep session with a budget from its flags', async () => {
    const { client } = await stdioClient(['--deep', '--run', 'run-stdio-test', '--budget', '1']);
    try {
      const first = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw' },
      })) as CallToolResult;
      expect(first.isError).toBeFalsy();
      const second = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw again' },
      })) as CallToolResult;
      expect(second.isError).toBe(true);
      expect(text(second).split('\n')[0]).toBe("This run's 1 searches are used; answer from what you have.");
      expect((await runBudget(quarry.system, 'run-stdio-test')).searches).toMatchObject({
        used: 1,
        limit: 1,
      });
    } finally {
      await client.close();
    }
  });

  it('keeps a spent run spent when a later session asks for a bigger budget', async () => {
    const { client } = await stdioClient(['--deep', '--run', 'run-stdio-test', '--budget', '50']);
    try {
      const refused = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw once more' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect((await runBudget(quarry.system, 'run-stdio-test')).searches).toMatchObject({ limit: 1 });
    } finally {
      await client.close();
    }
  });

  it('runs its own workers with --workers when no Quarry works its queues', async () => {
    // A prefix no running Quarry serves: only the stdio process's own workers can answer.
    const prefix = `{mcptest-stdio-${process.pid}}`;
    const { client } = await stdioClient(['--workers'], 'codex-mcp-client', { QUARRY_PREFIX: prefix });
    try {
      const result = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { provider: string }).provider).toBe('searxng');
    } finally {
      await client.close();
      await deleteKeys(prefix);
    }
  });

  it('takes mode and run from a token', async () => {
    const { token, run_id } = await quarry.token({ mode: 'deep', budget: 5 });
    const { client } = await stdioClient(['--token', token]);
    try {
      await client.callTool({ name: 'web_search', arguments: { query: 'openclaw' } });
      expect((await runBudget(quarry.system, run_id!)).searches).toMatchObject({ used: 1, limit: 5 });
    } finally {
      await client.close();
    }
  });
});

describe("the README's Codex stdio snippet", () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    quarry = await startQuarry({ providers: [['searxng', 'searxng']], fakes });
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  /** The `[mcp_servers.quarry]` block that starts `bin/quarry.js`, as written in README.md. */
  function readmeSnippet(): { command: string; args: string[]; env: Record<string, string> } {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const block = [...readme.matchAll(/```toml\n([\s\S]*?)```/g)]
      .map((match) => match[1]!)
      .find((toml) => toml.includes('command ='));
    expect(block).toBeDefined();
    const command = /^command = "(.+)"$/m.exec(block!)![1]!;
    const args = JSON.parse(/^args = (\[.+\])$/m.exec(block!)![1]!) as string[];
    const envTable = /^env = \{(.+)\}$/m.exec(block!)![1]!;
    const env = Object.fromEntries(
      [...envTable.matchAll(/(\w+) = "([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    return { command, args, env };
  }

  it('works as written from another folder, with nothing to download', async () => {
    const snippet = readmeSnippet();
    expect(snippet.command).toBe('node');
    const { token } = await quarry.token();
    const elsewhere = mkdtempSync(join(tmpdir(), 'quarry-codex-'));
    const transport = new StdioClientTransport({
      command: snippet.command,
      args: snippet.args.map((arg) => arg.replace('/path/to/quarry', REPO_ROOT)),
      cwd: elsewhere,
      env: {
        // Only Node's own folder on the PATH, and npm told to stay offline: nothing can be fetched.
        PATH: dirname(process.execPath),
        HOME: elsewhere,
        NPM_CONFIG_OFFLINE: 'true',
        ...quarry.environment,
        ...snippet.env,
        QUARRY_MCP_TOKEN: token,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'codex-mcp-client', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw latest features' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(text(result)).toContain('https://openclaw.ai/');
    } finally {
      await client.close();
    }
  });
});
