import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exa } from '../../src/providers/exa.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, readJson, SEARCH_FIXTURES } from './fake-fetch.ts';

interface Recorded {
  request: { method: string; uri: string; body: Record<string, unknown> };
  response: { results: Array<Record<string, unknown>> } & Record<string, unknown>;
}
const highlights = readJson<Recorded>(
  resolve(SEARCH_FIXTURES, 'exa/test_search_returns_highlights_by_default.json'),
);
const withText = readJson<Recorded>(resolve(SEARCH_FIXTURES, 'exa/test_search_with_text_content.json'));
const KEY = 'exa-secret-key';

describe('exa', () => {
  it('POSTs the recorded request shape to api.exa.ai/search with x-api-key', async () => {
    const fake = fakeFetch(jsonAnswer(highlights.response));
    await exa.search(parseQuery('What is Pydantic AI?', { k: 2 }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    const sent = fake.soleRequest();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe(highlights.request.uri);
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(sent.body)).toEqual(highlights.request.body);
  });

  it('sends domains, a published-date range, a category and highlights focused on the question', async () => {
    const fake = fakeFetch(jsonAnswer(withText.response));
    const query = parseQuery('pydantic site:ai.pydantic.dev -site:reddit.com', {
      from: '2026-01-01',
      to: '2026-03-31',
      categories: ['science'],
      question: 'how do agents call tools?',
    });
    const answer = await exa.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW });
    expect(JSON.parse(fake.soleRequest().body)).toEqual({
      query: 'pydantic',
      type: 'auto',
      numResults: 10,
      contents: { highlights: { query: 'how do agents call tools?' } },
      category: 'research paper',
      includeDomains: ['ai.pydantic.dev'],
      excludeDomains: ['reddit.com'],
      startPublishedDate: '2026-01-01T00:00:00.000Z',
      endPublishedDate: '2026-03-31T23:59:59.999Z',
    });
    expect(answer.ignored).toEqual([]);
  });

  it('normalises the recorded highlights answer: snippet from highlights, publishedDate, image', async () => {
    const fake = fakeFetch(jsonAnswer(highlights.response));
    const answer = await exa.search(parseQuery('What is Pydantic AI?', { k: 2 }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results).toHaveLength(2);
    expect(answer.results[0]).toMatchObject({
      title: 'Pydantic AI | Pydantic Docs',
      url: 'https://pydantic.dev/docs/ai/overview/',
      image: 'https://pydantic.dev/docs/og/ai/overview/index.png',
    });
    expect(answer.results[0]!.date).toBeUndefined();
    expect(answer.results[0]!.snippet).toMatch(
      /^# Pydantic AI … GenAI Agent Framework, the Pydantic way … Pydantic AI is a Python agent framework/,
    );
    expect(answer.results[1]).toMatchObject({
      title: 'AI Agent Framework, the Pydantic way - GitHub',
      url: 'https://github.com/pydantic/pydantic-ai',
      date: '2024-06-21T15:55:04.000Z',
    });
    expect(answer.results[1]!.image).toBeUndefined();
  });

  it('falls back to the text when an answer has no highlights', async () => {
    const fake = fakeFetch(jsonAnswer(withText.response));
    const answer = await exa.search(parseQuery('What is Pydantic AI?'), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results).toEqual([
      {
        title: 'Index',
        url: 'https://ai.pydantic.dev/examples/bank-support/index.md',
        snippet: expect.stringMatching(
          /^Small but complete example of using Pydantic AI to build a support agent for a bank\. Demonstrates: - tools/,
        ),
      },
    ]);
    expect(answer.results[0]!.snippet.length).toBeLessThanOrEqual(300);
  });

  it('a PDF filter becomes the pdf category and marks the results', async () => {
    const fake = fakeFetch(jsonAnswer(withText.response));
    const answer = await exa.search(parseQuery('pydantic filetype:pdf'), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(JSON.parse(fake.soleRequest().body).category).toBe('pdf');
    expect(answer.results[0]!.fileType).toBe('pdf');
  });

  it('401 is auth naming EXA_API_KEY', async () => {
    const fake = fakeFetch(jsonAnswer({ error: 'Invalid API key' }, 401));
    const error = (await exa
      .search(parseQuery('x'), { fetch: fake.fetch, key: KEY })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(
      /^Exa refused the API key \(HTTP 401: Invalid API key\): check EXA_API_KEY/,
    );
  });
});
