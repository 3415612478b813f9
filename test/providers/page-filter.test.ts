// The providers' page filters (`filterPage`): what they send and how they read the answer, with a fake fetch.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exa } from '../../src/providers/exa.ts';
import { firecrawl } from '../../src/providers/firecrawl.ts';
import { tavily } from '../../src/providers/tavily.ts';
import {
  fakeFetch,
  jsonAnswer,
  networkError,
  OWN_FIXTURES,
  readJson,
  SEARCH_FIXTURES,
} from './fake-fetch.ts';
import { failure } from './provider-test-kit.ts';

interface Recorded {
  request: { method: string; uri: string; body: Record<string, unknown> };
  response: { results: Array<Record<string, unknown>> } & Record<string, unknown>;
}
const contents = readJson<Recorded>(resolve(SEARCH_FIXTURES, 'exa/test_get_contents.json'));
const highlighted = readJson<Recorded>(
  resolve(SEARCH_FIXTURES, 'exa/test_search_returns_highlights_by_default.json'),
);
const PAGE = 'https://ai.pydantic.dev/';
const QUESTION = 'What is Pydantic AI?';
const KEY = 'secret-key-1234';

/** The recorded /contents answer, with the recorded highlights of the same page in place of its text. */
function contentsWithHighlights(): Record<string, unknown> {
  const [page] = contents.response.results;
  const { text: _text, ...rest } = page!;
  return {
    ...contents.response,
    results: [{ ...rest, highlights: highlighted.response.results[0]!.highlights }],
  };
}

describe('exa.filterPage', () => {
  it('POSTs the page and the question to /contents with x-api-key, and splits the highlights into snippets', async () => {
    const fake = fakeFetch(jsonAnswer(contentsWithHighlights()));
    const answer = await exa.filterPage!({ url: PAGE, question: QUESTION }, { fetch: fake.fetch, key: KEY });
    const sent = fake.soleRequest();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe(contents.request.uri);
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(sent.body)).toEqual({
      urls: [PAGE],
      highlights: { query: QUESTION, numSentences: 3, highlightsPerUrl: 3 },
    });
    expect(answer.method).toBe('exa-highlights');
    expect(answer.snippets[0]).toBe('# Pydantic AI');
    expect(answer.snippets).toContain(
      'Pydantic AI is a Python agent framework designed to help you quickly, confidently, and painlessly build production grade applications and workflows with Generative AI.',
    );
    expect(answer.snippets.every((snippet) => !snippet.includes('...'))).toBe(true);
  });

  it('uses QUARRY_EXA_URL and the number of snippets asked for', async () => {
    const fake = fakeFetch(jsonAnswer({ results: [{ url: PAGE, highlights: [] }] }));
    const answer = await exa.filterPage!(
      { url: PAGE, question: QUESTION, k: 5 },
      { fetch: fake.fetch, key: KEY, url: 'http://127.0.0.1:9/exa/' },
    );
    expect(fake.soleRequest().url.href).toBe('http://127.0.0.1:9/exa/contents');
    expect(JSON.parse(fake.soleRequest().body).highlights.highlightsPerUrl).toBe(5);
    expect(answer.snippets).toEqual([]);
  });

  it('a page Exa could not read is `invalid`, naming its tag', async () => {
    const fake = fakeFetch(
      jsonAnswer({
        results: [],
        statuses: [{ id: PAGE, status: 'error', error: { tag: 'CRAWL_NOT_FOUND', httpStatusCode: 404 } }],
      }),
    );
    const error = await failure(
      exa.filterPage!({ url: PAGE, question: QUESTION }, { fetch: fake.fetch, key: KEY }),
    );
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(
      /^Exa could not read https:\/\/ai\.pydantic\.dev\/ \(CRAWL_NOT_FOUND, HTTP 404\)/,
    );
  });

  it('a refused key is `auth` without the key; 429 is `limit`; a network failure is `unavailable`', async () => {
    const refused = await failure(
      exa.filterPage!(
        { url: PAGE, question: QUESTION },
        { fetch: fakeFetch(jsonAnswer({ error: `Invalid API key ${KEY}` }, 401)).fetch, key: KEY },
      ),
    );
    expect(refused.kind).toBe('auth');
    expect(refused.message).toMatch(/check EXA_API_KEY/);
    expect(refused.message).not.toContain(KEY);
    const limited = await failure(
      exa.filterPage!(
        { url: PAGE, question: QUESTION },
        {
          fetch: fakeFetch(jsonAnswer({ error: 'Too many requests' }, 429, { 'retry-after': '7' })).fetch,
          key: KEY,
          now: () => 0,
        },
      ),
    );
    expect(limited.kind).toBe('limit');
    expect(limited.retryAt).toBe(7_000);
    const unreachable = await failure(
      exa.filterPage!(
        { url: PAGE, question: QUESTION },
        { fetch: fakeFetch(networkError()).fetch, key: KEY },
      ),
    );
    expect(unreachable.kind).toBe('unavailable');
  });
});

