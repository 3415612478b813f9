// An independent client: the MCP Inspector's CLI (`mcp-inspector-cli --cli`, the package
// @modelcontextprotocol/inspector-cli 1.0.3: the Inspector without its web UI, which alone needs Node
// 22) lists and calls the tools of a running Quarry over Streamable HTTP.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  RECORDED,
  startFakeProviders,
  startPageServer,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
} from './quarry-harness.ts';

const run = promisify(execFile);
const INSPECTOR = join(REPO_ROOT, 'node_modules/.bin/mcp-inspector-cli');
/**
 * The CLI looks for its own package.json as "../package.json" from the working folder (1.0.3 checks the
 * path against the working folder but imports it relative to itself): run it from its build folder.
 */
const INSPECTOR_FOLDER = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build');

describe('the MCP Inspector CLI against a running Quarry', () => {
  let fakes: FakeProviders;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let quarry: RunningQuarry;
  let token: string;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    pages = await startPageServer();
    quarry = await startQuarry({ providers: [['searxng', 'searxng']], fakes });
    ({ token } = await quarry.token());
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
    await pages?.close();
  });

  async function inspect(...args: string[]): Promise<unknown> {
    const { stdout } = await run(
      INSPECTOR,
      ['--cli', quarry.mcpUrl, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
      { cwd: INSPECTOR_FOLDER, timeout: 60_000 },
    );
    // The CLI prints a deprecation notice on stderr and the answer as JSON on stdout.
    return JSON.parse(stdout.slice(stdout.indexOf('{')));
  }

  it('lists the tools', async () => {
    const listed = (await inspect('--method', 'tools/list')) as {
      tools: Array<{ name: string; outputSchema?: unknown }>;
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['web_search', 'read_page', 'find_media']);
    expect(listed.tools.every((tool) => tool.outputSchema)).toBe(true);
  });

  it('calls web_search', async () => {
    const called = (await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'web_search',
      '--tool-arg',
      'query=openclaw latest features',
      'k=3',
    )) as {
      content: Array<{ text: string }>;
      structuredContent: { provider: string; results: Array<{ n: number; url: string }> };
      isError?: boolean;
    };
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent.provider).toBe('searxng');
    expect(called.structuredContent.results[0]).toMatchObject({ n: 1, url: 'https://openclaw.ai/' });
    expect(called.content[0]!.text).toContain('[1] OpenClaw');
  });

  it('calls read_page', async () => {
    const called = (await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'read_page',
      '--tool-arg',
      `url=${pages.url('bbc-1')}`,
      'part=2',
    )) as {
      structuredContent: { parts: Array<{ number: number }>; part_count: number };
    };
    expect(called.structuredContent.parts[0]!.number).toBe(2);
    expect(called.structuredContent.part_count).toBeGreaterThan(1);
  });

  it('is refused without a token', async () => {
    const failure = await run(
      INSPECTOR,
      ['--cli', quarry.mcpUrl, '--transport', 'http', '--method', 'tools/list'],
      {
        cwd: INSPECTOR_FOLDER,
        timeout: 60_000,
      },
    ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    expect((failure as { code?: number }).code).not.toBe(0);
    expect(`${(failure as { stdout?: string }).stdout}${(failure as { stderr?: string }).stderr}`).toMatch(
      /401|Unauthorized|bearer token/i,
    );
  });
});
