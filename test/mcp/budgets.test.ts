// Deep-research sessions: every web_search is charged to the run's budget once (fallbacks included);
// read_page is not, unless the run has a read budget too.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBudget } from '../../src/queue/budgets.ts';
import {
  connectClient,
  RECORDED,
  startFakeProviders,
  startPageServer,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

describe('run budgets in deep sessions', () => {
  let fakes: FakeProviders;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let quarry: RunningQuarry;
  const clients: Client[] = [];

  beforeAll(async () => {
    fakes = await startFakeProviders({ limited: RECORDED.limited(), searxng: RECORDED.searxng() });
    pages = await startPageServer();
    quarry = await startQuarry({
      providers: [
        ['brave', 'limited'],
        ['searxng', 'searxng'],
      ],
      fakes,
    });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await quarry?.close();
    await fakes?.close();
    await pages?.close();
  });

  async function session(tokenRequest: Record<string, unknown>): Promise<{ client: Client; runId: string }> {
    const { token, run_id } = await quarry.token(tokenRequest);
    const client = await connectClient(quarry.mcpUrl, token, 'claude-code');
    clients.push(client);
    return { client, runId: run_id! };
  }

  it('charges each search once, fallbacks included, and stops at the budget with a message the agent can act on', async () => {
    const { client, runId } = await session({ mode: 'deep', budget: 2 });
    // Brave answers 429 and the chain falls back to SearXNG: still one search.
    const first = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'openclaw' },
    })) as CallToolResult;
    expect(first.isError).toBeFalsy();
    expect((first.structuredContent as { skipped: unknown[] }).skipped).toHaveLength(1);
    expect((await runBudget(quarry.system, runId)).searches).toMatchObject({ used: 1, limit: 2 });

    const second = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'openclaw features' },
    })) as CallToolResult;
    expect(second.isError).toBeFalsy();
    const third = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'one too many' },
    })) as CallToolResult;
    expect(third.isError).toBe(true);
    expect(text(third).split('\n')[0]).toBe("This run's 2 searches are used; answer from what you have.");
    expect((await runBudget(quarry.system, runId)).searches).toMatchObject({ used: 2, limit: 2 });
  });

  it('never overspends when one session searches in parallel', async () => {
    const { client, runId } = await session({ mode: 'deep', budget: 3 });
    const results = (await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        client.callTool({ name: 'web_search', arguments: { query: `parallel ${index}` } }),
      ),
    )) as CallToolResult[];
    expect(results.filter((result) => !result.isError)).toHaveLength(3);
    expect(results.filter((result) => result.isError)).toHaveLength(5);
    expect((await runBudget(quarry.system, runId)).searches).toMatchObject({ used: 3, limit: 3 });
  });

  it('does not limit read_page unless the run has a read budget', async () => {
    const { client } = await session({ mode: 'deep', budget: 1 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = (await client.callTool({
        name: 'read_page',
        arguments: { url: pages.url('bbc-1') },
      })) as CallToolResult;
      expect(read.isError).toBeFalsy();
    }
    const limited = await session({ mode: 'deep', budget: 1, read_budget: 1 });
    const allowed = (await limited.client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1') },
    })) as CallToolResult;
    expect(allowed.isError).toBeFalsy();
    const refused = (await limited.client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1'), part: 2 },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused).split('\n')[0]).toBe("This run's 1 page reads are used; answer from what you have.");
  });
});