describe('tavily.filterPage', () => {
  it('POSTs the page, the question and the chunk count to /extract with a Bearer key, and splits the chunks', async () => {
    const fake = fakeFetch(
      jsonAnswer({
        results: [
          {
            url: PAGE,
            raw_content:
              'Pydantic AI is a Python agent framework. [...] We built Pydantic AI with one simple aim: to bring that FastAPI feeling to GenAI. [...] It is &quot;model-agnostic&quot;.',
          },
        ],
        failed_results: [],
        response_time: 0.4,
      }),
    );
    const answer = await tavily.filterPage!(
      { url: PAGE, question: QUESTION },
      { fetch: fake.fetch, key: KEY },
    );
    const sent = fake.soleRequest();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe('https://api.tavily.com/extract');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent.body)).toEqual({
      urls: [PAGE],
      query: QUESTION,
      chunks_per_source: 3,
      extract_depth: 'basic',
    });
    expect(answer).toEqual({
      method: 'tavily-extract',
      snippets: [
        'Pydantic AI is a Python agent framework.',
        'We built Pydantic AI with one simple aim: to bring that FastAPI feeling to GenAI.',
        'It is "model-agnostic".',
      ],
    });
  });

  it('keeps the chunk count within 1 to 5', async () => {
    const fake = fakeFetch(jsonAnswer({ results: [{ url: PAGE, raw_content: 'One chunk only here.' }] }));
    await tavily.filterPage!({ url: PAGE, question: QUESTION, k: 9 }, { fetch: fake.fetch, key: KEY });
    expect(JSON.parse(fake.soleRequest().body).chunks_per_source).toBe(5);
  });

  it('a page Tavily could not extract is `invalid` with its reason; 432 is `credits`', async () => {
    const failed = await failure(
      tavily.filterPage!(
        { url: PAGE, question: QUESTION },
        {
          fetch: fakeFetch(
            jsonAnswer({ results: [], failed_results: [{ url: PAGE, error: 'Page blocked' }] }),
          ).fetch,
          key: KEY,
        },
      ),
    );
    expect(failed.kind).toBe('invalid');
    expect(failed.message).toMatch(
      /^Tavily could not extract https:\/\/ai\.pydantic\.dev\/ \(Page blocked\)/,
    );
    const spent = await failure(
      tavily.filterPage!(
        { url: PAGE, question: QUESTION },
        { fetch: fakeFetch(jsonAnswer({ detail: { error: 'Plan limit exceeded' } }, 432)).fetch, key: KEY },
      ),
    );
    expect(spent.kind).toBe('credits');
    expect(spent.message).not.toContain(KEY);
  });
});

describe('firecrawl.filterPage', () => {
  const documented = readJson<{
    _source: string;
    request: { method: string; uri: string; body: { url: string; formats: Array<{ query: string }> } };
    response: Record<string, unknown>;
  }>(resolve(OWN_FIXTURES, 'firecrawl-scrape-highlights.json'));
  const page = documented.request.body.url;
  const question = documented.request.body.formats[0]!.query;

  it('the fixture says it was written from the documentation', () => {
    expect(documented._source).toMatch(/^Written from Firecrawl's documentation, not recorded/);
  });

  it('POSTs the page and the question as the highlights format to /v2/scrape, and splits the passages as plain text', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await firecrawl.filterPage!({ url: page, question }, { fetch: fake.fetch, key: KEY });
    const sent = fake.soleRequest();
    expect(sent.method).toBe(documented.request.method);
    expect(sent.url.href).toBe(documented.request.uri);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent.body)).toEqual(documented.request.body);
    expect(answer).toEqual({
      method: 'firecrawl-highlights',
      snippets: [
        'Analytical Engine',
        'Between 1842 and 1843, Ada translated an article by the Italian military engineer Luigi Menabrea about the Analytical Engine, supplementing it with an elaborate set of seven notes, simply called "Notes".',
        "Lovelace's notes are important in the early history of computers, especially since the seventh one contained what many consider to be the first computer program—that is, an algorithm designed to be carried out by a machine.",
        'She also developed a vision of the capability of computers to go beyond mere calculating or number-crunching.',
      ],
    });
  });

  it('reads highlights given as a list, keeps to k, and uses QUARRY_FIRECRAWL_URL', async () => {
    const fake = fakeFetch(
      jsonAnswer({ success: true, data: { highlights: ['First passage.', 'Second passage.', 'Third.'] } }),
    );
    const answer = await firecrawl.filterPage!(
      { url: page, question, k: 2 },
      { fetch: fake.fetch, key: KEY, url: 'http://127.0.0.1:9/firecrawl/' },
    );
    expect(fake.soleRequest().url.href).toBe('http://127.0.0.1:9/firecrawl/v2/scrape');
    expect(answer.snippets).toEqual(['First passage.', 'Second passage.']);
  });

  it('a page that answered an error status is `invalid`; a refused key is `auth`; 402 is `credits`', async () => {
    const missing = await failure(
      firecrawl.filterPage!(
        { url: page, question },
        {
          fetch: fakeFetch(
            jsonAnswer({ success: true, data: { metadata: { statusCode: 404, error: 'Not Found' } } }),
          ).fetch,
          key: KEY,
        },
      ),
    );
    expect(missing.kind).toBe('invalid');
    expect(missing.message).toBe(
      `Firecrawl could not read ${page} (the page answered HTTP 404, Not Found): the page is read and ranked here instead.`,
    );
    const refused = await failure(
      firecrawl.filterPage!(
        { url: page, question },
        {
          fetch: fakeFetch(jsonAnswer({ success: false, error: 'Unauthorized: Invalid token' }, 401)).fetch,
          key: KEY,
        },
      ),
    );
    expect(refused.kind).toBe('auth');
    expect(refused.message).toMatch(/check FIRECRAWL_API_KEY/);
    const spent = await failure(
      firecrawl.filterPage!(
        { url: page, question },
        {
          fetch: fakeFetch(jsonAnswer({ success: false, error: 'Insufficient credits' }, 402)).fetch,
          key: KEY,
        },
      ),
    );
    expect(spent.kind).toBe('credits');
  });
});
