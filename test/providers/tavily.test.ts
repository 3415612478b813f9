import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { tavily } from '../../src/providers/tavily.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, readJson, SEARCH_FIXTURES } from './fake-fetch.ts';

interface Recorded {
  request: { method: string; uri: string; body: Record<string, unknown> };
  response: { results: Array<{ title: string; url: string; content: string }> } & Record<string, unknown>;
}
const basic = readJson<Recorded>(resolve(SEARCH_FIXTURES, 'tavily/test_basic_search.json'));
const withDomains = readJson<Recorded>(
  resolve(SEARCH_FIXTURES, 'tavily/test_search_with_include_domains.json'),
);
const bound = readJson<Recorded>(resolve(SEARCH_FIXTURES, 'tavily/test_factory_with_bound_params.json'));
const KEY = 'tvly-dev-secret';

describe('tavily', () => {
  it('POSTs the recorded request shape to api.tavily.com/search with a Bearer key', async () => {
    const fake = fakeFetch(jsonAnswer(bound.response));
    await tavily.search(parseQuery('attention mechanisms site:arxiv.org', { k: 2 }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    const sent = fake.soleRequest();
    expect(sent.method).toBe(bound.request.method);
    expect(sent.url.href).toBe(bound.request.uri);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual(bound.request.body);
  });

  it('sends exclusions, the news topic and a date range', async () => {
    const fake = fakeFetch(jsonAnswer(withDomains.response));
    const query = parseQuery('transformer architectures -site:medium.com', {
      categories: ['news'],
      from: '2026-01-01',
      to: '2026-02-01',
    });
    await tavily.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW });
    expect(JSON.parse(fake.soleRequest().body)).toEqual({
      query: 'transformer architectures',
      search_depth: 'basic',
      topic: 'news',
      max_results: 10,
      exclude_domains: ['medium.com'],
      start_date: '2026-01-01',
      end_date: '2026-02-01',
    });
  });

  it.each([
    ['basic search', basic, 5],
    ['include domains', withDomains, 5],
    ['bound parameters', bound, 2],
  ])('normalises the recorded answer (%s)', async (_name, recorded, count) => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await tavily.search(parseQuery('words'), { fetch: fake.fetch, key: KEY, now: () => NOW });
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toHaveLength(count);
    answer.results.forEach((result, index) => {
      const source = recorded.response.results[index]!;
      expect(result).toEqual({
        title: source.title,
        url: source.url,
        snippet: source.content.replace(/\s+/g, ' ').trim(),
      });
    });
  });

  it('reads published_date (given for news) by the date rules', async () => {
    const results = bound.response.results.map((result, index) => ({
      ...result,
      published_date: ['Tue, 07 Jan 2026 14:05:00 GMT', '2026-01-07'][index],
    }));
    const answer = await tavily.search(parseQuery('x', { categories: ['news'] }), {
      fetch: fakeFetch(jsonAnswer({ ...bound.response, results })).fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results.map((result) => [result.date, result.category])).toEqual([
      ['2026-01-07T14:05:00Z', 'news'],
      ['2026-01-07', 'news'],
    ]);
  });

  it('432 (plan allowance) and 433 (pay-as-you-go limit) are credits', async () => {
    for (const status of [432, 433]) {
      const fake = fakeFetch(
        jsonAnswer({ detail: { error: "This request exceeds your plan's set usage limit." } }, status),
      );
      const error = (await tavily
        .search(parseQuery('x'), { fetch: fake.fetch, key: KEY })
        .catch((caught: unknown) => caught)) as SearchError;
      expect(error.kind).toBe('credits');
      expect(error.message).toMatch(/^Tavily's allowance is used up \(HTTP 43[23]: .*TAVILY_API_KEY/);
    }
  });
});
