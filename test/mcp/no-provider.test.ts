// When no provider can answer, the wording depends on the agent (from initialize's clientInfo.name,
// or the token's override) and on the session's mode.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

describe('no provider can answer', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;
  const clients: Client[] = [];

  beforeAll(async () => {
    fakes = await startFakeProviders({ down: RECORDED.down(), limited: RECORDED.limited() });
    quarry = await startQuarry({
      providers: [
        ['brave', 'limited'],
        ['searxng', 'down'],
      ],
      fakes,
    });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  async function search(
    clientName: string,
    tokenRequest: Record<string, unknown> = {},
  ): Promise<CallToolResult> {
    const { token } = await quarry.token(tokenRequest);
    const client = await connectClient(quarry.mcpUrl, token, clientName);
    clients.push(client);
    return (await client.callTool({
      name: 'web_search',
      arguments: { query: 'anything at all' },
    })) as CallToolResult;
  }

  it('tells Claude Code to use its built-in WebSearch, with each provider’s reason', async () => {
    const result = await search('claude-code');
    expect(result.isError).toBe(true);
    const lines = text(result).split('\n');
    expect(lines[0]).toMatch(
      /^No Quarry search provider could answer this search: use your built-in WebSearch tool for it instead/,
    );
    expect(lines.some((line) => /^- brave: .*(HTTP 429|resting)/.test(line))).toBe(true);
    expect(lines.some((line) => /^- searxng: .*(HTTP 503|resting)/.test(line))).toBe(true);
  });

  it('tells Codex to use its built-in web search', async () => {
    const result = await search('codex-mcp-client');
    expect(result.isError).toBe(true);
    expect(text(result).split('\n')[0]).toMatch(
      /^No Quarry search provider could answer this search: use your built-in web search for it instead/,
    );
  });

  it('tells other agents what to fix in Settings → Search', async () => {
    const result = await search('some-other-agent');
    expect(result.isError).toBe(true);
    const headline = text(result).split('\n')[0]!;
    expect(headline).toMatch(
      /^No search provider could answer this search: fix one of the providers below in Quarry's Settings → Search/,
    );
    expect(headline).not.toMatch(/built-in/);
  });

  it('in a deep-research session tells even Claude Code that built-in search is off', async () => {
    const result = await search('claude-code', { mode: 'deep', budget: 5 });
    expect(result.isError).toBe(true);
    const headline = text(result).split('\n')[0]!;
    expect(headline).toMatch(
      /this is a deep-research session: built-in web search is off and every search counts/,
    );
    expect(headline).not.toMatch(/use your built-in WebSearch/);
  });

  it('takes the agent kind from the token over what the client says', async () => {
    const result = await search('claude-code', { agent_kind: 'codex' });
    expect(text(result).split('\n')[0]).toMatch(/use your built-in web search for it instead/);
  });
});
