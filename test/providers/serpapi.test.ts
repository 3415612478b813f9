import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { serpapi } from '../../src/providers/serpapi.ts';
import { fakeFetch, jsonAnswer, NOW } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  failure,
  readDocumented,
  searchDocumented,
  searchWith,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented<Record<string, unknown> & { organic_results: unknown[] }>('serpapi');
const KEY = 'serpapi-secret-key-0123456789';

describe('serpapi', () => {
  itSaysWrittenFromDocumentation(documented, "SerpApi's");

  it('sends the documented GET /search.json?engine=google with the key in api_key', async () => {
    await sendsDocumentedRequest(serpapi, documented, parseQuery('Ada Lovelace analytical engine'), 'KEY');
  });

  it('writes operators into q, a range into tbs, news as tbm=nws and one language as hl', async () => {
    const { answer, fake } = await searchWith(
      serpapi,
      parseQuery('lovelace site:bbc.co.uk filetype:pdf', {
        from: '2026-01-01',
        to: '2026-03-31',
        categories: ['news'],
        languages: ['en'],
      }),
      KEY,
      jsonAnswer({ ...documented.response, organic_results: undefined, news_results: [] }),
    );
    expect(Object.fromEntries(fake.soleRequest().url.searchParams)).toEqual({
      engine: 'google',
      q: 'lovelace site:bbc.co.uk filetype:pdf',
      tbm: 'nws',
      tbs: 'cdr:1,cd_min:01/01/2026,cd_max:03/31/2026',
      hl: 'en',
      api_key: KEY,
    });
    expect(answer).toEqual({ results: [], ignored: [] });
  });

  it('normalises the documented answer: plain text, dates by the rules, thumbnails, PDFs marked', async () => {
    const { answer } = await searchDocumented(
      serpapi,
      documented,
      parseQuery('Ada Lovelace analytical engine'),
      KEY,
    );
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        snippet:
          "Augusta Ada King, Countess of Lovelace was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.",
      },
      {
        title: 'Ada Lovelace and the Analytical Engine',
        url: 'https://blogs.bodleian.ox.ac.uk/adalovelace/2018/07/26/ada-lovelace-and-the-analytical-engine/',
        snippet:
          'Ada Lovelace is often called the first computer programmer; her Notes on the Analytical Engine include the first published program.',
        date: '2018-07-26',
        image: 'https://serpapi.com/searches/6571c3b2e0f1a2b3c4d5e6f7/images/thumb.jpeg',
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: 'Sketch of the Analytical Engine invented by Charles Babbage & notes by the translator.',
        fileType: 'pdf',
      },
    ]);
  });

  it('"Google hasn\'t returned any results" is an empty answer, not an error', async () => {
    const answer = await serpapi.search(parseQuery('zzzz'), {
      fetch: fakeFetch(
        jsonAnswer({
          search_metadata: { status: 'Success' },
          error: "Google hasn't returned any results for this query.",
        }),
      ).fetch,
      key: KEY,
    });
    expect(answer.results).toEqual([]);
  });

  it('a 429 "run out of searches" is credits; a 429 about throughput is a limit; the key never shows', async () => {
    const credits = await failure(
      serpapi.search(parseQuery('x'), {
        fetch: fakeFetch(jsonAnswer({ error: 'Your account has run out of searches.' }, 429)).fetch,
        key: KEY,
      }),
    );
    expect(credits.kind).toBe('credits');
    expect(credits.message).toMatch(/^SerpApi's allowance is used up .*SERPAPI_API_KEY/);
    const limit = await failure(
      serpapi.search(parseQuery('x'), {
        fetch: fakeFetch(
          jsonAnswer({ error: 'You have exceeded the hourly throughput limit.' }, 429, {
            'retry-after': '60',
          }),
        ).fetch,
        key: KEY,
        now: () => NOW,
      }),
    );
    expect(limit).toMatchObject({ kind: 'limit', retryAt: NOW + 60_000 });
    const refused = await failure(
      serpapi.search(parseQuery('x'), {
        fetch: fakeFetch(
          jsonAnswer(
            {
              error: `Invalid API key ${KEY}. Your API key should be here: https://serpapi.com/manage-api-key?api_key=${KEY}`,
            },
            401,
          ),
        ).fetch,
        key: KEY,
      }),
    );
    expect(refused.kind).toBe('auth');
    expect(refused.message).not.toContain(KEY);
  });
});
