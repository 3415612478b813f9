import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brave } from '../../src/providers/brave.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import {
  fakeFetch,
  hangingFetch,
  jsonAnswer,
  networkError,
  NOW,
  readJson,
  SEARCH_FIXTURES,
} from './fake-fetch.ts';
import { failure } from './provider-test-kit.ts';

const recorded = readJson<{ response: { web: { results: unknown[] } } }>(
  resolve(SEARCH_FIXTURES, 'brave/query_1_full.json'),
);
const KEY = 'BSA-secret-key-123456';

describe('brave', () => {
  it('sends GET /res/v1/web/search with the key header, count, freshness and language', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const query = parseQuery('1 site:wikipedia.org', {
      k: 5,
      from: '2026-01-01',
      to: '2026-06-30',
      languages: ['en'],
    });
    await brave.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW });
    const sent = fake.soleRequest();
    expect(sent.method).toBe('GET');
    expect(`${sent.url.origin}${sent.url.pathname}`).toBe('https://api.search.brave.com/res/v1/web/search');
    expect(sent.headers['x-subscription-token']).toBe(KEY);
    expect(sent.headers.accept).toBe('application/json');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      q: '1 site:wikipedia.org',
      count: '5',
      result_filter: 'web',
      freshness: '2026-01-01to2026-06-30',
      search_lang: 'en',
    });
  });

  it('maps a recency window to pd/pw/pm/py and sends no freshness for any time', async () => {
    for (const [recency, freshness] of [
      ['day', 'pd'],
      ['week', 'pw'],
      ['month', 'pm'],
      ['year', 'py'],
    ] as const) {
      const fake = fakeFetch(jsonAnswer(recorded.response));
      await brave.search(parseQuery('1', { recency }), { fetch: fake.fetch, key: KEY, now: () => NOW });
      expect(fake.soleRequest().url.searchParams.get('freshness')).toBe(freshness);
    }
    const fake = fakeFetch(jsonAnswer(recorded.response));
    await brave.search(parseQuery('1', { recency: 'any' }), { fetch: fake.fetch, key: KEY, now: () => NOW });
    expect(fake.soleRequest().url.searchParams.has('freshness')).toBe(false);
  });

  it('normalises the recorded answer: plain text, dates by the rules, language, thumbnail', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await brave.search(parseQuery('1', { k: 20 }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toHaveLength(20);
    expect(answer.results[0]).toEqual({
      title: 'the 1',
      url: 'https://open.spotify.com/track/0Jlcvv8IykzHaSmj49uNW8',
      snippet: 'Listen to the 1 on Spotify. Song · Taylor Swift · 2020',
      language: 'en',
      image:
        'https://imgs.search.brave.com/CYdhmair0UmWWQOcuwVB_e3M1PAMllgOEovhlMbpdos/rs:fit:200:200:1:0/g:ce/aHR0cHM6Ly9pLnNj/ZG4uY28vaW1hZ2Uv/YWI2NzYxNmQwMDAw/YjI3Mzk1Zjc1NDMx/ODMzNmEwN2U4NWVj/NTliYw',
    });
    // page_age "2025-06-29T17:13:16" has no zone; age "June 29, 2025" is an unambiguous day.
    expect(answer.results[1]).toMatchObject({
      title: '1 - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/1',
      date: '2025-06-29',
      language: 'en',
    });
    expect(answer.results[1]!.snippet).toMatch(/^1 \(one, unit, unity\) is a number, numeral, and glyph\./);
    // "1 month ago" is not a date.
    const congress = answer.results.find((result) => result.url.includes('congress.gov'));
    expect(congress?.date).toBeUndefined();
    const dated = answer.results.filter((result) => result.date).map((result) => result.date);
    expect(dated).toEqual([
      '2025-06-29',
      '2022-07-15',
      '2024-03-05',
      '2020-07-24',
      '2024-07-18',
      '2022-06-08',
      '2024-03-22',
      '2017-01-13',
      '2025-07-01',
    ]);
  });

  it('an answer without web results is an empty answer, not an error', async () => {
    const fake = fakeFetch(jsonAnswer({ query: { original: 'zzzz' }, type: 'search' }));
    const answer = await brave.search(parseQuery('zzzz'), { fetch: fake.fetch, key: KEY });
    expect(answer.results).toEqual([]);
  });

  describe('errors on the JSON transport', () => {
    const query = parseQuery('1');

    it('401 is auth, names BRAVE_API_KEY and never shows the key', async () => {
      const body = { type: 'ErrorResponse', error: { status: 401, detail: `Token ${KEY} is not known.` } };
      const error = await failure(
        brave.search(query, { fetch: fakeFetch(jsonAnswer(body, 401)).fetch, key: KEY }),
      );
      expect(error.kind).toBe('auth');
      expect(error.provider).toBe('brave');
      expect(error.retryAt).toBeUndefined();
      expect(error.message.split('\n')[0]).toMatch(
        /^Brave Search refused the API key \(HTTP 401: Token \*\*\* is not known\.\): check BRAVE_API_KEY/,
      );
      expect(error.message).not.toContain(KEY);
    });

    it('422 SUBSCRIPTION_TOKEN_INVALID is auth, as Brave says it', async () => {
      const body = {
        type: 'ErrorResponse',
        error: {
          code: 'SUBSCRIPTION_TOKEN_INVALID',
          status: 422,
          detail: 'The provided subscription token is invalid.',
        },
      };
      const error = await failure(
        brave.search(query, { fetch: fakeFetch(jsonAnswer(body, 422)).fetch, key: KEY }),
      );
      expect(error.kind).toBe('auth');
      expect(error.message).toMatch(/HTTP 422: The provided subscription token is invalid\./);
    });

    it('402 is credits', async () => {
      const error = await failure(
        brave.search(query, {
          fetch: fakeFetch(jsonAnswer({ message: 'Payment required' }, 402)).fetch,
          key: KEY,
        }),
      );
      expect(error.kind).toBe('credits');
      expect(error.message).toMatch(
        /^Brave Search's allowance is used up \(HTTP 402: Payment required\):.*BRAVE_API_KEY/,
      );
    });

    it('429 about the monthly quota is credits; a plain 429 is limit with its Retry-After', async () => {
      const quota = {
        error: {
          code: 'RATE_LIMITED',
          detail: 'Request rate limit exceeded for plan: monthly quota reached.',
        },
      };
      const credits = await failure(
        brave.search(query, { fetch: fakeFetch(jsonAnswer(quota, 429)).fetch, key: KEY }),
      );
      expect(credits.kind).toBe('credits');
      const fake = fakeFetch(
        jsonAnswer({ error: { detail: 'Request rate limit exceeded for plan.' } }, 429, {
          'retry-after': '1',
        }),
      );
      const limit = await failure(brave.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW }));
      expect(limit.kind).toBe('limit');
      expect(limit.retryAt).toBe(NOW + 1_000);
    });

    it("reads Brave's own X-RateLimit headers: a spent second is limit for that second, a spent month credits until it turns", async () => {
      const second = fakeFetch(
        jsonAnswer(
          { error: { code: 'RATE_LIMITED', detail: 'Request rate limit exceeded for plan.' } },
          429,
          {
            'x-ratelimit-limit': '1, 2000',
            'x-ratelimit-remaining': '0, 1500',
            'x-ratelimit-reset': '1, 1419704',
          },
        ),
      );
      const limit = await failure(brave.search(query, { fetch: second.fetch, key: KEY, now: () => NOW }));
      expect(limit).toMatchObject({ kind: 'limit', retryAt: NOW + 1_000 });
      expect(limit.message).toMatch(
        /^Brave Search is rate limited \(HTTP 429: Request rate limit exceeded for plan\.\), asked to wait until 2026-11-30T12:00:01\.000Z/,
      );

      const month = fakeFetch(
        jsonAnswer(
          { error: { code: 'RATE_LIMITED', detail: 'Request rate limit exceeded for plan.' } },
          429,
          {
            'x-ratelimit-remaining': '1, 0',
            'x-ratelimit-reset': '1, 1419704',
          },
        ),
      );
      const credits = await failure(brave.search(query, { fetch: month.fetch, key: KEY, now: () => NOW }));
      expect(credits).toMatchObject({ kind: 'credits', retryAt: NOW + 1_419_704_000 });
      expect(credits.message).toMatch(/^Brave Search's allowance is used up \(HTTP 429: .*BRAVE_API_KEY/);
    });

    it('a 429 without Retry-After is limit with no retryAt (the chain applies its default rest)', async () => {
      const error = await failure(
        brave.search(query, { fetch: fakeFetch(jsonAnswer({}, 429)).fetch, key: KEY }),
      );
      expect(error.kind).toBe('limit');
      expect(error.retryAt).toBeUndefined();
    });

    it('400 is invalid', async () => {
      const error = await failure(
        brave.search(query, {
          fetch: fakeFetch(jsonAnswer({ error: { detail: 'Unable to validate request parameter(s)' } }, 400))
            .fetch,
          key: KEY,
        }),
      );
      expect(error.kind).toBe('invalid');
      expect(error.fallsThrough).toBe(false);
    });

    it('5xx, a network failure, a timeout and a non-JSON answer are unavailable', async () => {
      const serverError = await failure(
        brave.search(query, { fetch: fakeFetch(jsonAnswer({}, 502)).fetch, key: KEY }),
      );
      expect(serverError.kind).toBe('unavailable');
      expect(serverError.message).toMatch(/^Brave Search is unavailable \(HTTP 502\)/);

      const unreachable = await failure(
        brave.search(query, { fetch: fakeFetch(networkError()).fetch, key: KEY }),
      );
      expect(unreachable.kind).toBe('unavailable');
      expect(unreachable.message).toMatch(
        /\(ECONNREFUSED\): check the network connection or QUARRY_BRAVE_URL/,
      );

      const slow = await failure(brave.search(query, { fetch: hangingFetch(), key: KEY, timeoutMs: 5 }));
      expect(slow.kind).toBe('unavailable');
      expect(slow.message).toMatch(/^Brave Search did not answer within 5 ms/);

      const html = new Response('<html>captive portal</html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
      const notJson = await failure(brave.search(query, { fetch: fakeFetch(html).fetch, key: KEY }));
      expect(notJson.kind).toBe('unavailable');
      expect(notJson.message).toMatch(
        /^Brave Search answered with something that is not JSON \(text\/html, "<html>captive portal<\/html>"\)/,
      );
    });
  });
});
