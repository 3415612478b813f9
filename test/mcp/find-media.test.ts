// find_media through MCP: the same conventions as the other tools, the lookups on the `media` queue
// (H6's), Wikipedia's recorded page summary served on loopback.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBudget } from '../../src/queue/budgets.ts';
import {
  argumentError,
  connectClient,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

describe('find_media over HTTP', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;
  let client: Client;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng(), wikipedia: RECORDED.wikipediaTokyo() });
    quarry = await startQuarry({
      providers: [['searxng', 'searxng']],
      fakes,
      settings: { media: { wikipediaUrl: fakes.url('wikipedia') } },
    });
    const { token } = await quarry.token();
    client = await connectClient(quarry.mcpUrl, token);
  });

  afterAll(async () => {
    await client?.close();
    await quarry?.close();
    await fakes?.close();
  });

  it("answers the lead picture of the thing's own article, marked as outside data, with progress per item", async () => {
    const progress: Progress[] = [];
    const result = (await client.callTool(
      { name: 'find_media', arguments: { items: ['Tokyo'] } },
      undefined,
      {
        onprogress: (update) => progress.push(update),
      },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as {
      items: Array<{ name: string; pictures: Array<{ url: string; page: string; source: string }> }>;
    };
    expect(structured.items[0]!.name).toBe('Tokyo');
    expect(structured.items[0]!.pictures[0]).toMatchObject({
      url: 'https://upload.wikimedia.org/wikipedia/commons/b/b2/Skyscrapers_of_Shinjuku_2009_January.jpg',
      source: 'wikipedia',
    });
    expect(text(result)).toContain('Outside data from the web');
    expect(text(result)).toContain(
      'picture: https://upload.wikimedia.org/wikipedia/commons/b/b2/Skyscrapers_of_Shinjuku_2009_January.jpg (2560×1364)',
    );
    expect(progress.at(-1)).toMatchObject({ progress: 1, total: 1 });
  });

  it('answers bad arguments with a tool error that says what to change', async () => {
    const answer = await argumentError(client, 'find_media', { items: [] });
    expect(answer).toMatch(/^Invalid arguments for find_media/);
    expect(answer).toContain('give at least one item');
  });

  it('is charged to a run only when the run has a media budget', async () => {
    const { token, run_id } = await quarry.token({ mode: 'deep', budget: 1, media_budget: 1 });
    const deep = await connectClient(quarry.mcpUrl, token);
    try {
      expect(
        ((await deep.callTool({ name: 'find_media', arguments: { items: ['Tokyo'] } })) as CallToolResult)
          .isError,
      ).toBeFalsy();
      const refused = (await deep.callTool({
        name: 'find_media',
        arguments: { items: ['Tokyo'] },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(text(refused).split('\n')[0]).toBe(
        "This run's 1 media look-ups are used; answer from what you have.",
      );
      expect((await runBudget(quarry.system, run_id!)).media).toMatchObject({ used: 1, limit: 1 });
    } finally {
      await deep.close();
    }
  });
});
