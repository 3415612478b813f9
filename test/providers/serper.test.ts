import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { serper } from '../../src/providers/serper.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, readJson, SEARCH_FIXTURES } from './fake-fetch.ts';

const recorded = readJson<{
  response: { organic: Array<Record<string, unknown>> } & Record<string, unknown>;
}>(resolve(SEARCH_FIXTURES, 'serper/olivia_wilde.json'));
const KEY = 'serper-secret-key';

describe('serper', () => {
  it('POSTs q with operators, num, tbs and hl to google.serper.dev/search with X-API-KEY', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const query = parseQuery('Who is the boyfriend of Olivia Wilde? site:people.com', {
      k: 20,
      languages: ['en'],
      from: '2023-01-01',
      to: '2023-03-31',
    });
    await serper.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW });
    const sent = fake.soleRequest();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe('https://google.serper.dev/search');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(sent.body)).toEqual({
      q: 'Who is the boyfriend of Olivia Wilde? site:people.com',
      num: 20,
      tbs: 'cdr:1,cd_min:01/01/2023,cd_max:03/31/2023',
      hl: 'en',
    });
  });

  it('sends a recency window as qdr and news to /news', async () => {
    const fake = fakeFetch(jsonAnswer({ news: [] }));
    await serper.search(parseQuery('x', { recency: 'day', categories: ['news'] }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(fake.soleRequest().url.pathname).toBe('/news');
    expect(JSON.parse(fake.soleRequest().body).tbs).toBe('qdr:d');
  });

  it('normalises the recorded organic results: dates by the rules, thumbnails', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await serper.search(parseQuery('Who is the boyfriend of Olivia Wilde?'), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toHaveLength(9);
    expect(answer.results[0]).toEqual({
      title: 'Olivia Wilde embraces Jason Sudeikis amid custody battle, Harry Styles split - Page Six',
      url: 'https://pagesix.com/2023/01/29/olivia-wilde-hugs-it-out-with-jason-sudeikis-after-harry-styles-split/',
      snippet:
        "Looks like Olivia Wilde and Jason Sudeikis are starting 2023 on good terms. Amid their highly publicized custody battle – and the actress' ...",
      date: '2023-01-29',
    });
    expect(answer.results[2]!.image).toMatch(/^https:\/\/encrypted-tbn0\.gstatic\.com\/images\?q=tbn:/);
    expect(answer.results.map((result) => result.date ?? null)).toEqual([
      '2023-01-29',
      '2023-02-10',
      '2023-03-10',
      '2023-03-01',
      '2023-02-23',
      null,
      '2023-03-24',
      '2023-02-23',
      '2022-11-19',
    ]);
  });

  it('drops results dated outside from/to; keeps undated ones', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await serper.search(parseQuery('x', { from: '2023-03-01', to: '2023-03-31' }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results.map((result) => result.date ?? null)).toEqual([
      '2023-03-10',
      '2023-03-01',
      null,
      '2023-03-24',
    ]);
  });

  it('filters by date before cutting to k, so k results in range come back when the engine gave them', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await serper.search(parseQuery('x', { k: 2, from: '2023-03-01', to: '2023-03-31' }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results.map((result) => result.date)).toEqual(['2023-03-10', '2023-03-01']);
  });

  it('"Not enough credits" on a 400 is credits', async () => {
    const fake = fakeFetch(jsonAnswer({ message: 'Not enough credits', statusCode: 400 }, 400));
    const error = (await serper
      .search(parseQuery('x'), { fetch: fake.fetch, key: KEY })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(error.kind).toBe('credits');
    expect(error.message).toMatch(
      /^Serper's allowance is used up \(HTTP 400: Not enough credits\).*SERPER_API_KEY/,
    );
  });
});
