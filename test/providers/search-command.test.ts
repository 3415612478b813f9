import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAnswer, runSearch } from '../../src/commands/search.ts';
import { parseConfig } from '../../src/config.ts';
import {
  fakeFetch,
  htmlAnswer,
  jsonAnswer,
  OWN_FIXTURES,
  readJson,
  readText,
  REPO_ROOT,
  SEARCH_FIXTURES,
} from './fake-fetch.ts';

const tenResults = readText(resolve(SEARCH_FIXTURES, 'duckduckgo-html/q_eino_10_results.html'));
const challenge = readText(resolve(OWN_FIXTURES, 'duckduckgo-challenge.html'));
const wikipediaAnswer = readJson<{ response: unknown }>(
  resolve(OWN_FIXTURES, 'wikipedia-search.json'),
).response;

describe('quarry search, in process', () => {
  it('prints numbered results and the provider that answered', async () => {
    const fake = fakeFetch(htmlAnswer(tenResults));
    const { answer } = await runSearch('eino', { k: 2 }, { config: parseConfig({}), fetch: fake.fetch });
    expect(formatAnswer(answer)).toBe(
      [
        '1. GitHub - cloudwego/eino: The ultimate LLM/AI application development ...',
        '   https://github.com/cloudwego/eino',
        '   Eino is a framework for building LLM applications in Golang, inspired by LangChain and LlamaIndex. It provides component abstractions, orchestration APIs, best practices, tools and examples for LLM development.',
        '',
        '2. Eino: 概述 | CloudWeGo',
        '   https://www.cloudwego.io/zh/docs/eino/overview/',
        `   ${answer.results[1]!.snippet}`,
        '',
        'Answered by DuckDuckGo (duckduckgo).',
        '',
      ].join('\n'),
    );
  });

  it('says which providers were skipped and which filters were not kept', async () => {
    const fake = fakeFetch(htmlAnswer(challenge, 202), jsonAnswer(wikipediaAnswer));
    const { answer } = await runSearch(
      'Nelson Mandela',
      { k: 3, site: ['bbc.co.uk'] },
      { config: parseConfig({}), fetch: fake.fetch },
    );
    const printed = formatAnswer(answer);
    expect(printed).toContain(
      '1. Nelson Mandela\n   https://en.wikipedia.org/wiki/Nelson_Mandela\n   2018-07-23T07:59:43Z · en\n',
    );
    expect(printed).toContain(
      'Answered by Wikipedia (wikipedia).\nIt could not keep: sites.\nSkipped duckduckgo (blocked): DuckDuckGo answered with a bot check (HTTP 202)',
    );
  });

  it('--provider asks only that provider, and bad arguments fail with what to change', async () => {
    const fake = fakeFetch(jsonAnswer(wikipediaAnswer));
    const { answer } = await runSearch(
      'Mandela',
      { provider: 'wikipedia' },
      { config: parseConfig({}), fetch: fake.fetch },
    );
    expect(answer.provider).toBe('wikipedia');
    expect(fake.requests).toHaveLength(1);
    await expect(
      runSearch('Mandela', { from: '20/09/2026' }, { config: parseConfig({}), fetch: fake.fetch }),
    ).rejects.toThrow('from "20/09/2026" is not a day: write it as YYYY-MM-DD, such as 2026-09-20.');
    await expect(
      runSearch('Mandela', { provider: 'bing' }, { config: parseConfig({}), fetch: fake.fetch }),
    ).rejects.toThrow(/^There is no search provider "bing": use one of duckduckgo, wikipedia, /);
  });

  it('an empty answer says so', () => {
    expect(
      formatAnswer({
        provider: 'wikipedia',
        providerName: 'Wikipedia',
        results: [],
        ignored: [],
        skipped: [],
      }),
    ).toBe('No results.\n\nAnswered by Wikipedia (wikipedia).\n');
  });
});

describe('quarry search, as a process against a loopback DuckDuckGo', () => {
  let server: Server;
  let address = '';
  const seen: Array<{ method?: string; url?: string; body: string }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, body });
        response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end(tenResults);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    address = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'search', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, QUARRY_SETTINGS: 'none', ...env },
    });

  it('prints the results as JSON with --json', async () => {
    const { stdout } = await run(['eino', '--k', '3', '--site', 'github.com', '--json'], {
      QUARRY_PROVIDERS: 'duckduckgo',
      QUARRY_DUCKDUCKGO_URL: address,
    });
    const printed = JSON.parse(stdout) as {
      provider: string;
      query: { text: string; sites: string[] };
      results: unknown[];
    };
    expect(printed.provider).toBe('duckduckgo');
    expect(printed.query).toMatchObject({ text: 'eino', sites: ['github.com'], k: 3 });
    expect(printed.results).toHaveLength(3);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/html/' });
    expect(new URLSearchParams(seen.at(-1)!.body).get('q')).toBe('eino site:github.com');
  });

  it('exits 2 (bad input) with the configuration error for an unknown provider in QUARRY_PROVIDERS', async () => {
    const error = (await run(['eino'], { QUARRY_PROVIDERS: 'duckduckgo,bing' }).catch(
      (caught: unknown) => caught,
    )) as {
      code: number;
      stderr: string;
    };
    expect(error.code).toBe(2);
    expect(error.stderr).toMatch(
      /^quarry search: QUARRY_PROVIDERS names "bing", which is not a search provider: list some of /,
    );
  });
});
