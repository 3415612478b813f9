// read_page end to end: a real page from ../shared/corpora/readability on a loopback page server
// (allowed through the fetch allow-list), read by the workers, answered through MCP.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  argumentError,
  connectClient,
  RECORDED,
  startFakeProviders,
  startPageServer,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

interface ReadOutput {
  url: string;
  n: number;
  title?: string;
  published_date?: string;
  image?: string;
  part_count: number;
  parts: Array<{ number: number; text: string }>;
  question?: string;
  matched?: false;
  note?: string;
  method?: string;
}

describe('read_page over HTTP', () => {
  let fakes: FakeProviders;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let quarry: RunningQuarry;
  let client: Client;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    pages = await startPageServer();
    quarry = await startQuarry({ providers: [['searxng', 'searxng']], fakes });
    const { token } = await quarry.token();
    client = await connectClient(quarry.mcpUrl, token);
  });

  afterAll(async () => {
    await client?.close();
    await quarry?.close();
    await fakes?.close();
    await pages?.close();
  });

  it('reads the first part with title, date, part count and the picture at its end, sending progress', async () => {
    const progress: Progress[] = [];
    const result = (await client.callTool(
      { name: 'read_page', arguments: { url: pages.url('bbc-1') } },
      undefined,
      {
        onprogress: (update) => progress.push(update),
      },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as unknown as ReadOutput;
    expect(output.title).toContain('Obama admits US gun laws are his');
    expect(output.published_date).toBe('2015-07-24T05:36:09+01:00');
    expect(output.image).toMatch(/^https?:\/\//);
    expect(output.part_count).toBeGreaterThan(1);
    expect(output.parts).toHaveLength(1);
    expect(output.parts[0]!.number).toBe(1);
    const answer = text(result);
    expect(answer.split('\n')[0]).toBe(`[${output.n}] ${output.title}`);
    expect(answer).toContain(`Published 2015-07-24T05:36:09+01:00`);
    expect(answer).toContain(`Part 1 of ${output.part_count}; read the next with part: 2.`);
    expect(answer).toContain('Outside data from the web');
    expect(answer.trimEnd().endsWith(`![](${output.image})`)).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ total: 4 });
  });

  it('reads a later part, without the picture', async () => {
    const result = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1'), part: 2 },
    })) as CallToolResult;
    const output = result.structuredContent as unknown as ReadOutput;
    expect(output.parts[0]!.number).toBe(2);
    expect(text(result)).toContain(`Part 2 of ${output.part_count}`);
    expect(text(result)).not.toContain(`![](${output.image})`);
  });

  it('gives the parts that answer a question, with their numbers', async () => {
    const result = (await client.callTool({
      name: 'read_page',
      arguments: {
        url: pages.url('bbc-1'),
        question: 'What did Obama say about gun laws and the Charleston shooting?',
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as unknown as ReadOutput;
    expect(output.question).toContain('Obama');
    expect(output.method).toBe('local-bm25'); // no provider with a page filter is on here
    expect(output.parts.length).toBeGreaterThan(0);
    for (const part of output.parts) {
      expect(part.number).toBeGreaterThanOrEqual(1);
      expect(part.number).toBeLessThanOrEqual(output.part_count);
      expect(text(result)).toContain(`--- part ${part.number} ---`);
    }
    expect(text(result)).toMatch(
      new RegExp(`Parts? [0-9, ]+ of ${output.part_count} answer the question\\.`),
    );
    expect(output.parts.map((part) => part.text).join(' ')).toMatch(/gun/i);
  });

  it('says when no passage matches the question, and gives the beginning of the page instead', async () => {
    const result = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1'), question: 'zyxwvut qwertzuiop?' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as unknown as ReadOutput;
    expect(output.matched).toBe(false);
    expect(output.parts.length).toBeGreaterThan(0);
    expect(output.note).toMatch(/^No passage of the page matches the question/);
    expect(text(result)).toContain('No part of this page matches the question; its beginning follows');
    expect(text(result)).not.toContain('answer the question.');
  });

  it('keeps one number per page across its parts, apart from the pages a search numbered', async () => {
    const search = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'openclaw' },
    })) as CallToolResult;
    const searched = (search.structuredContent as { results: Array<{ n: number }> }).results[0]!.n;
    const read = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1') },
    })) as CallToolResult;
    expect((read.structuredContent as unknown as ReadOutput).n).not.toBe(searched);
    const again = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1'), part: 2 },
    })) as CallToolResult;
    expect((again.structuredContent as unknown as ReadOutput).n).toBe(
      (read.structuredContent as unknown as ReadOutput).n,
    );
  });

  it('answers a part past the end with a teaching error', async () => {
    const result = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('bbc-1'), part: 99 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/has \d+ parts, so there is no part 99: ask for a part from 1 to \d+/);
  });

  it('answers a page that is not there with the reader’s own message', async () => {
    const result = (await client.callTool({
      name: 'read_page',
      arguments: { url: pages.url('no-such-page') },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/404/);
  });

  it.each([
    [{}, /url is missing/],
    [{ url: 'ftp://example.org/file' }, /url must be a full http:\/\/ or https:\/\/ address/],
    [{ url: 'example.org' }, /url must be a full http:\/\/ or https:\/\/ address/],
    [{ url: 'https://example.org', part: 0 }, /part numbers start at 1/],
    [{ url: 'https://example.org', question: '' }, /question is empty/],
    [{ url: 'https://example.org', page: 2 }, /unknown argument page: read_page takes url, question, part/],
  ])('answers %j with a tool error that says what to change', async (args, message) => {
    const answer = await argumentError(client, 'read_page', args as Record<string, unknown>);
    expect(answer).toMatch(/^Invalid arguments for read_page/);
    expect(answer).toMatch(message);
  });
});
